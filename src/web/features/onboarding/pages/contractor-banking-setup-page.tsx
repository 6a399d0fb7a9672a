import { CenteredMessage } from '@web/components/dashboard-shell';
import { PlaceholderPage } from '@web/components/placeholder-page';
import { Spinner } from '@web/components/ui/spinner';
import { currentPath, hardNavigate, loginUrl } from '@web/lib/navigation';
import { useAuth } from '@web/lib/use-auth';
import { useEffect } from 'react';

export function ContractorBankingSetupPage() {
  const { user, isLoading } = useAuth();
  useEffect(() => {
    if (!isLoading && !user) hardNavigate(loginUrl(currentPath()));
  }, [isLoading, user]);
  if (isLoading || !user) {
    return (
      <CenteredMessage>
        <Spinner label="Loading..." />
      </CenteredMessage>
    );
  }
  return (
    <PlaceholderPage
      heading="Payment Setup"
      description="Two steps: Banking Information, then Tax Information (1099)."
    />
  );
}

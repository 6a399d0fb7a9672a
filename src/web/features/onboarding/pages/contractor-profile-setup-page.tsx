import { CenteredMessage } from '@web/components/dashboard-shell';
import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { currentPath, loginUrl } from '@web/lib/navigation';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';

function AuthenticationRequired() {
  useDocumentTitle('Contractor Profile Setup');
  return (
    <CenteredMessage title="Authentication Required">
      <p className="text-muted-foreground">Please log in to set up your contractor profile.</p>
      <Button asChild>
        <a href={loginUrl(currentPath())}>Log In</a>
      </Button>
    </CenteredMessage>
  );
}

export function ContractorProfileSetupPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) {
    return (
      <CenteredMessage>
        <p className="text-muted-foreground">Loading your profile...</p>
      </CenteredMessage>
    );
  }
  if (!user) return <AuthenticationRequired />;
  return (
    <PlaceholderPage
      heading="Complete Your Contractor Profile"
      documentTitle="Contractor Profile Setup"
      description="Three steps: Set Password, License Information, Insurance Information."
    />
  );
}

import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { Link } from 'wouter';

export function ContractorProfilePage() {
  return (
    <PlaceholderPage
      heading="Contractor Profile"
      description="Your company details, licences and insurance in one place."
      actions={
        <Button asChild>
          <Link href="/contractor-profile-setup">Complete Profile Setup</Link>
        </Button>
      }
    />
  );
}

import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { Link } from 'wouter';

export function ContractorSignupPage() {
  return (
    <PlaceholderPage
      heading="Join Our Install Network"
      description="Grow your business with pre-qualified roofing jobs from homeowners whose carriers have approved the work."
      actions={
        <Button asChild>
          <Link href="/contractor-application">Apply Now</Link>
        </Button>
      }
    />
  );
}

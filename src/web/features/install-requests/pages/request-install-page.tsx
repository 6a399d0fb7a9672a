import { PlaceholderPage } from '@web/components/placeholder-page';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';

export function RequestInstallPage() {
  return (
    <PlaceholderPage
      heading="Installation Request Form"
      description="Your carrier approved the work? Tell us about the project and we'll contact you within 24 hours."
      actions={
        <Link
          href="/homeowners"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Homeowners
        </Link>
      }
    />
  );
}

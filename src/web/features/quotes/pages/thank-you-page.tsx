import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { Link } from 'wouter';

export function ThankYouPage() {
  return (
    <PlaceholderPage
      heading="Thank You for Your Submission"
      description="Your request is processing. Your report will arrive by email within 5-10 minutes."
      actions={
        <Button variant="outline" asChild>
          <Link href="/contact">Contact Support</Link>
        </Button>
      }
      comingSoon="The full submission status with your project ID is coming soon on this page."
    />
  );
}

import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { Link } from 'wouter';

export function InsurancePage() {
  return (
    <PlaceholderPage
      heading="Insurance Claims"
      description="Fair Market Value roof estimates for carriers and adjusters, in 5-10 minutes, with inspection scheduled within 24 hours."
      actions={
        <Button asChild>
          <Link href="/quote">Order Quote</Link>
        </Button>
      }
    />
  );
}

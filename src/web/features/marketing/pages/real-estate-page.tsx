import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { Link } from 'wouter';

export function RealEstatePage() {
  return (
    <PlaceholderPage
      heading="Real Estate"
      description="Roof condition and replacement value for listings, offers and inspections, delivered within 24 hours."
      actions={
        <Button asChild>
          <Link href="/quote">Order Quote</Link>
        </Button>
      }
    />
  );
}

import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { Link } from 'wouter';

export function MarketplacePage() {
  return (
    <PlaceholderPage
      heading="Roofing Marketplace"
      description="Once your carrier accepts an estimate, opt in to installation and get matched with a pre-verified, licensed contractor."
      actions={
        <Button asChild>
          <Link href="/request-install">Request Installation</Link>
        </Button>
      }
    />
  );
}

import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { Link } from 'wouter';

export function SolarPage() {
  return (
    <PlaceholderPage
      heading="Solar Installation"
      description="Know the roof before the panels go on: fast, neutral roof reports for solar sales teams."
      actions={
        <Button asChild>
          <Link href="/quote">Order Quote</Link>
        </Button>
      }
    />
  );
}

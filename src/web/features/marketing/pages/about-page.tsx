import { PlaceholderPage } from '@web/components/placeholder-page';
import { usePublicConfig } from '@web/lib/use-public-config';

export function AboutPage() {
  const { brandName } = usePublicConfig();
  return (
    <PlaceholderPage
      heading={`About ${brandName}`}
      documentTitle="About"
      description="An open, neutral roofing marketplace: fair prices from local data, and independent, pre-verified contractors who do the work."
    />
  );
}

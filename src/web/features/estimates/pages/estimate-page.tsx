import { PlaceholderPage } from '@web/components/placeholder-page';

export function EstimatePage() {
  return (
    <PlaceholderPage
      heading="Get Your AI Market Estimate"
      description="A quick market estimate for your roof from our pricing model."
    />
  );
}

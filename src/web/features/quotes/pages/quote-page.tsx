import { PlaceholderPage } from '@web/components/placeholder-page';

export function QuotePage() {
  return (
    <PlaceholderPage
      heading="Get Your Roofing Quote"
      description="An AI-assisted Fair Market Value report for your roof, emailed as a PDF within 5-10 minutes. No account needed."
    />
  );
}

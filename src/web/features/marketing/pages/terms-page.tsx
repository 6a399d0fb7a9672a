import { PlaceholderPage } from '@web/components/placeholder-page';

export function TermsPage() {
  return (
    <PlaceholderPage
      heading="Terms of Service"
      description="Last updated: January 2024"
      comingSoon="The full terms of service are coming soon on this page."
    />
  );
}

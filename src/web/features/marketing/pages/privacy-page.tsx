import { PlaceholderPage } from '@web/components/placeholder-page';

export function PrivacyPage() {
  return (
    <PlaceholderPage
      heading="Privacy Policy"
      description="Last updated: January 2024"
      comingSoon="The full privacy policy is coming soon on this page."
    />
  );
}

import { PlaceholderPage } from '@web/components/placeholder-page';

export function ContractorApplicationPage() {
  return (
    <PlaceholderPage
      heading="Join Our Contractor Network"
      description="Apply to join a network of verified, licensed roofing contractors and receive matched projects in your area."
    />
  );
}

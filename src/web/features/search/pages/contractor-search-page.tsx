import { PlaceholderPage } from '@web/components/placeholder-page';

export function ContractorSearchPage() {
  return (
    <PlaceholderPage
      heading="Find Verified Contractors"
      description="Search pre-verified, licensed roofing contractors near you, sorted by rating."
    />
  );
}

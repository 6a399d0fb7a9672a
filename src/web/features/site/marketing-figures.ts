/** The marketing figures of spec 1 §1 and §9, written once for every page that shows them. */
export const figures = {
  contractors: '3500+',
  quotes: '350K+',
  states: '48',
  coverage: '48 states and Puerto Rico',
  priceZones: '652',
  laborWarranty: '10-year labor warranty',
  materialWarranty: 'material warranties up to 50 years',
  reportTime: '5-10 minutes',
  certifiedContractorsPerQuote: '3',
} as const;

export const headlineStats = [
  { value: figures.contractors, label: 'verified contractors' },
  { value: figures.quotes, label: 'quotes delivered' },
  { value: figures.states, label: 'states and Puerto Rico' },
  { value: figures.priceZones, label: 'local price zones' },
];

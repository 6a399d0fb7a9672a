/** What every contractor in the network must hold (spec 1 §2, How It Works; shown on the marketing and onboarding pages). */
export const contractorRequirements = [
  'Active state license',
  'Liability insurance of $1M or more',
  'Workers’ compensation',
  '3+ years of experience',
  'Local references',
  'Background check passed',
  'Manufacturer certified',
] as const;

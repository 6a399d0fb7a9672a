import { WORKING_STATE_NAMES } from '@domain/contractors/onboarding-fields';

/**
 * The working states grouped by US Census region, so a contractor finds their state and its
 * neighbours together. Every name of WORKING_STATE_NAMES is in exactly one region (checked by
 * state-regions.test.ts).
 */
export const STATE_REGIONS: readonly { name: string; states: readonly string[] }[] = [
  {
    name: 'Northeast',
    states: [
      'Connecticut',
      'Maine',
      'Massachusetts',
      'New Hampshire',
      'New Jersey',
      'New York',
      'Pennsylvania',
      'Rhode Island',
      'Vermont',
    ],
  },
  {
    name: 'Midwest',
    states: [
      'Illinois',
      'Indiana',
      'Iowa',
      'Kansas',
      'Michigan',
      'Minnesota',
      'Missouri',
      'Nebraska',
      'North Dakota',
      'Ohio',
      'South Dakota',
      'Wisconsin',
    ],
  },
  {
    name: 'South',
    states: [
      'Alabama',
      'Arkansas',
      'Delaware',
      'District of Columbia',
      'Florida',
      'Georgia',
      'Kentucky',
      'Louisiana',
      'Maryland',
      'Mississippi',
      'North Carolina',
      'Oklahoma',
      'South Carolina',
      'Tennessee',
      'Texas',
      'Virginia',
      'West Virginia',
    ],
  },
  {
    name: 'West',
    states: [
      'Alaska',
      'Arizona',
      'California',
      'Colorado',
      'Hawaii',
      'Idaho',
      'Montana',
      'Nevada',
      'New Mexico',
      'Oregon',
      'Utah',
      'Washington',
      'Wyoming',
    ],
  },
];

/** Regions with only the states whose name contains the filter (case-insensitive); empty regions dropped. */
export function filterRegions(filter: string): { name: string; states: readonly string[] }[] {
  const q = filter.trim().toLowerCase();
  if (!q) return [...STATE_REGIONS];
  return STATE_REGIONS.map((r) => ({
    name: r.name,
    states: r.states.filter((s) => s.toLowerCase().includes(q)),
  })).filter((r) => r.states.length > 0);
}

/** States in the order of WORKING_STATE_NAMES (alphabetical), whatever order they were ticked in. */
export function sortStates(states: readonly string[]): string[] {
  return WORKING_STATE_NAMES.filter((s) => states.includes(s));
}

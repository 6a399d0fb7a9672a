/**
 * Ice-barrier climate rule. The IRC (R905.1.2) requires an ice barrier from the eaves to 24 in.
 * inside the exterior wall where ice damming is a risk, historically where the average January
 * temperature is 25°F or below (IECC climate zones 5 to 8). The shared data has no climate zones
 * (PROVENANCE.md), so the model uses a documented state-level rule:
 *
 * - 'cold': states whose populated area lies mostly in IECC climate zone 5 or colder. Ice barrier
 *   at the eaves is priced.
 * - 'mixed': states that span zones 4 and 5 (mountain or northern counties are cold, the main
 *   population centres are not). No eave barrier is priced; the assumptions say that local code
 *   may require it.
 * - 'warm': everything else.
 *
 * Valleys get ice-and-water lining everywhere (manufacturer practice), and so does area between
 * the product's minimum pitch and 4/12 (IRC R905.2.2 low-slope underlayment).
 */
export type ClimateClass = 'cold' | 'mixed' | 'warm';

const COLD = new Set([
  'AK',
  'CO',
  'CT',
  'IA',
  'ID',
  'IL',
  'IN',
  'MA',
  'ME',
  'MI',
  'MN',
  'MT',
  'ND',
  'NE',
  'NH',
  'NY',
  'OH',
  'PA',
  'RI',
  'SD',
  'UT',
  'VT',
  'WI',
  'WY',
]);
const MIXED = new Set([
  'AZ',
  'KS',
  'KY',
  'MD',
  'MO',
  'NJ',
  'NM',
  'NV',
  'OR',
  'VA',
  'WA',
  'WV',
  'DC',
  'DE',
  'OK',
  'TN',
  'NC',
]);

export function climateClass(state: string): ClimateClass {
  if (COLD.has(state)) return 'cold';
  if (MIXED.has(state)) return 'mixed';
  return 'warm';
}

import { WORKING_STATE_NAMES } from '@domain/contractors/onboarding-fields';
import { describe, expect, it } from 'vitest';
import { filterRegions, STATE_REGIONS, sortStates } from './state-regions';

describe('state regions', () => {
  it('hold every working state exactly once', () => {
    const listed = STATE_REGIONS.flatMap((r) => r.states);
    expect([...listed].sort()).toEqual([...WORKING_STATE_NAMES].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('filter by part of a name, case-insensitively, dropping empty regions', () => {
    expect(filterRegions('  new ')).toEqual([
      { name: 'Northeast', states: ['New Hampshire', 'New Jersey', 'New York'] },
      { name: 'West', states: ['New Mexico'] },
    ]);
    expect(filterRegions('zz')).toEqual([]);
    expect(filterRegions('')).toHaveLength(4);
  });

  it('sort chosen states alphabetically', () => {
    expect(sortStates(['Texas', 'Alabama', 'Ohio'])).toEqual(['Alabama', 'Ohio', 'Texas']);
  });
});

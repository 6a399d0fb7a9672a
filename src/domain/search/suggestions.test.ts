import { describe, expect, it } from 'vitest';
import { rankSuggestions, type SuggestionCandidate, scoreCandidate } from './suggestions';

const base: SuggestionCandidate = {
  id: 'c1',
  companyName: 'Lone Star Roofing',
  rating: 4.8,
  reviewCount: 10,
  isAvailable: true,
  liabilityLapsed: false,
  workingStates: ['Texas'],
  travelDistance: 100,
  distanceMiles: 10,
  activeProjects: 1,
};

describe('contractor suggestions', () => {
  it('explains every part of the score', () => {
    const s = scoreCandidate(base, 'Texas');
    expect(s.reasons).toEqual([
      'Works in Texas',
      '10 miles away (travels up to 100)',
      'Rated 4.8 of 5 (10 reviews)',
      'Available',
      '1 active project',
    ]);
    expect(s.concerns).toEqual([]);
    // 40 + 25 + 20 * 0.9 + 10 * 1.8 + 60 - 4
    expect(s.score).toBe(157);
    expect(s).toMatchObject({ worksInState: true, withinRange: true, distanceMiles: 10 });
  });

  it('names what speaks against a contractor', () => {
    const s = scoreCandidate(
      {
        ...base,
        workingStates: ['Oklahoma'],
        distanceMiles: 180.44,
        isAvailable: false,
        activeProjects: 4,
        rating: 0,
        reviewCount: 0,
      },
      'Texas',
    );
    expect(s.concerns).toEqual([
      'Does not work in Texas',
      '180.4 miles away, beyond its 100-mile range',
      'No reviews yet',
      'Busy (not taking new projects)',
      '4 active projects',
    ]);
    expect(s.reasons).toEqual([]);
    expect(s.withinRange).toBe(false);
  });

  it('ranks by state, range, nearness, rating, availability and load; leaves out lapsed insurance', () => {
    const ranked = rankSuggestions(
      [
        { ...base, id: 'far', companyName: 'Far', distanceMiles: 95 },
        { ...base, id: 'near', companyName: 'Near', distanceMiles: 5 },
        { ...base, id: 'busy', companyName: 'Busy', distanceMiles: 5, isAvailable: false },
        { ...base, id: 'loaded', companyName: 'Loaded', distanceMiles: 5, activeProjects: 5 },
        { ...base, id: 'other-state', companyName: 'Other', workingStates: ['Louisiana'], distanceMiles: 5 },
        { ...base, id: 'uninsured', companyName: 'Uninsured', distanceMiles: 1, liabilityLapsed: true },
        { ...base, id: 'unknown', companyName: 'Unknown', distanceMiles: null },
      ],
      'Texas',
    );
    expect(ranked.map((s) => s.contractorId)).toEqual([
      'near',
      'loaded',
      'far',
      'other-state',
      'unknown',
      'busy',
    ]);
  });

  it('breaks ties by distance, then by name', () => {
    const ranked = rankSuggestions(
      [
        { ...base, id: 'b', companyName: 'Bravo', distanceMiles: null },
        { ...base, id: 'a', companyName: 'Alpha', distanceMiles: null },
      ],
      'Texas',
    );
    expect(ranked.map((s) => s.contractorId)).toEqual(['a', 'b']);
  });
});

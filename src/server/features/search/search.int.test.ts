import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContractor, insertReviews } from '../../../../tests/helpers/contractors';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { ratingOf } from '../../../domain/reviews/rating';
import { searchMessages } from '../../../domain/search/contractors';
import { lookupZip } from './zip-centroids';

let ctx: TestContext;
const ids: Record<string, string> = {};

interface Card {
  id: string;
  companyName: string;
  distanceMiles: number;
  rating: number;
  specialties: string[];
  isAvailable: boolean;
  user: { city: string | null; state: string | null };
}

async function search(zip: string, specialty?: string) {
  const qs = new URLSearchParams({ zip, ...(specialty !== undefined ? { specialty } : {}) });
  return ctx.app.inject({ method: 'GET', url: `/api/contractors/available?${qs}` });
}

async function names(zip: string, specialty?: string): Promise<string[]> {
  const res = await search(zip, specialty);
  expect(res.statusCode).toBe(200);
  return (res.json() as Card[]).map((c) => c.companyName);
}

/** Eight good reviews (4.75 on average) and nine better ones. */
const GOOD_STARS = [5, 5, 5, 4, 5, 5, 4, 5];
const NEAR_STARS = [5, 5, 5, 5, 5, 5, 5, 5, 4];

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  const p = ctx.platform;
  // Dallas 75201; Fort Worth 76102 is ~30 miles west; Texarkana TX 75501 sits on the Arkansas line
  ids.dallasNear = await insertContractor(p, {
    companyName: 'Dallas Short Range',
    businessZip: '75201',
    workingStates: ['Texas'],
    travelDistance: 20,
    reviews: NEAR_STARS,
    specialties: ['Residential', 'Repair'],
    city: 'Dallas',
    state: 'TX',
  });
  ids.dallasFar = await insertContractor(p, {
    companyName: 'Dallas Long Range',
    businessZip: '75201',
    workingStates: ['Texas', 'Oklahoma'],
    travelDistance: 100,
    reviews: GOOD_STARS,
    specialties: ['Solar', 'Commercial'],
    isAvailable: false,
  });
  ids.fortWorth = await insertContractor(p, {
    companyName: 'Fort Worth Roofing',
    businessZip: '76102',
    workingStates: ['Texas'],
    travelDistance: 60,
    reviews: GOOD_STARS,
    specialties: ['Residential', 'Insurance'],
  });
  ids.texarkanaTexasOnly = await insertContractor(p, {
    companyName: 'Texarkana Texas Only',
    businessZip: '75501',
    workingStates: ['Texas'],
    travelDistance: 50,
    reviews: [4, 4, 5, 4],
  });
  ids.texarkanaBoth = await insertContractor(p, {
    companyName: 'Texarkana Two States',
    businessZip: '75501',
    workingStates: ['Texas', 'Arkansas'],
    travelDistance: 50,
    reviews: [4, 4, 4],
  });
  ids.unverified = await insertContractor(p, {
    companyName: 'Dallas Unverified',
    businessZip: '75201',
    workingStates: ['Texas'],
    travelDistance: 100,
    reviews: [5, 5],
    verificationStatus: 'pending',
  });
  ids.noZip = await insertContractor(p, {
    companyName: 'Nowhere Roofing',
    businessZip: null,
    workingStates: ['Texas'],
    travelDistance: 500,
    reviews: [5],
  });
  // one five-star review, next door to the Fort Worth search: ranked below many good reviews
  ids.newcomer = await insertContractor(p, {
    companyName: 'Fort Worth Newcomer',
    businessZip: '76102',
    workingStates: ['Texas'],
    travelDistance: 20,
    reviews: [5],
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe(`contractor search on ${testDbKind}`, () => {
  it('answers the card fields with a real straight-line distance', async () => {
    const res = await search('76102');
    expect(res.statusCode).toBe(200);
    const cards = res.json() as Card[];
    const fw = cards.find((c) => c.companyName === 'Fort Worth Roofing');
    expect(fw).toMatchObject({
      id: ids.fortWorth,
      verificationStatus: 'verified',
      rating: ratingOf(38, 8),
      reviewCount: 8,
      totalProjects: 12,
      yearsExperience: 8,
      isAvailable: true,
      specialties: ['Residential', 'Insurance'],
      distanceMiles: 0,
    });
    const dallas = cards.find((c) => c.companyName === 'Dallas Long Range');
    // Dallas to Fort Worth downtown is about 30 miles as the crow flies
    expect(dallas?.distanceMiles).toBeGreaterThan(28);
    expect(dallas?.distanceMiles).toBeLessThan(33);
    expect(dallas?.distanceMiles).toBe(Math.round((dallas?.distanceMiles ?? 0) * 10) / 10);
    expect(dallas?.isAvailable).toBe(false);
  });

  it('keeps only contractors whose travel distance reaches the ZIP', async () => {
    expect(await names('75201')).toContain('Dallas Short Range');
    // 20-mile radius does not reach Fort Worth, the 100-mile one does
    const fromFortWorth = await names('76102');
    expect(fromFortWorth).not.toContain('Dallas Short Range');
    expect(fromFortWorth).toContain('Dallas Long Range');
  });

  it("keeps only contractors who work in the ZIP's state", async () => {
    // Texarkana AR is a few miles from the Texas office: only the one licensed in Arkansas serves it
    const arkansas = await names('71854');
    expect(arkansas).toContain('Texarkana Two States');
    expect(arkansas).not.toContain('Texarkana Texas Only');
    const texas = await names('75501');
    expect(texas).toEqual(expect.arrayContaining(['Texarkana Texas Only', 'Texarkana Two States']));
  });

  it('leaves out unverified contractors and those without a business ZIP', async () => {
    const all = await names('75201');
    expect(all).not.toContain('Dallas Unverified');
    expect(all).not.toContain('Nowhere Roofing');
  });

  it('filters by specialty; all (any case) or none means any', async () => {
    expect(await names('75201', 'Solar')).toEqual(['Dallas Long Range']);
    expect(await names('75201', 'solar')).toEqual(['Dallas Long Range']);
    const any = await names('75201', 'all');
    expect(any).toEqual(await names('75201'));
    expect(any.length).toBeGreaterThanOrEqual(3);
    expect(await names('75201', 'Emergency')).toEqual([]);
    const bad = await search('75201', 'Gutters');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(searchMessages.specialtyInvalid);
  });

  it('sorts by rating, best first, then by distance', async () => {
    const res = await search('76102');
    const cards = res.json() as Card[];
    expect(cards.map((c) => c.companyName)).toEqual([
      'Fort Worth Roofing',
      'Dallas Long Range',
      'Fort Worth Newcomer',
    ]);
    // one five-star review is not ranked above eight good ones, though it is nearer
    expect(cards[2]).toMatchObject({ rating: ratingOf(5, 1), reviewCount: 1, distanceMiles: 0 });
    // equal ratings: the nearer one first
    expect(cards[0]?.rating).toBe(cards[1]?.rating);
    expect(cards[0]?.distanceMiles).toBeLessThan(cards[1]?.distanceMiles ?? 0);
    const dallas = (await search('75201')).json() as Card[];
    const ratings = dallas.map((c) => c.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('ranks by the reviews as they are written (the cached search follows the reviews table)', async () => {
    expect((await names('76102')).at(-1)).toBe('Fort Worth Newcomer');
    await insertReviews(ctx.platform, ids.newcomer as string, [5, 5, 5, 5, 5, 5, 5, 5, 5]);
    const cards = (await search('76102')).json() as Card[];
    expect(cards[0]).toMatchObject({ companyName: 'Fort Worth Newcomer', rating: ratingOf(50, 10) });
  });

  it('answers a clear 400 for an unknown or malformed ZIP', async () => {
    const unknown = await search('00000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'We could not find ZIP code 00000. Please check it and try again.',
      fieldErrors: { zip: ['We could not find ZIP code 00000. Please check it and try again.'] },
    });
    const malformed = await search('7520');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(searchMessages.zipInvalid);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/contractors/available' });
    expect(missing.statusCode).toBe(400);
  });

  it('accepts ZIP+4', async () => {
    expect(await names('75201-1234')).toEqual(await names('75201'));
  });

  it("answers a verified contractor's summary, 404 otherwise", async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/contractors/${ids.dallasNear}/summary` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      id: ids.dallasNear,
      companyName: 'Dallas Short Range',
      city: 'Dallas',
      state: 'TX',
      rating: ratingOf(44, 9),
      reviewCount: 9,
      isAvailable: true,
    });
    for (const id of [ids.unverified, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/contractors/${id}/summary` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('ZIP centroids', () => {
  it('places ZIPs in their state by full name, territories included, military left out', () => {
    expect(lookupZip('75201')).toMatchObject({ state: 'Texas' });
    expect(lookupZip('20001')).toMatchObject({ state: 'District of Columbia' });
    expect(lookupZip('00601')).toMatchObject({ state: 'Puerto Rico' });
    expect(lookupZip('09001')).toBeUndefined();
    expect(lookupZip('00000')).toBeUndefined();
    expect(lookupZip('7520')).toBeUndefined();
    const dallas = lookupZip('75201');
    expect(dallas?.latitude).toBeCloseTo(32.79, 1);
    expect(dallas?.longitude).toBeCloseTo(-96.8, 1);
  });
});

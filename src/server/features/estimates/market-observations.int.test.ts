import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContractor } from '../../../../tests/helpers/contractors';
import { insertSubmittedQuote } from '../../../../tests/helpers/report-quotes';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { projects, quotes } from '../../platform/db/schema';
import { createProjectsService } from '../projects/projects.service';
import { marketObservations } from './market-observations';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

/** A completed project sold on a quote whose estimate expected `expected` cents under `version`. */
async function completed(
  zip: string,
  finalCost: number,
  opts: {
    expected?: number | null;
    version?: string;
    status?: 'completed' | 'in_progress';
    completionDate?: Date;
    contractorId?: string;
  } = {},
) {
  const q = await insertSubmittedQuote(ctx.platform, { zipCode: /^\d{5}$/.test(zip) ? zip : '75201' });
  if (opts.expected !== null) {
    await ctx.platform.db
      .update(quotes)
      .set({
        estimate: {
          modelExpectedCents: opts.expected ?? 1_000_000,
          modelVersion: opts.version ?? 'fmv-2025.1',
          lineItems: [],
        },
      })
      .where(eq(quotes.id, q.id));
  }
  const [p] = await ctx.platform.db
    .insert(projects)
    .values({
      title: `Completed ${zip}`,
      address: '1 Main St',
      zipCode: zip,
      status: opts.status ?? 'completed',
      finalCost,
      quoteId: q.id,
      source: 'quote',
      completionDate: opts.completionDate ?? null,
      contractorId: opts.contractorId ?? null,
    })
    .returning({ id: projects.id });
  return p?.id as string;
}

describe('marketObservations: the learning data of one price', () => {
  it("gathers the zone's, the state's and the nation's completed jobs with their zone, state and model version", async () => {
    const done = new Date('2026-05-01T12:00:00Z');
    await completed('43215', 1_100_000, { completionDate: done }); // Columbus, the zone priced
    await completed('43017', 1_200_000, { version: 'fmv-2024.1' }); // Dublin OH, zone 430
    await completed('75201', 900_000); // Dallas
    await completed('43216', 1_000_000, { expected: null }); // no estimate: not one of ours
    await completed('43218', 1_000_000, { status: 'in_progress' }); // not completed
    await completed('4321', 1_000_000); // malformed ZIP
    await completed('43219', 0); // no final cost

    const obs = await marketObservations(createProjectsService(ctx.platform), '43201');
    const byZone = (id: string) => obs.filter((o) => o.zoneId === id);
    expect(obs).toHaveLength(3);
    expect(byZone('Z432')).toEqual([
      {
        finalCostCents: 1_100_000,
        modelExpectedCents: 1_000_000,
        zoneId: 'Z432',
        state: 'OH',
        modelVersion: 'fmv-2025.1',
        completedAt: done.toISOString(),
      },
    ]);
    expect(byZone('Z430')).toEqual([
      {
        finalCostCents: 1_200_000,
        modelExpectedCents: 1_000_000,
        zoneId: 'Z430',
        state: 'OH',
        modelVersion: 'fmv-2024.1',
      },
    ]);
    expect(byZone('Z752')).toMatchObject([{ state: 'TX', finalCostCents: 900_000 }]);
  });

  it('keeps every job of the zone even when the nationwide read is cut short, each job once', async () => {
    const repo = createProjectsService(ctx.platform);
    const newest = await completed('10001', 1_000_000, { completionDate: new Date('2026-06-01T00:00:00Z') });
    const obs = await marketObservations(repo, '43215', 1);
    expect(obs.filter((o) => o.zoneId === 'Z432')).toHaveLength(1);
    expect(obs.filter((o) => o.zoneId === 'Z100')).toHaveLength(1); // the most recent nationwide
    expect(obs.filter((o) => o.zoneId === 'Z752')).toHaveLength(0);
    expect(newest).toMatch(/^[0-9a-f-]{36}$/);
    // the zone's own job appears once although both reads return it
    const zoneOnly = await marketObservations(repo, '43215', 100);
    expect(zoneOnly.filter((o) => o.zoneId === 'Z432')).toHaveLength(1);
  });

  it('carries the contractor of each job (one contractor weighs one job at most in the learning)', async () => {
    const contractorId = await insertContractor(ctx.platform, {
      companyName: 'Buckeye Roofing',
      businessZip: '44101',
      workingStates: ['OH'],
      travelDistance: 50,
    });
    await completed('44102', 1_300_000, { contractorId }); // Cleveland
    const obs = await marketObservations(createProjectsService(ctx.platform), '44101');
    expect(obs.filter((o) => o.zoneId === 'Z441')).toEqual([
      expect.objectContaining({ finalCostCents: 1_300_000, contractorId, state: 'OH' }),
    ]);
    expect(obs.filter((o) => o.contractorId === undefined).length).toBeGreaterThan(0);
  });

  it('refuses a quote ZIP that is not a ZIP', async () => {
    await expect(marketObservations(createProjectsService(ctx.platform), 'ABCDE')).rejects.toThrow(
      RangeError,
    );
  });
});

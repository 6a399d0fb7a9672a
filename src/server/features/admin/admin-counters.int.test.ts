import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRecount } from '../../../../tests/helpers/admin-recount';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { insertContractor } from '../../../../tests/helpers/contractors';
import { insertProject } from '../../../../tests/helpers/projects';
import { insertQuote } from '../../../../tests/helpers/quotes';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import type { AdminSummary } from '../../../domain/admin/lists';
import {
  adminCounterDeltas,
  adminCounters,
  contactMessages,
  contractorProfiles,
  projects,
  quotes,
  users,
} from '../../platform/db/schema';
import { createServices, type Services } from '../../services';

/**
 * Issue 26 #2, decision 009: the summary's figures come from counters the database keeps with
 * statement-level triggers. After every kind of change (bulk insert, update of status, cost or
 * contractor, delete, truncate, an aborted transaction, a fold, a rebuild) they equal a recount of
 * the rows by plain SQL (tests/helpers/admin-recount.ts, the summary's queries before the counters).
 */

let ctx: TestContext;
let services: Services;
let admin: string;
let recount: () => Promise<AdminSummary>;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  services = createServices(ctx.platform);
  await services.seed.seedDemoDataIfEmpty();
  admin = (await createUserWithSession(ctx.platform, { email: 'ops@ridgeline.test', userType: 'admin' }))
    .cookie;
  const reference = adminRecount(ctx.platform.db);
  recount = () => reference.summary();
});

afterAll(async () => {
  await ctx?.close();
});

async function summary(): Promise<AdminSummary> {
  const res = await ctx.app.inject({ url: '/api/admin/summary', headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminSummary;
}

async function expectExact(step: string) {
  expect(await summary(), step).toEqual(await recount());
}

describe(`the admin counters on ${testDbKind}`, () => {
  it('equal a recount after the demo data, and after bulk inserts, updates and deletes', async () => {
    await expectExact('demo data');
    const before = await summary();

    // one statement, many rows, of several statuses and costs
    const contractorId = await insertContractor(ctx.platform, {
      companyName: 'Counted Roofing',
      businessZip: '75201',
      workingStates: ['Texas'],
      travelDistance: 50,
    });
    const inserted = await ctx.platform.db
      .insert(projects)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          title: `SWRX-COUNT-${i}`,
          address: `${i} Count St`,
          status: (['pending', 'matched', 'in_progress', 'completed'] as const)[i % 4],
          contractorId: i % 4 === 0 ? null : contractorId,
          estimatedCost: 1_000_00 * (i + 1),
          finalCost: i % 8 === 3 ? 2_000_00 : null,
        })),
      )
      .returning({ id: projects.id });
    await expectExact('bulk insert');
    const after = await summary();
    expect(after.projects.total).toBe(before.projects.total + 12);
    expect(after.contractors.total).toBe(before.contractors.total + 1);

    // status, contractor and cost change in one statement
    const ids = inserted.map((r) => r.id);
    await ctx.platform.db
      .update(projects)
      .set({ status: 'completed', finalCost: sql`coalesce(${projects.finalCost}, 0) + 5000` })
      .where(inArray(projects.id, ids.slice(0, 6)));
    await ctx.platform.db
      .update(projects)
      .set({ contractorId: null, status: 'pending' })
      .where(inArray(projects.id, ids.slice(6, 9)));
    await expectExact('updates');
    // an update that moves nothing counted adds no delta
    const deltas = async () =>
      (await ctx.platform.db.select({ n: sql<number>`count(*)::int` }).from(adminCounterDeltas))[0]?.n;
    const n = await deltas();
    await ctx.platform.db.update(projects).set({ description: 'touched' }).where(inArray(projects.id, ids));
    expect(await deltas()).toBe(n);

    // contractors' verification and availability, users by type, quotes in and out of the queue
    await ctx.platform.db
      .update(contractorProfiles)
      .set({ verificationStatus: 'rejected', isAvailable: false })
      .where(eq(contractorProfiles.id, contractorId));
    await ctx.platform.db.update(users).set({ userType: 'admin' }).where(like(users.email, 'ops@%'));
    const quote = await insertQuote(ctx.platform, { reportStatus: 'awaiting_measurements' });
    await expectExact('contractor, users, a queued quote');
    await ctx.platform.db
      .update(quotes)
      .set({ reportStatus: 'ready', reportBasis: 'measured' })
      .where(eq(quotes.id, quote.id));
    await ctx.platform.db
      .insert(contactMessages)
      .values(
        [1, 2, 3].map((i) => ({ channel: 'email' as const, email: `c${i}@x.example`, message: 'Hello' })),
      );
    await expectExact('quote out of the queue, contact messages');

    await ctx.platform.db.delete(projects).where(inArray(projects.id, ids.slice(9)));
    await expectExact('delete');
  });

  it('leave no trace of an aborted transaction, and follow a truncate', async () => {
    const before = await summary();
    await expect(
      ctx.platform.db.transaction(async (tx) => {
        await tx
          .insert(projects)
          .values({ title: 'SWRX-ABORTED', address: '1 Gone Rd', estimatedCost: 500_000 });
        throw new Error('the order failed half way');
      }),
    ).rejects.toThrow('the order failed half way');
    expect(await summary()).toEqual(before);

    await ctx.platform.db.execute(sql`truncate ${contactMessages}`);
    const after = await summary();
    expect(after.queues.contact).toBe(0);
    await expectExact('truncate');
  });

  it('fold their deltas into the totals without changing a figure, and rebuild from the rows', async () => {
    await insertProject(ctx.platform, { estimatedCost: 12_345_00, status: 'in_progress' });
    const before = await summary();
    expect(await services.adminLists.foldCounters()).toBeGreaterThan(0);
    const left = await ctx.platform.db.select().from(adminCounterDeltas);
    expect(left).toEqual([]);
    expect(await summary()).toEqual(before);
    expect(await services.adminLists.foldCounters()).toBe(0);

    // counters gone wrong (a load with the triggers disabled): the rebuild counts the rows again
    await ctx.platform.db.update(adminCounters).set({ n: 999 });
    expect((await summary()).projects.total).toBe(999);
    await ctx.platform.db.execute(sql`select admin_counters_rebuild()`);
    // a function's writes are not seen by this process's write tracker (decision 005): the
    // summary's cache lets go when the counters' change notification arrives
    const expected = await recount();
    await until(summary, (s) => JSON.stringify(s) === JSON.stringify(expected), 10_000);
  });
});

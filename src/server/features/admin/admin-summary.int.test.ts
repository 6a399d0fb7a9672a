import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import type { AdminSummary } from '../../../domain/admin/lists';
import type { Project } from '../../../domain/projects/schemas';
import { users } from '../../platform/db/schema';
import { createServices } from '../../services';

/** Issue 26 #2: the summary call's figures equal what the lists add up to; Export Data streams CSV. */

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  await createServices(ctx.platform).seed.seedDemoDataIfEmpty();
  admin = (await createUserWithSession(ctx.platform, { email: 'ops@ridgeline.test', userType: 'admin' }))
    .cookie;
  await ctx.platform.db.insert(users).values([
    { email: 'formula@csv.example', firstName: '=HYPERLINK("http://evil.example","x")', lastName: '+1' },
    { email: 'comma@csv.example', firstName: 'Smith, "Jr"', lastName: 'Line\nBreak' },
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
const totalOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { total: number }).total;
};

describe(`the admin summary and Export Data on ${testDbKind}`, () => {
  it("counts what the lists hold: cards, panels' figures, revenue, pipeline and work-queue tabs", async () => {
    const res = await get('/api/admin/summary');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as AdminSummary;
    expect(s.projects.total).toBe(await totalOf('/api/admin/projects'));
    expect(s.projects.total).toBeGreaterThan(0);
    expect(s.projects.pending).toBe(await totalOf('/api/admin/projects?status=pending&unassigned=true'));
    for (const status of ['pending', 'matched', 'in_progress', 'completed', 'cancelled'] as const) {
      expect(s.projects.byStatus[status], status).toBe(await totalOf(`/api/admin/projects?status=${status}`));
    }
    expect(s.contractors.total).toBe(await totalOf('/api/admin/contractors'));
    expect(s.contractors.verified).toBe(await totalOf('/api/admin/contractors?status=verified'));
    expect(s.contractors.pendingVerification).toBe(await totalOf('/api/admin/contractors?status=awaiting'));
    expect(s.contractors.available).toBe(await totalOf('/api/admin/contractors?available=true'));
    expect(s.users.total).toBe(await totalOf('/api/admin/users'));
    for (const t of ['homeowner', 'contractor', 'admin'] as const) {
      expect(s.users[t], t).toBe(await totalOf(`/api/admin/users?userType=${t}`));
    }

    // the figures the browser computed from the whole project list (dashboard-model.ts)
    const projects = (await get('/api/projects')).json() as Project[];
    expect(projects).toHaveLength(s.projects.total);
    const sum = (xs: (number | null)[]) => xs.reduce<number>((a, b) => a + (b ?? 0), 0);
    expect(s.revenue.completedRevenueCents).toBe(
      sum(projects.filter((p) => p.status === 'completed').map((p) => p.finalCost ?? p.estimatedCost)),
    );
    expect(s.revenue.activePipelineCents).toBe(
      sum(projects.filter((p) => p.status === 'in_progress').map((p) => p.estimatedCost)),
    );
    expect(s.contractors.assignedProjects).toBe(projects.filter((p) => p.contractorId !== null).length);
    const totals = (await get('/api/admin/payouts/totals')).json() as { netReceivedCents: number };
    expect(s.revenue.totalRevenueCents).toBe(totals.netReceivedCents);

    // each work-queue tab's count is its list's length
    const quotes = (await get('/api/admin/quotes')).json() as
      | unknown[]
      | { items: unknown[]; total?: number };
    const quoteCount = Array.isArray(quotes) ? quotes.length : (quotes.total ?? quotes.items.length);
    expect(s.queues.quotes).toBe(quoteCount);
    const reports = (await get('/api/admin/reports/queue')).json() as { items: unknown[] };
    expect(s.queues.reports).toBe(reports.items.length);
    const codes = (await get('/api/admin/discount-codes')).json() as unknown[];
    expect(s.queues.codes).toBe(codes.length);
    const install = (await get('/api/admin/install-requests?pageSize=100')).json() as { total: number };
    expect(s.queues.install).toBe(install.total);
    const contact = (await get('/api/admin/contact-messages?pageSize=100')).json() as { total: number };
    expect(s.queues.contact).toBe(contact.total);
  });

  it('streams the filtered list as CSV, every row once, with formula-safe cells', async () => {
    const total = await totalOf('/api/admin/users?userType=homeowner');
    const res = await get('/api/admin/users/csv?userType=homeowner&limit=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="ridgeline-users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      'Joined At',
      'E-mail',
      'First Name',
      'Last Name',
      'Phone',
      'Type',
      'Confirmed',
      'User ID',
    ]);
    expect(rows.length - 1).toBe(total);
    expect(new Set(rows.slice(1).map((r) => r[7])).size).toBe(total);
    expect(rows.slice(1).every((r) => r[5] === 'homeowner')).toBe(true);
    const evil = rows.find((r) => r[1] === 'formula@csv.example');
    expect(evil?.[2]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(evil?.[3]).toBe("'+1");
    const comma = rows.find((r) => r[1] === 'comma@csv.example');
    expect(comma?.slice(2, 4)).toEqual(['Smith, "Jr"', 'Line\nBreak']);

    const completed = await totalOf('/api/admin/projects?status=completed');
    const projects = await get('/api/admin/projects/csv?status=completed');
    const projectRows = Papa.parse<string[]>(projects.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(projectRows.length - 1).toBe(completed);
    expect(projectRows.slice(1).every((r) => r[5] === 'completed')).toBe(true);
    const contractors = await get('/api/admin/contractors/csv?q=zzzz-nobody');
    expect(
      contractors.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    expect((await get('/api/admin/projects/csv?sort=nope')).statusCode).toBe(400);
  });
});

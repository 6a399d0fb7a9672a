import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { insertProject } from '../../../../tests/helpers/projects';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import type { AdminContractorRow, AdminProjectRow } from '../../../domain/admin/lists';
import type { ContractorProfileDetail } from '../../../domain/contractors/credentials';
import { contractorProfiles, projects, users } from '../../platform/db/schema';
import { createServices } from '../../services';

/**
 * Issue 26 #2: what the admin dashboard's panels ask of the server: the Revenue panel's projects by
 * estimated cost (paged, ties and missing costs included), the overdue matches, the fields a row
 * shows (ZIP for the Assign dialog, "Homeowner pending", the assignment time), and one contractor
 * in full for Review and View Details.
 */

let ctx: TestContext;
let admin: string;
let homeowner: string;
const TAG = 'Costpage';
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  await createServices(ctx.platform).seed.seedDemoDataIfEmpty();
  admin = (await createUserWithSession(ctx.platform, { email: 'ops@ridgeline.test', userType: 'admin' }))
    .cookie;
  homeowner = (await createUserWithSession(ctx.platform, { email: 'cost@owner.example' })).cookie;
  // 30 projects of 6 costs (ties), 6 without a cost: found by their address
  for (let i = 0; i < 36; i += 1) {
    await insertProject(ctx.platform, {
      address: `${TAG} ${String(i).padStart(2, '0')} Main St`,
      estimatedCost: i < 30 ? (1 + (i % 6)) * 100_000 : null,
    });
  }
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, cookie = admin) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
type Page = { items: AdminProjectRow[]; nextCursor: string | null; total?: number; totalCapped?: boolean };

async function walk(url: string): Promise<AdminProjectRow[]> {
  const rows: AdminProjectRow[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`${url}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

describe(`the admin dashboard's lists on ${testDbKind}`, () => {
  it('pages the projects by estimated cost, highest first, ties and missing costs included, with no gap', async () => {
    const rows = await walk(`/api/admin/projects?q=${TAG}&sort=estimatedCost&limit=7`);
    expect(rows).toHaveLength(36);
    expect(new Set(rows.map((r) => r.id)).size).toBe(36);
    const costs = rows.map((r) => r.estimatedCost ?? 0);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    expect(costs.slice(0, 5)).toEqual([600_000, 600_000, 600_000, 600_000, 600_000]);
    expect(rows.slice(-6).every((r) => r.estimatedCost === null)).toBe(true);

    const ascending = await walk(`/api/admin/projects?q=${TAG}&sort=estimatedCost&order=asc&limit=10`);
    // (cost, id) ascending is exactly the reverse of (cost, id) descending
    expect(ascending.map((r) => r.id)).toEqual([...rows].reverse().map((r) => r.id));
    expect(ascending.map((r) => r.estimatedCost ?? 0)).toEqual([...costs].reverse());
  });

  it('lists only the matches past the response target as overdue, and gives each row what the panels show', async () => {
    const [contractor] = await ctx.platform.db
      .select({ id: contractorProfiles.id, company: contractorProfiles.companyName })
      .from(contractorProfiles)
      .where(eq(contractorProfiles.verificationStatus, 'verified'))
      .limit(1);
    if (!contractor) throw new Error('the demo data has a verified contractor');
    const hours = ctx.platform.config.matchResponseHours;
    const now = Date.now();
    const late = await insertProject(ctx.platform, {
      address: 'Overdue 1 Late Ln',
      status: 'matched',
      contractorId: contractor.id,
      assignedAt: new Date(now - (hours + 1) * HOUR),
    });
    const recent = await insertProject(ctx.platform, {
      address: 'Overdue 2 Recent Rd',
      status: 'matched',
      contractorId: contractor.id,
      assignedAt: new Date(now - HOUR),
    });
    // answered (in progress) long ago: not overdue
    const answered = await insertProject(ctx.platform, {
      address: 'Overdue 3 Answered Ave',
      status: 'in_progress',
      contractorId: contractor.id,
      assignedAt: new Date(now - (hours + 5) * HOUR),
    });

    const overdue = (await get('/api/admin/projects?q=overdue&matchOverdue=true')).json() as Page;
    expect(overdue.items.map((r) => r.id)).toEqual([late]);
    const row = overdue.items[0] as AdminProjectRow;
    expect(row).toMatchObject({
      contractorId: contractor.id,
      contractorName: contractor.company,
      zipCode: '75074',
      homeownerConfirmed: false,
    });
    expect(Date.parse(row.assignedAt ?? '')).toBeLessThan(now - hours * HOUR);

    const notOverdue = (await get('/api/admin/projects?q=overdue&matchOverdue=false')).json() as Page;
    expect(notOverdue.items.map((r) => r.id).sort()).toEqual([recent, answered].sort());
    // longest waiting first: by assignment time
    const waiting = (await get('/api/admin/projects?q=overdue&sort=waiting')).json() as Page;
    expect(waiting.items.map((r) => r.id)).toEqual([answered, late, recent]);

    // every overdue match in the database, counted by plain SQL, is in the list
    const all = (await get('/api/admin/projects?matchOverdue=true&limit=100')).json() as Page;
    const matched = await ctx.platform.db
      .select({ id: projects.id, assignedAt: projects.assignedAt })
      .from(projects)
      .where(eq(projects.status, 'matched'));
    const expected = matched.filter((p) => p.assignedAt && p.assignedAt.getTime() <= now - hours * HOUR);
    expect(all.items.map((r) => r.id).sort()).toEqual(expected.map((p) => p.id).sort());
  });

  it('answers the same first page from memory, and a new project at once', async () => {
    const first = async () => (await get('/api/admin/projects?limit=5')).json() as Page;
    const before = await first();
    expect(await first()).toEqual(before);
    const id = await insertProject(ctx.platform, { address: `${TAG} fresh arrival` });
    const after = await first();
    expect(after.items[0]?.id).toBe(id);
    expect(after.total).toBe((before.total ?? 0) + 1);
  });

  it('counts a search up to 10,000 matches and then says the total is a floor; counted filters stay exact', async () => {
    await ctx.platform.db.execute(sql`
      insert into users (email, first_name) select 'capped-' || i || '@count.example', 'Capped'
      from generate_series(1, 10050) as i`);
    const capped = (await get('/api/admin/users?q=capped-&limit=1')).json() as Page;
    expect(capped).toMatchObject({ total: 10_000, totalCapped: true });
    // capped-1, capped-10..19, capped-100..199, capped-1000..1999, capped-10000..10050
    const some = (await get('/api/admin/users?q=capped-1&limit=1')).json() as Page;
    expect(some.total).toBe(1 + 10 + 100 + 1000 + 51);
    expect(some.totalCapped).toBeUndefined();
    const [homeowners] = await ctx.platform.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.userType, 'homeowner'));
    const byType = (await get('/api/admin/users?userType=homeowner&limit=1')).json() as Page;
    expect(byType).toMatchObject({ total: homeowners?.n });
    expect(byType.totalCapped).toBeUndefined();
  });

  it('refuses a filter value it does not know, and changes nothing', async () => {
    const res = await get('/api/admin/projects?matchOverdue=soon');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
    const sort = await get('/api/admin/projects?sort=cost');
    expect(sort.statusCode).toBe(400);
  });

  it('gives one contractor in full to an admin only', async () => {
    const [profile] = await ctx.platform.db
      .select({ id: contractorProfiles.id, company: contractorProfiles.companyName })
      .from(contractorProfiles)
      .where(eq(contractorProfiles.companyName, 'Lone Star Roofing & Restoration'))
      .limit(1);
    if (!profile) throw new Error('the demo data has contractors');
    const res = await get(`/api/admin/contractors/${profile.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as ContractorProfileDetail;
    expect(detail).toMatchObject({ id: profile.id, companyName: profile.company });
    expect(Array.isArray(detail.warnings)).toBe(true);

    // the list's row carries what the Contractors panel shows, the same figures as the full record
    const list = (
      await get(`/api/admin/contractors?q=${encodeURIComponent(profile.company.slice(0, 12))}&limit=100`)
    ).json() as { items: AdminContractorRow[] };
    const row = list.items.find((r) => r.id === profile.id);
    expect(row).toMatchObject({
      yearsExperience: detail.yearsExperience,
      totalProjects: detail.totalProjects,
      rating: detail.rating,
      reviewCount: detail.reviewCount,
      userEmail: detail.user.email,
    });

    expect((await get(`/api/admin/contractors/${profile.id}`, homeowner)).statusCode).toBe(403);
    const unknown = await get('/api/admin/contractors/5b1f8d4e-0a4c-4f55-9a43-3d2c1e0f9a77');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Contractor not found' });
    expect((await get('/api/admin/contractors/not-an-id')).statusCode).toBe(404);
  });
});

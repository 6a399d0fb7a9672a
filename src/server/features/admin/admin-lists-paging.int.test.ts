import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { listMessages } from '../../../domain/lists';
import { users } from '../../platform/db/schema';
import { createServices } from '../../services';

/**
 * Issue 26 #1: keyset pages of the admins' lists (no duplicate, no gap while rows arrive), search,
 * filters, sort, hostile queries; and the spec's array calls capped at a page with a Link header.
 */

let ctx: TestContext;
let admin: string;
let homeowner: string;
// 40 accounts created in the same microsecond: only the id tells them apart
const SAME_MOMENT = new Date('2026-01-15T10:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  await createServices(ctx.platform).seed.seedDemoDataIfEmpty();
  admin = (await createUserWithSession(ctx.platform, { email: 'ops@ridgeline.test', userType: 'admin' }))
    .cookie;
  homeowner = (await createUserWithSession(ctx.platform, { email: 'pat@owner.example' })).cookie;
  await ctx.platform.db.insert(users).values(
    Array.from({ length: 140 }, (_, i) => ({
      email: `bulk-${String(i).padStart(3, '0')}@paging.example`,
      firstName: i % 2 === 0 ? 'Zelda' : 'Yannick',
      lastName: `Paging${i}`,
      createdAt: i < 40 ? SAME_MOMENT : new Date(SAME_MOMENT.getTime() - i * 60_000),
    })),
  );
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, cookie = admin) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

interface Page<R> {
  items: R[];
  nextCursor: string | null;
  total?: number;
}
type UserRow = { id: string; email: string; createdAt: string; userType: string; ageDays: number };

describe(`the admins' paged lists on ${testDbKind}`, () => {
  it('walks every user page by page with no duplicate and no gap while accounts are added between pages', async () => {
    const all = (await ctx.platform.db.select({ id: users.id }).from(users)).map((u) => u.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let total: number | undefined;
    do {
      const url: string = `/api/admin/users?limit=25${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Page<UserRow>;
      if (pages === 0) total = page.total;
      else expect(page.total).toBeUndefined();
      seen.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
      pages += 1;
      // someone registers meanwhile: newer than every row already shown, so never in a later page
      await createUserWithSession(ctx.platform, { email: `arrived-${pages}@paging.example` });
    } while (cursor);
    expect(pages).toBeGreaterThan(2);
    expect(total).toBe(all.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...all].sort());
  });

  it('searches names and e-mails by their start, ignoring case, and filters and sorts', async () => {
    const zelda = (await get('/api/admin/users?q=zELDa&limit=100')).json() as Page<UserRow>;
    expect(zelda.total).toBe(70);
    const byEmail = (await get('/api/admin/users?q=BULK-00&sort=email')).json() as Page<UserRow>;
    expect(byEmail.items.map((u) => u.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `bulk-00${i}@paging.example`),
    );
    // LIKE's own characters match themselves
    expect(((await get('/api/admin/users?q=%25')).json() as Page<UserRow>).total).toBe(0);
    expect(((await get('/api/admin/users?q=bulk_0')).json() as Page<UserRow>).total).toBe(0);
    const admins = (await get('/api/admin/users?userType=admin')).json() as Page<UserRow>;
    expect(admins.items.length).toBeGreaterThan(0);
    expect(admins.items.every((u) => u.userType === 'admin')).toBe(true);
    const oldest = (await get('/api/admin/users?sort=createdAt&order=asc&limit=5')).json() as Page<UserRow>;
    const times = oldest.items.map((u) => u.createdAt);
    expect(times).toEqual([...times].sort());
    const aged = (await get('/api/admin/users?minAgeDays=1&limit=100')).json() as Page<UserRow>;
    expect(aged.items.every((u) => u.ageDays >= 1)).toBe(true);
  });

  it('pages projects by age and by filters, and contractors awaiting verification', async () => {
    type P = { id: string; status: string; contractorId: string | null; createdAt: string; ageDays: number };
    const pending = (
      await get('/api/admin/projects?status=pending&unassigned=true&sort=age')
    ).json() as Page<P>;
    expect(pending.items.every((p) => p.status === 'pending' && p.contractorId === null)).toBe(true);
    const created = pending.items.map((p) => p.createdAt);
    expect(created).toEqual([...created].sort());
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/admin/projects?sort=title&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      const page = res.json() as Page<P & { title: string }>;
      walked.push(...page.items.map((p) => p.title));
      cursor = page.nextCursor;
    } while (cursor);
    const all = (await get('/api/admin/projects?limit=100')).json() as Page<P>;
    expect(walked).toHaveLength(all.total ?? -1);
    expect(new Set(walked).size).toBe(walked.length);
    const awaiting = (await get('/api/admin/contractors?status=awaiting')).json() as Page<{
      verificationStatus: string;
    }>;
    expect(awaiting.total).toBeGreaterThan(0);
    expect(
      awaiting.items.every((c) => ['pending', 'pending_verification'].includes(c.verificationStatus)),
    ).toBe(true);
  });

  it('answers 400 in the contract form to hostile queries', async () => {
    const first = (await get('/api/admin/users?limit=2')).json() as Page<UserRow>;
    const tampered = Buffer.from(JSON.stringify(['createdAt.desc', "1' or 1=1 --", 'x'])).toString(
      'base64url',
    );
    for (const url of [
      '/api/admin/users?cursor=not-a-cursor',
      `/api/admin/users?cursor=${tampered}`,
      // a cursor of one sort given to another
      `/api/admin/users?sort=email&cursor=${first.nextCursor}`,
      '/api/admin/users?limit=1000',
      '/api/admin/users?limit=0',
      '/api/admin/projects?sort=unknown',
      '/api/admin/projects?order=sideways',
      `/api/admin/contractors?q=${'a'.repeat(10_000)}`,
      '/api/admin/projects?status=nope',
      '/api/admin/projects?contractorId=nope',
      '/api/admin/users?minAgeDays=-1',
      '/api/users?cursor=%00%ff',
      '/api/users?limit=101',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json() as { message: string };
      expect(typeof body.message, url).toBe('string');
      expect(res.body, url).not.toMatch(/select|stack|at .*\.ts/i);
    }
    const bad = (await get('/api/admin/users?cursor=not-a-cursor')).json() as { message: string };
    expect(bad.message).toBe(listMessages.cursorInvalid);
  });

  it('refuses everyone but admins', async () => {
    for (const url of ['/api/admin/users', '/api/admin/projects/csv', '/api/admin/summary']) {
      expect((await get(url, homeowner)).statusCode, url).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe(`the spec's list calls on ${testDbKind}: still a JSON array, a page at most, the next in a Link header`, () => {
  async function walk(path: string, limit?: number) {
    const ids: string[] = [];
    let url: string | null = limit ? `${path}?limit=${limit}` : path;
    let pages = 0;
    while (url) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as { id: string }[];
      expect(Array.isArray(list)).toBe(true);
      expect(list.length).toBeLessThanOrEqual(limit ?? 100);
      ids.push(...list.map((r) => r.id));
      const link = res.headers.link as string | undefined;
      url = link ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null;
      if (link) expect(url, link).toMatch(new RegExp(`^${path}\\?`));
      pages += 1;
    }
    return { ids, pages };
  }

  it('GET /api/users: 100 accounts, then the rest through rel="next"', async () => {
    const count = (await ctx.platform.db.select({ id: users.id }).from(users)).length;
    expect(count).toBeGreaterThan(100);
    const first = await get('/api/users');
    expect((first.json() as unknown[]).length).toBe(100);
    expect(first.headers.link).toMatch(/^<\/api\/users\?cursor=[\w-]+>; rel="next"$/);
    const { ids, pages } = await walk('/api/users');
    expect(pages).toBe(Math.ceil(count / 100));
    expect(new Set(ids).size).toBe(count);
  });

  it('GET /api/projects, /api/contractors and /api/admin/contractors/pending page the same way', async () => {
    for (const path of ['/api/projects', '/api/contractors', '/api/admin/contractors/pending']) {
      const whole = await walk(path);
      expect(whole.pages, path).toBe(1);
      const paged = await walk(path, 2);
      expect(paged.ids, path).toEqual(whole.ids);
      if (whole.ids.length > 2) expect(paged.pages, path).toBe(Math.ceil(whole.ids.length / 2));
    }
  });
});

/**
 * Issue 26 item 3: the admin lists, the homeowner's and contractor's lists and a project's page
 * plan with indexes on the big tables, at a size where PostgreSQL prefers an index (20,000
 * projects, 40,000 users, 100,000 messages, seeded by the code of `npm run seed:scale`). Each call
 * is made through the app; every read it sends is EXPLAINed with its own parameters.
 *
 * PostgreSQL only: PGlite plans the same SQL but this is about the server's planner at size.
 * Every call below reads through indexes since the cursor-paged lists and the counters of issue 26.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCALE_PASSWORD,
  type ScaleSizes,
  scaleAccounts,
  scaleSizes,
  seedScale,
} from '../../src/server/cli/scale-seed';
import { hashPassword } from '../../src/server/platform/auth/passwords';
import { adminRecount } from '../helpers/admin-recount';
import { login, sessionCookieFrom } from '../helpers/auth';
import { installQueryRecorder, seqScans } from '../helpers/query-plans';
import { createTestContext, type TestContext, testDbKind } from '../helpers/test-context';

const BIG = ['projects', 'users', 'contractor_profiles', 'messages', 'quotes'];
const sizes: ScaleSizes = { ...scaleSizes(0.2), messages: 100_000, notifications: 20_000 };

let ctx: TestContext;
let recorder: ReturnType<typeof installQueryRecorder>;
let client: pg.Client;
const cookies: Record<'admin' | 'homeowner' | 'contractor', string> = {
  admin: '',
  homeowner: '',
  contractor: '',
};
const ids = { homeowner: '', contractor: '', project: '' };

describe.skipIf(testDbKind !== 'postgres')(
  'query plans at size on PostgreSQL (PGlite: not its planner)',
  () => {
    beforeAll(async () => {
      recorder = installQueryRecorder();
      ctx = await createTestContext({ runWorkers: false, startWorkers: false });
      client = new pg.Client({ connectionString: ctx.fresh.url });
      await client.connect();
      await seedScale(client as never, sizes, await hashPassword(SCALE_PASSWORD));
      const accounts = scaleAccounts(sizes);
      for (const role of ['admin', 'homeowner', 'contractor'] as const) {
        const res = await login(ctx.app, accounts[role], SCALE_PASSWORD);
        expect(res.statusCode, `${role} signs in`).toBe(200);
        cookies[role] = sessionCookieFrom(res) ?? '';
      }
      const me = async (cookie: string) =>
        (await ctx.app.inject({ url: '/api/auth/user', headers: { cookie } })).json<{ id: string }>().id;
      ids.homeowner = await me(cookies.homeowner);
      ids.contractor = await me(cookies.contractor);
      const { rows } = await client.query<{ id: string }>(
        'SELECT p.id FROM projects p JOIN messages m ON m.project_id = p.id WHERE p.homeowner_id = $1 LIMIT 1',
        [ids.homeowner],
      );
      ids.project = rows[0]?.id ?? '';
    }, 120_000);

    afterAll(async () => {
      await client?.end();
      await ctx?.close();
      recorder?.uninstall();
    });

    /** Makes the call, checks it answered 200 and that none of its reads scans a big table. */
    async function expectIndexed(role: keyof typeof cookies, url: string | (() => string)) {
      const path = typeof url === 'function' ? url() : url;
      const { result, queries } = await recorder.capture(() =>
        ctx.app.inject({ url: path, headers: { cookie: cookies[role] } }),
      );
      expect(result.statusCode, `${path}: ${result.body.slice(0, 200)}`).toBe(200);
      expect(queries.length, `${path} ran no query`).toBeGreaterThan(0);
      expect(await seqScans(client, queries, BIG), path).toEqual([]);
    }

    // Calls whose reads use indexes (the cursor-paged lists of issue 26 items 1-2, the spec's array
    // calls capped at a page with a Link header)
    it.each([
      ['install requests', '/api/admin/install-requests'],
      ['outbox', '/api/admin/outbox'],
      ['contact messages', '/api/admin/contact-messages'],
      ['discount codes', '/api/admin/discount-codes'],
      ['users (GET /api/users: a page)', '/api/users'],
      ['projects, oldest pending first', '/api/admin/projects?status=pending&sort=age'],
      ['a project search', '/api/admin/projects?q=maple'],
      ['a contractor search', '/api/admin/contractors?q=roof'],
      ['a user search', '/api/admin/users?q=smith'],
    ])('admin: %s (%s)', async (_name, url) => expectIndexed('admin', url), 60_000);

    it("a homeowner's project list", () =>
      expectIndexed('homeowner', () => `/api/projects/homeowner/${ids.homeowner}`));
    it('a project with its messages', async () => {
      expect(ids.project).not.toBe('');
      await expectIndexed('homeowner', () => `/api/projects/${ids.project}`);
      await expectIndexed('homeowner', () => `/api/messages/user/${ids.homeowner}`);
      await expectIndexed('homeowner', () => `/api/projects/${ids.project}/messages`);
    });
    it("a homeowner's notifications", () => expectIndexed('homeowner', '/api/notifications'));

    // The spec's pages: their JSON looks up quotes, profiles and ratings by the page's ids
    it.each([
      ['projects (GET /api/projects: a page)', '/api/projects'],
      ['contractors (GET /api/contractors: a page)', '/api/contractors'],
      ['pending verification (GET /api/admin/contractors/pending: a page)', '/api/admin/contractors/pending'],
    ])('admin: %s', async (_name, url) => expectIndexed('admin', url), 60_000);

    // They scan today: not paged yet (issue 26 item 1, the remaining lists), or a count(*) of the
    // whole table for the first page's total.
    // the first pages' totals from the counters the database keeps (decision 009), a search's
    // counted through its index up to 10,000
    it.each([
      ['projects, first page', '/api/admin/projects'],
      [
        'projects, pending and unassigned, first page',
        '/api/admin/projects?status=pending&unassigned=true&sort=age',
      ],
      ['projects by estimated cost, first page', '/api/admin/projects?sort=estimatedCost'],
      ['contractors, first page', '/api/admin/contractors'],
      ['contractors awaiting a decision', '/api/admin/contractors?status=awaiting'],
      ['users, first page', '/api/admin/users'],
      ['the summary (GET /api/admin/summary)', '/api/admin/summary'],
    ])('admin: %s (%s)', async (_name, url) => expectIndexed('admin', url), 60_000);

    it('keeps the counters exact through the scale seed (rebuilt after its load)', async () => {
      const res = await ctx.app.inject({ url: '/api/admin/summary', headers: { cookie: cookies.admin } });
      expect(res.json()).toEqual(await adminRecount(ctx.platform.db).summary());
    });

    // the work queues paged by keyset (issue 26 #1): the quotes' total counted through the index up
    // to 10,000, the report queue's rows read from its partial index
    it.each([
      ['quotes (GET /api/admin/quotes)', '/api/admin/quotes'],
      ['a quote search', '/api/admin/quotes?q=smith'],
      ['report queue (GET /api/admin/reports/queue)', '/api/admin/reports/queue'],
      ['an install request search', '/api/admin/install-requests?q=smith'],
      ['a contact message search', '/api/admin/contact-messages?q=smith'],
    ])('admin: %s', async (_name, url) => expectIndexed('admin', url), 60_000);

    // A status that most quotes have: the first page reads quotes_status_created_id_idx, but its
    // total (counted up to 10,000 along that order) plans as a sequential scan and a top-N sort, as
    // the planner prefers for a value matching nearly every row. No counter per quote status yet.
    it.fails('admin: submitted quotes, a status filter (its total scans)', () =>
      expectIndexed('admin', '/api/admin/quotes?status=submitted'));

    // the contractor with the most jobs (hundreds): paged by keyset (i26-lists2), the page's JSON
    // looking up quotes and profiles by key (i26-plans)
    it("a contractor's project list (GET /api/projects/contractor/:id, a page)", () =>
      expectIndexed('contractor', () => `/api/projects/contractor/${ids.contractor}`));
  },
);

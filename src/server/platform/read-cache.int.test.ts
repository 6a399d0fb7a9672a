import { AsyncLocalStorage } from 'node:async_hooks';
import { rmSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, sessionCookieFrom } from '../../../tests/helpers/auth';
import { insertSubmittedQuote } from '../../../tests/helpers/report-quotes';
import {
  type FreshDatabase,
  freshDatabase,
  testConfig,
  testDbKind,
} from '../../../tests/helpers/test-context';
import { until } from '../../../tests/helpers/wait';
import { buildApp } from '../app';
import { DEMO_CONTRACTOR_EMAIL, DEMO_HOMEOWNER_EMAIL, DEMO_PASSWORD } from '../features/seed/demo-data';
import { demoAdminEmail } from '../features/seed/seed.service';
import { createServices } from '../services';
import { BUS_LISTENER_APPLICATION_NAME } from './bus/create-event-bus';
import { messages, projects } from './db/schema';
import { TRACKED_TABLES, UNTRACKED_TABLES } from './db/tracked-tables';
import { createPlatform, type Platform } from './platform';

/**
 * The read caches against a real database: the triggers announce exactly the tracked tables, each
 * family's queries read only the tables it declares, a process reads its own writes at once (also
 * on PostgreSQL, where the announcements come on another connection), another process's writes
 * arrive by notification, and nothing is served from memory while the feed is down.
 */
let fresh: FreshDatabase;
let platform: Platform;
let app: FastifyInstance;
let dataDir: string;
/** The family whose load is running (async context), and the SELECTs each family's loads sent. */
const inFamily = new AsyncLocalStorage<string>();
const statements = new Map<string, { text: string; params: unknown[] }[]>();
let homeowner: { cookie: string; id: string };
let contractor: { cookie: string; id: string };
let admin: { cookie: string; id: string };
let reference: string;

async function signIn(email: string) {
  const res = await login(app, email, DEMO_PASSWORD);
  const cookie = sessionCookieFrom(res) as string;
  const me = (await app.inject({ url: '/api/auth/user', headers: { cookie } })).json() as { id: string };
  return { cookie, id: me.id };
}

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  const config = testConfig({ SEED_DEMO: '1' });
  dataDir = config.dataDir;
  fresh = await freshDatabase();
  platform = await createPlatform(config, { database: fresh.database, runWorkers: false });
  // every family's load runs in its own async context, so the SQL it sends can be told apart
  const define = platform.readCache.define.bind(platform.readCache);
  platform.readCache.define = ((name, tables, opts) => {
    const family = define(name, tables, opts);
    return { get: (key, load) => family.get(key, () => inFamily.run(name, load)) };
  }) as typeof define;
  if (fresh.database.kind === 'pglite') {
    const { pglite } = fresh.database;
    const query = pglite.query.bind(pglite);
    pglite.query = ((text: string, params?: unknown[], opts?: unknown) => {
      const family = inFamily.getStore();
      if (family) statements.set(family, [...(statements.get(family) ?? []), { text, params: params ?? [] }]);
      return query(text, params, opts as never);
    }) as typeof pglite.query;
  }
  await createServices(platform).seed.seedDemoDataIfEmpty();
  app = await buildApp(platform, { serveWeb: false });
  await app.ready();
  homeowner = await signIn(DEMO_HOMEOWNER_EMAIL);
  contractor = await signIn(DEMO_CONTRACTOR_EMAIL);
  admin = await signIn(demoAdminEmail(config.adminEmailDomain));
  reference = (await insertSubmittedQuote(platform)).reference;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await platform?.close();
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The hot reads of the dashboards and public pages, one call per cached family. */
const hotReads = () => [
  { url: '/api/messages/unread', cookie: homeowner.cookie },
  { url: `/api/projects/homeowner/${homeowner.id}`, cookie: homeowner.cookie },
  { url: `/api/projects/contractor/${contractor.id}`, cookie: contractor.cookie },
  { url: `/api/quotes/${reference}/status` },
  { url: '/api/contractors/available?zip=75201' },
  { url: '/api/contractors/available?zip=75201&specialty=Residential' },
  // the admin dashboard's first pages (issue 26)
  { url: '/api/admin/projects?limit=25', cookie: admin.cookie },
  { url: '/api/admin/contractors?limit=25', cookie: admin.cookie },
  { url: '/api/admin/users?limit=25', cookie: admin.cookie },
  { url: '/api/admin/summary', cookie: admin.cookie },
  // the work queues' pages
  { url: '/api/admin/install-requests', cookie: admin.cookie },
  { url: '/api/admin/quotes', cookie: admin.cookie },
  { url: '/api/admin/contact-messages', cookie: admin.cookie },
  { url: '/api/admin/reports/queue', cookie: admin.cookie },
  { url: '/api/admin/discount-codes', cookie: admin.cookie },
];

describe('read cache on the database', () => {
  it('is announced by a trigger on exactly the tracked tables, and every table is one or the other', async () => {
    const triggered = await platform.database.sql.query<{ table: string }>(
      `select distinct c.relname as table from pg_trigger t
         join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where p.proname = 'ridgeline_table_changed' and not t.tgisinternal order by 1`,
    );
    expect(triggered.rows.map((r) => r.table)).toEqual([...TRACKED_TABLES].sort());
    const tables = await platform.database.sql.query<{ table: string }>(
      `select table_name as table from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const classified = new Set<string>([...TRACKED_TABLES, ...UNTRACKED_TABLES]);
    expect(tables.rows.map((r) => r.table).filter((t) => !classified.has(t))).toEqual([]);
  });

  it.skipIf(testDbKind !== 'pglite')(
    "declares every table its queries read (from the database's own plans)",
    async () => {
      for (const { url, cookie } of hotReads()) expect((await get(url, cookie)).statusCode).toBe(200);
      const { pglite } = fresh.database as Extract<FreshDatabase['database'], { kind: 'pglite' }>;
      const relationsOf = (plan: unknown, into: Set<string>) => {
        if (Array.isArray(plan)) for (const p of plan) relationsOf(p, into);
        else if (plan && typeof plan === 'object') {
          for (const [k, v] of Object.entries(plan)) {
            if (k === 'Relation Name' && typeof v === 'string') into.add(v);
            else relationsOf(v, into);
          }
        }
      };
      for (const [family, tables] of platform.readCache.families()) {
        const sent = statements.get(family) ?? [];
        expect(sent.length, `${family} was loaded`).toBeGreaterThan(0);
        const read = new Set<string>();
        for (const { text, params } of sent) {
          const [row] = (
            await pglite.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${text}`, params)
          ).rows;
          relationsOf(row?.['QUERY PLAN'], read);
        }
        expect(
          [...read].filter((t) => !tables.includes(t)),
          `${family} reads only what it declares`,
        ).toEqual([]);
      }
    },
  );

  it("answers this process's own writes at once, whichever connection wrote them", async () => {
    const unread = async () =>
      ((await get('/api/messages/unread', homeowner.cookie)).json() as { total: number }).total;
    const listTitles = async () =>
      (
        (await get(`/api/projects/homeowner/${homeowner.id}`, homeowner.cookie)).json() as { title: string }[]
      ).map((p) => p.title);
    // warm: both are now in memory
    expect(await unread()).toBeGreaterThan(0);
    const titles = await listTitles();
    expect(titles.length).toBeGreaterThan(0);
    // written as a job would (no HTTP request around it), then read back straight away
    await platform.db
      .update(messages)
      .set({ isRead: true })
      .where(and(eq(messages.receiverId, homeowner.id), eq(messages.isRead, false)));
    expect(await unread()).toBe(0);
    await platform.db.transaction(async (tx) => {
      await tx
        .update(projects)
        .set({ title: sql`${projects.title} || ' (renamed)'` })
        .where(eq(projects.homeownerId, homeowner.id));
    });
    expect(await listTitles()).toEqual(titles.map((t) => `${t} (renamed)`));
  });

  it.skipIf(testDbKind !== 'postgres')(
    "sees another process's writes once announced, and serves nothing from memory while it cannot hear them",
    async () => {
      const other = new pg.Client({ connectionString: fresh.url });
      await other.connect();
      try {
        const status = async () =>
          (
            (await get(`/api/quotes/${reference}/status`)).json() as {
              status: string;
              discountCode: string | null;
            }
          ).status;
        expect(await status()).toBe('submitted');
        // another process (a connection this one does not write through) changes the quote
        await other.query(`update quotes set status = 'cancelled' where reference = $1`, [reference]);
        expect(await until(status, (s) => s === 'cancelled', 10_000)).toBe('cancelled');

        // the listening connection drops: nothing may come from memory until it is back
        await other.query(
          // this test's database only: other suites (the two-process test) share the server
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1',
          [BUS_LISTENER_APPLICATION_NAME],
        );
        await until(
          async () => platform.bus.tablesLive(),
          (live) => !live,
          10_000,
        );
        // read while deaf (a cache that kept this would answer it after the next change)
        expect(await status()).toBe('cancelled');
        await other.query(`update quotes set status = 'submitted' where reference = $1`, [reference]);
        // no notification can arrive now: the answer is right only because it is read through
        expect(await status()).toBe('submitted');
        await until(
          async () => platform.bus.tablesLive(),
          (live) => live,
          30_000,
        );
        expect(await status()).toBe('submitted');
        await other.query(`update quotes set status = 'cancelled' where reference = $1`, [reference]);
        expect(await until(status, (s) => s === 'cancelled', 10_000)).toBe('cancelled');
      } finally {
        await other.end();
      }
    },
  );
});

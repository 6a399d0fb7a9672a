/**
 * The back office at size (issue 26 item 3; docs/scale.md): a production server on a PostgreSQL
 * database holding the `npm run seed:scale` data set (100,000 projects, 10,000 contractors,
 * 200,000 users, 1,000,000 messages), each call loaded at 50 connections by autocannon, p50 and
 * p99 (`http.scale.<call>.p50Ms` / `.p99Ms` / `.rps`). Aims: p99 under 50 ms for a first page,
 * under 100 ms for a search.
 *
 * The seeded database is kept as a template named by a hash of the migrations and the seed's SQL
 * (`rl_scale_<hash>`): the first run seeds it (minutes), later runs copy it (CREATE DATABASE ...
 * TEMPLATE, seconds) and drop the copy after. Templates of other hashes are dropped.
 *
 * A call that takes over a second alone (today's unpaged whole-table lists) is measured once,
 * not loaded (`.singleMs`): 50 of them at once would only measure the server's memory.
 * Alone: `BENCH_ONLY=scale npx tsx bench/run.ts` (builds nothing: run `npm run build` first).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SCALE_PASSWORD, scaleAccounts, scaleSizes, seedScale } from '../src/server/cli/scale-seed';
import { hashPassword } from '../src/server/platform/auth/passwords';
import { migrateDatabase, openDatabase } from '../src/server/platform/db';
import { load, startProcess } from './lib';
import { measureDashboardAtSize } from './scale-dashboard';

type Put = (name: string, value: number, unit: string) => void;
type Role = 'admin' | 'homeowner' | 'contractor';

const root = path.resolve(import.meta.dirname, '..');
/** A call taking longer than this alone is not loaded at 50 connections. */
const SINGLE_LIMIT_MS = 1_000;

/** The calls, by figure name: who makes it and the URL ({homeowner}, {contractor}, {project} filled in). */
const CALLS: [name: string, role: Role, url: string, kind: 'page' | 'search' | 'summary' | 'other'][] = [
  ['adminProjects', 'admin', '/api/projects', 'page'],
  ['adminContractors', 'admin', '/api/contractors', 'page'],
  ['adminUsers', 'admin', '/api/users', 'page'],
  ['adminPendingVerification', 'admin', '/api/admin/contractors/pending', 'page'],
  ['adminInstallRequests', 'admin', '/api/admin/install-requests', 'page'],
  ['adminQuotes', 'admin', '/api/admin/quotes', 'page'],
  ['adminReportQueue', 'admin', '/api/admin/reports/queue', 'page'],
  ['adminOutbox', 'admin', '/api/admin/outbox', 'page'],
  ['adminContactMessages', 'admin', '/api/admin/contact-messages', 'page'],
  ['adminDiscountCodes', 'admin', '/api/admin/discount-codes', 'page'],
  ['notifications', 'homeowner', '/api/notifications', 'page'],
  ['messages', 'homeowner', '/api/messages/user/{homeowner}', 'page'],
  // `q`: the search parameter of the cursor-paged lists (issue 26 item 1)
  ['searchProjects', 'admin', '/api/projects?q=Maple', 'search'],
  ['summary', 'admin', '/api/admin/summary', 'summary'],
  // what the admin dashboard asks (issue 26 #2), as its web app sends it
  ['dashboardProjects', 'admin', '/api/admin/projects?limit=25', 'page'],
  ['dashboardProjectsPage2', 'admin', '/api/admin/projects?limit=25&cursor={projectsCursor}', 'page'],
  [
    'dashboardPending',
    'admin',
    '/api/admin/projects?status=pending&unassigned=true&sort=age&limit=25',
    'page',
  ],
  ['dashboardOverdueMatches', 'admin', '/api/admin/projects?matchOverdue=true&sort=waiting&limit=25', 'page'],
  ['dashboardRevenue', 'admin', '/api/admin/projects?sort=estimatedCost&limit=25', 'page'],
  ['dashboardContractors', 'admin', '/api/admin/contractors?limit=25', 'page'],
  ['dashboardRejected', 'admin', '/api/admin/contractors?status=rejected&limit=1', 'page'],
  ['dashboardUsers', 'admin', '/api/admin/users?limit=25', 'page'],
  ['dashboardSearchProjects', 'admin', '/api/admin/projects?q=priya&limit=25', 'search'],
  ['dashboardSearchUsers', 'admin', '/api/admin/users?q=smith&limit=25', 'search'],
  ['homeownerProjects', 'homeowner', '/api/projects/homeowner/{homeowner}', 'other'],
  ['contractorProjects', 'contractor', '/api/projects/contractor/{contractor}', 'other'],
  ['project', 'homeowner', '/api/projects/{project}', 'other'],
];

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Names the seeded template: the migrations and the seed's own SQL. */
function templateName(): string {
  const hash = createHash('sha256');
  const migrations = path.join(root, 'migrations');
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('_journal.json'))
      hash.update(readFileSync(path.join(migrations, file)));
  }
  for (const file of [
    'scale-seed.ts',
    'scale-seed-sql.ts',
    'scale-seed-queues-sql.ts',
    'scale-seed-words.ts',
  ]) {
    hash.update(readFileSync(path.join(root, 'src/server/cli', file)));
  }
  return `rl_scale_${hash.digest('hex').slice(0, 12)}`;
}

/** The template database, seeded on first use; returns its name. */
async function ensureTemplate(admin: pg.Client, postgresUrl: string): Promise<string> {
  const name = templateName();
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'rl\\_scale\\_%'",
  );
  for (const { datname } of rows) {
    if (datname !== name) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
  if (rows.some((r) => r.datname === name)) return name;
  // built under another name and renamed when complete: an interrupted seed is never used
  const building = `${name}_building`;
  await admin.query(`CREATE DATABASE ${building}`);
  const url = withDatabase(postgresUrl, building);
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t0 = performance.now();
    await seedScale(client as never, scaleSizes(1), await hashPassword(SCALE_PASSWORD), (s) =>
      console.log(`seed:scale ${s.step}: ${(s.ms / 1000).toFixed(1)} s`),
    );
    console.log(`seed:scale done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
  await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  return name;
}

async function signIn(baseUrl: string, email: string): Promise<{ cookie: string; id: string }> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SCALE_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
  const me = (await (await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } })).json()) as {
    id: string;
  };
  return { cookie, id: me.id };
}

export async function measureScale(
  put: Put,
  opts: { serverEntry: string; baseEnv: Record<string, string>; postgresUrl: string },
): Promise<void> {
  const admin = new pg.Client({ connectionString: opts.postgresUrl });
  await admin.connect();
  const dbName = `rl_bench_scale_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-bench-scale-'));
  try {
    const template = await ensureTemplate(admin, opts.postgresUrl);
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${template}`);
    const url = withDatabase(opts.postgresUrl, dbName);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const server = await startProcess([opts.serverEntry], {
      ...opts.baseEnv,
      SEED_DEMO: '0',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
    });
    try {
      const accounts = scaleAccounts(scaleSizes(1));
      const sessions = {
        admin: await signIn(server.baseUrl, accounts.admin),
        homeowner: await signIn(server.baseUrl, accounts.homeowner),
        contractor: await signIn(server.baseUrl, accounts.contractor),
      };
      const { rows } = await db.query<{ id: string }>(
        'SELECT p.id FROM projects p WHERE p.homeowner_id = $1 ORDER BY p.created_at DESC LIMIT 1',
        [sessions.homeowner.id],
      );
      // the cursor of the admin's first page of projects, for the second page's figure
      const first = (await (
        await fetch(`${server.baseUrl}/api/admin/projects?limit=25`, {
          headers: { cookie: sessions.admin.cookie },
        })
      ).json()) as { nextCursor: string | null };
      const fill = (u: string) =>
        u
          .replace('{projectsCursor}', encodeURIComponent(first.nextCursor ?? ''))
          .replace('{homeowner}', sessions.homeowner.id)
          .replace('{contractor}', sessions.contractor.id)
          .replace('{project}', rows[0]?.id ?? '');
      for (const [name, role, rawUrl, kind] of CALLS) {
        await measureCall(put, `${server.baseUrl}${fill(rawUrl)}`, name, kind, sessions[role].cookie);
      }
      await measureDashboardAtSize(put, server.baseUrl, sessions.admin.cookie);
    } finally {
      await server.stop();
      await db.end();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureCall(put: Put, url: string, name: string, kind: string, cookie: string): Promise<void> {
  const alone = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'gzip' } });
    const body = await res.arrayBuffer();
    return { res, body, ms: performance.now() - t0 };
  };
  let { res, body, ms: singleMs } = await alone();
  if (singleMs > SINGLE_LIMIT_MS) {
    // once more: the first may have waited behind the work a saturated call before it left
    const again = await alone();
    if (again.ms < singleMs) ({ res, body, ms: singleMs } = again);
  }
  const label = `scale ${name} (${new URL(url).pathname}${new URL(url).search})`;
  if (!res.ok) {
    // the summary call and `q` arrive with issue 26 items 1-2: skipped before that merge
    console.log(
      `${label}: skipped, it answers ${res.status}${kind === 'summary' ? ' (not merged yet)' : ''}`,
    );
    return;
  }
  if (singleMs > SINGLE_LIMIT_MS) {
    put(`http.scale.${name}.singleMs`, singleMs, 'ms');
    console.log(
      `${label}: ${Math.round(singleMs)} ms alone for ${(body.byteLength / 1e6).toFixed(1)} MB: not loaded at 50 connections (unpaged)`,
    );
    return;
  }
  const r = await load(url, { cookie, 'accept-encoding': 'gzip' });
  // the server still works through what the closed connections asked: wait until the call
  // answers about as fast alone again, so the next call is measured on an idle server
  for (let i = 0; i < 30 && (await alone()).ms > Math.max(2 * singleMs, 50); i++);
  if (r.non2xx > 0 || r.errors > r.timeouts) {
    throw new Error(`${label} answered ${r.non2xx} non-2xx, ${r.errors} errors`);
  }
  if (r.timeouts > 0 || r.rps === 0) {
    // saturated: no answer within the run, or requests past autocannon's 10 s timeout
    put(`http.scale.${name}.singleMs`, singleMs, 'ms');
    put(`http.scale.${name}.timeouts`, r.timeouts, 'requests');
    console.log(
      `${label}: ${Math.round(singleMs)} ms alone; saturated at 50 connections (${r.rps} req/s, ${r.timeouts} timeouts)`,
    );
    return;
  }
  put(`http.scale.${name}.rps`, r.rps, 'req/s');
  put(`http.scale.${name}.p50Ms`, r.p50Ms, 'ms');
  put(`http.scale.${name}.p99Ms`, r.p99Ms, 'ms');
  const aim = kind === 'search' ? 100 : kind === 'page' ? 50 : undefined;
  console.log(
    `${label}: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.rps} req/s, alone ${Math.round(singleMs)} ms${aim ? ` (aim p99 < ${aim} ms: ${r.p99Ms < aim ? 'met' : 'missed'})` : ''}`,
  );
}

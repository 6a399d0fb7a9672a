/**
 * Throughput under a realistic mix (issue 13 item 7): 50 connections for BENCH_MIXED_SECONDS
 * (default 60) of signed-in reads, project lists, contractor search, quote status and public
 * pages, on PGlite, on PostgreSQL with one server process, and with two processes on one database.
 *
 * The server runs with TRUST_PROXY=1, as behind the production reverse proxy: autocannon's 50
 * keep-alive connections play the proxy's upstream connections, and each *visit* (one pass through
 * a visitor's requests) comes from its own client address in X-Forwarded-For, so per-IP rate
 * limits count per visitor as they would in production, not per load-generator socket.
 *
 * Alone: `BENCH_ONLY=mixed npx tsx bench/run.ts` (prints hello-world beside it).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { quoteData as sharedQuoteData } from '../tests/helpers/quote-data';
import { type Started, startProcess } from './lib';

type Put = (name: string, value: number, unit: string) => void;

const CONNECTIONS = 50;
const PASSWORD = 'ridgeline-demo';
const HOMEOWNERS = [
  'homeowner@demo.test',
  'kevin.tran@demo.test',
  'angela.foster@demo.test',
  'priya.raman@demo.test',
  'lisa.nguyen@demo.test',
];
const CONTRACTORS = [
  'contractor@demo.test',
  'dwayne.harris@trinitypeakroofing.test',
  'renee.broussard@bayoucitystorm.test',
];
/** Searched ZIP codes (served and unserved areas) and the specialty filters of the search page. */
const ZIPS = [
  '75201',
  '75024',
  '77002',
  '78701',
  '33602',
  '30060',
  '85251',
  '80202',
  '98101',
  '60601',
  '10001',
];
const SPECIALTIES = ['all', 'Residential', 'Insurance', 'Solar', 'Repair'];
/** What a browser sends: compression is part of the server's real cost. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', 'user-agent': 'ridgeline-bench' };

interface Session {
  cookie: string;
  userId: string;
}

interface Fixture {
  homeowners: Session[];
  contractors: Session[];
  /** Quote references (public Project IDs), one per homeowner, in the same order. */
  quotes: string[];
  /** One built JavaScript asset of the landing page. */
  asset: string;
}

type Step = { label: string; path: string; session?: Session };
type Visitor = (v: number, f: Fixture) => Step[];

const pick = <T>(list: T[], n: number): T => list[n % list.length] as T;

/** Anonymous: looks at the pages, searches contractors near a ZIP, checks an order's status. */
const shopper: Visitor = (v, f) => {
  const zip = pick(ZIPS, v);
  return [
    { label: 'GET / (html)', path: '/' },
    { label: 'GET static asset', path: f.asset },
    { label: 'GET /contractors (html)', path: '/contractors' },
    { label: 'GET /api/contractors/available', path: `/api/contractors/available?zip=${zip}` },
    {
      label: 'GET /api/contractors/available',
      path: `/api/contractors/available?zip=${zip}&specialty=${pick(SPECIALTIES, v >> 1)}`,
    },
    { label: 'GET /quote (html)', path: '/quote' },
    { label: 'GET /api/quotes/:ref/status', path: `/api/quotes/${pick(f.quotes, v)}/status` },
  ];
};

/** A signed-in homeowner on their dashboard: who am I, unread messages, projects, their order. */
const homeowner: Visitor = (v, f) => {
  const i = v % f.homeowners.length;
  const session = f.homeowners[i] as Session;
  return [
    { label: 'GET /api/auth/user', path: '/api/auth/user', session },
    { label: 'GET /api/messages/unread', path: '/api/messages/unread', session },
    { label: 'GET /api/projects/homeowner/:id', path: `/api/projects/homeowner/${session.userId}`, session },
    { label: 'GET /api/quotes/:ref/status', path: `/api/quotes/${f.quotes[i]}/status`, session },
    { label: 'GET /api/auth/user', path: '/api/auth/user', session },
    { label: 'GET /api/messages/unread', path: '/api/messages/unread', session },
  ];
};

/** A signed-in contractor on their dashboard. */
const contractor: Visitor = (v, f) => {
  const session = pick(f.contractors, v);
  return [
    { label: 'GET /api/auth/user', path: '/api/auth/user', session },
    { label: 'GET /api/messages/unread', path: '/api/messages/unread', session },
    {
      label: 'GET /api/projects/contractor/:id',
      path: `/api/projects/contractor/${session.userId}`,
      session,
    },
    { label: 'GET /api/messages/unread', path: '/api/messages/unread', session },
    { label: 'GET /api/auth/user', path: '/api/auth/user', session },
  ];
};

/** Two shoppers, two homeowners and one contractor in every five visits. */
const VISITORS: Visitor[] = [shopper, homeowner, shopper, homeowner, contractor];
const MAX_STEPS = 7;

let visitCount = 0;
/**
 * A client address per visit, from the IPv6 documentation prefix (never a real host; no traffic
 * goes there), each in its own /64: the server counts an IPv6 client's limits per /64 (one
 * household or phone holds a whole /64), so addresses inside one /64 would share one count.
 */
function nextVisit(): { visit: number; ip: string } {
  visitCount++;
  const hi = (visitCount >>> 16).toString(16);
  const lo = (visitCount & 0xffff).toString(16);
  return { visit: visitCount, ip: `2001:db8:${hi}:${lo}::1` };
}

interface Tally {
  [label: string]: Record<string, number>;
}

interface MixedResult {
  rps: number;
  /** CPU time of the server processes (user + system) per answered request, from /proc. */
  serverCpuMsPerRequest: number;
  /** CPU time of this process (autocannon) per answered request. */
  loadCpuMsPerRequest: number;
  p99Ms: number;
  p50Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  tally: Tally;
}

interface VisitContext {
  steps?: Step[];
  ip?: string;
}

/** One autocannon instance: `connections` connections, each running visits one after another. */
function cannon(
  baseUrl: string,
  fixture: Fixture,
  connections: number,
  seconds: number,
  tally: Tally,
): Promise<autocannon.Result> {
  const requests = Array.from({ length: MAX_STEPS }, (_, i) => ({
    setupRequest: (req: autocannon.Request, context: VisitContext) => {
      if (i === 0 || !context.steps) {
        const { visit, ip } = nextVisit();
        context.steps = (VISITORS[visit % VISITORS.length] as Visitor)(visit, fixture);
        context.ip = ip;
      }
      const step = context.steps[i];
      if (!step) return undefined; // this visitor's visit is over: the next visit starts
      const headers: Record<string, string> = { ...BROWSER_HEADERS, 'x-forwarded-for': context.ip as string };
      if (step.session) headers.cookie = step.session.cookie;
      return { ...req, method: 'GET', path: step.path, headers };
    },
    onResponse: (status: number, _body: string, context: VisitContext) => {
      // the step just answered is the one before the iterator moves on
      const label = context.steps?.[i]?.label ?? '?';
      const row = tally[label] ?? {};
      tally[label] = row;
      row[status] = (row[status] ?? 0) + 1;
    },
  }));
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: requests as unknown as autocannon.Request[],
    skipAggregateResult: true,
  });
}

/**
 * The CPU time a server process has used (user + system, ms): on a shared machine its figure per
 * request says what the server costs when the rate says how busy the machine was.
 */
function cpuMsOf(server: Started): number {
  // fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses; clock ticks of 10 ms
  const stat = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Runs the mix against one or more servers at once (the connections split evenly) and merges the results. */
async function runMix(servers: Started[], fixture: Fixture, seconds: number): Promise<MixedResult> {
  const per = CONNECTIONS / servers.length;
  // warm-up: JIT, statement caches and the page cache settle before the measured run
  await Promise.all(servers.map((s) => cannon(s.baseUrl, fixture, per, Math.min(5, seconds), {})));
  const tally: Tally = {};
  const cpu0 = servers.map(cpuMsOf);
  const own0 = process.cpuUsage();
  const results = await Promise.all(servers.map((s) => cannon(s.baseUrl, fixture, per, seconds, tally)));
  const own = process.cpuUsage(own0);
  const serverCpuMs = servers.reduce((n, s, i) => n + cpuMsOf(s) - (cpu0[i] as number), 0);
  // autocannon.aggregateResult merges the latency histograms of instances run with skipAggregateResult
  const { aggregateResult } = autocannon as unknown as {
    aggregateResult(results: unknown[], opts: autocannon.Options): autocannon.Result;
  };
  const merged = aggregateResult(results, {
    url: servers[0]?.baseUrl ?? '',
    connections: CONNECTIONS,
    duration: seconds,
  });
  const raw = results as unknown as { totalCompletedRequests: number; duration: number }[];
  const total = raw.reduce((n, r) => n + r.totalCompletedRequests, 0);
  const duration = Math.max(...raw.map((r) => r.duration));
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(
    (merged as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats,
  )) {
    statusCodes[code] = count;
  }
  return {
    rps: Math.round(total / duration),
    serverCpuMsPerRequest: serverCpuMs / total,
    loadCpuMsPerRequest: (own.user + own.system) / 1000 / total,
    p99Ms: merged.latency.p99,
    p50Ms: merged.latency.p50,
    total,
    non2xx: merged.non2xx,
    errors: merged.errors,
    statusCodes,
    tally,
  };
}

async function call(baseUrl: string, url: string, init: RequestInit & { ip: string }): Promise<Response> {
  const { ip, ...rest } = init;
  const res = await fetch(`${baseUrl}${url}`, {
    ...rest,
    headers: { ...(rest.headers as Record<string, string>), 'x-forwarded-for': ip },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res;
}

async function signIn(baseUrl: string, email: string, ip: string): Promise<Session> {
  const res = await call(baseUrl, '/api/auth/login', {
    ip,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie for ${email}`);
  const me = (await (await call(baseUrl, '/api/auth/user', { ip, headers: { cookie } })).json()) as {
    id: string;
  };
  return { cookie, userId: me.id };
}

/** A VIP order without a measurement file for `homeownerEmail`; waits until its preliminary report is done. */
async function orderQuote(baseUrl: string, homeownerEmail: string, n: number, ip: string): Promise<string> {
  const quoteData = sharedQuoteData({
    requesterFirstName: 'Riley',
    requesterLastName: 'Requester',
    requesterEmail: homeownerEmail,
    homeownerFirstName: 'Pat',
    homeownerLastName: 'Owner',
    homeownerEmail,
    homeownerPhone: '(214) 555-0100',
    streetAddress: `${200 + n} Sample Rd`,
    streetAddress2: null,
    sketchFileUrl: null,
    sketchFileName: null,
    sketchFileSize: null,
    roofAreaSqFt: '2,400',
  });
  const res = await call(baseUrl, '/api/quotes/submit', {
    ip,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      quoteData,
      paymentIntentId: 'free_submission',
      isVipSubmission: true,
      discountCode: 'VIP',
    }),
  });
  const { projectId } = (await res.json()) as { projectId: string };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = (await (await call(baseUrl, `/api/quotes/${projectId}/status`, { ip })).json()) as {
      reportStatus: string;
    };
    if (status.reportStatus === 'ready') return projectId;
    if (status.reportStatus === 'failed') throw new Error(`the report of ${projectId} failed`);
    if (Date.now() > deadline)
      throw new Error(`the report of ${projectId} is still ${status.reportStatus} after 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function prepare(baseUrl: string): Promise<Fixture> {
  const ip = '2001:db8:ffff::1';
  const homeowners: Session[] = [];
  for (const email of HOMEOWNERS) homeowners.push(await signIn(baseUrl, email, ip));
  const contractors: Session[] = [];
  for (const email of CONTRACTORS) contractors.push(await signIn(baseUrl, email, ip));
  const quotes: string[] = [];
  for (const [n, email] of HOMEOWNERS.entries()) quotes.push(await orderQuote(baseUrl, email, n, ip));
  const html = await (await call(baseUrl, '/', { ip })).text();
  const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!asset) throw new Error('no script asset in the landing page');
  return { homeowners, contractors, quotes, asset };
}

function report(put: Put, name: string, r: MixedResult): number {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  put(`http.mixed.${name}.rps`, r.rps, 'req/s');
  put(`http.mixed.${name}.p99Ms`, r.p99Ms, 'ms');
  put(`http.mixed.${name}.non2xxShare`, r.total ? (r.non2xx / r.total) * 100 : 0, '%');
  put(`http.mixed.${name}.serverCpuMsPerRequest`, r.serverCpuMsPerRequest, 'ms');
  console.log(
    `mixed ${name}: ${r.rps} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.total} answers, ` +
      `${r.non2xx} non-2xx, ${r.errors} errors, status ${JSON.stringify(r.statusCodes)}; ` +
      `server CPU ${r.serverCpuMsPerRequest.toFixed(3)} ms/request, autocannon CPU ${r.loadCpuMsPerRequest.toFixed(3)} ms/request; ` +
      `loadavg after: ${load}`,
  );
  console.table(
    Object.entries(r.tally).map(([call, codes]) => {
      const n = Object.values(codes).reduce((a, b) => a + b, 0);
      return { call, answers: n, share: `${((n / r.total) * 100).toFixed(1)} %`, ...codes };
    }),
  );
  // server errors are bugs, whatever the load
  if ((r.statusCodes['500'] ?? 0) + (r.statusCodes['503'] ?? 0) > 0) {
    throw new Error(`mixed ${name}: the server answered 5xx under load: ${JSON.stringify(r.statusCodes)}`);
  }
  return r.rps;
}

export async function measureMixed(
  put: Put,
  opts: { serverEntry: string; baseEnv: Record<string, string>; postgresUrl: string },
): Promise<void> {
  const seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
  const targets = (process.env.BENCH_MIXED_TARGETS ?? 'pglite,postgres').split(',');
  const env = { ...opts.baseEnv, TRUST_PROXY: '1' };
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the servers
  const serverArgs = [
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    opts.serverEntry,
  ];

  if (targets.includes('pglite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-bench-mixed-'));
    try {
      const server = await startProcess(serverArgs, { ...env, DATA_DIR: dataDir });
      try {
        report(put, 'pglite', await runMix([server], await prepare(server.baseUrl), seconds));
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (targets.includes('postgres')) {
    const dbName = `rl_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: opts.postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(opts.postgresUrl);
    url.pathname = `/${dbName}`;
    const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'rl-bench-mixed-pg-')));
    const pgEnv = (i: number) => ({ ...env, DATABASE_URL: url.toString(), DATA_DIR: dataDirs[i] as string });
    try {
      const first = await startProcess(serverArgs, pgEnv(0));
      try {
        const fixture = await prepare(first.baseUrl);
        const one = report(put, 'postgres.oneProcess', await runMix([first], fixture, seconds));
        const second = await startProcess(serverArgs, pgEnv(1));
        try {
          const two = report(put, 'postgres.twoProcesses', await runMix([first, second], fixture, seconds));
          put('http.mixed.postgres.twoToOneProcess.ratio', two / one, 'x');
        } finally {
          await second.stop();
        }
      } finally {
        await first.stop();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
      for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    }
  }
}

/**
 * Throughput under a realistic mix (issue 13 item 7): 50 connections for BENCH_MIXED_SECONDS
 * (default 60) of signed-in reads, project lists, contractor search, quote status and public
 * pages, on PGlite, on PostgreSQL with one server process, and with two processes on one database.
 *
 * The load comes from wrk (bench/wrk.ts, bench/wrk.lua), not autocannon: autocannon's per-request
 * JavaScript cost about as much CPU as the server on a 2-core machine. The visitor functions below
 * are the mix; writeVisits() writes their visits to a file the wrk script walks, a visitor's steps
 * in order, then the next visit (one wrk thread per server: see runMix).
 *
 * The server runs with TRUST_PROXY=1, as behind the production reverse proxy: wrk's 50
 * keep-alive connections play the proxy's upstream connections, and each *visit* (one pass through
 * a visitor's requests) comes from its own client address in X-Forwarded-For, so per-IP rate
 * limits count per visitor as they would in production, not per load-generator socket.
 *
 * Besides the rate, p99 (wrk's, or per request in the script with BENCH_WRK_THREADS=50), the non-2xx share and the
 * servers' CPU per request, each target reports wrk's own CPU per request (`.loadCpuMsPerRequest`).
 *
 * Alone: `BENCH_ONLY=mixed npx tsx bench/run.ts` (prints hello-world beside it, measured by
 * autocannon and by wrk: `http.helloWorld.wrk.rps`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { quoteData as sharedQuoteData } from '../tests/helpers/quote-data';
import { type Started, startProcess } from './lib';
import { addTally, percentileMs, runWrk } from './wrk';

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

/** The steps of visit number `v` (1, 2, 3, ...). */
const visitSteps = (v: number, f: Fixture): Step[] => (VISITORS[v % VISITORS.length] as Visitor)(v, f);

/** A Lua string literal: printable ASCII as it is, every other byte (and `"`, `\`) as a decimal escape. */
function luaString(s: string): string {
  let out = '"';
  for (const byte of Buffer.from(s, 'utf8')) {
    out +=
      byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c ? String.fromCharCode(byte) : `\\${byte}`;
  }
  return `${out}"`;
}

/**
 * Writes the visits for bench/wrk.lua to `dir/visits.lua`: each visit's steps (call label, path,
 * session cookie or false) and the browser's headers. The visitors pick from short lists by visit
 * number, so the visits repeat (every 330 visits today): the file holds one whole period, found
 * here, and a connection walking it in a loop sends the same sequence as the unending one. Only
 * the client address of each visit is new; bench/wrk.lua makes it.
 */
function writeVisits(fixture: Fixture, dir: string): string {
  const key = (v: number) => JSON.stringify(visitSteps(v, fixture));
  let period = VISITORS.length;
  while (!Array.from({ length: period }, (_, i) => i + 1).every((v) => key(v) === key(v + period))) {
    period += VISITORS.length;
    if (period > 100_000) throw new Error('the visits do not repeat within 100,000 visits');
  }
  const visits = Array.from({ length: period }, (_, i) => {
    const steps = visitSteps(i + 1, fixture).map(
      (s) =>
        `{${luaString(s.label)}, ${luaString(s.path)}, ${s.session ? luaString(s.session.cookie) : 'false'}}`,
    );
    return `    {${steps.join(', ')}},`;
  });
  const headers = Object.entries(BROWSER_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const file = path.join(dir, 'visits.lua');
  writeFileSync(
    file,
    `return {\n  headers = ${luaString(headers)},\n  visits = {\n${visits.join('\n')}\n  },\n}\n`,
  );
  return file;
}

interface Tally {
  [label: string]: Record<string, number>;
}

interface MixedResult {
  rps: number;
  /** CPU time of the server processes (user + system) per answered request, from /proc. */
  serverCpuMsPerRequest: number;
  /** CPU time of the wrk processes per answered request, from /proc. */
  loadCpuMsPerRequest: number;
  p99Ms: number;
  p50Ms: number;
  /** wrk's own p99, after its coordinated-omission correction (printed, not reported). */
  wrkP99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  tally: Tally;
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

/** The next free /64 slot of client addresses: every wrk thread of every run takes its own. */
let nextSlot = 1;

/**
 * Runs the mix against one or more servers at once, one wrk per server, the connections split
 * evenly, and merges the results. wrk runs one thread per server by default: the cheapest load
 * (about 0.07 ms of CPU per request against 0.11 with a thread per connection and 0.2 with
 * autocannon, measured on this machine), so the figures say what the servers cost; the answers
 * are then counted by status only and p99 is wrk's own (corrected for coordinated omission, so
 * if anything too high; with two servers the worse of the two). BENCH_WRK_THREADS=50 runs one
 * thread per connection: each answer is paired with its call (the per-call table) and its latency
 * measured in the script (see bench/wrk.lua).
 */
async function runMix(servers: Started[], visits: string, seconds: number): Promise<MixedResult> {
  const per = CONNECTIONS / servers.length;
  const threads = Math.max(1, Math.min(per, Number(process.env.BENCH_WRK_THREADS ?? 1)));
  const wave = (duration: number) =>
    Promise.all(
      servers.map((s) => {
        const slot = nextSlot;
        nextSlot += threads;
        return runWrk(s.baseUrl, { connections: per, threads, seconds: duration, visits, slot });
      }),
    );
  // warm-up: JIT, statement caches and the page cache settle before the measured run
  await wave(Math.min(5, seconds));
  const cpu0 = servers.map(cpuMsOf);
  const results = await wave(seconds);
  const serverCpuMs = servers.reduce((n, s, i) => n + cpuMsOf(s) - (cpu0[i] as number), 0);
  const total = results.reduce((n, r) => n + r.requests, 0);
  const duration = Math.max(...results.map((r) => r.durationUs)) / 1e6;
  const tally: Tally = {};
  for (const r of results) addTally(tally, r.tally);
  const statusCodes: Record<string, number> = {};
  for (const codes of Object.values(tally)) {
    for (const [code, n] of Object.entries(codes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  }
  const non2xx = Object.entries(statusCodes).reduce((n, [code, c]) => (code.startsWith('2') ? n : n + c), 0);
  const paired = threads === per;
  // the latencies measured in the script merge soundly over the wrk runs; wrk's own percentiles of
  // two runs do not (and are corrected, see bench/wrk.lua): unpaired, the worse p99 of the runs
  const wrkP99Ms = Math.max(...results.map((r) => r.wrkP99Us)) / 1000;
  return {
    rps: Math.round(total / duration),
    serverCpuMsPerRequest: serverCpuMs / total,
    loadCpuMsPerRequest: results.reduce((n, r) => n + r.cpuMs, 0) / total,
    p99Ms: paired
      ? percentileMs(
          results.map((r) => r.latency10Us),
          99,
        )
      : wrkP99Ms,
    p50Ms: paired
      ? percentileMs(
          results.map((r) => r.latency10Us),
          50,
        )
      : Math.max(...results.map((r) => r.wrkP50Us)) / 1000,
    wrkP99Ms,
    total,
    non2xx,
    errors: results.reduce(
      (n, r) => n + r.errors.connect + r.errors.read + r.errors.write + r.errors.timeout,
      0,
    ),
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
  put(`http.mixed.${name}.loadCpuMsPerRequest`, r.loadCpuMsPerRequest, 'ms');
  console.log(
    `mixed ${name}: ${r.rps} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (wrk's corrected p99 ${r.wrkP99Ms} ms), ` +
      `${r.total} answers, ` +
      `${r.non2xx} non-2xx, ${r.errors} errors, status ${JSON.stringify(r.statusCodes)}; ` +
      `server CPU ${r.serverCpuMsPerRequest.toFixed(3)} ms/request, wrk CPU ${r.loadCpuMsPerRequest.toFixed(3)} ms/request; ` +
      `loadavg after: ${load}`,
  );
  console.table(
    Object.entries(r.tally).map(([call, codes]) => {
      const n = Object.values(codes).reduce((a, b) => a + b, 0);
      return { call, answers: n, share: `${((n / r.total) * 100).toFixed(1)} %`, ...codes };
    }),
  );
  // server errors are bugs, whatever the load
  if (Object.keys(r.statusCodes).some((code) => code.startsWith('5'))) {
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
  // the visit files of bench/wrk.lua
  const visitDir = mkdtempSync(path.join(tmpdir(), 'rl-bench-visits-'));
  try {
    await mixedTargets(put, targets, { env, serverArgs, seconds, visitDir, postgresUrl: opts.postgresUrl });
  } finally {
    rmSync(visitDir, { recursive: true, force: true });
  }
}

async function mixedTargets(
  put: Put,
  targets: string[],
  opts: {
    env: Record<string, string>;
    serverArgs: string[];
    seconds: number;
    visitDir: string;
    postgresUrl: string;
  },
): Promise<void> {
  const { env, serverArgs, seconds, visitDir } = opts;
  if (targets.includes('pglite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-bench-mixed-'));
    try {
      const server = await startProcess(serverArgs, { ...env, DATA_DIR: dataDir });
      try {
        const visits = writeVisits(await prepare(server.baseUrl), visitDir);
        report(put, 'pglite', await runMix([server], visits, seconds));
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
        const visits = writeVisits(await prepare(first.baseUrl), visitDir);
        const one = report(put, 'postgres.oneProcess', await runMix([first], visits, seconds));
        const second = await startProcess(serverArgs, pgEnv(1));
        try {
          const two = report(put, 'postgres.twoProcesses', await runMix([first, second], visits, seconds));
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

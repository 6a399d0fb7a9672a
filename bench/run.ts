/**
 * npm run bench: measures the figures of CONTRACT.md on this machine in one run, prints a
 * table and writes bench/results/latest.json. Every server runs in its own process; the load
 * comes from this one (autocannon, 50 connections), or for the mixed load from wrk (bench/wrk.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Figure, load, startProcess } from './lib';
import { measureMixed } from './mixed';
import { measureUploadParse } from './parse';
import { measureRealtime } from './realtime';
import { measureReport } from './report';
import { measureScale } from './scale';
import { measureWeb } from './web';
import { runWrk } from './wrk';

const root = path.resolve(import.meta.dirname, '..');
// BENCH_SERVER_ENTRY: another build's server, to compare two builds under the same conditions
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? path.join(root, 'dist/server/main.js');
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const figures: Record<string, Figure> = {};

function put(name: string, value: number, unit: string) {
  figures[name] = { value: Math.round(value * 100) / 100, unit };
}

const baseEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://localhost', // required in production
  SEED_DEMO: '1', // the bench signs in with a demo account
  LOG_LEVEL: 'warn',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};

/**
 * A partial run, printed beside hello-world and not written: BENCH_ONLY=http-postgres (the HTTP
 * figures of the PostgreSQL server), BENCH_ONLY=mixed (the mixed load, bench/mixed.ts) or
 * BENCH_ONLY=startup (start-up alone, three times on an empty and three on an existing DATA_DIR),
 * BENCH_ONLY=scale (the back office at size, bench/scale.ts).
 */
const only = process.env.BENCH_ONLY;

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'homeowner@demo.test', password: 'ridgeline-demo' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

async function measureApp(label: 'pglite' | 'postgres', env: Record<string, string>) {
  const server = await startProcess([serverEntry], { ...baseEnv, ...env });
  try {
    const cookie = await signIn(server.baseUrl);
    const health = await load(`${server.baseUrl}/api/health`);
    put(`http.health.${label}.rps`, health.rps, 'req/s');
    put(`http.health.${label}.p99Ms`, health.p99Ms, 'ms');
    const user = await load(`${server.baseUrl}/api/auth/user`, { cookie });
    if (user.non2xx > 0 || user.errors > 0)
      throw new Error(`auth/user answered ${user.non2xx} non-2xx, ${user.errors} errors`);
    put(`http.authUser.${label}.rps`, user.rps, 'req/s');
    put(`http.authUser.${label}.p99Ms`, user.p99Ms, 'ms');
    if (label === 'postgres') {
      // the demo homeowner's dashboard list: a real read of their projects (with contractor and
      // files) on every request, behind the signed-in session
      const me = (await (await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie } })).json()) as {
        id: string;
      };
      const url = `${server.baseUrl}/api/projects/homeowner/${me.id}`;
      const sample = (await (await fetch(url, { headers: { cookie } })).json()) as unknown[];
      if (!Array.isArray(sample) || sample.length === 0)
        throw new Error(`the demo homeowner has no projects to list: ${JSON.stringify(sample)}`);
      const list = await load(url, { cookie });
      if (list.non2xx > 0 || list.errors > 0)
        throw new Error(`projects/homeowner answered ${list.non2xx} non-2xx, ${list.errors} errors`);
      put(`http.projectsHomeowner.${label}.rps`, list.rps, 'req/s');
      put(`http.projectsHomeowner.${label}.p99Ms`, list.p99Ms, 'ms');
    }
    if (label === 'pglite' && !only) {
      // Page weight and LCP of the public pages in headless Chromium, served by this production server
      for (const [name, figure] of Object.entries(await measureWeb(server.baseUrl))) {
        put(name, figure.value, figure.unit);
      }
    }
  } finally {
    await server.stop();
  }
}

/**
 * Spawn to the first 200 on /api/health: `emptyRuns` times on a new DATA_DIR (the minimum is
 * recorded), then three times on the last of them. Returns that folder, for the figures after.
 */
async function measureStartup(emptyRuns: number): Promise<string> {
  const empties: { ms: number; cpuMs?: number }[] = [];
  let dataDir = '';
  for (let i = 0; i < emptyRuns; i++) {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = mkdtempSync(path.join(tmpdir(), 'rl-bench-'));
    const empty = await startProcess([serverEntry], { ...baseEnv, DATA_DIR: dataDir });
    empties.push({ ms: empty.startupMs, cpuMs: empty.startupCpuMs });
    await empty.stop();
  }
  const best = empties.reduce((a, b) => (b.ms < a.ms ? b : a));
  put('startup.emptyDataDir.ms', best.ms, 'ms');
  if (best.cpuMs !== undefined) put('startup.emptyDataDir.cpuMs', best.cpuMs, 'ms');
  const existing: number[] = [];
  const existingCpu: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await startProcess([serverEntry], { ...baseEnv, DATA_DIR: dataDir });
    existing.push(s.startupMs);
    if (s.startupCpuMs !== undefined) existingCpu.push(s.startupCpuMs);
    await s.stop();
  }
  put('startup.existingDataDir.ms', Math.min(...existing), 'ms');
  if (existingCpu.length > 0) put('startup.existingDataDir.cpuMs', Math.min(...existingCpu), 'ms');
  console.log(
    `start-up: empty ${empties.map((e) => Math.round(e.ms)).join(', ')} ms; existing ${existing.map(Math.round).join(', ')} ms; load ${(loadavg()[0] ?? 0).toFixed(2)}`,
  );
  return dataDir;
}

async function main() {
  if (only === 'startup') {
    // start-up alone, three times each, on a quiet machine: the wall times of issue 22's aims
    rmSync(await measureStartup(3), { recursive: true, force: true });
    console.table(
      Object.entries(figures).map(([name, f]) => ({ figure: name, value: f.value, unit: f.unit })),
    );
    console.log('partial run (BENCH_ONLY): bench/results/latest.json left as it was');
    return;
  }

  const hello = await startProcess([path.join(root, 'bench/hello-world.mjs')], {});
  try {
    const r = await load(`${hello.baseUrl}/api/health`);
    put('http.helloWorld.rps', r.rps, 'req/s');
    put('http.helloWorld.p99Ms', r.p99Ms, 'ms');
    // the same ceiling measured by wrk, the load generator of the mixed load (bench/mixed.ts),
    // with the same 50 connections, one thread each
    const url = `${hello.baseUrl}/api/health`;
    await runWrk(url, { connections: 50, seconds: 1 });
    const w = await runWrk(url, { connections: 50, seconds: 5 });
    const errors = Object.values(w.errors).reduce((a, b) => a + b, 0);
    if (errors > 0) throw new Error(`hello-world under wrk: errors ${JSON.stringify(w.errors)}`);
    put('http.helloWorld.wrk.rps', Math.round(w.requests / (w.durationUs / 1e6)), 'req/s');
    console.log(`hello-world under wrk: wrk CPU ${(w.cpuMs / w.requests).toFixed(3)} ms/request`);
  } finally {
    await hello.stop();
  }

  if (only === 'http-postgres' || only === 'mixed' || only === 'scale') {
    if (only === 'mixed') await measureMixed(put, { serverEntry, baseEnv, postgresUrl: POSTGRES_URL });
    else if (only === 'scale') await measureScale(put, { serverEntry, baseEnv, postgresUrl: POSTGRES_URL });
    else await measurePostgres();
    ratios();
    console.table(
      Object.entries(figures).map(([name, f]) => ({ figure: name, value: f.value, unit: f.unit })),
    );
    console.log('partial run (BENCH_ONLY): bench/results/latest.json left as it was');
    return;
  }

  // PGlite: start on an empty DATA_DIR (creates, migrates, seeds), then on the existing one
  const dataDir = await measureStartup(1);
  try {
    await measureApp('pglite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  await measurePostgres();
  ratios();
  await measureMixed(put, { serverEntry, baseEnv, postgresUrl: POSTGRES_URL });

  await measureReport(put, { serverEntry, baseEnv });
  await measureUploadParse(put, { serverEntry, baseEnv });
  await measureRealtime(put, { serverEntry, baseEnv, postgresUrl: POSTGRES_URL });
  await measureScale(put, { serverEntry, baseEnv, postgresUrl: POSTGRES_URL });

  const rows = Object.entries(figures).map(([name, f]) => ({ figure: name, value: f.value, unit: f.unit }));
  console.table(rows);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log('written to bench/results/latest.json');
}

/** The PostgreSQL server: a fresh database for this run, dropped after. */
async function measurePostgres() {
  const dbName = `rl_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${dbName}`;
  const pgDataDir = mkdtempSync(path.join(tmpdir(), 'rl-bench-pg-'));
  try {
    await measureApp('postgres', { DATABASE_URL: url.toString(), DATA_DIR: pgDataDir });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}

/** Each measured call's rate as a share of the hello-world ceiling of the same run. */
function ratios() {
  const helloRps = figures['http.helloWorld.rps']?.value ?? 1;
  for (const name of ['authUser.pglite', 'authUser.postgres', 'projectsHomeowner.postgres']) {
    const rps = figures[`http.${name}.rps`]?.value;
    if (rps !== undefined) put(`http.${name}.ratioToHelloWorld`, (rps / helloRps) * 100, '%');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Message delivery (issue 12): POST /api/messages by the homeowner until the contractor's socket
 * receives `message_created` for it, with 1,000 sockets open on the server(s). On PGlite (one
 * process) and on PostgreSQL with the sender on one process and the recipient on another (the
 * event crosses processes through PostgreSQL's LISTEN/NOTIFY bus).
 *
 * On its own: `node scripts/build.mjs && tsx bench/realtime.ts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { median, percentile, startProcess } from './lib';

type Put = (name: string, value: number, unit: string) => void;

const OPEN_SOCKETS = 1000;
/** The server allows 32 sockets per account: idle sockets are spread over this many accounts. */
const SOCKETS_PER_ACCOUNT = 30;
const MESSAGES = 300;
const WARMUP = 20;
const DEMO_PASSWORD = 'ridgeline-demo';

async function signIn(base: string, email: string): Promise<{ cookie: string; id: string }> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
  return { cookie, id: ((await res.json()) as { id: string }).id };
}

async function register(base: string, i: number): Promise<string> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Idle',
      lastName: `Listener ${i}`,
      email: `idle-${i}-${randomBytes(3).toString('hex')}@bench.example`,
      password: 'bench-password-1',
    }),
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie')?.split(';')[0] ?? '';
}

function openSocket(
  base: string,
  cookie: string,
  onEvent?: (e: { type: string; messageId?: string }) => void,
) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: { cookie } });
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as { type: string; messageId?: string };
      if (event.type === 'connected') resolve(ws);
      onEvent?.(event);
    });
    ws.on('error', reject);
  });
}

/** Opens the idle sockets, signs in the pair, sends MESSAGES messages one after another; answers [p50, p99] ms. */
async function measure(senderBase: string, recipientBase: string): Promise<[number, number]> {
  const idle: WebSocket[] = [];
  const bases = [senderBase, recipientBase];
  for (let account = 0; idle.length < OPEN_SOCKETS - 2; account++) {
    const cookie = await register(bases[account % 2] as string, account);
    for (let s = 0; s < SOCKETS_PER_ACCOUNT && idle.length < OPEN_SOCKETS - 2; s++) {
      idle.push(await openSocket(bases[(account + s) % 2] as string, cookie));
    }
  }
  const homeowner = await signIn(senderBase, 'homeowner@demo.test');
  const contractor = await signIn(recipientBase, 'contractor@demo.test');
  const projects = (await (
    await fetch(`${senderBase}/api/projects/homeowner/${homeowner.id}`, {
      headers: { cookie: homeowner.cookie },
    })
  ).json()) as { id: string; contractor: { userId: string } | null }[];
  const project = projects.find((p) => p.contractor?.userId === contractor.id);
  if (!project) throw new Error('no demo project of the homeowner with the demo contractor');

  const waiting = new Map<string, () => void>();
  const early = new Set<string>();
  const recipientSocket = await openSocket(recipientBase, contractor.cookie, (e) => {
    if (e.type !== 'message_created' || !e.messageId) return;
    const done = waiting.get(e.messageId);
    if (done) done();
    else early.add(e.messageId);
  });
  const homeownerSocket = await openSocket(senderBase, homeowner.cookie);

  const times: number[] = [];
  for (let i = 0; i < WARMUP + MESSAGES; i++) {
    const t0 = performance.now();
    const res = await fetch(`${senderBase}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: homeowner.cookie },
      body: JSON.stringify({ projectId: project.id, content: `Bench message ${i}`, messageType: 'text' }),
    });
    if (res.status !== 201) throw new Error(`send failed: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    if (!early.delete(id)) await new Promise<void>((resolve) => waiting.set(id, resolve));
    waiting.delete(id);
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  for (const ws of [...idle, recipientSocket, homeownerSocket]) ws.terminate();
  return [median(times), percentile(times, 99)];
}

export async function measureRealtime(
  put: Put,
  opts: { serverEntry: string; baseEnv: Record<string, string>; postgresUrl: string },
): Promise<void> {
  // the bench sends more than a person would: lift the per-account limits for this run only
  const env = { ...opts.baseEnv, RATE_LIMIT_ACCOUNT: '100000', RATE_LIMIT_IP_AUTH: '100000' };

  const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-bench-rt-'));
  try {
    const server = await startProcess([opts.serverEntry], { ...env, DATA_DIR: dataDir });
    try {
      const [p50, p99] = await measure(server.baseUrl, server.baseUrl);
      put('realtime.messageToSocket.p50Ms', p50, 'ms');
      put('realtime.messageToSocket.p99Ms', p99, 'ms');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const dbName = `rl_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts.postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(opts.postgresUrl);
  url.pathname = `/${dbName}`;
  const dirs = [
    mkdtempSync(path.join(tmpdir(), 'rl-bench-rt-a-')),
    mkdtempSync(path.join(tmpdir(), 'rl-bench-rt-b-')),
  ];
  try {
    const pgEnv = { ...env, DATABASE_URL: url.toString() };
    // the first process migrates and seeds; the second finds both done and joins
    const a = await startProcess([opts.serverEntry], { ...pgEnv, DATA_DIR: dirs[0] as string });
    const b = await startProcess([opts.serverEntry], {
      ...pgEnv,
      DATA_DIR: dirs[1] as string,
    });
    try {
      const [p50, p99] = await measure(a.baseUrl, b.baseUrl);
      put('realtime.messageToSocket.postgresTwoProcesses.p50Ms', p50, 'ms');
      put('realtime.messageToSocket.postgresTwoProcesses.p99Ms', p99, 'ms');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const figures: Record<string, { value: number; unit: string }> = {};
  await measureRealtime(
    (name, value, unit) => (figures[name] = { value: Math.round(value * 100) / 100, unit }),
    {
      serverEntry: path.join(root, 'dist/server/main.js'),
      baseEnv: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://localhost',
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      },
      postgresUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  );
  console.table(Object.entries(figures).map(([figure, f]) => ({ figure, ...f })));
}

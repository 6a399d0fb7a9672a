import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishToUsers } from '../../src/server/platform/bus/publish';
import { users } from '../../src/server/platform/db/schema';
import { createPlatform, type Platform } from '../../src/server/platform/platform';
import { closeCodeWithin, openTestSocket, type TestSocket } from '../helpers/realtime-client';
import { type FreshDatabase, freshDatabase, testConfig, testDbKind } from '../helpers/test-context';

/**
 * Two real app processes on one PostgreSQL database: a logout handled by one process closes the
 * socket held by the other, and an event published anywhere reaches the socket wherever it is.
 * Several processes share a database only on PostgreSQL (PGlite is one process per data dir).
 */
const reason =
  'needs PostgreSQL: run with TEST_DB=postgres (several app processes share a database only there)';
const repoRoot = path.resolve(import.meta.dirname, '../..');

interface AppProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startApp(name: string, databaseUrl: string): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `rl-proc-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // if this test process dies without its afterAll, take the app process with it
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, port, child, output, dataDir };
}

async function waitHealthy(app: AppProcess, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (app.child.exitCode !== null) {
      throw new Error(`process ${app.name} exited (${app.child.exitCode}):\n${app.output.join('')}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${app.port}/api/health`);
      if (res.ok && (await res.json()).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`process ${app.name} not healthy after ${timeoutMs} ms:\n${app.output.join('')}`);
}

async function stopApp(app: AppProcess): Promise<void> {
  const { child } = app;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(app.dataDir, { recursive: true, force: true });
}

describe.skipIf(testDbKind !== 'postgres')(`real-time across two app processes (${reason})`, () => {
  let fresh: FreshDatabase | undefined;
  let platform: Platform | undefined;
  let dataDir: string | undefined;
  const apps: AppProcess[] = [];
  const sockets: TestSocket[] = [];
  let procA: AppProcess;
  let procB: AppProcess;

  beforeAll(async () => {
    fresh = await freshDatabase();
    const url = fresh.url as string;
    // the test process is a third "app process": it migrates the database and publishes too
    const config = testConfig({ DATABASE_URL: url });
    dataDir = config.dataDir;
    platform = await createPlatform(config, { database: fresh.database, runWorkers: false });
    // one after the other: starting both at once can hit a deadlock in the job queue's
    // pg-boss createQueue (a start-up problem of its own, not what this file is about)
    procA = await startApp('a', url);
    apps.push(procA);
    await waitHealthy(procA);
    procB = await startApp('b', url);
    apps.push(procB);
    await waitHealthy(procB);
  });

  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await Promise.allSettled(apps.map(stopApp));
    await platform?.close().catch(() => {});
    await fresh?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function createUser(email: string): Promise<{ id: string; cookie: string }> {
    const p = platform as Platform;
    const [row] = await p.db
      .insert(users)
      .values({ email, userType: 'homeowner' })
      .returning({ id: users.id });
    if (!row) throw new Error('no user');
    const { token } = await p.sessions.create(row.id);
    return { id: row.id, cookie: `rl_session=${token}` };
  }

  async function connect(app: AppProcess, user: { id: string; cookie: string }): Promise<TestSocket> {
    const socket = await openTestSocket(`ws://127.0.0.1:${app.port}/ws?userId=${user.id}`, {
      cookie: user.cookie,
      origin: `http://127.0.0.1:${app.port}`,
    });
    sockets.push(socket);
    expect(await socket.next()).toEqual({ type: 'connected', userId: user.id });
    return socket;
  }

  it('delivers an event published by a third process to sockets on A and on B', async () => {
    const alice = await createUser('alice@example.com');
    const bob = await createUser('bob@example.com');
    const onA = await connect(procA, alice);
    const onB = await connect(procB, bob);

    await publishToUsers((platform as Platform).bus, [alice.id], {
      type: 'message_created',
      messageId: 'm-1',
      projectId: 11,
    });
    expect(await onA.next()).toEqual({ type: 'message_created', messageId: 'm-1', projectId: 11 });

    await publishToUsers((platform as Platform).bus, [bob.id], { type: 'project_updated', projectId: 12 });
    expect(await onB.next()).toEqual({ type: 'project_updated', projectId: 12 });

    // each got only its own
    expect(await onA.quietFor(200)).toBe(true);
    expect(onB.messages).toHaveLength(2);
  });

  it('a logout handled by process B closes the socket held by process A', async () => {
    const carol = await createUser('carol@example.com');
    const onA = await connect(procA, carol);
    const alsoOnB = await connect(procB, carol);

    const res = await fetch(`http://127.0.0.1:${procB.port}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: carol.cookie },
    });
    expect(res.status).toBeLessThan(300);

    expect(await closeCodeWithin(onA, 10_000)).toBe(4401);
    expect(await closeCodeWithin(alsoOnB, 10_000)).toBe(4401);
    // the cookie no longer opens a socket on either process
    await expect(connect(procA, carol)).rejects.toThrow(/401/);
  });
});

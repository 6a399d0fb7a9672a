import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishToUsers } from '../../src/server/platform/bus/publish';
import { users } from '../../src/server/platform/db/schema';
import { createPlatform, type Platform } from '../../src/server/platform/platform';
import { type AppProcess, startApp, stopApp, waitHealthy } from '../helpers/app-process';
import { closeCodeWithin, openTestSocket, type TestSocket } from '../helpers/realtime-client';
import { type FreshDatabase, freshDatabase, testConfig, testDbKind } from '../helpers/test-context';

/**
 * Two real app processes on one PostgreSQL database: a logout handled by one process closes the
 * socket held by the other, and an event published anywhere reaches the socket wherever it is.
 * Several processes share a database only on PostgreSQL (PGlite is one process per data dir).
 */
const reason =
  'needs PostgreSQL: run with TEST_DB=postgres (several app processes share a database only there)';
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
    // both at once, as behind a load balancer after a deploy
    [procA, procB] = await Promise.all([
      startApp('a', { databaseUrl: url }),
      startApp('b', { databaseUrl: url }),
    ]);
    apps.push(procA, procB);
    await Promise.all([waitHealthy(procA), waitHealthy(procB)]);
  });

  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await Promise.allSettled(apps.map((app) => stopApp(app)));
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
      projectId: 'p-11',
    });
    expect(await onA.next()).toEqual({ type: 'message_created', messageId: 'm-1', projectId: 'p-11' });

    await publishToUsers((platform as Platform).bus, [bob.id], {
      type: 'project_updated',
      projectId: 'p-12',
    });
    expect(await onB.next()).toEqual({ type: 'project_updated', projectId: 'p-12' });

    // each got only its own: A's next message is the next event for A, nothing of B's came first
    await publishToUsers((platform as Platform).bus, [alice.id], {
      type: 'project_updated',
      projectId: 'p-13',
    });
    expect(await onA.next()).toEqual({ type: 'project_updated', projectId: 'p-13' });
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

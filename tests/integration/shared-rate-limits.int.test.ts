import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { FREE_FAILURES_PER_CLIENT } from '../../src/server/features/auth/login-throttle';
import { openDatabase } from '../../src/server/platform/db/index';
import { rateLimitHits } from '../../src/server/platform/db/schema';
import { createPlatform, type Platform } from '../../src/server/platform/platform';
import {
  deleteExpiredRateLimitHits,
  hitCounter,
  pgRateLimitStore,
} from '../../src/server/platform/rate-limit-store';
import { createUserWithSession, TEST_PASSWORD } from '../helpers/auth';
import { type FreshDatabase, freshDatabase, testConfig, testDbKind } from '../helpers/test-context';

/**
 * Rate limits shared by the processes of one PostgreSQL: two apps (two platforms, two pools, as
 * two processes have) on one database count against one limit.
 */

const SEARCH_LIMIT = 4;
const LOGIN_LIMIT = 3;

let fresh: FreshDatabase;
const instances: { platform: Platform; app: FastifyInstance }[] = [];

beforeAll(async () => {
  fresh = await freshDatabase();
  if (testDbKind !== 'postgres') return;
  const env = { RATE_LIMIT_IP_SEARCH: String(SEARCH_LIMIT), RATE_LIMIT_LOGIN: String(LOGIN_LIMIT) };
  for (const database of [fresh.database, await openDatabase({ databaseUrl: fresh.url, poolSize: 5 })]) {
    const platform = await createPlatform(testConfig(env), { database, runWorkers: false });
    const app = await buildApp(platform, { serveWeb: false });
    await app.ready();
    instances.push({ platform, app });
  }
});
afterAll(async () => {
  for (const { app, platform } of instances) {
    await app.close();
    await platform.close();
  }
  if (instances.length === 0) await fresh?.database.close();
  await fresh?.drop();
});

/** Instance 0, 1, 0, 1...: requests alternate between the two processes. */
const app = (i: number) => (instances[i % 2] as { app: FastifyInstance }).app;

function search(i: number, ip: string) {
  return app(i).inject({ method: 'GET', url: '/api/contractors/available?zip=75201', remoteAddress: ip });
}

function login(i: number, email: string, password: string, ip: string) {
  return app(i).inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

function expectContract429(res: Awaited<ReturnType<typeof search>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: expect.stringMatching(/Too many/) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe(`the fixed-window counter (database ${testDbKind})`, () => {
  it('counts hits of one key in one window, starts again once it ended, and the clean-up removes ended ones', async () => {
    const db = fresh.database.db;
    const countHit = hitCounter(db);
    expect(await countHit('test|a', 60_000)).toMatchObject({ current: 1 });
    const second = await countHit('test|a', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await countHit('test|b', 60_000)).current).toBe(1);
    // the window of `a` ends
    await db
      .update(rateLimitHits)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, 'test|a'));
    await deleteExpiredRateLimitHits(db);
    expect((await db.select().from(rateLimitHits)).map((r) => r.key)).toEqual(['test|b']);
    expect((await countHit('test|a', 60_000)).current).toBe(1);
    await db
      .update(rateLimitHits)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, 'test|b'));
    expect(await countHit('test|b', 60_000)).toMatchObject({ current: 1 });
  });

  it('counts concurrent hits exactly', async () => {
    const countHit = hitCounter(fresh.database.db);
    const results = await Promise.all(Array.from({ length: 20 }, () => countHit('test|burst', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('an unreachable counter is logged once a minute, with the requests let through meanwhile', async () => {
    const db = fresh.database.db;
    const lines: Array<{ letThrough: number; err: unknown }> = [];
    const logger = { error: (fields: (typeof lines)[number]) => lines.push(fields) } as unknown as Logger;
    let clock = 1_000_000;
    const Store = pgRateLimitStore(db, logger, { now: () => clock });
    const store = new Store(undefined, 'test-fail-open|');
    const hit = () =>
      new Promise<Error | null>((resolve) => store.incr('10.70.0.1', (err) => resolve(err), 60_000, 10));
    await db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      for (let i = 0; i < 5; i++) expect(await hit()).toBeInstanceOf(Error);
      expect(lines.map((l) => l.letThrough)).toEqual([1]);
      expect(lines[0]?.err).toBeInstanceOf(Error);
      clock += 59_999;
      expect(await hit()).toBeInstanceOf(Error);
      expect(lines).toHaveLength(1);
      clock += 1;
      expect(await hit()).toBeInstanceOf(Error);
      expect(lines.map((l) => l.letThrough)).toEqual([1, 6]);
    } finally {
      await db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
    expect(await hit()).toBeNull();
    expect(lines).toHaveLength(2);
  });
});

describe.runIf(testDbKind === 'postgres')('two processes on one PostgreSQL share every limit', () => {
  it('a per-IP limit allows N requests in total across both, then 429 in the contract form', async () => {
    for (let i = 0; i < SEARCH_LIMIT; i++) expect((await search(i, '10.20.0.1')).statusCode).toBe(200);
    expectContract429(await search(SEARCH_LIMIT, '10.20.0.1'));
    expectContract429(await search(SEARCH_LIMIT + 1, '10.20.0.1'));
    // another client, and the same client on another route, count apart
    expect((await search(0, '10.20.0.2')).statusCode).toBe(200);
    const summary = await app(1).inject({
      method: 'GET',
      url: `/api/contractors/${crypto.randomUUID()}/summary`,
      remoteAddress: '10.20.0.1',
    });
    expect(summary.statusCode).toBe(404);
  });

  it('the sign-in limit per e-mail and client is shared: the next attempt is 429 even with the right password', async () => {
    const { user } = await createUserWithSession(instances[0]?.platform as Platform, {
      email: 'shared-limit@example.com',
    });
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      expect((await login(i, user.email, TEST_PASSWORD, '10.30.0.1')).statusCode).toBe(200);
    }
    expectContract429(await login(LOGIN_LIMIT, user.email, TEST_PASSWORD, '10.30.0.1'));
    // the same person from another client is not locked out
    expect((await login(LOGIN_LIMIT + 1, user.email, TEST_PASSWORD, '10.30.0.2')).statusCode).toBe(200);
  });

  it('the sign-in lockout after failures is shared: failures on one process slow the client on the other', async () => {
    const { user } = await createUserWithSession(instances[0]?.platform as Platform, {
      email: 'lockout@example.com',
    });
    for (let i = 0; i < FREE_FAILURES_PER_CLIENT; i++) {
      expect((await login(0, user.email, 'wrong-password', '10.40.0.1')).statusCode).toBe(401);
    }
    await login(0, user.email, 'wrong-password', '10.40.0.1');
    expectContract429(await login(1, user.email, TEST_PASSWORD, '10.40.0.1'));
  });

  it('fails open, logged, when the counters cannot be reached: never a 500', async () => {
    const db = fresh.database.db;
    for (let i = 0; i < SEARCH_LIMIT; i++) await search(i, '10.50.0.1');
    expectContract429(await search(0, '10.50.0.1'));
    expectContract429(await search(1, '10.50.0.1'));
    await db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      // a client each process already knows to be over its limit stays limited
      expectContract429(await search(0, '10.50.0.1'));
      expectContract429(await search(1, '10.50.0.1'));
      // the others are let through, beyond the limit, rather than answered 500
      for (let i = 0; i < SEARCH_LIMIT + 2; i++) expect((await search(i, '10.50.0.2')).statusCode).toBe(200);
    } finally {
      await db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
    expect((await search(0, '10.50.0.2')).statusCode).toBe(200);
  });

  it('answers a client known to be over its limit without writing to the database again', async () => {
    const db = fresh.database.db;
    for (let i = 0; i <= SEARCH_LIMIT; i++) await search(i, '10.60.0.1');
    expectContract429(await search(0, '10.60.0.1'));
    expectContract429(await search(1, '10.60.0.1'));
    const counted = async () =>
      (await db.select().from(rateLimitHits).where(sql`${rateLimitHits.key} like ${'%10.60.0.1'}`)).map(
        (r) => r.count,
      );
    const before = await counted();
    for (let i = 0; i < 6; i++) expectContract429(await search(i, '10.60.0.1'));
    expect(await counted()).toEqual(before);
  });
});

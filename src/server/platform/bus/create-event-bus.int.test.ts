import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/index';
import { BusMessageTooLargeError, encodeBusMessage, MAX_PAYLOAD_BYTES } from './bus-messages';
import { BUS_CHANNEL, BUS_LISTENER_APPLICATION_NAME, createEventBus } from './create-event-bus';
import { publishToUsers } from './publish';
import type { BusMessage, EventBus } from './types';

// This file opens databases itself (no whole platform), so it runs before the other features exist.
const onPostgres = process.env.TEST_DB === 'postgres';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

function waitFor(predicate: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (predicate()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 20);
    };
    tick();
  });
}

const event = (n: number) => ({ type: 'project_updated' as const, projectId: `p-${n}` });

describe('encodeBusMessage', () => {
  it('keeps a small message whole', () => {
    const parts = encodeBusMessage('o', { kind: 'realtime', userIds: ['a'], event: event(1) });
    expect(parts).toHaveLength(1);
    expect(JSON.parse(parts[0] as string)).toEqual({
      o: 'o',
      m: { kind: 'realtime', userIds: ['a'], event: event(1) },
    });
  });

  it('splits a long recipient list into payloads under the NOTIFY limit, losing nobody', () => {
    const userIds = Array.from({ length: 1000 }, () => crypto.randomUUID());
    const parts = encodeBusMessage('o', { kind: 'realtime', userIds, event: event(7) });
    expect(parts.length).toBeGreaterThan(1);
    const seen: string[] = [];
    for (const part of parts) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      const m = JSON.parse(part).m as Extract<BusMessage, { kind: 'realtime' }>;
      expect(m.event).toEqual(event(7));
      seen.push(...m.userIds);
    }
    expect(seen).toEqual(userIds);
  });

  it('refuses a message that cannot fit', () => {
    const huge = { type: 'report_ready' as const, quoteId: 'q', reference: 'x'.repeat(9000) };
    expect(() => encodeBusMessage('o', { kind: 'realtime', userIds: ['a'], event: huge })).toThrow(
      BusMessageTooLargeError,
    );
  });
});

describe('event bus (in-process, PGlite)', () => {
  let database: Database;
  let bus: EventBus;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    bus = createEventBus(database, logger);
    await bus.start();
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  it('delivers to every subscriber, isolates a failing one, and stops after unsubscribe', async () => {
    const a: BusMessage[] = [];
    const b: BusMessage[] = [];
    const offA = bus.subscribe((m) => a.push(m));
    const offBad = bus.subscribe(() => {
      throw new Error('subscriber bug');
    });
    const offAsyncBad = bus.subscribe(async () => {
      throw new Error('async subscriber bug');
    });
    const offB = bus.subscribe((m) => b.push(m));

    await bus.publish({ kind: 'sessions_revoked', sessionIds: ['s1'] });
    expect(a).toEqual([{ kind: 'sessions_revoked', sessionIds: ['s1'] }]);
    expect(b).toEqual(a);

    offA();
    await bus.publish({ kind: 'user_changed', userId: 'u1' });
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(2);
    offB();
    offBad();
    offAsyncBad();
  });

  it('publishToUsers validates the event, drops duplicate and empty ids, and skips no-one lists', async () => {
    const got: BusMessage[] = [];
    const off = bus.subscribe((m) => got.push(m));
    await publishToUsers(bus, ['u1', 'u1', null, '', 'u2'], event(3));
    expect(got).toEqual([{ kind: 'realtime', userIds: ['u1', 'u2'], event: event(3) }]);
    await publishToUsers(bus, [], event(3));
    expect(got).toHaveLength(1);
    await expect(
      publishToUsers(bus, ['u1'], { type: 'project_updated', projectId: 7 } as never),
    ).rejects.toThrow();
    expect(got).toHaveLength(1);
    off();
  });

  it('refuses an oversized message without delivering it', async () => {
    const got: BusMessage[] = [];
    const off = bus.subscribe((m) => got.push(m));
    const huge = { type: 'report_ready' as const, quoteId: 'q', reference: 'x'.repeat(9000) };
    await expect(publishToUsers(bus, ['u1'], huge)).rejects.toThrow(BusMessageTooLargeError);
    expect(got).toEqual([]);
    off();
  });
});

describe.skipIf(!onPostgres)('event bus (LISTEN/NOTIFY, PostgreSQL)', () => {
  const name = `rl_test_bus_${process.pid}_${randomBytes(4).toString('hex')}`;
  let url: string;
  const opened: Array<{ database: Database; bus: EventBus }> = [];

  async function openBus() {
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const bus = createEventBus(database, logger);
    await bus.start();
    opened.push({ database, bus });
    return bus;
  }

  async function admin<T>(fn: (c: pg.Client) => Promise<T>, connectionString = ADMIN_URL): Promise<T> {
    const c = new pg.Client({ connectionString });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const u = new URL(ADMIN_URL);
    u.pathname = `/${name}`;
    url = u.toString();
  });

  afterEach(async () => {
    for (const { bus, database } of opened.splice(0)) {
      await bus.close();
      await database.close();
    }
  });

  afterAll(async () => {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('delivers once to the publisher and once to every other process', async () => {
    const [one, two, three] = [await openBus(), await openBus(), await openBus()];
    const got: Record<string, BusMessage[]> = { one: [], two: [], three: [] };
    one.subscribe((m) => got.one?.push(m));
    two.subscribe((m) => got.two?.push(m));
    three.subscribe((m) => got.three?.push(m));

    const message: BusMessage = { kind: 'realtime', userIds: ['u1'], event: event(42) };
    await one.publish(message);
    expect(got.one).toEqual([message]); // the publisher's own subscribers, straight away
    await waitFor(() => got.two?.length === 1 && got.three?.length === 1, 5000, 'delivery to the others');
    expect(got.two).toEqual([message]);
    expect(got.three).toEqual([message]);
    // its own echo is not delivered twice: the next thing `one` hears is a later message from `two`
    // (notifications arrive in commit order, so an echo would have come first)
    const later: BusMessage = { kind: 'realtime', userIds: ['u2'], event: event(43) };
    await two.publish(later);
    await waitFor(() => (got.one?.length ?? 0) >= 2, 5000, 'the later message');
    expect(got.one).toEqual([message, later]);
  });

  it('delivers a split message completely across processes', async () => {
    const [one, two] = [await openBus(), await openBus()];
    const seen: string[] = [];
    two.subscribe((m) => {
      if (m.kind === 'realtime') seen.push(...m.userIds);
    });
    const userIds = Array.from({ length: 600 }, () => crypto.randomUUID());
    await one.publish({ kind: 'realtime', userIds, event: event(1) });
    await waitFor(() => seen.length === userIds.length, 5000, 'all recipients');
    expect(new Set(seen)).toEqual(new Set(userIds));
  });

  it('survives garbage on the channel', async () => {
    const [one, two] = [await openBus(), await openBus()];
    const got: BusMessage[] = [];
    two.subscribe((m) => got.push(m));
    await admin(async (c) => {
      await c.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, 'not json']);
      await c.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, '{"o":"x","m":{"kind":"realtime"}}']);
      await c.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, '']);
      await c.query(`NOTIFY ${BUS_CHANNEL}`);
    }, url);
    await one.publish({ kind: 'user_changed', userId: 'u9' });
    await waitFor(() => got.length === 1, 5000, 'the valid message');
    expect(got).toEqual([{ kind: 'user_changed', userId: 'u9' }]);
  });

  it('reconnects its listener after the connection is killed', async () => {
    const [one, two] = [await openBus(), await openBus()];
    const got: BusMessage[] = [];
    two.subscribe((m) => got.push(m));
    const killed = await admin(async (c) => {
      const r = await c.query(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
        [name, BUS_LISTENER_APPLICATION_NAME],
      );
      return r.rowCount;
    });
    expect(killed).toBe(2);
    // both listeners come back by themselves (the first retry comes after 250-500 ms)
    const listening = () =>
      admin(async (c) => {
        const r = await c.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 AND query ILIKE 'LISTEN%'",
          [name, BUS_LISTENER_APPLICATION_NAME],
        );
        return r.rows[0].n as number;
      });
    await vi.waitFor(async () => expect(await listening()).toBeGreaterThanOrEqual(2), {
      timeout: 10_000,
      interval: 100,
    });
    await one.publish({ kind: 'user_changed', userId: 'after-reconnect' });
    await waitFor(() => got.length === 1, 5000, 'delivery after reconnect');
    expect(got).toEqual([{ kind: 'user_changed', userId: 'after-reconnect' }]);
  });

  it('fails to start with a clear error when the database is unreachable, and closes cleanly', async () => {
    const database = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere',
      poolSize: 1,
    });
    const bus = createEventBus(database, logger);
    await expect(bus.start()).rejects.toThrow();
    await bus.close();
    await database.close();
  });
});

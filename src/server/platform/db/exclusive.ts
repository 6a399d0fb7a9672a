import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './index';

/**
 * Work that only one live holder may do at a time across every process of the database, and
 * that a crash lets go of at once: a payment attempt, or the settling of one a crash cut short.
 * A holder that died holds nothing, so "no one holds it" means "no live attempt is running".
 *
 * - In this process: a map of the keys held, with the work's promise (a waiter can await it).
 * - On a PostgreSQL server, also a session advisory lock on one connection of this process's
 *   own (not the pool's: a holder never waits for a pool connection to let go). A killed process's
 *   connection closes with it, and the server drops its locks.
 * - On PGlite only one process opens the data (the DATA_DIR lock): the map is enough.
 */
export interface Exclusive {
  /** Runs `work` as the only holder of `key`; `{ ran: false }` at once when someone else holds it. */
  tryRun<T>(key: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** The work of this process holding `key`, if any (to wait for it). */
  localWork(key: string): Promise<unknown> | undefined;
  close(): Promise<void>;
}

export function createExclusive(database: Database, logger?: Logger): Exclusive {
  const held = new Map<string, Promise<unknown>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  async function connection(url: string): Promise<pg.Client> {
    if (client) return client;
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, keepAlive: true });
      const lost = (err?: unknown) => {
        if (client !== c) return;
        client = null;
        if (!closed && held.size > 0) {
          logger?.error({ err, held: held.size }, 'the exclusive-work connection closed while work was held');
        }
      };
      c.on('error', lost);
      c.on('end', () => lost());
      await c.connect();
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  async function lockOnServer(key: string): Promise<boolean> {
    if (database.kind !== 'postgres') return true;
    const c = await connection(database.url);
    const { rows } = await c.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [`exclusive:${key}`],
    );
    return rows[0]?.locked === true;
  }

  async function unlockOnServer(key: string): Promise<void> {
    if (database.kind !== 'postgres' || !client) return;
    await client
      .query('select pg_advisory_unlock(hashtextextended($1, 0))', [`exclusive:${key}`])
      .catch((err) => logger?.warn({ err }, 'could not release an exclusive lock (its connection is gone)'));
  }

  return {
    async tryRun(key, work) {
      if (held.has(key)) return { ran: false };
      let done!: () => void;
      held.set(
        key,
        new Promise<void>((resolve) => {
          done = resolve;
        }),
      );
      try {
        if (!(await lockOnServer(key))) return { ran: false };
        try {
          return { ran: true, value: await work() };
        } finally {
          await unlockOnServer(key);
        }
      } finally {
        held.delete(key);
        done();
      }
    },

    localWork: (key) => held.get(key),

    async close() {
      closed = true;
      const c = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

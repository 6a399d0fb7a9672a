import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/index';

type QueryResult = { rows: unknown[] };
type SqlAdapter = {
  executeSql(text: string, values?: unknown[]): Promise<QueryResult>;
  /** Refuse new statements and wait for those in flight. */
  close(timeoutMs: number): Promise<void>;
};

/**
 * pg-boss runs statements through this adapter instead of a pool of its own.
 * Statements without parameters may be several (`BEGIN; ...; COMMIT`): they go through the simple
 * protocol, and a failure in the middle is rolled back so the connection is not left in an aborted
 * transaction (pg-boss expects "already exists" errors when two processes install it at once).
 */
export function sqlAdapter(database: Database): SqlAdapter {
  let inFlight = 0;
  let closed = false;

  const run =
    database.kind === 'pglite'
      ? async (text: string, values?: unknown[]): Promise<QueryResult> => {
          const { pglite } = database;
          // PGlite runs a statement on this thread: a turn of the event loop first lets waiting
          // requests in between the queue's statements (the workers start once the server listens)
          await nextTurn();
          // PGlite is one connection: each call takes it for one round of statements, never longer
          if (values && values.length > 0) return pglite.query(text, values);
          try {
            const results = await pglite.exec(text);
            return results[results.length - 1] ?? { rows: [] };
          } catch (err) {
            if (pglite.isInTransaction()) await pglite.exec('ROLLBACK').catch(() => {});
            throw err;
          }
        }
      : async (text: string, values?: unknown[]): Promise<QueryResult> => {
          const { pool } = database;
          if (values && values.length > 0) return pool.query(text, values);
          const client = await pool.connect();
          let broken = false;
          try {
            const result = (await client.query(text)) as unknown as QueryResult | QueryResult[];
            return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
          } catch (err) {
            await client.query('ROLLBACK').catch(() => {
              broken = true;
            });
            throw err;
          } finally {
            client.release(broken);
          }
        };

  return {
    async executeSql(text, values) {
      // After stop, pg-boss may still settle a job it was finishing; its promise is left pending
      // rather than rejected (pg-boss does not await those calls: a rejection would crash the process).
      if (closed) return new Promise<QueryResult>(() => {});
      inFlight++;
      try {
        return await run(text, values);
      } finally {
        inFlight--;
      }
    },
    async close(timeoutMs) {
      closed = true;
      const until = Date.now() + timeoutMs;
      while (inFlight > 0 && Date.now() < until) await sleep(10);
    },
  };
}

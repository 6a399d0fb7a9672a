import type pg from 'pg';
import { mayChangeTrackedTable } from './tracked-tables';

const begins = /^\s*(?:begin|start\s+transaction)\b/i;
const commits = /^\s*(?:commit|end)\b/i;
const rollsBack = /^\s*rollback\s*;?\s*$/i;
/** More than one statement in one text (pg-boss sends `BEGIN; ...; COMMIT` as one): judged as a whole. */
const severalStatements = /;\s*\S/;

interface ClientState {
  inTransaction: boolean;
  touched: boolean;
}

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/**
 * Counts the writes to tracked tables this process has committed through `pool` (a write inside a
 * transaction counts at its COMMIT). The read cache compares the count with the last one its
 * notifications caught up with: a process always reads its own writes, though the database
 * announces them on another connection (see read-cache.ts).
 */
export function trackCommittedWrites(pool: pg.Pool): () => number {
  let committed = 0;
  const bump = () => {
    committed++;
  };
  pool.on('connect', (client: pg.PoolClient) => {
    const state: ClientState = { inTransaction: false, touched: false };
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const text = textOf(args[0]);
      let afterwards: (() => void) | null = null;
      if (severalStatements.test(text)) {
        if (mayChangeTrackedTable(text)) afterwards = bump;
      } else if (begins.test(text)) {
        state.inTransaction = true;
        state.touched = false;
      } else if (commits.test(text)) {
        if (state.touched) afterwards = bump;
        state.inTransaction = false;
        state.touched = false;
      } else if (rollsBack.test(text)) {
        state.inTransaction = false;
        state.touched = false;
      } else if (mayChangeTrackedTable(text)) {
        if (state.inTransaction) state.touched = true;
        else afterwards = bump;
      }
      if (afterwards && typeof args[args.length - 1] === 'function') {
        // the callback form (pg.Pool#query uses it): counted before the caller hears back
        const callback = args[args.length - 1] as (...a: unknown[]) => void;
        const done = afterwards;
        args[args.length - 1] = (...a: unknown[]) => {
          done();
          callback(...a);
        };
        afterwards = null;
      }
      const result = query(...args);
      if (afterwards && result && typeof (result as Promise<unknown>).then === 'function') {
        // counted once settled, before the caller's own continuation (a failed statement counts
        // too: erring towards a wait is harmless)
        (result as Promise<unknown>).then(afterwards, afterwards);
      } else if (afterwards) {
        afterwards();
      }
      return result;
    };
  });
  return () => committed;
}

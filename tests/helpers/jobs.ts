import { expect, vi } from 'vitest';
import type { JobName } from '../../src/domain/jobs';
import type { Database } from '../../src/server/platform/db/index';

const FINAL_STATES = ['completed', 'failed', 'cancelled'];

/**
 * Waits (bounded) until every job named `name` (or only `id`, or those of `singletonKey`) is in a final state in pg-boss's
 * table, and returns their states. A job in a final state is never fetched again: "nothing more
 * runs" can then be asserted without a sleep that hopes the queue was quiet long enough.
 */
export async function settledJobs(
  database: Database,
  name: JobName | `${JobName}.dead`,
  opts: { id?: string; singletonKey?: string; timeoutMs?: number } = {},
): Promise<string[]> {
  let states: string[] = [];
  await vi.waitFor(
    async () => {
      const { rows } = await database.sql.query<{ state: string }>(
        `SELECT state FROM pgboss.job WHERE name = $1
           AND ($2::uuid IS NULL OR id = $2::uuid) AND ($3::text IS NULL OR singleton_key = $3)
         ORDER BY created_on`,
        [name, opts.id ?? null, opts.singletonKey ?? null],
      );
      states = rows.map((r) => r.state);
      expect(states.filter((s) => !FINAL_STATES.includes(s))).toEqual([]);
    },
    { timeout: opts.timeoutMs ?? 20_000, interval: 50 },
  );
  return states;
}

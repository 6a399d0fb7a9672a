/**
 * The data of `npm run seed:scale` (docs/scale.md): a company-sized back office generated inside
 * the database (scale-seed-sql.ts), used by the CLI, the bench at size (bench/scale.ts) and the
 * query-plan test (tests/integration/query-plans.int.test.ts) with a smaller factor.
 */
import type { RawSql } from '../platform/db';
import { queuesSql, quotesSql } from './scale-seed-queues-sql';
import {
  ADMINS,
  contractorsSql,
  messagesSql,
  paymentsSql,
  projectsSql,
  type ScaleSizes,
  usersSql,
} from './scale-seed-sql';

export { ADMINS, type ScaleSizes };

/** Every seeded account signs in with this password (a local data set, never a live site). */
export const SCALE_PASSWORD = 'ridgeline-scale';

/** The full size of issue 26 times `factor` (1/20 on PGlite). */
export function scaleSizes(factor = 1): ScaleSizes {
  const n = (full: number, min = 10) => Math.max(min, Math.round(full * factor));
  return {
    users: n(200_000, 1_000),
    contractors: Math.max(100, Math.round((10_000 * factor) / 100) * 100),
    projects: n(100_000, 100),
    messages: n(1_000_000),
    quotes: n(20_000),
    installRequests: n(5_000),
    notifications: n(300_000),
    contactMessages: n(5_000),
    outbox: n(20_000),
    discountCodes: n(200),
  };
}

/** The e-mail of seeded user n (1..ADMINS are admins, then contractors, then homeowners). */
export const scaleUserEmail = (n: number) => `user${n}@scale.test`;

/** Who the bench and tests sign in as: an admin, a contractor with many jobs, a homeowner with three. */
export function scaleAccounts(sizes: ScaleSizes) {
  return {
    admin: scaleUserEmail(1),
    // contractor 21 is the first verified one: the skew of projectsSql gives it the most jobs
    contractor: scaleUserEmail(ADMINS + 21),
    // the last project's homeowner is one of those with three
    homeowner: scaleUserEmail(ADMINS + sizes.contractors + Math.floor(sizes.projects * 0.65)),
  };
}

export class NotEmptyError extends Error {}

export interface SeedStep {
  step: string;
  ms: number;
}

/**
 * Fills an empty, migrated database in one transaction and ANALYZEs it. `sql` must be a single
 * connection (a pg.Client, or PGlite's runner). Refuses a database that already has users.
 */
export async function seedScale(
  sql: RawSql,
  sizes: ScaleSizes,
  passwordHash: string,
  log: (step: SeedStep) => void = () => {},
): Promise<SeedStep[]> {
  const existing = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if ((existing.rows[0]?.n ?? 0) > 0) {
    throw new NotEmptyError(
      `The database already has ${existing.rows[0]?.n} users: seed:scale fills an empty database only ` +
        '(create a new one, or drop and recreate this one, then run it again).',
    );
  }
  const steps: SeedStep[] = [];
  const run = async (step: string, text: string, values?: unknown[]) => {
    const t0 = performance.now();
    await sql.query(text, values);
    const done = { step, ms: Math.round(performance.now() - t0) };
    steps.push(done);
    log(done);
  };
  const su = await sql.query<{ su: boolean }>(
    'SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user',
  );
  await sql.query('BEGIN');
  try {
    // The rows are consistent by construction: as a superuser, skip the per-row foreign-key
    // triggers (a third of the time); otherwise they run.
    if (su.rows[0]?.su) await sql.query('SET LOCAL session_replication_role = replica');
    // the same rows on every run: random() of this connection starts from a fixed seed
    await sql.query('SELECT setseed(0.26)');
    await run(`users (${sizes.users})`, usersSql(sizes), [passwordHash]);
    await run(`contractors and licences (${sizes.contractors})`, contractorsSql(sizes));
    await run(`projects (${sizes.projects})`, projectsSql(sizes));
    await run('job payments and payout ledger (completed projects)', paymentsSql());
    await run(`messages (${sizes.messages})`, messagesSql(sizes));
    await run(`quotes and their payments (${sizes.quotes})`, quotesSql(sizes));
    await run('install requests, notifications, contact messages, outbox, discount codes', queuesSql(sizes));
    // the admin dashboard's counters (migration 0032) from the rows: their triggers did not run
    // under replica, and a rebuild is one pass either way
    await run('admin counters', 'SELECT admin_counters_rebuild()');
    await sql.query('COMMIT');
  } catch (err) {
    await sql.query('ROLLBACK').catch(() => {});
    throw err;
  }
  await run('analyze', 'ANALYZE');
  return steps;
}

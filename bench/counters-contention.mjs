// Contention of the admin counters' triggers (decision 009): 50 concurrent writers inserting into
// one counted table, each in a transaction of two statements (the counted insert, then one more
// round trip before COMMIT, as the app's sign-up or mail-queue transactions do), under four
// designs of the same statement-level trigger with a transition table:
//   none    no trigger (the floor)
//   append  insert the statement's per-key deltas into a deltas table (what migration 0032 does)
//   hot     upsert one counter row per key (INSERT ... ON CONFLICT DO UPDATE n = n + excluded.n)
//   slots   the same over 16 slots per key, a random slot per statement, summed on read
// It creates and drops its own database. Run: node bench/counters-contention.mjs
// (PGHOST/PGUSER as for the tests; CLIENTS, TXNS per client, ROUNDS to override).
import pg from 'pg';

const base = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
};
const CLIENTS = Number(process.env.CLIENTS ?? 50);
const TXNS = Number(process.env.TXNS ?? 40);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const db = `bench_counters_${process.pid}`;

const keysFn = `CREATE FUNCTION keys_t(r t) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT x.k, x.v FROM (VALUES ('t.total', 1::bigint), ('t.status.' || r.status, 1)) AS x(k, v) $$`;

const triggerBody = {
  append: `INSERT INTO deltas (key, n) SELECT c.k, sum(c.v) FROM new_rows r CROSS JOIN LATERAL keys_t(r) c GROUP BY c.k`,
  hot: `INSERT INTO counters (key, slot, n) SELECT c.k, 0, sum(c.v) FROM new_rows r CROSS JOIN LATERAL keys_t(r) c
    GROUP BY c.k ORDER BY c.k ON CONFLICT (key, slot) DO UPDATE SET n = counters.n + excluded.n`,
  slots: `INSERT INTO counters (key, slot, n) SELECT c.k, s.slot, sum(c.v) FROM new_rows r CROSS JOIN LATERAL keys_t(r) c
    CROSS JOIN (SELECT floor(random() * 16)::int AS slot) s
    GROUP BY c.k, s.slot ORDER BY c.k ON CONFLICT (key, slot) DO UPDATE SET n = counters.n + excluded.n`,
};

async function setup(variant) {
  const c = new pg.Client({ ...base, database: db });
  await c.connect();
  await c.query(`DROP TABLE IF EXISTS t, other, deltas, counters CASCADE; DROP FUNCTION IF EXISTS keys_t, counted CASCADE;
    CREATE TABLE t (id bigserial PRIMARY KEY, status text NOT NULL);
    CREATE TABLE other (id bigserial PRIMARY KEY, x int NOT NULL);
    CREATE TABLE deltas (id bigserial PRIMARY KEY, key text NOT NULL, n bigint NOT NULL);
    CREATE TABLE counters (key text NOT NULL, slot int NOT NULL, n bigint NOT NULL, PRIMARY KEY (key, slot));
    ${keysFn};`);
  if (variant !== 'none') {
    await c.query(`CREATE FUNCTION counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${triggerBody[variant]}; RETURN NULL; END $$;
      CREATE TRIGGER t_counted AFTER INSERT ON t REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counted();`);
  }
  return c;
}

async function check(c, variant) {
  const rows = Number((await c.query('SELECT count(*) AS n FROM t')).rows[0].n);
  if (variant === 'none') return rows;
  const sql =
    variant === 'append'
      ? `SELECT coalesce(sum(n), 0) AS n FROM deltas WHERE key = 't.total'`
      : `SELECT coalesce(sum(n), 0) AS n FROM counters WHERE key = 't.total'`;
  const counted = Number((await c.query(sql)).rows[0].n);
  if (counted !== rows) throw new Error(`${variant}: counted ${counted}, rows ${rows}`);
  return rows;
}

async function run(variant) {
  const admin = await setup(variant);
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const c = new pg.Client({ ...base, database: db });
      await c.connect();
      return c;
    }),
  );
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    clients.map(async (c, i) => {
      for (let j = 0; j < TXNS; j++) {
        const t0 = performance.now();
        await c.query('BEGIN');
        await c.query('INSERT INTO t (status) VALUES ($1)', [
          ['pending', 'in_progress', 'completed'][(i + j) % 3],
        ]);
        await c.query('INSERT INTO other (x) VALUES ($1)', [j]);
        await c.query('COMMIT');
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const wall = performance.now() - started;
  const rows = await check(admin, variant);
  await Promise.all(clients.map((c) => c.end()));
  await admin.end();
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { variant, rows, txnPerS: Math.round((CLIENTS * TXNS) / (wall / 1000)), p50: q(0.5), p99: q(0.99) };
}

const root = new pg.Client({ ...base, database: 'postgres' });
await root.connect();
await root.query(`CREATE DATABASE ${db}`);
try {
  const results = { none: [], append: [], hot: [], slots: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of ['none', 'append', 'hot', 'slots']) {
      const r = await run(variant);
      results[variant].push(r);
      console.log(
        `round ${round + 1} ${variant.padEnd(6)} ${String(r.txnPerS).padStart(6)} txn/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${r.rows} rows, counters exact)`,
      );
    }
  }
  console.log(`\nmedian of ${ROUNDS} rounds, ${CLIENTS} clients x ${TXNS} transactions:`);
  for (const [variant, rs] of Object.entries(results)) {
    const med = (f) => rs.map(f).sort((a, b) => a - b)[Math.floor(rs.length / 2)];
    console.log(
      `| ${variant} | ${med((r) => r.txnPerS)} | ${med((r) => r.p50).toFixed(1)} ms | ${med((r) => r.p99).toFixed(1)} ms |`,
    );
  }
} finally {
  await root.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await root.end();
}

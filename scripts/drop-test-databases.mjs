// Drops databases left by an interrupted test run (each test file drops its own when it ends).
import pg from 'pg';

const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query(
  "SELECT datname FROM pg_database WHERE datname LIKE 'rl\\_test\\_%' OR datname LIKE 'rl\\_bench\\_%'",
);
for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
await client.end();
if (rows.length > 0) console.log(`dropped ${rows.length} leftover test database(s)`);

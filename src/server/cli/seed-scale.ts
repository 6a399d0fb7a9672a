/**
 * npm run seed:scale [-- --factor=0.1]
 * Loads a company-sized data set (docs/scale.md) into an empty database: PostgreSQL when
 * DATABASE_URL is set (100,000 projects, 10,000 contractors, 200,000 users, 1,000,000 messages),
 * else the embedded database in DATA_DIR at 1/20 of that. Prints each step's time.
 */
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../platform/auth/passwords';
import { loadConfig } from '../platform/config';
import { migrateDatabase, openDatabase, type RawSql } from '../platform/db';
import { dataTemplateDir } from '../platform/paths';
import { runCli } from './run-cli';
import { NotEmptyError, SCALE_PASSWORD, scaleAccounts, scaleSizes, seedScale } from './scale-seed';

function factorArg(fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith('--factor='));
  if (!arg) return fallback;
  const factor = Number(arg.slice('--factor='.length));
  if (!(factor > 0 && factor <= 10)) throw new Error(`--factor must be a number in (0, 10], not ${arg}`);
  return factor;
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.nodeEnv === 'production') {
    console.error(
      'Refusing to load the scale data set with NODE_ENV=production: its accounts share one password.',
    );
    return 2;
  }
  const usePglite = process.argv.includes('--pglite') || !config.databaseUrl;
  const factor = factorArg(usePglite ? 0.05 : 1);
  const sizes = scaleSizes(factor);
  const database = await openDatabase(
    usePglite
      ? { pgliteDir: path.join(config.dataDir, 'db'), lockDir: config.dataDir, templateDir: dataTemplateDir }
      : { databaseUrl: config.databaseUrl, poolSize: 1 },
  );
  let client: pg.Client | undefined;
  try {
    await migrateDatabase(database);
    let sql: RawSql = database.sql;
    if (database.kind === 'postgres') {
      // one connection: the seed is one transaction
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
      sql = client as unknown as RawSql;
    }
    const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
    console.log(`Loading the scale data set (factor ${factor}) into the ${where}:`);
    const t0 = performance.now();
    await seedScale(sql, sizes, await hashPassword(SCALE_PASSWORD), (s) =>
      console.log(`  ${s.step.padEnd(78)} ${(s.ms / 1000).toFixed(1).padStart(6)} s`),
    );
    console.log(`Done in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
    const accounts = scaleAccounts(sizes);
    console.log(
      `Sign-ins (password ${SCALE_PASSWORD}): admin ${accounts.admin}, contractor ${accounts.contractor}, homeowner ${accounts.homeowner}`,
    );
    return 0;
  } catch (err) {
    if (err instanceof NotEmptyError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  } finally {
    await client?.end();
    await database.close();
  }
}

runCli(main, 'npm run seed:scale');

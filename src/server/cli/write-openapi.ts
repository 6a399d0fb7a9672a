/**
 * npm run lint:openapi (and tests): writes /api/openapi.json of a built app to a file, without
 * starting a server: an in-memory database, no workers, no demo data. Usage: write-openapi.ts <file>
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/index';
import { createPlatform } from '../platform/platform';
import { runCli } from './run-cli';

async function main(): Promise<number> {
  const out = process.argv[2];
  if (!out) {
    console.error('Usage: write-openapi.ts <output file>');
    return 2;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-openapi-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
    });
    const database = await openDatabase({ pgliteDir: 'memory://' });
    const platform = await createPlatform(config, { database, runWorkers: false });
    try {
      const app = await buildApp(platform, { serveWeb: false, startWorkers: false });
      await app.ready();
      mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
      writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
      await app.close();
    } finally {
      await platform.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return 0;
}

runCli(main, 'write-openapi');

/**
 * npm run bench:storage: what the file store and the shared rate-limit counters cost, for
 * docs/decisions/004-files-and-rate-limits-in-postgresql.md. Local disk against the PostgreSQL
 * store (on PGlite and on the server at BENCH_POSTGRES_URL): writing and streaming a 20 MB file
 * and a 200 KB photo; one rate-limit hit on the server (sequential and 50 at a time). Prints a
 * table; writes bench/results/storage.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/server/platform/db/index';
import { hitCounter } from '../src/server/platform/rate-limit-store';
import { createLocalFileStorage, type FileStorage } from '../src/server/platform/storage/file-storage';
import { createPgFileStorage } from '../src/server/platform/storage/pg-file-storage';
import type { Figure } from './lib';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const figures: Record<string, Figure> = {};
const put = (name: string, value: number, unit: string) => {
  figures[name] = { value: Math.round(value * 100) / 100, unit };
};

async function median(runs: number, fn: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

async function drain(store: FileStorage, key: string): Promise<number> {
  let bytes = 0;
  for await (const part of store.stream(key)) bytes += (part as Buffer).length;
  return bytes;
}

async function measureStore(label: string, store: FileStorage) {
  const big = randomBytes(20 * 1024 * 1024);
  const photo = randomBytes(200 * 1024);
  put(`storage.${label}.put20MB.ms`, await median(3, () => store.put('bench/big', big)), 'ms');
  const heapBefore = process.memoryUsage().heapUsed;
  put(
    `storage.${label}.stream20MB.ms`,
    await median(3, async () => {
      if ((await drain(store, 'bench/big')) !== big.length) throw new Error('short read');
    }),
    'ms',
  );
  put(
    `storage.${label}.stream20MB.heapGrowthMB`,
    (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20,
    'MB',
  );
  put(`storage.${label}.putPhoto200KB.ms`, await median(20, () => store.put('bench/photo', photo)), 'ms');
  put(
    `storage.${label}.getPhoto200KB.ms`,
    await median(20, async () => {
      await store.get('bench/photo');
    }),
    'ms',
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'rl-bench-storage-'));
const dbName = `rl_bench_storage_${process.pid}`;
const admin = new pg.Client({ connectionString: POSTGRES_URL });
try {
  await measureStore('localDisk', createLocalFileStorage(path.join(dir, 'files')));

  const pglite = await openDatabase({ pgliteDir: path.join(dir, 'db') });
  await migrateDatabase(pglite);
  await measureStore('pgPglite', createPgFileStorage(pglite.db));
  await pglite.close();

  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${dbName}`;
  const server = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  try {
    await migrateDatabase(server);
    await measureStore('pgServer', createPgFileStorage(server.db));
    const countHit = hitCounter(server.db);
    put(
      'rateLimit.pgServer.hitMs',
      await median(200, async () => {
        await countHit('bench|one', 600_000);
      }),
      'ms',
    );
    // 50 concurrent hits on one key (one client behind a limit): the row lock serializes them
    const start = performance.now();
    const rounds = 20;
    for (let r = 0; r < rounds; r++) {
      await Promise.all(Array.from({ length: 50 }, () => countHit('bench|hot', 600_000)));
    }
    put(
      'rateLimit.pgServer.hotKeyHitsPerSec',
      (rounds * 50) / ((performance.now() - start) / 1000),
      'hits/s',
    );
  } finally {
    await server.close();
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
}

console.table(Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, `${f.value} ${f.unit}`])));
const out = path.join(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'storage.json'), `${JSON.stringify(figures, null, 2)}\n`);

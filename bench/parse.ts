/**
 * upload.parse.*: the hostile measurement files of tests/helpers/hostile-measurements.ts, each
 * uploaded 3 times through the real endpoint (POST /api/uploads/sketch) of a production server
 * process on a fresh PGlite DATA_DIR. `worstCaseMs` is the slowest file's median upload time;
 * `eventLoopMaxMs` the longest the server's event loop was held meanwhile, measured inside the
 * server (bench/event-loop-probe.mjs): the parse runs in a worker, so this stays small.
 *
 * Part of `npm run bench`; alone (after `node scripts/build.mjs server`): `npx tsx bench/parse.ts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEASUREMENT_FIXTURES_DIR } from '../tests/fixtures/paths';
import { hostileFiles } from '../tests/helpers/hostile-measurements';
import { startProcess } from './lib';

type Put = (name: string, value: number, unit: string) => void;

const RUNS = 3;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

export async function measureUploadParse(
  put: Put,
  server: { serverEntry: string; baseEnv: Record<string, string> },
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-bench-parse-'));
  const probeFile = path.join(dataDir, 'event-loop.json');
  const proc = await startProcess(
    ['--import', path.join(import.meta.dirname, 'event-loop-probe.mjs'), server.serverEntry],
    {
      ...server.baseEnv,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      EVENT_LOOP_PROBE_FILE: probeFile,
    },
  );
  /** The server's longest event-loop delay since the previous call. */
  async function eventLoopMaxMs(): Promise<number> {
    rmSync(probeFile, { force: true });
    proc.child.kill('SIGUSR2');
    for (;;) {
      try {
        return (JSON.parse(readFileSync(probeFile, 'utf8')) as { maxMs: number }).maxMs;
      } catch {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  }
  // warm the server up first (first requests' compilation, the parse worker's start, the upload
  // table's first queries), so the figures measure the hostile files
  for (let i = 0; i < 50; i++) await fetch(`${proc.baseUrl}/api/health`).then((r) => r.arrayBuffer());
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.set('measurementFileSource', 'Roofr .csv');
    form.set(
      'sketchFile',
      new Blob([readFileSync(path.join(MEASUREMENT_FIXTURES_DIR, 'roofr-hip.csv'))]),
      'roofr-hip.csv',
    );
    const res = await fetch(`${proc.baseUrl}/api/uploads/sketch`, { method: 'POST', body: form });
    if (res.status !== 201) throw new Error(`warm-up upload answered ${res.status}`);
  }
  const files = hostileFiles().map((f) => ({ ...f, blob: new Blob([f.text]) }));
  let loopMax = 0;
  await eventLoopMaxMs(); // from here on: the hostile uploads only
  try {
    let worst = 0;
    for (const f of files) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < RUNS; i++) {
        const form = new FormData();
        form.set('measurementFileSource', f.source);
        form.set('sketchFile', f.blob, f.fileName);
        const t0 = performance.now();
        const res = await fetch(`${proc.baseUrl}/api/uploads/sketch`, { method: 'POST', body: form });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        status = res.status;
      }
      const loop = await eventLoopMaxMs();
      loopMax = Math.max(loopMax, loop);
      const ms = median(times);
      console.log(
        `  ${f.name.padEnd(26)} ${(f.text.length / 1024).toFixed(0).padStart(5)} KB  ${status}  ${ms.toFixed(1)} ms  (event loop held at most ${loop.toFixed(1)} ms)`,
      );
      if (status >= 500 || status === 429) throw new Error(`${f.name}: the upload answered ${status}`);
      worst = Math.max(worst, ms);
    }
    put('upload.parse.worstCaseMs', worst, 'ms');
    put('upload.parse.eventLoopMaxMs', loopMax, 'ms');
  } finally {
    await proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const figures: Record<string, { value: number; unit: string }> = {};
  await measureUploadParse(
    (name, value, unit) => {
      figures[name] = { value: Math.round(value * 100) / 100, unit };
    },
    {
      serverEntry: path.join(root, 'dist/server/main.js'),
      baseEnv: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://localhost',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      },
    },
  );
  console.table(figures);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverScript } from './server-script';

/** Real app processes (`src/server/main.ts`, from the run's bundle: server-bundle.ts) for tests that need more than one. */

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface AppProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
  dataDir: string;
  /** Whether stopApp removes dataDir (it does when startApp made it). */
  ownsDataDir: boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startApp(
  name: string,
  opts: { databaseUrl?: string; dataDir?: string; env?: Record<string, string> } = {},
): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), `rl-proc-${name}-`));
  const child = spawn(process.execPath, serverScript('main'), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      SEED_DEMO: '0',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // if this test process dies without its afterAll, take the app process with it
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, port, child, output, dataDir, ownsDataDir: !opts.dataDir };
}

export async function waitHealthy(app: AppProcess, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (app.child.exitCode !== null) {
      throw new Error(`process ${app.name} exited (${app.child.exitCode}):\n${app.output.join('')}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${app.port}/api/health`);
      if (res.ok && (await res.json()).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`process ${app.name} not healthy after ${timeoutMs} ms:\n${app.output.join('')}`);
}

/** Resolves with the exit code once the process ends. */
export function exitOf(app: AppProcess): Promise<number | null> {
  if (app.child.exitCode !== null || app.child.signalCode !== null)
    return Promise.resolve(app.child.exitCode);
  return new Promise((r) => app.child.once('exit', (code) => r(code)));
}

export async function stopApp(app: AppProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const { child } = app;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = exitOf(app);
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  if (app.ownsDataDir) rmSync(app.dataDir, { recursive: true, force: true });
}

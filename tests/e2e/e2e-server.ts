import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The built server (`node dist/server/main.js`) for the browser tests: globalSetup starts one on a
 * template data folder to seed the demo data once; each Playwright worker then starts its own on
 * its own copy of that folder (fixtures.ts), so two workers never share demo data.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Where globalSetup leaves the seeded data folder the workers copy. */
export const TEMPLATE_DIR_ENV = 'RIDGELINE_E2E_TEMPLATE_DIR';
/** The worker's own data folder (lead-helpers.ts reads the mail as sent from DATA_DIR/dev-mail). */
export const DATA_DIR_ENV = 'RIDGELINE_E2E_DATA_DIR';

export interface E2eServer {
  baseURL: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** E2E_PORT=<base> puts the servers on base, base+1...; without it the system picks free ports. */
export async function e2ePort(offset: number): Promise<number> {
  const base = process.env.E2E_PORT;
  if (base) return Number(base) + offset;
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

export async function startE2eServer(dataDir: string, port: number): Promise<E2eServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // the whole suite signs in from one address, as the same demo accounts, in minutes:
      // far above the per-address and per-account sign-in limits people get (their own tests check those)
      RATE_LIMIT_IP_AUTH: '100000',
      RATE_LIMIT_LOGIN: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
    // the server's warnings and errors stay visible in the test output, as with webServer's 'pipe'
    process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the test server on ${baseURL} exited (${child.exitCode}):\n${output.join('')}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(
        `the test server on ${baseURL} did not answer /api/health in 120 s:\n${output.join('')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseURL,
    dataDir,
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        // SIGTERM: the server closes PGlite cleanly, so its data folder can be copied afterwards
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

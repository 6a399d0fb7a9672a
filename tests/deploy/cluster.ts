/**
 * A production-shaped deployment on this machine, for the two-process test: one fresh PostgreSQL
 * database, two server processes (the built dist/server/main.js) each with its own DATA_DIR (so
 * nothing can be shared through local disk), and Debian's nginx in front of them, round-robin,
 * as docs/deploy.md describes. nginx adds `X-Upstream: <address>` to every answer so the test
 * sees which process served what.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface ServerProcess {
  name: string;
  port: number;
  /** host:port as nginx writes it in X-Upstream. */
  address: string;
  child: ChildProcess;
  /** Resolves when the process has exited (with its exit code or signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  log: () => string;
}

export interface Cluster {
  /** The proxy's origin: the only address the browser uses. */
  baseUrl: string;
  servers: [ServerProcess, ServerProcess];
  /** SIGKILL, as a crash or a lost machine: no shutdown hook runs. */
  kill(server: ServerProcess): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 200; rejects if the process exits first or after `timeoutMs`. */
async function waitForHealth(url: string, exited: Promise<unknown>, timeoutMs: number, log: () => string) {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the process exited before ${url} answered:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${log()}`);
}

function startServer(
  name: string,
  port: number,
  env: Record<string, string>,
  dataDir: string,
): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { name, port, address: `127.0.0.1:${port}`, child, exited, log: () => output };
}

function nginxConfig(dir: string, listen: number, upstreams: number[]): string {
  // the same proxy rules as the example in docs/deploy.md, with this test's ports and paths
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  map $http_upgrade $connection_upgrade { default upgrade; '' close; }

  upstream ridgeline {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=60s;`).join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 60m;

    location / {
      proxy_pass http://ridgeline;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export async function startCluster(opts: { env?: Record<string, string> } = {}): Promise<Cluster> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'ridgeline-deploy-'));
  const dbName = `rl_test_deploy_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_POSTGRES_URL);
  databaseUrl.pathname = `/${dbName}`;

  const [proxyPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort()]);
  const baseUrl = `http://127.0.0.1:${proxyPort}`;
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl.toString(),
    PUBLIC_URL: baseUrl,
    TRUST_PROXY: '1',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  const servers: ServerProcess[] = [];
  let nginx: ChildProcess | undefined;

  const stop = async () => {
    for (const s of servers) {
      if (s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGTERM');
        await s.exited;
      }
    }
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((r) => nginx?.once('exit', r));
      nginx.kill('SIGQUIT');
      await gone;
    }
    const drop = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await drop.end();
    rmSync(work, { recursive: true, force: true });
  };

  try {
    // one after the other: the first creates the schema and the demo data, the second finds them
    for (const [name, port] of [
      ['A', portA],
      ['B', portB],
    ] as const) {
      const dataDir = path.join(work, `data-${name}`);
      mkdirSync(dataDir);
      const server = startServer(name, port, env, dataDir);
      servers.push(server);
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, server.exited, 120_000, server.log);
    }

    const nginxDir = path.join(work, 'nginx');
    mkdirSync(nginxDir);
    const conf = path.join(nginxDir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(nginxDir, proxyPort, [portA, portB]));
    nginx = spawn(NGINX, ['-e', path.join(nginxDir, 'error.log'), '-p', nginxDir, '-c', conf], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const nginxExited = new Promise((r) => nginx?.once('exit', r));
    const nginxLog = () => {
      try {
        return readFileSync(path.join(nginxDir, 'error.log'), 'utf8');
      } catch {
        return '';
      }
    };
    await waitForHealth(`${baseUrl}/api/health`, nginxExited, 30_000, nginxLog);
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }

  return {
    baseUrl,
    servers: servers as [ServerProcess, ServerProcess],
    async kill(server) {
      server.child.kill('SIGKILL');
      await server.exited;
    },
    stop,
  };
}

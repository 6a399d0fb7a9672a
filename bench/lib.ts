import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

export interface Figure {
  value: number;
  unit: string;
}

export async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const port = (srv.address() as { port: number }).port;
  srv.close();
  await once(srv, 'close');
  return port;
}

export async function waitForHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not healthy after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface Started {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** ms from spawn to the first healthy answer */
  startupMs: number;
  /**
   * CPU ms the server process had used at that answer (Linux /proc; undefined elsewhere): on a
   * shared, loaded machine the wall time is mostly waiting for a core, this is not.
   */
  startupCpuMs: number | undefined;
  stop(): Promise<void>;
}

/** Starts a Node script in its own process and waits until `healthPath` answers 200. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  healthPath = '/api/health',
): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${args.join(' ')} exited with ${code} before it was healthy`);
  });
  await Promise.race([waitForHealthy(baseUrl + healthPath), exited]);
  const startupMs = performance.now() - t0;
  const startupCpuMs = child.pid === undefined ? undefined : processCpuMs(child.pid);
  exited.catch(() => {});
  return {
    child,
    port,
    baseUrl,
    startupMs,
    startupCpuMs,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** utime + stime of a process in ms, from /proc (Linux), or undefined. */
function processCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    // the kernel's USER_HZ is 100 on every Linux this runs on
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** requests autocannon gave up on after its 10 s timeout (not counted in `errors`) */
  timeouts: number;
  non2xx: number;
}

export async function load(
  url: string,
  headers: Record<string, string> = {},
  seconds = 5,
): Promise<LoadResult> {
  // a short warm-up so JIT and caches are settled before the measured run
  await autocannon({ url, connections: 50, duration: 1, headers });
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
}

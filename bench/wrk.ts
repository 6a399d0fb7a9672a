/**
 * wrk (C, LuaJIT scripts) as a load generator: it costs a few hundredths of a millisecond of CPU
 * per request where autocannon's per-request JavaScript cost about 0.3 ms, as much as the server
 * it measured. bench/wrk.lua is the script; Debian's package is installed when missing.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const SCRIPT = path.join(import.meta.dirname, 'wrk.lua');

let wrkChecked = false;

/** Installs Debian's wrk when it is not on PATH, so that `npm run bench` works on a fresh machine. */
function ensureWrk(): void {
  if (wrkChecked) return;
  wrkChecked = true;
  if (spawnSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' }).status === 0) return;
  console.log('== installing wrk from Debian (the load generator of bench/mixed.ts)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'wrk'], {
      stdio: 'inherit',
      env,
    }).status === 0;
  if (install()) return;
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (!install()) throw new Error('wrk is missing and `apt-get install wrk` failed');
}

export interface WrkResult {
  /** Completed requests (answers). */
  requests: number;
  durationUs: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  /** wrk's CPU time (user + system, all its threads) for the whole run, from /proc. */
  cpuMs: number;
  /** wrk's own percentiles, after its coordinated-omission correction (see bench/wrk.lua). */
  wrkP50Us: number;
  wrkP99Us: number;
  /** Answers per call label and status (empty without a visit file). */
  tally: Record<string, Record<string, number>>;
  /** Latency of each answer as measured in the script, in 10 µs buckets (empty without a visit file). */
  latency10Us: Record<string, number>;
}

export interface WrkOptions {
  connections: number;
  seconds: number;
  /** wrk threads; one per connection unless said (the visit walk and the tally need that). */
  threads?: number;
  /** The visit file of bench/mixed.ts; without it wrk repeats one GET of the URL. */
  visits?: string;
  /** The first of the /64 slots of the client addresses (one per thread) this run uses. */
  slot?: number;
}

/** One wrk run against `url`; resolves with what the script's done() printed. */
export async function runWrk(url: string, opts: WrkOptions): Promise<WrkResult> {
  ensureWrk();
  const threads = opts.threads ?? opts.connections;
  const args = [
    `-t${threads}`,
    `-c${opts.connections}`,
    `-d${opts.seconds}s`,
    // as autocannon's: a slow answer is waited for, not counted as an error
    '--timeout',
    '10s',
    '-s',
    SCRIPT,
    url,
    '--',
    opts.visits ?? '',
    String(opts.slot ?? 0),
    String(opts.connections / threads),
  ];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const line = out.split('\n').find((l) => l.startsWith('WRK-JSON '));
  if (code !== 0 || !line) throw new Error(`wrk ${args.join(' ')} exited with ${code}: ${err}${out}`);
  const { threads: perThread, ...result } = JSON.parse(line.slice('WRK-JSON '.length)) as Omit<
    WrkResult,
    'tally' | 'latency10Us'
  > & { threads: Pick<WrkResult, 'tally' | 'latency10Us'>[] };
  const tally: WrkResult['tally'] = {};
  const latency10Us: WrkResult['latency10Us'] = {};
  for (const t of perThread) {
    addTally(tally, t.tally);
    for (const [b, n] of Object.entries(t.latency10Us)) latency10Us[b] = (latency10Us[b] ?? 0) + n;
  }
  return { ...result, tally, latency10Us };
}

/** Adds the answers per call label and status of `from` to `into`. */
export function addTally(into: WrkResult['tally'], from: WrkResult['tally']): void {
  for (const [label, codes] of Object.entries(from)) {
    const row = into[label] ?? {};
    into[label] = row;
    for (const [code, n] of Object.entries(codes)) row[code] = (row[code] ?? 0) + n;
  }
}

/** The p-th percentile (ms) of latency histograms merged (10 µs buckets; a bucket's upper edge). */
export function percentileMs(histograms: Record<string, number>[], p: number): number {
  const merged = new Map<number, number>();
  for (const h of histograms) {
    for (const [b, n] of Object.entries(h)) merged.set(Number(b), (merged.get(Number(b)) ?? 0) + n);
  }
  const buckets = [...merged.entries()].sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((n, [, c]) => n + c, 0);
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const [b, n] of buckets) {
    seen += n;
    if (seen >= rank) return ((b + 1) * 10) / 1000;
  }
  return 0;
}

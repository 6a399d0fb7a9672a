import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PayoutChildTask } from './payout-child';
import type { ChildTask } from './queue-child';
import { serverScript } from './server-script';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningChild {
  child: ChildProcess;
  /** What followed READY on the child's output (a job or outbox id). */
  ready: string;
  /** Resolves with the exit code, or the signal name, once the child is gone. */
  exited: Promise<number | string>;
}

/** Starts tests/helpers/queue-child.ts (from the run's bundle: server-bundle.ts) with a task and waits for its READY line. */
export async function startQueueChild(task: ChildTask, timeoutMs = 60_000): Promise<RunningChild> {
  return startChild('queue-child', task, timeoutMs);
}

/** Starts tests/helpers/payout-child.ts (the payouts job, dying once the provider took a transfer). */
export async function startPayoutChild(task: PayoutChildTask, timeoutMs = 60_000): Promise<RunningChild> {
  return startChild('payout-child', task, timeoutMs);
}

async function startChild(
  entry: 'queue-child' | 'payout-child',
  task: unknown,
  timeoutMs: number,
): Promise<RunningChild> {
  const child = spawn(process.execPath, [...serverScript(entry), JSON.stringify(task)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  let output = '';
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const ready = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child not ready after ${timeoutMs} ms\n${output}\n${errors}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^READY (.*)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? '');
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code}) before READY\n${output}\n${errors}`));
    });
  });
  return { child, ready, exited };
}

/** kill -9: no exit handlers, no graceful stop, like a crash or an OOM kill. */
export async function crash(running: RunningChild): Promise<void> {
  running.child.kill('SIGKILL');
  await running.exited;
}

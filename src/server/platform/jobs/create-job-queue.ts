import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { JobName, JobPayloads } from '../../../domain/jobs';
import type { Database } from '../db/index';
import { isUniqueViolation, pgErrorCode } from '../db/pg-errors';
import { sqlAdapter } from './sql-adapter';
import type { JobInfo, JobQueue, SendOptions, WorkOptions } from './types';

export interface JobQueueOptions {
  /**
   * How often an idle worker asks for work (default 5 s). A worker of this process is woken at once
   * for a job sent here, when a delayed job sent here is due, when a job that failed here is due for
   * its retry, and after each job while there are more; polling is left to find the rest (jobs sent
   * by other processes, or left from before a restart).
   */
  pollingIntervalSeconds?: number;
  /**
   * How often the worker of a dead-letter queue (onFinalFailure) asks for work; nobody waits on
   * those, so by default at most every 5 s (tests that wait for a final failure set it lower).
   */
  deadLetterPollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  /** How long stop() waits for running jobs before it gives up on them (they are retried later). */
  stopTimeoutMs?: number;
}

const DEFAULT_RETRY_LIMIT = 5;
const DEFAULT_RETRY_DELAY_S = 2;
const DEFAULT_EXPIRE_S = 300;
/** A wake-up comes this long after the job is due: the database's clock decides, not this one. */
const WAKE_MARGIN_MS = 100;
/** setTimeout's longest delay; a job due later is found by polling. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * When a job that failed is due again, as pg-boss 10 computes it (plans.js failJobs): the retry
 * delay, or with backoff a random moment between delay * 2^retryCount and twice that. Wake-ups at
 * the start, the middle and the end of that window.
 */
export function retryWakeups(retryCount: number, retryDelaySeconds: number, backoff: boolean): number[] {
  if (!backoff) return [retryDelaySeconds];
  const from = retryDelaySeconds * 2 ** Math.min(16, retryCount);
  return [from, from * 1.5, from * 2];
}
/** Jobs whose retries ran out land here; the worker of this queue calls onFinalFailure. */
const deadLetterName = (name: string) => `${name}.dead`;

const DEADLOCK = '40P01';

/**
 * Two processes creating the same queue at the same moment can deadlock or collide inside
 * pg-boss's create_queue (seen when two app processes start together on one server);
 * both are transient, so the call is tried again after a short random pause.
 */
async function retryTransient<T>(run: () => Promise<T>, attempts = 6): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (i >= attempts || (pgErrorCode(err) !== DEADLOCK && !isUniqueViolation(err))) throw err;
      await sleep(50 + Math.random() * 200 * i);
    }
  }
}

function errorMessage(output: unknown): string {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  const message = o?.message ?? o?.value?.message;
  return typeof message === 'string' ? message : 'The job failed.';
}

/**
 * The durable job queue: pg-boss on the app's own database (PGlite or PostgreSQL).
 * Jobs survive restarts, are retried with exponential backoff, and are shared by every
 * process on one PostgreSQL database (each job runs once, in one of them).
 */
export function createJobQueue(database: Database, logger: Logger, options: JobQueueOptions = {}): JobQueue {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 5;
  const deadLetterPollingIntervalSeconds =
    options.deadLetterPollingIntervalSeconds ?? Math.max(pollingIntervalSeconds, 5);
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const adapter = sqlAdapter(database);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => adapter.executeSql(text, values) },
    // no cron schedules: the timekeeper would poll for nothing
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
    pollingIntervalSeconds,
  });
  const log = logger.child({ module: 'jobs' });
  // pg-boss emits 'error' for failed fetches and maintenance; without a listener that would throw
  boss.on('error', (err) => log.error({ err }, 'job queue error'));

  let started: Promise<void> | undefined;
  let stopped = false;
  const queues = new Map<string, Promise<void>>();
  const localWorkers = new Map<string, string>();
  const wakeTimers = new Set<NodeJS.Timeout>();

  function wake(name: string): void {
    const workerId = localWorkers.get(name);
    if (workerId && !stopped) boss.notifyWorker(workerId);
  }

  /** Wakes this process's worker of `name` after each of these delays (a job of it is due then). */
  function wakeAfter(name: string, seconds: readonly number[]): void {
    for (const s of seconds) {
      const ms = Math.ceil(s * 1000) + WAKE_MARGIN_MS;
      if (stopped || ms > MAX_TIMER_MS) continue;
      const timer = setTimeout(() => {
        wakeTimers.delete(timer);
        wake(name);
      }, ms);
      timer.unref();
      wakeTimers.add(timer);
    }
  }

  async function ready(): Promise<void> {
    if (!started) throw new Error('The job queue is not started.');
    if (stopped) throw new Error('The job queue is stopped.');
    await started;
  }

  /**
   * pg-boss 10 needs a queue row (and its partition) before send or work. Created on first use;
   * creating an existing queue is a no-op, also when several processes race.
   * Policy "stately": one waiting, one retrying and one running job per singletonKey at most.
   */
  function ensureQueue(name: string): Promise<void> {
    let pending = queues.get(name);
    if (!pending) {
      pending = (async () => {
        await ready();
        await retryTransient(() =>
          boss.createQueue(deadLetterName(name), { name: deadLetterName(name), policy: 'standard' }),
        );
        await retryTransient(() =>
          boss.createQueue(name, {
            name,
            policy: 'stately',
            retryLimit: DEFAULT_RETRY_LIMIT,
            retryDelay: DEFAULT_RETRY_DELAY_S,
            retryBackoff: true,
            expireInSeconds: DEFAULT_EXPIRE_S,
            deadLetter: deadLetterName(name),
          }),
        );
      })();
      pending.catch(() => queues.delete(name));
      queues.set(name, pending);
    }
    return pending;
  }

  return {
    start() {
      started ??= retryTransient(() => boss.start()).then(() => undefined);
      return started;
    },

    async stop() {
      if (!started || stopped) return;
      stopped = true;
      for (const timer of wakeTimers) clearTimeout(timer);
      wakeTimers.clear();
      await started.catch(() => {});
      try {
        await boss.stop({ graceful: true, timeout: stopTimeoutMs, close: false, wait: true });
      } finally {
        await adapter.close(5_000);
      }
    },

    async prepare(names) {
      for (const name of names) await ensureQueue(name);
    },

    async send(name, payload, opts: SendOptions = {}) {
      await ensureQueue(name);
      const startAfter =
        opts.startAfterSeconds && opts.startAfterSeconds > 0 ? opts.startAfterSeconds : undefined;
      const id = await boss.send(name, payload as object, {
        // stately queues treat a missing key as one shared key: give every keyless job its own
        singletonKey: opts.singletonKey ?? randomUUID(),
        ...(startAfter ? { startAfter } : {}),
      });
      if (id && startAfter) wakeAfter(name, [startAfter]);
      else if (id) wake(name);
      return id;
    },

    async work<N extends JobName>(
      name: N,
      handler: (payload: JobPayloads[N], job: JobInfo) => Promise<void>,
      opts: WorkOptions<JobPayloads[N]> = {},
    ) {
      await ensureQueue(name);
      const onFinalFailure = opts.onFinalFailure;
      if (
        opts.retryLimit !== undefined ||
        opts.retryDelaySeconds !== undefined ||
        opts.expireInSeconds !== undefined
      ) {
        // retry settings live on the queue, so jobs sent by any process follow them
        await boss.updateQueue(name, {
          name,
          policy: 'stately',
          retryLimit: opts.retryLimit ?? DEFAULT_RETRY_LIMIT,
          retryDelay: opts.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_S,
          retryBackoff: true,
          expireInSeconds: opts.expireInSeconds ?? DEFAULT_EXPIRE_S,
          deadLetter: deadLetterName(name),
        });
      }
      const workerId = await boss.work<JobPayloads[N]>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          const info: JobInfo = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
          // there may be more waiting: the worker asks again at once instead of after its interval
          // (pg-boss waits out the interval after a job unless its worker was notified)
          wake(name);
          try {
            await handler(job.data, info);
          } catch (err) {
            const final = job.retryCount >= job.retryLimit;
            if (!final) wakeAfter(name, retryWakeups(job.retryCount, job.retryDelay, job.retryBackoff));
            // the dead-letter copy is written when pg-boss settles the failure, just after this
            else if (onFinalFailure) wakeAfter(deadLetterName(name), [0.2, 1]);
            log.warn(
              { err, job: name, jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit },
              final ? 'job failed for the last time' : 'job failed; it will be retried',
            );
            throw err;
          }
        },
      );
      localWorkers.set(name, workerId);

      if (onFinalFailure) {
        const deadWorkerId = await boss.work<JobPayloads[N]>(
          deadLetterName(name),
          // nobody waits on these: poll less, PGlite has one connection to share
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: deadLetterPollingIntervalSeconds },
          async ([job]) => {
            if (!job) return;
            wake(deadLetterName(name));
            await onFinalFailure(job.data, errorMessage(job.output));
          },
        );
        localWorkers.set(deadLetterName(name), deadWorkerId);
      }
    },
  };
}

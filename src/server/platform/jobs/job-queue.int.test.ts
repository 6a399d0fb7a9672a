import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { settledJobs } from '../../../../tests/helpers/jobs';
import type { ChildDatabase } from '../../../../tests/helpers/queue-child';
import { crash, startQueueChild } from '../../../../tests/helpers/queue-child-runner';
import {
  FAST_JOBS,
  type FreshDatabase,
  freshDatabase,
  testDbKind,
} from '../../../../tests/helpers/test-context';
import { type Database, openDatabase } from '../db/index';
import { createJobQueue, type JobQueueOptions } from './create-job-queue';
import type { JobQueue } from './types';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** Everything a test opened, closed in reverse order whatever happened. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0)
    await cleanups
      .pop()?.()
      .catch(() => {});
});

async function openQueue(database: Database, options?: JobQueueOptions): Promise<JobQueue> {
  const jobs = createJobQueue(database, logger, options);
  await jobs.start();
  cleanups.push(() => jobs.stop());
  return jobs;
}

async function fresh(opts: { empty?: boolean } = {}): Promise<FreshDatabase> {
  const db = await freshDatabase(opts);
  cleanups.push(async () => {
    await db.database.close().catch(() => {});
    await db.drop();
  });
  return db;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe(`job queue on ${testDbKind}`, () => {
  it('runs a job at once when this process has its worker, with its payload', async () => {
    const { database } = await fresh();
    // polling far slower than the expected latency: only the wake-up on send can explain a quick run
    const jobs = await openQueue(database, { pollingIntervalSeconds: 30 });
    const ran = deferred<{ id: string; retryCount: number; payload: unknown }>();
    await jobs.work('contact.slack', async (payload, job) => ran.resolve({ ...job, payload }));

    const id = await jobs.send('contact.slack', { contactMessageId: 'c-1' });
    const run = await within(ran.promise, 5_000, 'the job');
    expect(run).toMatchObject({ id, retryCount: 0, payload: { contactMessageId: 'c-1' } });
  });

  it('answers null for a second waiting job with the same singleton key', async () => {
    const { database } = await fresh();
    const jobs = await openQueue(database);
    const first = await jobs.send(
      'mail.send',
      { outboxId: 'o-1' },
      { singletonKey: 'o-1', startAfterSeconds: 60 },
    );
    const second = await jobs.send(
      'mail.send',
      { outboxId: 'o-1' },
      { singletonKey: 'o-1', startAfterSeconds: 60 },
    );
    const other = await jobs.send(
      'mail.send',
      { outboxId: 'o-2' },
      { singletonKey: 'o-2', startAfterSeconds: 60 },
    );
    const keyless = [
      await jobs.send('contact.slack', { contactMessageId: 'a' }, { startAfterSeconds: 60 }),
      await jobs.send('contact.slack', { contactMessageId: 'b' }, { startAfterSeconds: 60 }),
    ];
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect(keyless).toEqual([expect.any(String), expect.any(String)]);
  });

  it('retries a failing job with growing delays until it succeeds', async () => {
    const { database } = await fresh();
    // a retry is picked up within 0.5 s of being due: the delays asserted are the backoff's
    const jobs = await openQueue(database, FAST_JOBS);
    const runs: { at: number; retryCount: number }[] = [];
    const succeeded = deferred();
    const finalFailures: string[] = [];
    await jobs.work(
      'contact.slack',
      async (_payload, job) => {
        runs.push({ at: Date.now(), retryCount: job.retryCount });
        if (runs.length < 3) throw new Error(`attempt ${runs.length} failed`);
        succeeded.resolve();
      },
      {
        retryLimit: 3,
        retryDelaySeconds: 1,
        onFinalFailure: async (_p, error) => void finalFailures.push(error),
      },
    );
    await jobs.send('contact.slack', { contactMessageId: 'flaky' });
    await within(succeeded.promise, 20_000, 'the third attempt');

    expect(runs.map((r) => r.retryCount)).toEqual([0, 1, 2]);
    const [a, b, c] = runs.map((r) => r.at) as [number, number, number];
    // backoff: the n-th retry waits delay * 2^(n-1) to twice that (jitter), measured by the database clock
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThanOrEqual(1_900);
    expect(await settledJobs(database, 'contact.slack')).toEqual(['completed']);
    expect(runs).toHaveLength(3);
    expect(finalFailures).toEqual([]);
  });

  it('calls onFinalFailure once after the last retry failed', async () => {
    const { database } = await fresh();
    // the dead-letter worker polls every 0.5 s instead of 5 s
    const jobs = await openQueue(database, FAST_JOBS);
    let attempts = 0;
    const finalFailures: { payload: unknown; error: string }[] = [];
    const failedForGood = deferred();
    await jobs.work(
      'contact.slack',
      async () => {
        attempts++;
        throw new Error(`webhook down (attempt ${attempts})`);
      },
      {
        retryLimit: 2,
        retryDelaySeconds: 1,
        onFinalFailure: async (payload, error) => {
          finalFailures.push({ payload, error });
          failedForGood.resolve();
        },
      },
    );
    await jobs.send('contact.slack', { contactMessageId: 'doomed' });
    await within(failedForGood.promise, 20_000, 'onFinalFailure');
    expect(await settledJobs(database, 'contact.slack')).toEqual(['failed']);
    expect(await settledJobs(database, 'contact.slack.dead')).toEqual(['completed']);
    expect(attempts).toBe(3);
    expect(finalFailures).toEqual([
      { payload: { contactMessageId: 'doomed' }, error: 'webhook down (attempt 3)' },
    ]);
  });

  describe('wakes its own workers when their jobs are due: polling every 10 minutes, all run', () => {
    /** Polling this slow finds nothing within a test's time: only the wake-ups can run these jobs. */
    const NO_POLLING: JobQueueOptions = {
      pollingIntervalSeconds: 600,
      deadLetterPollingIntervalSeconds: 600,
    };

    it('a delayed job sent here, once it is due and not before', async () => {
      const { database } = await fresh();
      const jobs = await openQueue(database, NO_POLLING);
      const ran = deferred<number>();
      await jobs.work('contact.slack', async () => ran.resolve(Date.now()));
      const sentAt = Date.now();
      await jobs.send('contact.slack', { contactMessageId: 'later' }, { startAfterSeconds: 1 });
      const ranAt = await within(ran.promise, 20_000, 'the delayed job');
      expect(ranAt - sentAt).toBeGreaterThanOrEqual(900);
      expect(await settledJobs(database, 'contact.slack')).toEqual(['completed']);
    });

    it('a job that failed here, at each retry, then its onFinalFailure', async () => {
      const { database } = await fresh();
      const jobs = await openQueue(database, NO_POLLING);
      const attempts: number[] = [];
      const failedForGood = deferred<string>();
      await jobs.work(
        'contact.slack',
        async (_payload, job) => {
          attempts.push(job.retryCount);
          throw new Error(`down (attempt ${attempts.length})`);
        },
        {
          retryLimit: 2,
          retryDelaySeconds: 1,
          onFinalFailure: async (_p, error) => failedForGood.resolve(error),
        },
      );
      await jobs.send('contact.slack', { contactMessageId: 'doomed' });
      expect(await within(failedForGood.promise, 30_000, 'onFinalFailure')).toBe('down (attempt 3)');
      expect(attempts).toEqual([0, 1, 2]);
      expect(await settledJobs(database, 'contact.slack')).toEqual(['failed']);
    });

    it('a backlog found by one fetch: the next job at once after each, not one per interval', async () => {
      const { database } = await fresh();
      const jobs = await openQueue(database, NO_POLLING);
      // sent before this process has a worker for them (as after a restart): no send wakes it
      for (const id of ['b-1', 'b-2', 'b-3']) await jobs.send('contact.slack', { contactMessageId: id });
      const done: string[] = [];
      const all = deferred();
      await jobs.work('contact.slack', async ({ contactMessageId }) => {
        done.push(contactMessageId);
        if (done.length === 3) all.resolve();
      });
      await within(all.promise, 20_000, 'the three waiting jobs');
      expect(done.sort()).toEqual(['b-1', 'b-2', 'b-3']);
    });
  });

  it('runs a job sent by a process that was killed before any worker took it', async () => {
    let db: ChildDatabase;
    let reopen: () => Promise<Database>;
    if (testDbKind === 'postgres') {
      const { database, url } = await fresh();
      db = { kind: 'postgres', url: url as string };
      reopen = async () => database;
    } else {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-jobs-crash-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      db = { kind: 'pglite', dataDir, template: inject('pgliteTemplate') };
      reopen = async () => {
        // the killed holder's DATA_DIR lock is taken over
        const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), lockDir: dataDir });
        cleanups.push(() => database.close());
        return database;
      };
    }

    const child = await startQueueChild({ mode: 'job', db, contactMessageId: 'before-crash' });
    expect(child.ready).toMatch(/^[0-9a-f-]{36}$/);
    await crash(child);

    const database = await reopen();
    const jobs = await openQueue(database);
    const ran = deferred<{ id: string; payload: unknown }>();
    await jobs.work('contact.slack', async (payload, job) => ran.resolve({ id: job.id, payload }));
    // nothing wakes this worker: it finds the job by polling
    const run = await within(ran.promise, 10_000, 'the job sent before the crash');
    expect(run).toEqual({ id: child.ready, payload: { contactMessageId: 'before-crash' } });
  });

  it('lets a process exit on its own after stop()', async () => {
    let db: ChildDatabase;
    if (testDbKind === 'postgres') {
      const { url } = await fresh();
      db = { kind: 'postgres', url: url as string };
    } else {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-jobs-exit-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      db = { kind: 'pglite', dataDir, template: inject('pgliteTemplate') };
    }
    const child = await startQueueChild({ mode: 'graceful', db, contactMessageId: 'exit' });
    expect(child.ready).toBe('stopped');
    const code = await within(child.exited, 10_000, 'the process to exit by itself');
    expect(code).toBe(0);
  });

  it.runIf(testDbKind === 'postgres')(
    'shares one PostgreSQL database between two processes: both install at once, each job runs once',
    async () => {
      // an empty database (not a copy of the run's template, which has pg-boss and every queue):
      // installing pg-boss and creating the queues are both raced
      const { url, database: observer } = await fresh({ empty: true });
      const open = async () => {
        const database = await openDatabase({ databaseUrl: url as string, poolSize: 3 });
        cleanups.push(() => database.close());
        return database;
      };
      // two app processes starting together on an empty database race to install pg-boss
      const [a, b] = await Promise.all([open().then(openQueue), open().then(openQueue)]);
      const runs = new Map<string, number>();
      const done = deferred();
      const handler = async ({ contactMessageId }: { contactMessageId: string }) => {
        runs.set(contactMessageId, (runs.get(contactMessageId) ?? 0) + 1);
        if (runs.size === 20) done.resolve();
      };
      await a.work('contact.slack', handler);
      await b.work('contact.slack', handler);
      for (let i = 0; i < 20; i++) await (i % 2 ? a : b).send('contact.slack', { contactMessageId: `m${i}` });
      await within(done.promise, 15_000, 'twenty jobs');
      expect(await settledJobs(observer, 'contact.slack')).toEqual(Array(20).fill('completed'));
      expect([...runs.values()]).toEqual(Array(20).fill(1));
    },
  );
});

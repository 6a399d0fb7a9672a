import type { JobName, JobPayloads } from '../../../domain/jobs';

export interface SendOptions {
  /** At most one waiting job with this key at a time (a second send answers null), and never two running. */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface WorkOptions<P = unknown> {
  /** Retries after the first failure (default 5). Applies to jobs sent after the worker is registered. */
  retryLimit?: number;
  /** First retry delay in whole seconds, doubled each time with some jitter (default 2). */
  retryDelaySeconds?: number;
  /** A run that takes longer fails (and is retried); also how long a job held by a crashed process waits (default 300). */
  expireInSeconds?: number;
  /**
   * Called once the last retry failed (or timed out, or its process died), with the last error message.
   * Runs as a job of its own, so it survives restarts and may run in another process.
   */
  onFinalFailure?: (payload: P, error: string) => Promise<void>;
}

export interface JobInfo {
  id: string;
  /** 0 on the first run, 1 on the first retry... */
  retryCount: number;
  retryLimit: number;
}

export interface JobQueue {
  start(): Promise<void>;
  /** Stops fetching, waits a while for running jobs, then lets go of the database. */
  stop(): Promise<void>;
  /** Makes the queues of these jobs now instead of on first use (the build's template database). */
  prepare(names: readonly JobName[]): Promise<void>;
  /** The job id, or null when a job with the same singletonKey is already waiting. */
  send<N extends JobName>(name: N, payload: JobPayloads[N], options?: SendOptions): Promise<string | null>;
  work<N extends JobName>(
    name: N,
    handler: (payload: JobPayloads[N], job: JobInfo) => Promise<void>,
    options?: WorkOptions<JobPayloads[N]>,
  ): Promise<void>;
}

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { tooHeavyMessage, tooSlowMessage } from '../../../domain/estimates/parsers/limits';
import {
  MeasurementParseError,
  type MeasurementSource,
  type RoofMeasurement,
} from '../../../domain/estimates/types';
import type { SketchExtension } from '../../../domain/quotes/options';
import type { ParseReply, ParseTask } from './parse-protocol';

/**
 * Measurement files are checked and parsed in worker threads, never on the main thread: a file
 * built to be slow costs a worker, not the event loop that answers every other request. Each
 * task has a time budget; a worker over it is terminated (and replaced on the next task) and the
 * file refused with a user-facing MeasurementParseError, which the callers answer with a 400.
 *
 * A small hand-written pool rather than a dependency (piscina would do the same): two workers,
 * a FIFO queue, terminate-on-timeout. The parsers are linear and bounded (see
 * domain/estimates/parsers/limits.ts), so the budget is a last line of defence, not the rule.
 */

/** Far above any real export (they parse in a few milliseconds), far below a stalled request. */
export const PARSE_TIME_BUDGET_MS = 2_000;
/** Heap of one parse worker: a 5 MB upload's document tree fits many times over. */
const WORKER_HEAP_MB = 256;

export interface ParsePoolOptions {
  /** Number of worker threads (default 2). */
  size?: number;
  budgetMs?: number;
}

interface Job {
  task: ParseTask;
  resolve: (reply: ParseReply) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** The reply of a task the pool had to stop: over the budget, out of memory, or the worker died. */
export class ParseStoppedError extends Error {
  constructor(
    readonly reason: 'budget' | 'memory' | 'exit',
    message: string,
  ) {
    super(message);
    this.name = 'ParseStoppedError';
  }
}

/** The worker: dist/server/parse-worker.js beside the bundle, or from source through tsx's loader. */
function newWorker(): Worker {
  const here = import.meta.url;
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
  if (!here.endsWith('.ts')) return new Worker(new URL('./parse-worker.js', here), { resourceLimits });
  // from source (tests, tsx scripts): Node 20 workers do not take `--import tsx`, so a small
  // bootstrap registers tsx's loader in the worker, then loads the TypeScript entry
  // require.resolve finds tsx's CommonJS build of the API; its ESM build sits beside it
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const entry = new URL('./parse-worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}

export function createParsePool(opts: ParsePoolOptions = {}) {
  const size = Math.max(1, opts.size ?? 2);
  const budgetMs = opts.budgetMs ?? PARSE_TIME_BUDGET_MS;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  /** Tasks answered by a worker, and the thread that answered last (observability, tests). */
  const stats = { answered: 0, stopped: 0, lastThreadId: 0 };

  function spawn(): Slot {
    const worker = newWorker();
    worker.unref();
    const slot: Slot = { worker, ready: Promise.resolve(), job: null, timer: null };
    slot.ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve()); // the worker's first message says it is loaded
      worker.once('error', reject);
    });
    slot.ready.catch(() => {}); // a failed start is reported through the job that waits on it
    worker.on('message', (reply: ParseReply | 'ready') => {
      if (reply === 'ready' || !slot.job) return;
      stats.answered++;
      stats.lastThreadId = reply.threadId;
      settle(slot, () => slot.job?.resolve(reply));
    });
    worker.on('error', (err) => {
      const memory = (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      const job = slot.job;
      retire(slot);
      job?.reject(memory ? new ParseStoppedError('memory', 'out of memory') : err);
    });
    worker.on('exit', () => {
      const job = slot.job;
      retire(slot);
      job?.reject(new ParseStoppedError('exit', 'the parse worker stopped'));
    });
    slots.add(slot);
    return slot;
  }

  function settle(slot: Slot, done: () => void) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    done();
    slot.job = null;
    slot.worker.unref();
    pump();
  }

  function retire(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (slots.delete(slot)) void slot.worker.terminate();
    pump();
  }

  function pump() {
    if (closed) return;
    while (queue.length > 0) {
      let slot = [...slots].find((s) => !s.job);
      if (!slot && slots.size < size) slot = spawn();
      if (!slot) return;
      const job = queue.shift() as Job;
      start(slot, job);
    }
  }

  function start(slot: Slot, job: Job) {
    slot.job = job;
    slot.worker.ref(); // a task in flight keeps the process alive
    slot.ready.then(
      () => {
        if (slot.job !== job) return;
        // the budget counts the parse only, not the worker's start
        slot.timer = setTimeout(() => {
          stats.stopped++;
          retire(slot);
          job.reject(new ParseStoppedError('budget', `over the ${budgetMs} ms budget`));
        }, budgetMs);
        const transfer = job.task.kind === 'upload' ? [job.task.bytes.buffer as ArrayBuffer] : [];
        slot.worker.postMessage({ id: nextId++, task: job.task }, transfer);
      },
      (err) => {
        retire(slot);
        job.reject(err);
      },
    );
  }

  function run(task: ParseTask): Promise<ParseReply> {
    if (closed) return Promise.reject(new Error('the parse pool is closed'));
    return new Promise<ParseReply>((resolve, reject) => {
      queue.push({ task, resolve, reject });
      pump();
    });
  }

  /** A stopped task as the user-facing refusal; anything else is rethrown. */
  function refusal(err: unknown, fileName: string | undefined): string {
    if (err instanceof ParseStoppedError) {
      return err.reason === 'budget' ? tooSlowMessage(fileName, budgetMs) : tooHeavyMessage(fileName);
    }
    throw err;
  }

  function crashed(reply: { crash: string }): Error {
    return new Error(`the measurement parser failed: ${reply.crash}`);
  }

  /**
   * An uploaded file's content check (well-formed for its extension, within the bounds) and,
   * when a measurement source is given, the parse, in one worker task: the problem (null when
   * the file is fine) and the measurement read (null without a source).
   */
  async function inspectUpload(
    extension: SketchExtension,
    data: Buffer,
    measurement: { source: MeasurementSource; fileName: string } | null,
  ): Promise<{ problem: string | null; measurement: RoofMeasurement | null }> {
    // a copy is transferred to the worker: the caller keeps its buffer
    const bytes = new Uint8Array(data);
    let reply: ParseReply;
    try {
      reply = await run({ kind: 'upload', extension, bytes, measurement });
    } catch (err) {
      return { problem: refusal(err, measurement?.fileName), measurement: null };
    }
    if (reply.ok) return { problem: null, measurement: reply.measurement ?? null };
    if ('problem' in reply) return { problem: reply.problem, measurement: null };
    throw crashed(reply);
  }

  return {
    budgetMs,

    /** How many tasks workers answered, how many the budget stopped, and the last answering thread. */
    stats: () => ({ ...stats }),

    /** Runs one task and answers the worker's raw reply (with its thread id). */
    run,

    /** The estimate engine's parse, in a worker. Throws MeasurementParseError for a file that cannot be read. */
    async parse(source: MeasurementSource, fileName: string, text: string): Promise<RoofMeasurement> {
      let reply: ParseReply;
      try {
        reply = await run({ kind: 'parse', source, fileName, text });
      } catch (err) {
        throw new MeasurementParseError(refusal(err, fileName), { source, fileName });
      }
      if (reply.ok && reply.measurement) return reply.measurement;
      if (!reply.ok && 'problem' in reply)
        throw new MeasurementParseError(reply.problem, {
          source,
          fileName,
          ...(reply.where !== undefined ? { where: reply.where } : {}),
        });
      throw crashed(reply as { crash: string });
    },

    inspectUpload,

    /** inspectUpload's problem alone: null when the file is fine, else the sentence. */
    async checkUpload(
      extension: SketchExtension,
      data: Buffer,
      measurement: { source: MeasurementSource; fileName: string } | null,
    ): Promise<string | null> {
      return (await inspectUpload(extension, data, measurement)).problem;
    },

    /** Stops every worker (tests). */
    async close(): Promise<void> {
      closed = true;
      const all = [...slots];
      slots.clear();
      for (const job of queue.splice(0)) job.reject(new Error('the parse pool is closed'));
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

export type ParsePool = ReturnType<typeof createParsePool>;

let shared: ParsePool | null = null;

/** The process's parse pool (created on first use; its idle workers do not keep the process alive). */
export function parsePool(): ParsePool {
  shared ??= createParsePool();
  return shared;
}

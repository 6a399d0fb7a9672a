import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfCheckReply, PdfCheckRequest } from './pdf-check-protocol';

/**
 * Opens uploaded PDFs in worker threads, with a time budget and a heap limit: a file built to
 * be slow or to inflate into gigabytes costs its worker, which is ended (and replaced at the
 * next check), never the event loop or the memory of the process that answers every other
 * request. At most PDF_CHECKS_AT_ONCE workers, kept between checks so PDF.js loads once; other
 * checks wait their turn. A small hand-written pool like the measurement parse pool's.
 */

/**
 * Real PDFs (scans, certificates, contracts of a few MB) open in well under a second on a quiet
 * machine; small ones took over 5 s on a 2-core machine at a load average of 35 (a first budget of
 * 5 s refused them there). A hostile file holds one of the two workers this long at most.
 */
export const PDF_CHECK_BUDGET_MS = 10_000;
/** The worker's heap: a 20 MB PDF's objects fit many times over; a decompression bomb does not. */
const WORKER_HEAP_MB = 256;
const PDF_CHECKS_AT_ONCE = 2;

export type PdfCheckResult =
  | { ok: true; pages: number }
  | { ok: false; reason: 'unreadable' | 'encrypted' | 'too-complex'; detail: string };

/** The worker: dist/server/pdf-check-worker.js beside the bundle, or from source through tsx's loader. */
function newWorker(): Worker {
  const here = import.meta.url;
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
  if (!here.endsWith('.ts')) return new Worker(new URL('./pdf-check-worker.js', here), { resourceLimits });
  // from source (tests, tsx scripts): Node 20 workers do not take `--import tsx`, so a small
  // bootstrap registers tsx's loader in the worker, then loads the TypeScript entry
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const entry = new URL('./pdf-check-worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** A worker kept between checks (PDF.js loads once), ended when a check goes wrong. */
interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
  /** The check in flight: its answer, or the worker's end. */
  settle: ((result: PdfCheckResult | Error) => void) | null;
}

const slots = new Set<Slot>();
const waiting: (() => void)[] = [];

function spawn(): Slot {
  const worker = newWorker();
  worker.unref(); // an idle worker does not keep the process alive
  const slot: Slot = { worker, ready: Promise.resolve(), busy: false, settle: null };
  slot.ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve()); // the first message says PDF.js is loaded
    worker.once('error', reject);
  });
  slot.ready.catch(() => {}); // a failed start is reported through the check that waits on it
  worker.on('message', (msg: PdfCheckReply | 'ready') => {
    if (msg !== 'ready') slot.settle?.(msg);
  });
  worker.on('error', (err) => {
    const memory = (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
    slot.settle?.(memory ? { ok: false, reason: 'too-complex', detail: 'out of memory' } : err);
    retire(slot);
  });
  worker.on('exit', (code) => {
    slot.settle?.(new Error(`the PDF check worker stopped (exit code ${code})`));
    retire(slot);
  });
  slots.add(slot);
  return slot;
}

function retire(slot: Slot) {
  if (slots.delete(slot)) void slot.worker.terminate();
  waiting.shift()?.();
}

async function acquire(): Promise<Slot> {
  for (;;) {
    const idle = [...slots].find((s) => !s.busy);
    const slot = idle ?? (slots.size < PDF_CHECKS_AT_ONCE ? spawn() : null);
    if (slot) {
      slot.busy = true;
      return slot;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

function release(slot: Slot) {
  slot.busy = false;
  slot.settle = null;
  if (slots.has(slot)) slot.worker.unref();
  waiting.shift()?.();
}

/** Runs one request in a worker; the budget counts from the worker's 'ready' (PDF.js loaded). */
async function inWorker(request: PdfCheckRequest, budgetMs: number): Promise<PdfCheckResult> {
  const slot = await acquire();
  try {
    slot.worker.ref(); // a check in flight keeps the process alive
    await slot.ready;
    return await new Promise<PdfCheckResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        slot.settle?.({ ok: false, reason: 'too-complex', detail: `over the ${budgetMs} ms budget` });
        retire(slot); // a parse over its budget may still be running: its worker goes
      }, budgetMs);
      slot.settle = (result) => {
        clearTimeout(timer);
        slot.settle = null;
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      const transfer = request.kind === 'check' ? [request.bytes.buffer as ArrayBuffer] : [];
      slot.worker.postMessage(request, transfer);
    });
  } catch (err) {
    retire(slot);
    throw err;
  } finally {
    release(slot);
  }
}

/**
 * Whether `data` is a PDF that opens (PDF.js reads its structure, at least one page, and every
 * page's dictionary): its page count, or why not ('unreadable', 'encrypted' when it needs a
 * password to open, 'too-complex' over the time or memory budget).
 */
export async function checkPdf(
  data: Uint8Array,
  opts: { budgetMs?: number; hang?: boolean } = {},
): Promise<PdfCheckResult> {
  // a copy is transferred to the worker: the caller keeps its buffer
  const request: PdfCheckRequest = opts.hang
    ? { kind: 'hang' }
    : { kind: 'check', bytes: new Uint8Array(data) };
  return inWorker(request, opts.budgetMs ?? PDF_CHECK_BUDGET_MS);
}

/**
 * Worker-thread entry of the PDF check (see pdf-check.ts): opens an uploaded PDF with PDF.js,
 * Mozilla's parser (the one Firefox shows PDFs with), and answers how many pages it has, or why
 * it cannot be opened. One worker per check, ended by the caller once it answers or over its
 * budget: nothing of a hostile file outlives its check. Built as its own bundle entry
 * (dist/server/pdf-check-worker.js).
 */
import { parentPort } from 'node:worker_threads';
import type { PdfCheckReply, PdfCheckRequest } from './pdf-check-protocol';

// the legacy build is PDF.js's build for Node; loaded in this thread only, never on the main one,
// and before 'ready', so the check's time budget counts the parse, not the loading
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');

async function check(bytes: Uint8Array): Promise<PdfCheckReply> {
  const task = getDocument({
    data: bytes,
    // no fonts, no network, no messages on the console
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    disableStream: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) return { ok: false, reason: 'unreadable', detail: 'no pages' };
    // every page's dictionary must open: a page tree that points nowhere is not a document
    for (let n = 1; n <= doc.numPages; n++) await doc.getPage(n);
    return { ok: true, pages: doc.numPages };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    // PDF.js's PasswordException (not among its exported names): a password is needed to open it
    if (err instanceof Error && err.name === 'PasswordException')
      return { ok: false, reason: 'encrypted', detail };
    return { ok: false, reason: 'unreadable', detail };
  } finally {
    await task.destroy().catch(() => {});
  }
}

parentPort?.on('message', (req: PdfCheckRequest) => {
  if (req.kind === 'hang') for (;;) {}
  void check(req.bytes).then((reply) => parentPort?.postMessage(reply));
});
parentPort?.postMessage('ready');

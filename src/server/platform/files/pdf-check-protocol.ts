/** What the PDF check's worker thread is asked, and what it answers (see pdf-check.ts). */
export type PdfCheckRequest =
  | { kind: 'check'; bytes: Uint8Array }
  /** Never answers: lets the tests show that the time budget stops a runaway parse. */
  | { kind: 'hang' };

export type PdfCheckReply =
  | { ok: true; pages: number }
  | { ok: false; reason: 'unreadable' | 'encrypted'; detail: string };

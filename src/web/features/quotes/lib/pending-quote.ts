import type { MeasurementSummary } from '@domain/quotes/quote-calls';
import type { QuoteDataInput } from '@domain/quotes/quote-form';

/**
 * The quote being ordered, kept in sessionStorage so it survives a reload and a checkout
 * return (payment=success or payment=cancelled). Card data is never kept here.
 */
export interface PendingQuote {
  version: 1;
  draftId: string;
  values: Partial<QuoteDataInput>;
  /** The applied discount code, if any. */
  discountCode: string | null;
  /** The PaymentIntent being paid and its amount in cents, for a return from a redirect. */
  paymentIntentId: string | null;
  amountCents?: number | null;
  /** What was read from the uploaded file (shown again after a reload while that file is chosen). */
  measurement?: { fileUrl: string; summary: MeasurementSummary } | null;
  savedAt: string;
}

export interface SubmittedQuote {
  projectId: string;
  search: string;
  at: string;
}

const PENDING_KEY = 'ridgeline:pending-quote';
const SUBMITTED_KEY = 'ridgeline:submitted-quote';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the order still works, it just will not survive a reload
  }
}

export function newDraftId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function loadPendingQuote(): PendingQuote | null {
  const value = read<PendingQuote>(PENDING_KEY);
  return value && value.version === 1 && typeof value.draftId === 'string' ? value : null;
}

export function savePendingQuote(value: Omit<PendingQuote, 'version' | 'savedAt'>): void {
  write(PENDING_KEY, { ...value, version: 1, savedAt: new Date().toISOString() });
}

export function clearPendingQuote(): void {
  storage()?.removeItem(PENDING_KEY);
}

export function loadSubmittedQuote(): SubmittedQuote | null {
  return read<SubmittedQuote>(SUBMITTED_KEY);
}

export function saveSubmittedQuote(value: SubmittedQuote): void {
  write(SUBMITTED_KEY, value);
}

export function clearSubmittedQuote(): void {
  storage()?.removeItem(SUBMITTED_KEY);
}

/** Whether this browser keeps a quote for this page: a draft, or an order just submitted. */
export function hasStoredQuote(): boolean {
  return loadPendingQuote() !== null || loadSubmittedQuote() !== null;
}

// Relative imports only: the unit tests load this file without the bundler's aliases.
import { applyDiscount, BASE_PRICE_CENTS } from '../../../../domain/payments/discount';
import { quoteFieldOrder } from '../../../../domain/quotes/quote-form';
import type { PendingQuote } from './pending-quote';

/** The pure parts of useQuoteCheckout: the total, the server's field errors, a checkout return. */

export type CheckoutStage = 'idle' | 'paying' | 'submitting';

/** Cents due: the discounted amount, or the base price. */
export function orderTotalCents(discount: { finalAmount: number } | null): number {
  return discount ? discount.finalAmount : applyDiscount(null, BASE_PRICE_CENTS).finalAmount;
}

/** Every field of the form in the order shown: the size fields replace the sketch file without a file. */
export const formFieldOrder = [...quoteFieldOrder, 'roofAreaSqFt', 'livingAreaSqFt', 'stories'] as const;
export type FormFieldName = (typeof formFieldOrder)[number];

const QUOTE_FIELDS = new Set<string>(formFieldOrder);

/** The server's field errors (quoteData.x or x) that belong to a field of the form, in the form's order. */
export function quoteFieldErrors(
  fieldErrors: Record<string, string[] | undefined> | undefined,
): Array<{ name: FormFieldName; message: string }> {
  const found = new Map<string, string>();
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const name = key.replace(/^quoteData\./, '');
    const message = messages?.[0];
    if (QUOTE_FIELDS.has(name) && message && !found.has(name)) found.set(name, message);
  }
  return formFieldOrder.filter((n) => found.has(n)).map((name) => ({ name, message: found.get(name) ?? '' }));
}

/** The first field with an error, in the order the form shows them. */
export function firstErrorField(errors: object): FormFieldName | undefined {
  return formFieldOrder.find((name) => (errors as Record<string, unknown>)[name]);
}

export type CheckoutReturn =
  | { kind: 'none' }
  | { kind: 'cancelled' }
  | { kind: 'other' }
  | { kind: 'success'; paymentIntentId: string; paidCents: number | null };

/** A return from a checkout redirect: payment=success&session_id=... or payment=cancelled. */
export function readCheckoutReturn(
  search: string,
  pending: Pick<PendingQuote, 'paymentIntentId' | 'amountCents'> | null,
): CheckoutReturn {
  const params = new URLSearchParams(search);
  const payment = params.get('payment');
  if (!payment) return { kind: 'none' };
  const sessionId = params.get('session_id') ?? pending?.paymentIntentId ?? null;
  if (payment === 'cancelled' || params.get('redirect_status') === 'failed' || !sessionId) {
    return { kind: 'cancelled' };
  }
  if (payment !== 'success') return { kind: 'other' };
  const paidCents = pending?.paymentIntentId === sessionId ? (pending.amountCents ?? null) : null;
  return { kind: 'success', paymentIntentId: sessionId, paidCents };
}

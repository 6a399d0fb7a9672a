/** What the quote page asks of a payment form, whichever provider is behind it. */
export type PaymentOutcome =
  | { status: 'succeeded' }
  | { status: 'processing' }
  | { status: 'failed'; message: string };

export type PrepareResult = { ok: true } | { ok: false; message: string | null; notLoaded?: boolean };

export interface PaymentHandle {
  /** Checks the payment details before anything is charged; field errors are shown in the form. */
  prepare(): Promise<PrepareResult>;
  /** Confirms the PaymentIntent in the browser (no redirect unless the method needs one). */
  confirm(intent: { clientSecret: string; paymentIntentId: string }): Promise<PaymentOutcome>;
}

export type PaymentFormStatus = 'loading' | 'ready' | 'failed';

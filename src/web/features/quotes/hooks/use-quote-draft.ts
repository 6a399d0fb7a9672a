import { quotePrefillFromSearch, withoutPrefillParams } from '@domain/quotes/prefill';
import type { MeasurementSummary } from '@domain/quotes/quote-calls';
import {
  emptyQuoteForm,
  type QuoteData,
  type QuoteDataInput,
  quoteDataSchema,
} from '@domain/quotes/quote-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type ResolverResult, useForm } from 'react-hook-form';
import { unconfirmedAddress } from '../lib/address-confirm';
import {
  clearPendingQuote,
  clearSubmittedQuote,
  loadPendingQuote,
  loadSubmittedQuote,
  newDraftId,
  type PendingQuote,
  type SubmittedQuote,
  savePendingQuote,
} from '../lib/pending-quote';
import { initialQuoteValues, summaryForFile } from '../lib/quote-draft';

type PaymentRefs = Pick<PendingQuote, 'paymentIntentId' | 'amountCents'>;
type StoredMeasurement = NonNullable<PendingQuote['measurement']>;

/** A /estimate carry (?zip=&material=&roofArea=...) in the address. */
function readPrefill(): Partial<QuoteDataInput> {
  return typeof window === 'undefined' ? {} : quotePrefillFromSearch(window.location.search);
}

/**
 * The quote form and its draft: react-hook-form with the shared schema (validated on submit,
 * then live as fields are fixed), kept in sessionStorage as the person types, restored after a
 * reload or a checkout return, prefilled from /estimate.
 */
export function useQuoteDraft() {
  const initialPending = useMemo(loadPendingQuote, []);
  const prefill = useMemo(readPrefill, []);
  const [draftId, setDraftId] = useState(() => initialPending?.draftId ?? newDraftId());
  const [submitted, setSubmitted] = useState<SubmittedQuote | null>(() =>
    initialPending ? null : loadSubmittedQuote(),
  );
  const [measurement, setMeasurementState] = useState<StoredMeasurement | null>(
    initialPending?.measurement ?? null,
  );
  const payment = useRef<PaymentRefs>({
    paymentIntentId: initialPending?.paymentIntentId ?? null,
    amountCents: initialPending?.amountCents ?? null,
  });
  const discountCode = useRef<string | null>(initialPending?.discountCode ?? null);
  const measurementRef = useRef(measurement);
  measurementRef.current = measurement;

  const schemaResolver = useMemo(() => zodResolver(quoteDataSchema), []);
  const form = useForm<QuoteDataInput, unknown, QuoteData>({
    // the shared schema, then the file's address: a mismatch is confirmed or the file replaced before payment
    resolver: async (values, context, options): Promise<ResolverResult<QuoteDataInput, QuoteData>> => {
      const result = await schemaResolver(values, context, options);
      const stored = measurementRef.current;
      const problem = unconfirmedAddress(values, summaryForFile(stored, values.sketchFileUrl));
      if (!problem || 'sketchFile' in result.errors) return result;
      // 'sketchFile' is the form's name for the file's errors (the schema's superRefine path)
      const sketchFile = { type: 'address', message: problem };
      const errors: Record<string, unknown> = { ...result.errors, sketchFile };
      return { values: {}, errors: errors as FieldErrors<QuoteDataInput> };
    },
    defaultValues: initialQuoteValues(initialPending, prefill),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  /** Stores the draft; `extra` updates the PaymentIntent kept for a checkout return. */
  const persist = useCallback(
    (extra: Partial<PaymentRefs> = {}) => {
      if (extra.paymentIntentId !== undefined) payment.current.paymentIntentId = extra.paymentIntentId;
      if (extra.amountCents !== undefined) payment.current.amountCents = extra.amountCents;
      savePendingQuote({
        draftId,
        values: form.getValues(),
        discountCode: discountCode.current,
        paymentIntentId: payment.current.paymentIntentId,
        amountCents: payment.current.amountCents,
        measurement: measurementRef.current,
      });
    },
    [draftId, form],
  );

  // the form, the code and the draft key are kept in sessionStorage as the person types
  useEffect(() => {
    const subscription = form.watch(() => persist());
    return () => subscription.unsubscribe();
  }, [form, persist]);
  // a /estimate carry is a draft already; the address bar is cleaned once it is read
  const prefillHandled = useRef(false);
  useEffect(() => {
    if (prefillHandled.current || Object.keys(prefill).length === 0) return;
    prefillHandled.current = true;
    persist();
    const rest = withoutPrefillParams(window.location.search);
    window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  }, [prefill, persist]);

  /** The applied discount code is part of the draft; a removed code is forgotten too. */
  const rememberDiscount = useCallback(
    (code: string | null) => {
      if (discountCode.current === code) return;
      discountCode.current = code;
      if (form.formState.isDirty || code || loadPendingQuote()) persist();
    },
    [form, persist],
  );

  const setMeasurement = useCallback(
    (fileUrl: string | null, summary: MeasurementSummary | null | undefined) => {
      const next = fileUrl && summary ? { fileUrl, summary } : null;
      measurementRef.current = next;
      setMeasurementState(next);
      persist();
    },
    [persist],
  );

  /** 'Submit Another Quote': a new, empty draft. */
  const startOver = useCallback(() => {
    clearSubmittedQuote();
    clearPendingQuote();
    payment.current = { paymentIntentId: null, amountCents: null };
    discountCode.current = null;
    measurementRef.current = null;
    setMeasurementState(null);
    form.reset(emptyQuoteForm);
    setDraftId(newDraftId());
    setSubmitted(null);
  }, [form]);

  return {
    form,
    draftId,
    initialPending,
    submitted,
    setSubmitted,
    measurement,
    setMeasurement,
    persist,
    rememberDiscount,
    startOver,
  };
}

export type QuoteDraft = ReturnType<typeof useQuoteDraft>;

import { applyDiscount, BASE_PRICE_CENTS } from '@domain/payments/discount';
import { centsToDollars, formatCents } from '@domain/payments/money';
import { paymentMessages } from '@domain/payments/schemas';
import {
  buildingHeights,
  measurementFileSources,
  roofLayerOptions,
  roofSurfaceMaterials,
  sourceNeedsFile,
  usStates,
} from '@domain/quotes/options';
import {
  emptyQuoteForm,
  FREE_SUBMISSION,
  type QuoteData,
  type QuoteDataInput,
  quoteDataSchema,
  quoteFieldOrder,
  submissionMessages,
} from '@domain/quotes/schemas';
import { thankYouSearch } from '@domain/quotes/thank-you';
import { zodResolver } from '@hookform/resolvers/zod';
import { PageHeader } from '@web/components/page-header';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage, parseApiError } from '@web/lib/error-message';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { toast } from '@web/lib/use-toast';
import { AlertCircle, CheckCircle2, Lock, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, FormProvider, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useStripeConfig } from '../../payments/api/get-stripe-config';
import { validateDiscount } from '../../payments/api/validate-discount';
import { PaymentPanel } from '../../payments/components/payment-panel';
import type { PaymentFormStatus, PaymentHandle } from '../../payments/components/payment-types';
import { createPaymentIntent } from '../api/create-payment-intent';
import { submitQuote } from '../api/submit-quote';
import { type AppliedDiscount, DiscountCodeBox } from '../components/discount-code-box';
import { OrderSummary } from '../components/order-summary';
import { focusField, SelectField, TextField, YesNoField } from '../components/quote-fields';
import { SketchUpload, type SketchValue } from '../components/sketch-upload';
import {
  clearPendingQuote,
  clearSubmittedQuote,
  loadPendingQuote,
  loadSubmittedQuote,
  newDraftId,
  type PendingQuote,
  type SubmittedQuote,
  savePendingQuote,
  saveSubmittedQuote,
} from '../lib/pending-quote';

type Stage = 'idle' | 'paying' | 'submitting';

const QUOTE_FIELDS = new Set<string>(quoteFieldOrder);

function firstErrorField(errors: FieldErrors<QuoteDataInput>): string | undefined {
  return quoteFieldOrder.find((name) => (errors as Record<string, unknown>)[name]);
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/** The submitted view: shown after a submission (also when coming back to /quote), with 'Submit Another Quote'. */
function SubmittedView({ submitted, onAnother }: { submitted: SubmittedQuote; onAnother: () => void }) {
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader className="items-center text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
        <CardTitle>{submissionMessages.successTitle}</CardTitle>
        <CardDescription>
          Your Project ID is{' '}
          <span className="font-mono font-semibold text-foreground">{submitted.projectId}</span>. Your report
          will be emailed within 5-10 minutes.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link href={`/thank-you?${submitted.search}`}>View Submission Status</Link>
        </Button>
        <Button type="button" onClick={onAnother}>
          Submit Another Quote
        </Button>
      </CardContent>
    </Card>
  );
}

export function QuotePage() {
  useDocumentTitle('Get Your Roofing Quote');
  const [, navigate] = useLocation();
  const initialPending = useMemo(loadPendingQuote, []);
  const [draftId, setDraftId] = useState(() => initialPending?.draftId ?? newDraftId());
  const [submitted, setSubmitted] = useState<SubmittedQuote | null>(() =>
    initialPending ? null : loadSubmittedQuote(),
  );
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [paymentNotice, setPaymentNotice] = useState<string | null>(null);
  const [paymentStatus, setPaymentStatus] = useState<PaymentFormStatus>('loading');
  const paymentRef = useRef<PaymentHandle>(null);
  const pendingRef = useRef<Pick<PendingQuote, 'paymentIntentId' | 'amountCents'>>({
    paymentIntentId: initialPending?.paymentIntentId ?? null,
    amountCents: initialPending?.amountCents ?? null,
  });
  const config = useStripeConfig();

  const form = useForm<QuoteDataInput, unknown, QuoteData>({
    resolver: zodResolver(quoteDataSchema),
    defaultValues: { ...emptyQuoteForm, ...(initialPending?.values ?? {}) },
    mode: 'onTouched',
  });

  const free = Boolean(discount?.free);
  const totalCents = discount ? discount.finalAmount : applyDiscount(null, BASE_PRICE_CENTS).finalAmount;
  const busy = stage !== 'idle';

  const persist = useCallback(
    (extra: Partial<Pick<PendingQuote, 'paymentIntentId' | 'amountCents'>> = {}) => {
      if (extra.paymentIntentId !== undefined) pendingRef.current.paymentIntentId = extra.paymentIntentId;
      if (extra.amountCents !== undefined) pendingRef.current.amountCents = extra.amountCents;
      savePendingQuote({
        draftId,
        values: form.getValues(),
        discountCode: discount?.code ?? null,
        paymentIntentId: pendingRef.current.paymentIntentId,
        amountCents: pendingRef.current.amountCents,
      });
    },
    [draftId, discount, form],
  );

  // the form, the code and the draft key are kept in sessionStorage as the person types
  useEffect(() => {
    const subscription = form.watch(() => persist());
    return () => subscription.unsubscribe();
  }, [form, persist]);
  useEffect(() => {
    // a removed code is forgotten too, when something is stored already
    if (form.formState.isDirty || discount || loadPendingQuote()) persist();
  }, [discount, persist, form.formState.isDirty]);

  // a code applied before a reload or a checkout return is checked again and restored
  const restoredCode = useRef(false);
  useEffect(() => {
    if (restoredCode.current || !initialPending?.discountCode) return;
    restoredCode.current = true;
    validateDiscount(initialPending.discountCode)
      .then((result) => {
        if (result.valid && result.discount) {
          setDiscount({
            ...result.discount,
            free: result.freeSubmission,
            vip: result.discount.code === 'VIP',
          });
        }
      })
      .catch(() => {});
  }, [initialPending]);

  const setupFailed = config.isError || paymentStatus === 'failed';
  useEffect(() => {
    if (setupFailed && !free) {
      toast({
        title: paymentMessages.setupFailedTitle,
        description: paymentMessages.setupFailedBody,
        variant: 'destructive',
      });
    }
  }, [setupFailed, free]);

  const finish = useCallback(
    (
      projectId: string,
      query: { vip: boolean; freeDiscountCode?: string | null; amountDollars?: string | null },
    ) => {
      toast({ title: submissionMessages.successTitle, description: submissionMessages.submitted(projectId) });
      clearPendingQuote();
      const search = thankYouSearch({ projectId, ...query });
      const done = { projectId, search, at: new Date().toISOString() };
      saveSubmittedQuote(done);
      setSubmitted(done);
      navigate(`/thank-you?${search}`);
    },
    [navigate],
  );

  /** Server field errors (quoteData.x, sketchFile) shown on their fields. */
  const showServerErrors = useCallback(
    (error: unknown) => {
      let first: string | undefined;
      for (const [key, messages] of Object.entries(parseApiError(error).fieldErrors ?? {})) {
        const name = key.replace(/^quoteData\./, '');
        if (!QUOTE_FIELDS.has(name) || !messages[0]) continue;
        form.setError(name as keyof QuoteDataInput, { message: messages[0] });
        first ??= name;
      }
      if (first) focusField(first);
    },
    [form],
  );

  // a return from a checkout redirect: payment=success&session_id=... or payment=cancelled
  const handledReturn = useRef(false);
  useEffect(() => {
    if (handledReturn.current) return;
    handledReturn.current = true;
    const params = new URLSearchParams(window.location.search);
    const payment = params.get('payment');
    if (!payment) return;
    window.history.replaceState(null, '', '/quote');
    const sessionId = params.get('session_id') ?? initialPending?.paymentIntentId ?? null;
    if (payment === 'cancelled' || params.get('redirect_status') === 'failed' || !sessionId) {
      toast({ title: paymentMessages.cancelledTitle, description: paymentMessages.cancelledBody });
      return;
    }
    if (payment !== 'success') return;
    toast({ title: paymentMessages.successTitle, description: paymentMessages.successBody });
    setStage('submitting');
    const parsed = quoteDataSchema.safeParse(form.getValues());
    submitQuote({ quoteData: parsed.success ? parsed.data : undefined, paymentIntentId: sessionId, draftId })
      .then((res) => {
        const paidCents =
          initialPending?.paymentIntentId === sessionId ? (initialPending.amountCents ?? null) : null;
        finish(res.projectId, { vip: false, amountDollars: paidCents ? centsToDollars(paidCents) : null });
      })
      .catch(() =>
        toast({
          title: submissionMessages.errorTitle,
          description: submissionMessages.paidButFailed,
          variant: 'destructive',
        }),
      )
      .finally(() => setStage('idle'));
  }, [draftId, finish, form, initialPending]);

  const onInvalid = (errors: FieldErrors<QuoteDataInput>) => {
    toast({ title: paymentMessages.fillRequiredFirst, variant: 'destructive' });
    const first = firstErrorField(errors);
    if (first) focusField(first);
  };

  const pay = form.handleSubmit(async (data) => {
    if (setupFailed) {
      toast({
        title: paymentMessages.setupFailedTitle,
        description: paymentMessages.setupFailedBody,
        variant: 'destructive',
      });
      return;
    }
    const handle = paymentRef.current;
    if (paymentStatus !== 'ready' || !handle) {
      toast({ title: paymentMessages.notReadyTitle, description: paymentMessages.notReadyBody });
      return;
    }
    setPaymentError(null);
    setPaymentNotice(null);
    setStage('paying');
    try {
      const prepared = await handle.prepare();
      if (!prepared.ok) {
        if (prepared.notLoaded) {
          toast({
            title: paymentMessages.failedTitle,
            description: paymentMessages.stripeNotLoaded,
            variant: 'destructive',
          });
        } else if (prepared.message) setPaymentError(prepared.message);
        return;
      }
      persist();
      let intent: Awaited<ReturnType<typeof createPaymentIntent>>;
      try {
        intent = await createPaymentIntent({
          quoteData: data,
          finalAmount: totalCents,
          discountCode: discount?.code ?? null,
          draftId,
        });
      } catch (error) {
        showServerErrors(error);
        const message = errorMessage(error, paymentMessages.failedFallback);
        setPaymentError(message);
        toast({ title: paymentMessages.failedTitle, description: message, variant: 'destructive' });
        return;
      }
      if (intent.freeSubmission || !intent.clientSecret) {
        setStage('submitting');
        const res = await submitQuote({
          quoteData: data,
          paymentIntentId: FREE_SUBMISSION,
          isVipSubmission: discount?.vip ?? false,
          discountCode: discount?.code ?? null,
          draftId,
        });
        finish(res.projectId, {
          vip: discount?.vip ?? false,
          freeDiscountCode: discount?.vip ? null : discount?.code,
        });
        return;
      }
      persist({ paymentIntentId: intent.paymentIntentId, amountCents: intent.amount });
      const outcome = await handle.confirm({
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.paymentIntentId,
      });
      if (outcome.status === 'failed') {
        setPaymentError(outcome.message);
        toast({ title: paymentMessages.failedTitle, description: outcome.message, variant: 'destructive' });
        return;
      }
      if (outcome.status === 'processing') {
        setPaymentNotice(paymentMessages.processing);
        return;
      }
      toast({ title: paymentMessages.successTitle, description: paymentMessages.successBody });
      setStage('submitting');
      try {
        const res = await submitQuote({ quoteData: data, paymentIntentId: intent.paymentIntentId, draftId });
        finish(res.projectId, { vip: false, amountDollars: centsToDollars(intent.amount) });
      } catch {
        toast({
          title: submissionMessages.errorTitle,
          description: submissionMessages.paidButFailed,
          variant: 'destructive',
        });
      }
    } catch (error) {
      toast({ title: paymentMessages.failedTitle, description: errorMessage(error), variant: 'destructive' });
    } finally {
      setStage('idle');
    }
  }, onInvalid);

  const submitFree = form.handleSubmit(async (data) => {
    if (!discount) return;
    setStage('submitting');
    try {
      const res = await submitQuote({
        quoteData: data,
        paymentIntentId: FREE_SUBMISSION,
        isVipSubmission: discount.vip,
        discountCode: discount.code,
        draftId,
      });
      finish(res.projectId, { vip: discount.vip, freeDiscountCode: discount.vip ? null : discount.code });
    } catch (error) {
      showServerErrors(error);
      const parsed = parseApiError(error);
      toast({
        title: submissionMessages.failedTitle,
        description:
          parsed.status && parsed.status < 500 && parsed.message
            ? parsed.message
            : submissionMessages.failedBody,
        variant: 'destructive',
      });
    } finally {
      setStage('idle');
    }
  }, onInvalid);

  const anotherQuote = () => {
    clearSubmittedQuote();
    clearPendingQuote();
    pendingRef.current.paymentIntentId = null;
    form.reset(emptyQuoteForm);
    setDiscount(null);
    setPaymentError(null);
    setPaymentNotice(null);
    setDraftId(newDraftId());
    setSubmitted(null);
    window.scrollTo({ top: 0 });
  };

  const insurance = form.watch('insuranceInvolved') === 'Yes';
  const source = form.watch('measurementFileSource');
  const sketchUrl = form.watch('sketchFileUrl');
  const sketchName = form.watch('sketchFileName');
  const sketchSize = form.watch('sketchFileSize');
  const sketchValue: SketchValue | null =
    sketchUrl && sketchName ? { url: sketchUrl, name: sketchName, size: sketchSize ?? 0 } : null;
  const sketchError = (form.formState.errors as Record<string, { message?: string } | undefined>).sketchFile
    ?.message;

  const setSketch = (value: SketchValue | null) => {
    const opts = { shouldDirty: true };
    form.setValue('sketchFileUrl', value?.url ?? null, opts);
    form.setValue('sketchFileName', value?.name ?? null, opts);
    form.setValue('sketchFileSize', value?.size ?? null, opts);
    form.clearErrors('sketchFile' as keyof QuoteDataInput);
    if (form.formState.isSubmitted) void form.trigger('measurementFileSource');
  };

  return (
    <>
      <PageHeader
        title="Get Your Roofing Quote"
        eyebrow="Fair Market Value estimate"
        description="An AI-assisted Fair Market Value report for your roof, emailed as a PDF within 5-10 minutes. No account needed."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        {submitted ? (
          <SubmittedView submitted={submitted} onAnother={anotherQuote} />
        ) : (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
            <FormProvider {...form}>
              <form
                noValidate
                aria-label="Quote request"
                onSubmit={(e) => {
                  e.preventDefault();
                  void (free ? submitFree() : pay());
                }}
                className="grid content-start gap-6"
              >
                <fieldset disabled={busy} className="grid gap-6">
                  <Section
                    title="Your Information"
                    description="Who is ordering the report. We send it to this email."
                  >
                    <TextField
                      name="requesterFirstName"
                      label="First Name"
                      required
                      autoComplete="given-name"
                    />
                    <TextField
                      name="requesterLastName"
                      label="Last Name"
                      required
                      autoComplete="family-name"
                    />
                    <TextField
                      name="requesterEmail"
                      label="Email"
                      required
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      placeholder="you@example.com"
                      maxLength={254}
                      className="sm:col-span-2"
                    />
                  </Section>

                  <Section title="Insurance">
                    <YesNoField
                      name="insuranceInvolved"
                      label="Is insurance involved?"
                      required
                      className="sm:col-span-2"
                    />
                    {insurance ? (
                      <>
                        <TextField name="carrierName" label="Insurance Carrier" />
                        <TextField name="claimNumber" label="Claim Number" />
                        <TextField name="adjusterFirstName" label="Adjuster First Name" />
                        <TextField name="adjusterLastName" label="Adjuster Last Name" />
                        <TextField
                          name="adjusterEmail"
                          label="Adjuster Email"
                          type="email"
                          inputMode="email"
                          maxLength={254}
                        />
                        <TextField
                          name="adjusterPhone"
                          label="Adjuster Phone"
                          type="tel"
                          inputMode="tel"
                          maxLength={25}
                        />
                      </>
                    ) : null}
                  </Section>

                  <Section title="Homeowner Information">
                    <TextField name="homeownerFirstName" label="Homeowner First Name" required />
                    <TextField name="homeownerLastName" label="Homeowner Last Name" required />
                    <TextField
                      name="homeownerEmail"
                      label="Homeowner Email"
                      type="email"
                      inputMode="email"
                      maxLength={254}
                    />
                    <TextField
                      name="homeownerPhone"
                      label="Homeowner Phone"
                      type="tel"
                      inputMode="tel"
                      maxLength={25}
                    />
                  </Section>

                  <Section title="Property Address">
                    <TextField
                      name="streetAddress"
                      label="Street Address"
                      required
                      autoComplete="address-line1"
                      maxLength={200}
                      className="sm:col-span-2"
                    />
                    <TextField
                      name="streetAddress2"
                      label="Address Line 2"
                      autoComplete="address-line2"
                      placeholder="Apartment, suite, unit (optional)"
                      maxLength={200}
                      className="sm:col-span-2"
                    />
                    <TextField name="city" label="City" required autoComplete="address-level2" />
                    <SelectField
                      name="state"
                      label="State"
                      required
                      options={usStates}
                      placeholder="Select a state"
                    />
                    <TextField
                      name="zipCode"
                      label="ZIP Code"
                      required
                      autoComplete="postal-code"
                      inputMode="numeric"
                      maxLength={10}
                    />
                  </Section>

                  <Section title="Roof Details">
                    <SelectField
                      name="roofSurfaceMaterial"
                      label="Roof Surface Material"
                      required
                      options={roofSurfaceMaterials}
                      className="sm:col-span-2"
                    />
                    <YesNoField
                      name="plywoodNeeded"
                      label="Is plywood needed?"
                      required
                      className="sm:col-span-2"
                    />
                    <SelectField
                      name="buildingHeight"
                      label="Building Height"
                      required
                      options={buildingHeights}
                    />
                    <SelectField
                      name="roofLayers"
                      label="Number of Roof Layers"
                      required
                      options={roofLayerOptions}
                    />
                  </Section>

                  <Section
                    title="Roof Measurements"
                    description="Upload the measurement (sketch) file from HOVER, EagleView, Roofr or GAF QuickSquare for the most precise report."
                  >
                    <SelectField
                      name="measurementFileSource"
                      label="Measurement File Source"
                      required
                      options={measurementFileSources}
                      className="sm:col-span-2"
                    />
                    {sourceNeedsFile(source) ? (
                      <fieldset
                        aria-describedby="quote-sketch-hint"
                        data-field="sketchFile"
                        tabIndex={-1}
                        className="grid gap-2 sm:col-span-2"
                      >
                        <legend className="mb-2 text-sm font-medium leading-none">
                          Sketch File
                          <span aria-hidden="true" className="ml-0.5 text-destructive">
                            *
                          </span>
                        </legend>
                        <p id="quote-sketch-hint" className="text-xs text-muted-foreground">
                          Required for the selected measurement file source.
                        </p>
                        <SketchUpload
                          source={source}
                          value={sketchValue}
                          onChange={setSketch}
                          error={sketchError}
                          disabled={busy}
                        />
                      </fieldset>
                    ) : null}
                  </Section>
                </fieldset>
              </form>
            </FormProvider>

            <aside
              className="grid content-start gap-6 lg:sticky lg:top-24 lg:self-start"
              aria-label="Order and payment"
            >
              <Card>
                <CardHeader>
                  <CardTitle className="text-lg">Your Order</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-5">
                  <OrderSummary discount={discount} totalCents={totalCents} />
                  <DiscountCodeBox applied={discount} onApplied={setDiscount} disabled={busy} />
                </CardContent>
              </Card>

              <Card>
                <CardHeader>
                  <CardTitle className="text-lg">{free ? 'Submit Your Request' : 'Payment'}</CardTitle>
                  {free ? (
                    <CardDescription>
                      No payment required: your submission is processed for free.
                    </CardDescription>
                  ) : (
                    <CardDescription className="flex items-center gap-1.5">
                      <Lock aria-hidden="true" className="size-3.5" /> Secure card payment
                    </CardDescription>
                  )}
                </CardHeader>
                <CardContent className="grid gap-4">
                  {free ? null : config.isError ? null : config.data ? (
                    <PaymentPanel
                      ref={paymentRef}
                      config={config.data}
                      amountCents={totalCents}
                      onStatusChange={setPaymentStatus}
                      disabled={busy}
                    />
                  ) : (
                    <Spinner label="Loading the payment form..." />
                  )}
                  {!free && setupFailed ? (
                    <Alert variant="destructive" className="flex items-start gap-2">
                      <AlertCircle aria-hidden="true" className="mt-0.5 shrink-0" />
                      <span>{paymentMessages.setupFailedInline}</span>
                    </Alert>
                  ) : null}
                  {paymentError ? (
                    <Alert
                      variant="destructive"
                      className="flex items-start gap-2"
                      data-testid="payment-error"
                    >
                      <AlertCircle aria-hidden="true" className="mt-0.5 shrink-0" />
                      <span>{paymentError}</span>
                    </Alert>
                  ) : null}
                  {paymentNotice ? <Alert>{paymentNotice}</Alert> : null}
                  {free ? (
                    <Button
                      type="button"
                      size="lg"
                      className="w-full"
                      onClick={() => void submitFree()}
                      disabled={busy}
                    >
                      {stage === 'submitting' ? 'Submitting...' : 'Submit Quote Request'}
                    </Button>
                  ) : (
                    <Button
                      type="button"
                      size="lg"
                      variant="accent"
                      className="w-full"
                      onClick={() => void pay()}
                      disabled={busy}
                    >
                      {stage === 'paying'
                        ? 'Processing...'
                        : stage === 'submitting'
                          ? 'Submitting...'
                          : `Pay ${formatCents(totalCents)}`}
                    </Button>
                  )}
                  <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
                    <ShieldCheck aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                    Your report is emailed as a PDF within 5-10 minutes of submission.
                  </p>
                </CardContent>
              </Card>
            </aside>
          </div>
        )}
      </div>
    </>
  );
}

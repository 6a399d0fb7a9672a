import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  MeasurementParseError,
  type MeasurementSource,
  type RoofMeasurement,
} from '../../../domain/estimate/types';
import {
  applyDiscount,
  BASE_PRICE_CENTS,
  discountMessages,
  normalizeCode,
  VIP_CODE,
} from '../../../domain/payments/discount';
import { paymentMessages } from '../../../domain/payments/schemas';
import { type CardBrand, cardBrandLabels } from '../../../domain/payments/test-cards';
import { sourceNeedsFile } from '../../../domain/quotes/options';
import {
  type AdminQuote,
  type AdminQuoteList,
  type AdminQuotesQuery,
  type CreatePaymentIntentResponse,
  FREE_SUBMISSION,
  type MeasurementSummary,
  type QuoteData,
  type QuoteStatusResponse,
  REFERENCE_ALPHABET,
  type ReportVersion,
  type SketchUploadResponse,
  type SubmitQuoteResponse,
  submissionMessages,
} from '../../../domain/quotes/schemas';
import {
  checkSketchFile,
  checkSketchMatchesSource,
  fileExtension,
  formatSizeMb,
  isSketchExtension,
  sketchContentTypes,
  sketchMessages,
} from '../../../domain/quotes/sketch-file';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { payments, quotes } from '../../platform/db/schema';
import {
  AppError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/types';
import type { Mailer } from '../../platform/mail/types';
import type { ReadCache } from '../../platform/read-cache';
import type { FileStorage } from '../../platform/storage/file-storage';
import { enqueueReport } from '../estimates/enqueue-report';
import { type ParsePool, parsePool } from '../estimates/parse-pool';
import { reportDownloadLink } from '../estimates/report-link';
import { ProviderUnavailableError } from '../payments/payment-provider';
import type { PaymentChange, PaymentRow, PaymentsService } from '../payments/payments.service';
import { confirmationMail } from './confirmation-mail';
import { orderKey } from './order-key';
import { createQuotesRepo, type QuoteFields, type QuoteRow } from './quotes.repo';

/** 402: the quote is not paid (enough) yet. */
export class PaymentRequiredError extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

/** 503: the payment provider could not be reached. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}

export interface QuotesServiceDeps {
  db: Db;
  readCache: ReadCache;
  config: Config;
  logger: Logger;
  storage: FileStorage;
  jobs: JobQueue;
  mailer: Mailer;
  payments: PaymentsService;
  /**
   * An upload's content check and, given a measurement source, its parse, in the parse pool's
   * workers within their time budget (the estimates feature's ParsePool.inspectUpload).
   */
  inspectUpload?: ParsePool['inspectUpload'];
}

/** What the customer sees of a parsed measurement file: enough to tell it is the right roof. */
export function measurementSummary(m: RoofMeasurement): MeasurementSummary {
  return {
    source: m.source,
    totalAreaSqFt: Math.round(m.totalAreaSqFt),
    squares: m.squares,
    predominantPitch: m.predominantPitch,
    facetCount: m.facetCount,
    address: m.address?.trim() ? m.address.trim() : null,
    warnings: m.warnings,
  };
}

/** Who asks for a quote's status: the references of the browser's order cookie, the signed-in user. */
export interface StatusViewer {
  orderedReferences?: readonly string[];
  user?: { id: string; email: string; isVerified: boolean; userType: string } | null;
}

/** The one delivery promise of a report, counted from submission (the spec's "within 5-10 minutes"). */
export const REPORT_PROMISE_MS = 10 * 60_000;

/** Who may have the order's report links: its browser, its person (a confirmed e-mail of the order), admins. */
export function isOwnOrder(quote: QuoteRow, viewer: StatusViewer): boolean {
  if (viewer.orderedReferences?.includes(quote.reference)) return true;
  const user = viewer.user;
  if (!user) return false;
  if (user.userType === 'admin') return true;
  if (quote.homeownerUserId && quote.homeownerUserId === user.id) return true;
  if (!user.isVerified) return false;
  const email = user.email.trim().toLowerCase();
  return [quote.requesterEmail, quote.homeownerEmail].some((e) => e?.trim().toLowerCase() === email);
}

/** A quote's mailed versions as answered: each with its signed download link for the order's own people, else null. */
export function reportVersionAnswers(
  secret: string,
  reference: string,
  versions: readonly { version: number; basis: string | null; createdAt: Date }[],
  own: boolean,
): ReportVersion[] {
  return versions.map((r) => ({
    version: r.version,
    basis: r.basis === 'preliminary' ? ('preliminary' as const) : ('measured' as const),
    createdAt: r.createdAt.toISOString(),
    downloadUrl: own ? reportDownloadLink({ secret, baseUrl: '', reference, version: r.version }).url : null,
  }));
}

/** VIP code, a discount that made it free, or a card payment. */
function submissionTypeOf(quote: QuoteRow): 'vip' | 'discount' | 'paid' {
  if (quote.isVipSubmission) return 'vip';
  if (quote.amountCents === 0) return 'discount';
  return 'paid';
}

export interface RequestContext {
  userId?: string | null;
}

interface Price {
  code: string | null;
  breakdown: { originalAmount: number; discountCents: number; finalAmount: number };
  isVip: boolean;
}

/** The same order placed again within this window finds its earlier quote: unpaid, the same intent; paid, its Project ID. */
export const ORDER_RETRY_WINDOW_MS = 24 * 60 * 60_000;
const orderWindowStart = () => new Date(Date.now() - ORDER_RETRY_WINDOW_MS);

export const SKETCH_UPLOAD_PATH = '/api/uploads/sketch/';
const SKETCH_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** "RL-" and 8 characters of the non-ambiguous alphabet: 31^8, about 8.5e11 possibilities. */
export function newReference(): string {
  let out = 'RL-';
  for (let i = 0; i < 8; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

export function newConfirmationCode(): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return { code: e?.code ?? e?.cause?.code, constraint: e?.constraint ?? e?.cause?.constraint };
}

const isUniqueViolation = (err: unknown) => pgError(err).code === '23505';

const uuid = z.uuid();

export function sketchPublicUrl(token: string): string {
  return `${SKETCH_UPLOAD_PATH}${token}`;
}

/** The token of one of our own sketch addresses (relative or absolute), or null. */
export function sketchTokenFromUrl(url: string): string | null {
  let path = url;
  try {
    path = new URL(url, 'http://x').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(SKETCH_UPLOAD_PATH)) return null;
  const token = path.slice(SKETCH_UPLOAD_PATH.length);
  return SKETCH_TOKEN.test(token) ? token : null;
}

function toAdminQuote(row: QuoteRow): AdminQuote {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    paymentStatus: row.paymentStatus,
    reportStatus: row.reportStatus,
    amountCents: row.amountCents,
    basePriceCents: row.basePriceCents,
    discountCode: row.discountCode,
    discountCents: row.discountCents,
    isVipSubmission: row.isVipSubmission,
    paymentIntentId: row.paymentIntentId,
    requester: {
      firstName: row.requesterFirstName,
      lastName: row.requesterLastName,
      email: row.requesterEmail,
    },
    homeowner: { firstName: row.homeownerFirstName, lastName: row.homeownerLastName },
    address: { city: row.city, state: row.state, zipCode: row.zipCode },
    measurementFileSource: row.measurementFileSource,
    sketchFileName: row.sketchFileName,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/** Errors after which trying again cannot help (not paid, paid too little): no retry job. */
function isPermanent(err: unknown): boolean {
  return err instanceof AppError && err.statusCode < 500;
}

/**
 * Whether a well-formed file is really a measurement export of the chosen source (the estimate
 * engine's parser reads it). Null when it is, else the parser's sentence.
 */
export async function measurementProblem(
  source: string,
  fileName: string,
  text: string,
  log?: Logger,
): Promise<string | null> {
  try {
    // in a worker with a time budget: a hostile file cannot hold the event loop
    await parsePool().parse(source as MeasurementSource, fileName, text);
    return null;
  } catch (err) {
    if (err instanceof MeasurementParseError) return err.message;
    log?.error({ err, source }, 'the measurement parser failed on an upload');
    return `We could not read this file as a ${source} file. Check that you chose the right file and source.`;
  }
}

export function createQuotesService(deps: QuotesServiceDeps) {
  const { db, config, storage, jobs, mailer, payments: paymentsService } = deps;
  const inspectUpload: ParsePool['inspectUpload'] =
    deps.inspectUpload ?? ((...args) => parsePool().inspectUpload(...args));
  const log = deps.logger.child({ module: 'quotes' });
  const repo = createQuotesRepo(db, deps.readCache);

  // ------------------------------------------------------------ quote data

  /** The columns of a quote from the validated form: insurance fields only with insurance, sketch from our own upload. */
  async function quoteFields(
    data: QuoteData,
  ): Promise<
    Omit<QuoteFields, 'basePriceCents' | 'discountCode' | 'discountCents' | 'amountCents' | 'isVipSubmission'>
  > {
    const insurance = data.insuranceInvolved === 'Yes';
    let sketch: Pick<QuoteFields, 'sketchUploadId' | 'sketchFileUrl' | 'sketchFileName' | 'sketchFileSize'> =
      {
        sketchUploadId: null,
        sketchFileUrl: null,
        sketchFileName: null,
        sketchFileSize: null,
      };
    if (sourceNeedsFile(data.measurementFileSource)) {
      const token = data.sketchFileUrl ? sketchTokenFromUrl(data.sketchFileUrl) : null;
      const upload = token ? await repo.findUploadByToken('sketch', token) : undefined;
      if (!upload) {
        throw new ValidationError(sketchMessages.unknownUpload, {
          sketchFile: [sketchMessages.unknownUpload],
        });
      }
      const mismatch = checkSketchMatchesSource(data.measurementFileSource, upload.fileName);
      if (mismatch) throw new ValidationError(mismatch, { sketchFile: [mismatch] });
      // the source may have changed since the upload: the file must still be one of its exports
      const problem = await measurementProblem(
        data.measurementFileSource,
        upload.fileName,
        (await storage.get(upload.storageKey)).toString('utf8'),
        log,
      );
      if (problem) throw new ValidationError(problem, { sketchFile: [problem] });
      sketch = {
        sketchUploadId: upload.id,
        sketchFileUrl: sketchPublicUrl(upload.publicToken),
        sketchFileName: upload.fileName,
        sketchFileSize: upload.size,
      };
    }
    return {
      requesterFirstName: data.requesterFirstName,
      requesterLastName: data.requesterLastName,
      requesterEmail: data.requesterEmail,
      insuranceInvolved: data.insuranceInvolved,
      carrierName: insurance ? data.carrierName : null,
      claimNumber: insurance ? data.claimNumber : null,
      adjusterFirstName: insurance ? data.adjusterFirstName : null,
      adjusterLastName: insurance ? data.adjusterLastName : null,
      adjusterEmail: insurance ? data.adjusterEmail : null,
      adjusterPhone: insurance ? data.adjusterPhone : null,
      homeownerFirstName: data.homeownerFirstName,
      homeownerLastName: data.homeownerLastName,
      homeownerEmail: data.homeownerEmail,
      homeownerPhone: data.homeownerPhone,
      streetAddress: data.streetAddress,
      streetAddress2: data.streetAddress2,
      city: data.city,
      state: data.state,
      zipCode: data.zipCode,
      roofSurfaceMaterial: data.roofSurfaceMaterial,
      plywoodNeeded: data.plywoodNeeded,
      buildingHeight: data.buildingHeight,
      roofLayers: data.roofLayers,
      measurementFileSource: data.measurementFileSource,
      ...sketch,
      // the size of an order without a file prices its preliminary report; a file's figures win
      roofAreaSqFt: sketch.sketchUploadId ? null : (data.roofAreaSqFt ?? null),
      livingAreaSqFt: sketch.sketchUploadId ? null : (data.livingAreaSqFt ?? null),
      stories: sketch.sketchUploadId ? null : (data.stories ?? null),
    };
  }

  /** The server's own price for a code: base price, less a valid discount. */
  async function priceFor(rawCode: string | null | undefined): Promise<Price> {
    const code = normalizeCode(rawCode);
    if (code === '') {
      return { code: null, breakdown: applyDiscount(null, BASE_PRICE_CENTS), isVip: false };
    }
    const result = await paymentsService.resolveDiscount(code);
    if (!result.ok) throw new ValidationError(result.message, { discountCode: [result.message] });
    return { code: result.code, breakdown: result.breakdown, isVip: result.code === VIP_CODE };
  }

  /**
   * The open quote of a draft key (else the recent unpaid quote of the same order key) with the
   * latest form data and price, or a new one. Two calls racing on one key end on the same quote
   * (the draft key is unique; the order key is taken in turns).
   */
  async function saveQuote(
    key: string | null,
    contentKey: string,
    fields: Awaited<ReturnType<typeof quoteFields>>,
    price: Price,
    ctx: RequestContext,
  ): Promise<QuoteRow> {
    const values = {
      ...fields,
      basePriceCents: price.breakdown.originalAmount,
      discountCode: price.code,
      discountCents: price.breakdown.discountCents,
      amountCents: price.breakdown.finalAmount,
      isVipSubmission: price.isVip,
      contentKey,
    };
    const fresh = () => ({
      ...values,
      reference: newReference(),
      confirmationCode: newConfirmationCode(),
      status: 'awaiting_payment' as const,
      paymentStatus: price.breakdown.finalAmount === 0 ? ('free' as const) : ('none' as const),
      idempotencyKey: key,
      homeownerUserId: ctx.userId ?? null,
    });
    const refresh = async (existing: QuoteRow) =>
      existing.status === 'submitted'
        ? existing
        : ((await repo.updateOpenQuote(existing.id, values)) ??
          ((await repo.findById(existing.id)) as QuoteRow));
    for (let attempt = 0; attempt < 6; attempt++) {
      try {
        if (!key) {
          const { row, found } = await repo.findOrInsertByContent(contentKey, orderWindowStart(), fresh());
          return found ? refresh(row) : row;
        }
        const existing = await repo.findByIdempotencyKey(key);
        if (existing) return refresh(existing);
        // a new draft of an order already open (another tab, a reload after a crash): that quote
        const { row, found } = await repo.findOrInsertByContent(contentKey, orderWindowStart(), fresh());
        return found ? refresh(row) : row;
      } catch (err) {
        // a reference collision (rare) or the same key inserted by a racing call: look again
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw new Error('could not store the quote after several attempts');
  }

  // ------------------------------------------------------------ submission

  /**
   * Submits a quote once it is paid (or free): in one transaction the quote becomes submitted,
   * the discount use is counted (never above its limit) and the confirmation mail is stored in
   * the outbox, so a retried or concurrent call finds it submitted and answers the same
   * reference, and the mail exists exactly once.
   */
  async function finalize(quoteId: string): Promise<{ quote: QuoteRow; newlySubmitted: boolean }> {
    const outcome = await db.transaction(async (tx) => {
      const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
      if (!quote) throw new NotFoundError(submissionMessages.quoteNotFound);
      if (quote.status === 'submitted') return { quote, newlySubmitted: false, outboxId: null };

      let card: { brand: string | null; last4: string | null } | undefined;
      // a paid intent counted its code's use when it succeeded (its reservation became a use)
      let useCounted = false;
      if (quote.amountCents > 0) {
        const [paid] = await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.quoteId, quote.id),
              eq(payments.status, 'succeeded'),
              gte(payments.amountCents, quote.amountCents),
            ),
          )
          .orderBy(desc(payments.updatedAt))
          .limit(1);
        if (!paid) {
          const [short] = await tx
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.quoteId, quote.id), eq(payments.status, 'succeeded')))
            .limit(1);
          throw new PaymentRequiredError(short ? submissionMessages.underpaid : submissionMessages.notPaid);
        }
        card = { brand: paid.cardBrand, last4: paid.cardLast4 };
        useCounted = paid.discountCode !== null;
      }

      if (quote.discountCode && !useCounted) {
        const use = await paymentsService.countDiscountUse(tx, quote.discountCode);
        // a stored code at its limit refuses a free submission; the built-in VIP has no row
        if (use === 'used_up' && quote.amountCents === 0) {
          throw new ValidationError(discountMessages.usedUp, { discountCode: [discountMessages.usedUp] });
        }
      }

      const now = new Date();
      const [submitted] = await tx
        .update(quotes)
        .set({
          status: 'submitted',
          submittedAt: now,
          paymentStatus: quote.amountCents === 0 ? 'free' : 'succeeded',
          updatedAt: now,
        })
        .where(eq(quotes.id, quote.id))
        .returning();
      if (!submitted) throw new Error('quote update returned nothing');

      const brand = card?.brand as CardBrand | null | undefined;
      const mail = confirmationMail(submitted, {
        brandName: config.brandName,
        supportEmail: config.supportEmail,
        publicUrl: config.publicUrl,
        cardText: brand && card?.last4 ? `${cardBrandLabels[brand] ?? 'Card'} ending in ${card.last4}` : null,
      });
      // stored in the same transaction as the status change: exactly one mail per submitted quote
      const { id: outboxId } = await mailer.storeIn(tx, {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      return { quote: submitted, newlySubmitted: true, outboxId };
    });

    if (outcome.newlySubmitted) {
      log.info({ quoteId, reference: outcome.quote.reference }, 'quote submitted');
      await afterSubmit(outcome.quote, outcome.outboxId);
    }
    return { quote: outcome.quote, newlySubmitted: outcome.newlySubmitted };
  }

  /** Work that follows a submission outside its transaction: SMTP delivery and the report job. */
  async function afterSubmit(quote: QuoteRow, outboxId: string | null): Promise<void> {
    if (outboxId) {
      // on failure the mail worker's start-up sweep sends it (pending, never tried)
      await mailer
        .queue(outboxId)
        .catch((err) => log.error({ err, outboxId }, 'could not enqueue the confirmation mail'));
    }
    try {
      // the estimate pipeline's hook: queued with a job, or awaiting measurements without a file
      await enqueueReport({ db, jobs }, quote.id);
    } catch (err) {
      log.error({ err, quoteId: quote.id }, 'could not enqueue the report job');
    }
  }

  /** Submits in the background: used when the request that noticed the payment could not. */
  async function finalizeLater(quoteId: string, err: unknown): Promise<void> {
    log.warn({ err, quoteId }, 'quote submission after payment failed; retrying in the background');
    await jobs.send('quotes.finalize', { quoteId }, { singletonKey: quoteId });
  }

  paymentsService.onPaymentChange(async (change: PaymentChange) => {
    // an intent made without quote data is tied to its quote at submit, which finishes it
    if (change.quoteId === null) return;
    if (change.type !== 'succeeded') {
      await repo.setPaymentStatus(change.quoteId, change.type);
      return;
    }
    const quoteId = change.quoteId;
    try {
      await finalize(quoteId);
    } catch (err) {
      if (isPermanent(err)) {
        log.error({ err, quoteId }, 'a payment succeeded but the quote cannot be submitted');
        return;
      }
      await finalizeLater(quoteId, err);
    }
  });

  /** The answer to an order placed again once paid (or submitted): its Project ID, no new payment. */
  function alreadyOrdered(quote: QuoteRow): CreatePaymentIntentResponse {
    return {
      clientSecret: null,
      paymentIntentId: quote.paymentIntentId ?? FREE_SUBMISSION,
      quoteId: quote.id,
      amount: quote.amountCents,
      freeSubmission: quote.amountCents === 0,
      projectId: quote.reference,
      message:
        quote.amountCents > 0
          ? submissionMessages.alreadyOrdered(quote.reference)
          : submissionMessages.alreadySubmitted(quote.reference),
    };
  }

  function submittedAnswer(quote: QuoteRow): SubmitQuoteResponse {
    return { projectId: quote.reference, message: submissionMessages.submitted(quote.reference) };
  }

  /**
   * The key that ties repeated calls for one quote: the browser's draft id, else the content of
   * the day (a client without draft ids that sends the same free quote twice gets one quote; the
   * same property ordered again another day is a new quote).
   */
  function draftKey(draftId: string | undefined, data: QuoteData, code: string | null): string {
    if (draftId) return `d_${draftId}`;
    return `h_${orderKey(data, code)}_${new Date().toISOString().slice(0, 10)}`;
  }

  async function withProvider<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof ProviderUnavailableError) {
        log.error({ err }, 'payment provider call failed');
        throw new ServiceUnavailableError(paymentMessages.providerUnavailable);
      }
      throw err;
    }
  }

  /** Spec 1 section 7 payloads: an intent priced by the code alone, tied to its quote at submit. */
  async function intentWithoutQuote(code: string | null): Promise<CreatePaymentIntentResponse> {
    const price = await priceFor(code);
    if (price.breakdown.finalAmount === 0) {
      return {
        clientSecret: null,
        paymentIntentId: FREE_SUBMISSION,
        quoteId: null,
        amount: 0,
        freeSubmission: true,
      };
    }
    // no requester to recognise a retry by: every call is a new order (an unpaid intent charges nothing)
    const intent = await withProvider(() =>
      paymentsService.provider.createIntent({
        amountCents: price.breakdown.finalAmount,
        quoteId: null,
        reference: null,
        description: `${config.brandName} roof quote`,
        idempotencyKey: `order_${randomUUID()}`,
      }),
    );
    if (intent.amount !== price.breakdown.finalAmount || !intent.clientSecret) {
      throw new ServiceUnavailableError(paymentMessages.providerUnavailable);
    }
    await withProvider(() => paymentsService.recordIntent(null, intent, price.code));
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      quoteId: null,
      amount: intent.amount,
      freeSubmission: false,
    };
  }

  /** Earlier unpaid intents of a quote that a new price replaced: cancelled, their holds released. */
  async function cancelReplaced(quoteId: string, keep: string | null): Promise<void> {
    for (const old of await paymentsService.repo.openPaymentsOfQuote(quoteId, keep ?? '')) {
      await paymentsService
        .cancelIntent(old.providerPaymentId, paymentMessages.intentCancelled)
        .catch((err) => log.warn({ err, id: old.providerPaymentId }, 'could not cancel a replaced intent'));
    }
  }

  /**
   * The quote of an intent made without quote data, saved from the data sent at submit and
   * priced as the intent was (its code's use is the intent's own). From here the quote is
   * never lost: the payment's success submits it.
   */
  async function tieQuote(payment: PaymentRow, data: QuoteData, ctx: RequestContext): Promise<QuoteRow> {
    const fields = await quoteFields(data);
    const original = BASE_PRICE_CENTS;
    const finalAmount = Math.min(payment.amountCents, original);
    const price: Price = {
      code: payment.discountCode,
      breakdown: { originalAmount: original, discountCents: original - finalAmount, finalAmount },
      isVip: false,
    };
    const quote = await saveQuote(
      `p_${payment.providerPaymentId}`,
      orderKey(data, payment.discountCode),
      fields,
      price,
      ctx,
    );
    await paymentsService.repo.tieToQuote(payment.providerPaymentId, quote.id);
    await repo.setPaymentIntent(quote.id, payment.providerPaymentId);
    return (await repo.findById(quote.id)) ?? quote;
  }

  return {
    repo,
    finalize,

    /**
     * Saves the quote and prepares its payment: the amount comes from the base price and the
     * code alone (a browser's finalAmount is ignored). A free quote gets no PaymentIntent.
     * Without quote data (spec 1 section 7 payloads) the intent is not tied to a quote until
     * submit. A retry of the same order (same draft, or same requester, data and code while
     * unpaid) answers the same intent; a new intent reserves one use of its discount code.
     */
    async createPaymentIntent(
      input: {
        quoteData?: QuoteData;
        vipCode?: string | null;
        discountCode?: string | null;
        draftId?: string;
      },
      ctx: RequestContext,
    ): Promise<CreatePaymentIntentResponse> {
      const code = normalizeCode(input.vipCode || input.discountCode) || null;
      if (!input.quoteData) return intentWithoutQuote(code);

      const fields = await quoteFields(input.quoteData);
      const contentKey = orderKey(input.quoteData, code);
      const key = input.draftId ? draftKey(input.draftId, input.quoteData, code) : null;
      const byDraft = key ? await repo.findByIdempotencyKey(key) : undefined;
      const twins = await repo.recentByContent(contentKey, orderWindowStart());
      // this draft's quote and the same order's of the last 24 hours, each with its payment as the
      // provider now has it: one a crash left processing is settled first (it may have charged)
      const seen = new Map<string, { quote: QuoteRow; payment: PaymentRow | undefined }>();
      for (const quote of [byDraft, ...twins]) {
        if (!quote || seen.has(quote.id)) continue;
        const intentId = quote.status !== 'submitted' ? quote.paymentIntentId : null;
        // unknown is not unpaid: without the provider's answer no new intent is made (503)
        const payment = intentId
          ? await withProvider(() => paymentsService.syncFromProvider(intentId))
          : undefined;
        seen.set(quote.id, { quote, payment });
      }
      const earlier = [...seen.values()];
      // paid already (this draft's, or the same paid order): its Project ID, and no new charge
      const paid = earlier.find(
        ({ quote, payment }) =>
          (quote.status === 'submitted' && (quote === byDraft || quote.amountCents > 0)) ||
          (payment?.status === 'succeeded' && payment.quoteId === quote.id),
      );
      if (paid) {
        const done = paid.quote.status === 'submitted' ? paid.quote : (await finalize(paid.quote.id)).quote;
        return alreadyOrdered(done);
      }
      if (earlier.some(({ payment }) => payment?.status === 'processing')) {
        throw new ConflictError(paymentMessages.alreadyProcessing);
      }
      const open =
        (byDraft ? seen.get(byDraft.id) : undefined) ??
        earlier.find(({ quote }) => quote.status !== 'submitted');
      const existing = open?.quote;
      const current = open?.payment;

      // the same order again: its open intent, priced with the same code, already holds the use
      if (
        existing &&
        current &&
        !current.cancelledAt &&
        current.discountCode === code &&
        (current.status === 'requires_payment' || current.status === 'failed')
      ) {
        const intent = await withProvider(() =>
          paymentsService.provider.retrieveIntent(current.providerPaymentId),
        );
        if (intent?.clientSecret && (intent.status === 'requires_payment' || intent.status === 'failed')) {
          await repo.updateOpenQuote(existing.id, { ...fields, contentKey });
          return {
            clientSecret: intent.clientSecret,
            paymentIntentId: intent.id,
            quoteId: existing.id,
            amount: intent.amount,
            freeSubmission: false,
          };
        }
      }

      const price = await priceFor(code);
      const quote = await saveQuote(key, contentKey, fields, price, ctx);
      if (quote.status === 'submitted') return alreadyOrdered(quote);

      if (quote.amountCents === 0) {
        await repo.setPaymentStatus(quote.id, 'free');
        await cancelReplaced(quote.id, null);
        return {
          clientSecret: null,
          paymentIntentId: FREE_SUBMISSION,
          quoteId: quote.id,
          amount: 0,
          freeSubmission: true,
        };
      }

      // concurrent calls for one quote compute the same key, so the provider answers one intent
      const cancelledBefore = await paymentsService.repo.countCancelledPaymentsOfQuote(quote.id);
      const intent = await withProvider(() =>
        paymentsService.provider.createIntent({
          amountCents: quote.amountCents,
          quoteId: quote.id,
          reference: quote.reference,
          description: `${config.brandName} roof quote ${quote.reference}`,
          receiptEmail: quote.requesterEmail,
          idempotencyKey: `quote_${quote.id}_amount_${quote.amountCents}_code_${price.code ?? ''}_after_${cancelledBefore}`,
        }),
      );
      if (intent.amount !== quote.amountCents || !intent.clientSecret) {
        throw new ServiceUnavailableError(paymentMessages.providerUnavailable);
      }
      await withProvider(() => paymentsService.recordIntent(quote.id, intent, price.code));
      await repo.setPaymentIntent(quote.id, intent.id);
      await cancelReplaced(quote.id, intent.id);
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        quoteId: quote.id,
        amount: intent.amount,
        freeSubmission: false,
      };
    },

    /**
     * Submits a quote: a paid one by its PaymentIntent (checked with the provider: succeeded,
     * for at least the amount due), a free one by the server's own price of its code.
     * Submitting again answers the same Project ID.
     */
    async submit(
      input: {
        quoteData?: QuoteData;
        paymentIntentId: string;
        isVipSubmission?: boolean | null;
        discountCode?: string | null;
        draftId?: string;
      },
      ctx: RequestContext,
    ): Promise<SubmitQuoteResponse> {
      if (input.paymentIntentId === FREE_SUBMISSION) {
        const rawCode = input.discountCode || (input.isVipSubmission ? VIP_CODE : '');
        if (normalizeCode(rawCode) === '') throw new PaymentRequiredError(submissionMessages.notFree);
        const price = await priceFor(rawCode);
        if (price.breakdown.finalAmount !== 0) throw new PaymentRequiredError(submissionMessages.notFree);
        if (!input.quoteData) {
          throw new ValidationError(submissionMessages.quoteDataRequired, {
            quoteData: [submissionMessages.quoteDataRequired],
          });
        }
        const fields = await quoteFields(input.quoteData);
        const quote = await saveQuote(
          draftKey(input.draftId, input.quoteData, price.code),
          orderKey(input.quoteData, price.code),
          fields,
          price,
          ctx,
        );
        if (quote.status === 'submitted') return submittedAnswer(quote);
        const { quote: done } = await finalize(quote.id);
        return submittedAnswer(done);
      }

      let payment = await withProvider(() => paymentsService.syncFromProvider(input.paymentIntentId));
      if (!payment) throw new NotFoundError(submissionMessages.unknownPayment);
      if (!payment.quoteId) {
        if (!input.quoteData) {
          throw new ValidationError(submissionMessages.quoteDataRequired, {
            quoteData: [submissionMessages.quoteDataRequired],
          });
        }
        await tieQuote(payment, input.quoteData, ctx);
        // read again: a success that landed before the tie had no quote to submit
        payment = await paymentsService.repo.findPaymentByProviderId(input.paymentIntentId);
        if (!payment?.quoteId) throw new NotFoundError(submissionMessages.unknownPayment);
      }
      const quote = await repo.findById(payment.quoteId);
      if (!quote) throw new NotFoundError(submissionMessages.quoteNotFound);
      if (quote.status === 'submitted') return submittedAnswer(quote);
      if (payment.status !== 'succeeded') throw new PaymentRequiredError(submissionMessages.notPaid);
      const { quote: done } = await finalize(quote.id);
      return submittedAnswer(done);
    },

    /**
     * Public progress of a quote by its reference: no personal data. The order's own figures
     * (submission type, amount charged, the one delivery promise) and its report versions; the
     * signed download links (and the code used) only for the order's own browser (its order
     * cookie) or person (a confirmed account with the requester's or homeowner's e-mail), or an admin.
     */
    async status(rawReference: string, viewer: StatusViewer = {}): Promise<QuoteStatusResponse> {
      const reference = rawReference.trim().toUpperCase();
      if (!/^RL-[A-Z0-9]{8}$/.test(reference)) throw new NotFoundError(submissionMessages.quoteNotFound);
      const { versions, quote, chargedCents } = await repo.statusByReference(reference);
      if (!quote) throw new NotFoundError(submissionMessages.quoteNotFound);
      const own = isOwnOrder(quote, viewer);
      const submitted = quote.status === 'submitted' && quote.submittedAt !== null;
      return {
        reference: quote.reference,
        status: quote.status,
        reportStatus: quote.reportStatus,
        submittedAt: quote.submittedAt?.toISOString() ?? null,
        orderedAt: quote.createdAt.toISOString(),
        submissionType: submitted ? submissionTypeOf(quote) : null,
        discountCode: own ? quote.discountCode : null,
        amountPaidCents: chargedCents,
        expectedBy:
          submitted && quote.submittedAt
            ? new Date(quote.submittedAt.getTime() + REPORT_PROMISE_MS).toISOString()
            : null,
        reports: reportVersionAnswers(config.sessionSecret, quote.reference, versions, own),
      };
    },

    async listForAdmin(query: AdminQuotesQuery): Promise<AdminQuoteList> {
      const { rows, total } = await repo.list(query.page, query.pageSize);
      return { items: rows.map(toAdminQuote), page: query.page, pageSize: query.pageSize, total };
    },

    // ------------------------------------------------------------ sketch files

    /**
     * Stores a sketch file after the name, size and content checks (the browser ran the first
     * two already) and, when a source is given, the check that the file fits it.
     */
    async uploadSketch(
      input: { fileName: string; data: Buffer; source?: string | null },
      ctx: RequestContext,
    ): Promise<SketchUploadResponse> {
      const fileName = Array.from(input.fileName.replace(/[\\/]/g, '_'))
        .filter((c) => c.charCodeAt(0) >= 0x20)
        .join('')
        .slice(-255);
      const check = checkSketchFile(fileName, input.data.length);
      if (!check.ok) {
        if (check.kind === 'type') throw new UnsupportedMediaTypeError(check.message);
        if (check.kind === 'size') throw new PayloadTooLargeError(check.message);
        throw new ValidationError(check.message, { sketchFile: [check.message] });
      }
      if (input.source && sourceNeedsFile(input.source)) {
        const mismatch = checkSketchMatchesSource(input.source, fileName);
        if (mismatch) throw new ValidationError(mismatch, { sketchFile: [mismatch] });
      }
      // content check and parse in a worker with a time budget: a hostile file cannot hold the event loop
      const { problem, measurement } = await inspectUpload(
        check.extension,
        input.data,
        input.source && sourceNeedsFile(input.source)
          ? { source: input.source as MeasurementSource, fileName }
          : null,
      ).catch((err: unknown) => {
        log.error({ err, source: input.source }, 'the measurement parser failed on an upload');
        return {
          problem: `We could not read this file as a ${input.source ?? 'measurement'} file. Check that you chose the right file and source.`,
          measurement: null,
        };
      });
      // a measurement file that cannot be read is refused (400), as before: the order could not use it
      if (problem) throw new ValidationError(problem, { sketchFile: [problem] });

      const token = randomBytes(16).toString('base64url');
      const storageKey = `sketches/${randomUUID()}${check.extension}`;
      await storage.put(storageKey, input.data);
      const row = await repo.insertUpload({
        kind: 'sketch',
        fileName,
        contentType: sketchContentTypes[check.extension],
        size: input.data.length,
        storageKey,
        publicToken: token,
        uploadedBy: ctx.userId ?? null,
      });
      return {
        publicUrl: sketchPublicUrl(row.publicToken),
        fileName: row.fileName,
        size: row.size,
        contentType: row.contentType,
        // what was read, so the customer can tell it is the right roof; null without a source we read
        measurement: measurement ? measurementSummary(measurement) : null,
      };
    },

    /** The too-large message for a body the multipart limit cut short, from its declared length. */
    tooLargeMessage(contentLength: number): string {
      return sketchMessages.tooLarge(formatSizeMb(contentLength));
    },

    async sketchFile(token: string) {
      const upload = SKETCH_TOKEN.test(token) ? await repo.findUploadByToken('sketch', token) : undefined;
      if (!upload || !(await storage.exists(upload.storageKey))) {
        throw new NotFoundError(sketchMessages.unknownUpload);
      }
      const ext = fileExtension(upload.fileName);
      return {
        fileName: upload.fileName,
        contentType: isSketchExtension(ext) ? sketchContentTypes[ext] : 'application/octet-stream',
        size: upload.size,
        stream: storage.stream(upload.storageKey),
      };
    },

    /** Background submission of a paid quote (the `quotes.finalize` job). */
    async finalizeJob(quoteId: string): Promise<void> {
      if (!uuid.safeParse(quoteId).success) return;
      try {
        await finalize(quoteId);
      } catch (err) {
        if (isPermanent(err)) {
          log.error({ err, quoteId }, 'a paid quote cannot be submitted');
          return;
        }
        throw err;
      }
    },

    /** At start: paid quotes that a crash left unsubmitted are submitted by the job. */
    async resumePaidQuotes(): Promise<number> {
      const ids = await repo.paidButNotSubmitted();
      for (const quoteId of ids) await jobs.send('quotes.finalize', { quoteId }, { singletonKey: quoteId });
      return ids.length;
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;

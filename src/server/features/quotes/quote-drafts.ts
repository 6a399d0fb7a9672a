import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import { applyDiscount, BASE_PRICE_CENTS, normalizeCode, VIP_CODE } from '../../../domain/payments/discount';
import { sourceNeedsFile } from '../../../domain/quotes/options';
import { REFERENCE_ALPHABET } from '../../../domain/quotes/quote-calls';
import type { QuoteData } from '../../../domain/quotes/quote-form';
import { checkSketchMatchesSource, sketchMessages } from '../../../domain/quotes/sketch-file';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { ValidationError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { PaymentsService } from '../payments';
import { orderKey } from './order-key';
import type { QuoteFields, QuoteRow, QuotesRepo } from './quotes.repo';
import type { UploadsRepo } from './uploads.repo';
import { measurementProblem, sketchPublicUrl, sketchTokenFromUrl } from './uploads.service';

export interface RequestContext {
  userId?: string | null;
}

export interface Price {
  code: string | null;
  breakdown: { originalAmount: number; discountCents: number; finalAmount: number };
  isVip: boolean;
  /** Billed to an organisation's account (an order through /api/v1): no card, its monthly statement. */
  onAccount?: boolean;
}

/** The same order placed again within this window finds its earlier quote: unpaid, the same intent; paid, its Project ID. */
export const ORDER_RETRY_WINDOW_MS = 24 * 60 * 60_000;
export const orderWindowStart = () => new Date(Date.now() - ORDER_RETRY_WINDOW_MS);

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

export interface QuoteDraftsDeps {
  repo: QuotesRepo;
  uploads: UploadsRepo;
  storage: FileStorage;
  logger: Logger;
  payments: PaymentsService;
}

/**
 * A quote as the order form makes it, before its payment: its columns from the validated form,
 * its price by the server's own rules, and the one quote of a draft (or of an order repeated).
 * Used by the checkout and the submission.
 */
export function createQuoteDrafts(deps: QuoteDraftsDeps) {
  const { repo, uploads, storage, payments: paymentsService } = deps;
  const log = deps.logger.child({ module: 'quotes' });

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
      const upload = token ? await uploads.findUploadByToken('sketch', token) : undefined;
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
      ridgeVent: data.ridgeVent ?? null,
      measurementFileSource: data.measurementFileSource,
      ...sketch,
      // only a file's address can need confirming
      measurementAddressConfirmed: sketch.sketchUploadId ? data.measurementAddressConfirmed : false,
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
      paymentStatus: price.onAccount
        ? ('account' as const)
        : price.breakdown.finalAmount === 0
          ? ('free' as const)
          : ('none' as const),
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

  /**
   * The key that ties repeated calls for one quote: the browser's draft id, else the content of
   * the day (a client without draft ids that sends the same free quote twice gets one quote; the
   * same property ordered again another day is a new quote).
   */
  function draftKey(draftId: string | undefined, data: QuoteData, code: string | null): string {
    if (draftId) return `d_${draftId}`;
    return `h_${orderKey(data, code)}_${new Date().toISOString().slice(0, 10)}`;
  }

  return { quoteFields, priceFor, saveQuote, draftKey };
}

export type QuoteDrafts = ReturnType<typeof createQuoteDrafts>;

import { applyDiscount, BASE_PRICE_CENTS } from '../../../domain/payments/discount';
import type { QuoteData } from '../../../domain/quotes/quote-form';
import type { Price, QuoteDrafts } from './quote-drafts';
import type { QuoteRow } from './quotes.repo';
import type { QuoteSubmissionService } from './submission.service';
import type { QuoteUploadsService } from './uploads.service';

export interface AccountOrdersDeps {
  drafts: QuoteDrafts;
  submission: Pick<QuoteSubmissionService, 'finalize'>;
  uploads: Pick<QuoteUploadsService, 'uploadSketch'>;
}

/**
 * Orders billed to an organisation's account (issue 26 #5: the open API). The web order's form
 * rules and the same submission as a paid order (one transaction: submitted, confirmation mail;
 * then the report job), with 'account' in place of a card payment: the base price, no discount,
 * paid by the organisation's monthly statement.
 */
export function createAccountOrdersService(deps: AccountOrdersDeps) {
  const { drafts, submission, uploads } = deps;
  const price: Price = {
    code: null,
    breakdown: applyDiscount(null, BASE_PRICE_CENTS),
    isVip: false,
    onAccount: true,
  };

  return {
    /** Stores a measurement file sent with an order (the web upload's checks); its fields for the order. */
    async storeMeasurementFile(file: {
      fileName: string;
      bytes: Buffer;
      source: string;
      property: { streetAddress: string; zipCode: string } | null;
    }): Promise<{ sketchFileUrl: string; sketchFileName: string; sketchFileSize: number }> {
      const up = await uploads.uploadSketch(
        { fileName: file.fileName, data: file.bytes, source: file.source, property: file.property },
        {},
      );
      return { sketchFileUrl: up.publicUrl, sketchFileName: up.fileName, sketchFileSize: up.size };
    },

    /**
     * Places and submits the order `key` names (unique: the caller scopes it to its organisation).
     * The same key again answers the same quote; two calls racing on one key end on one quote.
     */
    async place(key: string, data: QuoteData): Promise<QuoteRow> {
      const fields = await drafts.quoteFields(data);
      // the key is the content key too: an order of the API never joins an open web order
      const quote = await drafts.saveQuote(`api_${key}`, `api_${key}`, fields, price, {});
      if (quote.status === 'submitted') return quote;
      return (await submission.finalize(quote.id)).quote;
    },
  };
}

export type AccountOrdersService = ReturnType<typeof createAccountOrdersService>;

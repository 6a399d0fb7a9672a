import fastifyMultipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import { adminQuoteListSchema, adminQuotesQuerySchema } from '../../../domain/quotes/admin-quotes';
import {
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  quoteStatusParamsSchema,
  quoteStatusResponseSchema,
  sketchUploadResponseSchema,
  submitQuoteRequestSchema,
  submitQuoteResponseSchema,
} from '../../../domain/quotes/quote-calls';
import { checkSketchFile, MAX_SKETCH_FILE_BYTES, sketchMessages } from '../../../domain/quotes/sketch-file';
import { adminOnly } from '../../platform/auth/guards';
import type { Config } from '../../platform/config';
import {
  PayloadTooLargeError,
  registerErrorFieldCopy,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../platform/errors';
import { ipLimit, limitBy, quoteKey } from '../../platform/rate-limits';
import type { AdminQuotesService } from './admin-quotes.service';
import type { QuoteCheckoutService } from './checkout.service';
import { ORDER_COOKIE, ORDER_COOKIE_MAX_AGE_S, orderCookieWith, readOrderCookie } from './order-cookie';
import type { QuoteStatusService } from './status.service';
import type { QuoteSubmissionService } from './submission.service';
import type { QuoteUploadsService } from './uploads.service';

/** The quotes services the order routes call, each built once in services.ts. */
export interface QuotesRouteServices {
  uploads: QuoteUploadsService;
  checkout: QuoteCheckoutService;
  submission: QuoteSubmissionService;
  status: QuoteStatusService;
  adminQuotes: AdminQuotesService;
}

/** Above the 5 MB rule, so a file a little too large is read whole and its real size named. */
export const MULTIPART_FILE_LIMIT = 25 * 1024 * 1024;

/** Error answers of the order calls also carry the message as `error` (the spec's field). */
const orderErrorSchema = errorResponseSchema.extend({ error: z.string().optional() });
const orderErrors = {
  400: orderErrorSchema,
  402: orderErrorSchema,
  404: orderErrorSchema,
  409: orderErrorSchema,
  429: orderErrorSchema,
  503: orderErrorSchema,
};

/**
 * Quote ordering: the sketch upload, payment intents, submission, the public status of a quote,
 * and the admins' list. `config` signs the order cookie (sessionSecret) and makes it Secure
 * (publicUrl). The payments routes and the quote workers are wired in app.ts and services.ts.
 */
export function quotesRoutes(
  services: QuotesRouteServices,
  config: Pick<Config, 'sessionSecret' | 'publicUrl'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: MULTIPART_FILE_LIMIT, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    registerErrorFieldCopy(app);

    app.post(
      '/api/uploads/sketch',
      {
        config: { rateLimit: ipLimit(app, 'upload') },
        schema: {
          tags: ['quotes'],
          summary:
            'Uploads a sketch (measurement) file: multipart field sketchFile, at most 5 MB, .json/.xml/.csv',
          description:
            "Optional form fields (before the file) or query parameters: measurementFileSource (the file must fit that source; 400 when it cannot be priced), streetAddress and zipCode (the order's, compared with the file's address: measurement.addressCheck). 413 too large, 415 wrong type, 400 malformed content.",
          querystring: z.object({
            measurementFileSource: z.string().max(100).optional(),
            streetAddress: z.string().max(200).optional(),
            zipCode: z.string().max(10).optional(),
          }),
          response: {
            201: sketchUploadResponseSchema,
            400: orderErrorSchema,
            413: orderErrorSchema,
            415: orderErrorSchema,
            429: orderErrorSchema,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new UnsupportedMediaTypeError(
            'Send the sketch file as multipart/form-data in the field sketchFile.',
          );
        }
        const part = await request.file();
        if (part?.fieldname !== 'sketchFile') {
          throw new ValidationError(sketchMessages.noFile, { sketchFile: [sketchMessages.noFile] });
        }
        // the type rule first: a wrong file is refused before its bytes are read
        const early = checkSketchFile(part.filename, 1);
        if (!early.ok && early.kind === 'type') {
          part.file.resume();
          throw new UnsupportedMediaTypeError(early.message);
        }
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            const declared = Number(request.headers['content-length']);
            throw new PayloadTooLargeError(
              services.uploads.tooLargeMessage(
                Number.isFinite(declared) && declared > MAX_SKETCH_FILE_BYTES
                  ? declared
                  : MULTIPART_FILE_LIMIT + 1,
              ),
            );
          }
          throw err;
        }
        const fieldValue = (name: string, max: number) => {
          const field = part.fields[name];
          return field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string'
            ? field.value.slice(0, max)
            : undefined;
        };
        const streetAddress = fieldValue('streetAddress', 200) ?? request.query.streetAddress;
        const zipCode = fieldValue('zipCode', 10) ?? request.query.zipCode;
        const uploaded = await services.uploads.uploadSketch(
          {
            fileName: part.filename,
            data,
            source: fieldValue('measurementFileSource', 100) ?? request.query.measurementFileSource,
            property: streetAddress?.trim() && zipCode?.trim() ? { streetAddress, zipCode } : null,
          },
          { userId: request.auth?.user.id },
        );
        return reply.status(201).send(uploaded);
      },
    );

    app.get(
      '/api/uploads/sketch/:token',
      {
        schema: {
          tags: ['quotes'],
          summary: 'A stored sketch file, by its unguessable address',
          params: z.object({ token: z.string().max(64) }),
          response: {
            200: {
              description: 'The file, with its content type',
              content: {
                'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
              },
            },
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const file = await services.uploads.sketchFile(request.params.token);
        return reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('content-disposition', contentDisposition(file.fileName || 'sketch'))
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );

    app.post(
      '/api/quotes/create-payment-intent',
      {
        config: { rateLimit: ipLimit(app, 'publicForm') },
        preHandler: limitBy(app, 'quote', quoteKey),
        schema: {
          tags: ['quotes'],
          summary: 'Saves the quote and prepares its payment; the server computes the amount',
          description:
            'Payload: {quoteData, vipCode} or {quoteData, finalAmount, discountCode}. finalAmount is ignored: the amount is 45000 cents less a valid discount. A free quote answers freeSubmission true and no client secret.',
          body: createPaymentIntentRequestSchema,
          response: { 200: createPaymentIntentResponseSchema, ...orderErrors },
        },
      },
      async (request) =>
        services.checkout.createPaymentIntent(request.body, { userId: request.auth?.user.id }),
    );

    app.post(
      '/api/quotes/submit',
      {
        config: { rateLimit: ipLimit(app, 'publicForm') },
        preHandler: limitBy(app, 'quote', quoteKey),
        schema: {
          tags: ['quotes'],
          summary:
            'Submits a paid quote (by its PaymentIntent) or a free one (paymentIntentId free_submission)',
          description: 'Idempotent: submitting again answers the same projectId.',
          body: submitQuoteRequestSchema,
          response: { 200: submitQuoteResponseSchema, ...orderErrors },
        },
      },
      async (request, reply) => {
        const result = await services.submission.submit(request.body, { userId: request.auth?.user.id });
        // this browser's own orders: its /thank-you may show the report's download link
        reply.setCookie(
          ORDER_COOKIE,
          orderCookieWith(config.sessionSecret, request.cookies[ORDER_COOKIE], result.projectId),
          {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: request.protocol === 'https' || config.publicUrl.startsWith('https://'),
            maxAge: ORDER_COOKIE_MAX_AGE_S,
          },
        );
        return result;
      },
    );

    app.get(
      '/api/quotes/:reference/status',
      {
        config: { rateLimit: ipLimit(app, 'search') },
        schema: {
          tags: ['quotes'],
          summary: 'Public progress of a quote and its report, by Project ID (no personal data)',
          description:
            "Report download links (and the code used) are given only to the order's own browser (the rl_orders cookie set at submission), to a confirmed account with the requester's or homeowner's e-mail, and to admins; null for everyone else.",
          params: quoteStatusParamsSchema,
          response: { 200: quoteStatusResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return services.status.status(request.params.reference, {
          orderedReferences: readOrderCookie(config.sessionSecret, request.cookies[ORDER_COOKIE]),
          user: request.auth?.user ?? null,
        });
      },
    );

    app.get(
      '/api/admin/quotes',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Quotes, newest first, with payment and report state (admins only)',
          security: [{ session: [] }],
          querystring: adminQuotesQuerySchema,
          response: {
            200: adminQuoteListSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async (request) => services.adminQuotes.listForAdmin(request.query),
    );
  };
}

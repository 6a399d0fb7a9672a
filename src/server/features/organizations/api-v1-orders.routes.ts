/**
 * `/api/v1/orders` (issue 26 #5): placing an order billed to the organisation of the Bearer key
 * (JSON, or multipart with its measurement file) and reading its orders, an order's estimate and
 * its report's PDF (registered inside the /api/v1 plugin, behind its key check).
 */
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import { idempotencyHeadersSchema } from '../../../domain/idempotency';
import {
  apiEstimateSchema,
  apiOrderListQuerySchema,
  apiOrderListSchema,
  apiOrderParamsSchema,
  apiOrderRequestSchema,
  apiOrderSchema,
} from '../../../domain/organizations/organizations';
import { PayloadTooLargeError, ValidationError } from '../../platform/errors';
import type { AnyFastify } from '../../platform/fastify-types';
import { requestHash } from '../../platform/request-hash';
import type { AccountOrdersService } from '../quotes';
import { apiCallerOf, apiV1Errors, bearerSecurity } from './api-auth';
import type { ApiOrdersService, MeasurementUpload } from './api-orders.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The measurement file sent with a multipart order (read before the body is validated). */
    measurementUpload?: MeasurementUpload;
  }
}

const tags = ['api-v1'];
const idempotencyHeaders = idempotencyHeadersSchema(
  'Makes the order idempotent: the same key and body answer the same order (200); another body 422.',
);
/** Stands for the sketch address until the file sent with the order is stored. */
const PENDING_UPLOAD = 'pending-upload';

/**
 * Reads a multipart order: the field `order` (the order's JSON) and the optional file
 * `measurementFile`. The body becomes the order (validated next, with the file's name in place of
 * its address); the file waits in `request.measurementUpload`.
 */
async function readMultipartOrder(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  let order: unknown;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'measurementFile') {
        part.file.resume();
        throw new ValidationError('Send the file in the field measurementFile.', {
          measurementFile: ['Unexpected file field.'],
        });
      }
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new PayloadTooLargeError('The measurement file is too large (5 MB at most).');
        throw err;
      });
      request.measurementUpload = { fileName: part.filename, bytes };
    } else if (part.fieldname === 'order' && typeof part.value === 'string') {
      try {
        order = JSON.parse(part.value);
      } catch {
        throw new ValidationError('The field order is not valid JSON.', { order: ['Not valid JSON.'] });
      }
    }
  }
  if (typeof order !== 'object' || order === null || Array.isArray(order)) {
    throw new ValidationError('Send the order as JSON in the field order.', { order: ['Required.'] });
  }
  const file = request.measurementUpload;
  request.body = file
    ? {
        ...order,
        sketchFileUrl: PENDING_UPLOAD,
        sketchFileName: file.fileName,
        sketchFileSize: file.bytes.length,
      }
    : order;
}

/** Places and reads the organisation's orders (called inside the /api/v1 plugin). */
export function registerV1OrderRoutes(
  anyApp: AnyFastify,
  deps: { orders: ApiOrdersService; accountOrders: AccountOrdersService },
): void {
  const app = anyApp.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/orders',
    {
      config: { apiScope: 'orders:write' },
      preValidation: readMultipartOrder,
      schema: {
        operationId: 'createOrder',
        tags,
        summary: "Orders a Fair Market Value report, billed to the organisation's account",
        description:
          "JSON: the order (the web order form's fields and rules). Or multipart/form-data: the field `order` (that JSON) and the file `measurementFile` (HOVER, EagleView, Roofr or GAF QuickSquare export; set measurementFileSource). 201 a new order; 200 the same Idempotency-Key and body again; 422 the key with another body.",
        security: bearerSecurity,
        headers: idempotencyHeaders,
        body: apiOrderRequestSchema,
        response: {
          200: apiOrderSchema,
          201: apiOrderSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
          ...apiV1Errors,
        },
      },
    },
    async (request, reply) => {
      const caller = apiCallerOf(request);
      const file = request.measurementUpload;
      const body = request.body;
      const { order, created } = await deps.orders.place(
        caller,
        request.headers['idempotency-key'],
        requestHash(body, file?.bytes),
        async () => {
          if (!file) return body;
          const stored = await deps.accountOrders.storeMeasurementFile({
            fileName: file.fileName,
            bytes: file.bytes,
            source: body.measurementFileSource,
            property: { streetAddress: body.streetAddress, zipCode: body.zipCode },
          });
          return { ...body, ...stored };
        },
      );
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/api/v1/orders',
    {
      config: { apiScope: 'orders:read' },
      schema: {
        operationId: 'listOrders',
        tags,
        summary: "The organisation's orders, newest first, a page at a time (cursor)",
        security: bearerSecurity,
        querystring: apiOrderListQuerySchema,
        response: { 200: apiOrderListSchema, ...apiV1Errors },
      },
    },
    async (request) => deps.orders.list(apiCallerOf(request), request.query.limit, request.query.cursor),
  );

  app.get(
    '/api/v1/orders/:id',
    {
      config: { apiScope: 'orders:read' },
      schema: {
        operationId: 'getOrder',
        tags,
        summary: "An order's status and its report's version",
        security: bearerSecurity,
        params: apiOrderParamsSchema,
        response: { 200: apiOrderSchema, ...apiV1Errors },
      },
    },
    async (request) => deps.orders.get(apiCallerOf(request), request.params.id),
  );

  app.get(
    '/api/v1/orders/:id/estimate',
    {
      config: { apiScope: 'orders:read' },
      schema: {
        operationId: 'getOrderEstimate',
        tags,
        summary: "The estimate of the order's latest report as JSON: the PDF's line items, totals and range",
        security: bearerSecurity,
        params: apiOrderParamsSchema,
        response: { 200: apiEstimateSchema, 409: errorResponseSchema, ...apiV1Errors },
      },
    },
    async (request) => deps.orders.estimate(apiCallerOf(request), request.params.id),
  );

  app.get(
    '/api/v1/orders/:id/report.pdf',
    {
      config: { apiScope: 'orders:read' },
      schema: {
        operationId: 'getOrderReportPdf',
        tags,
        summary: "The order's latest report as PDF",
        security: bearerSecurity,
        params: apiOrderParamsSchema,
        response: {
          200: {
            description: 'The PDF report',
            content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
          409: errorResponseSchema,
          ...apiV1Errors,
        },
      },
    },
    async (request, reply) => {
      const pdf = await deps.orders.reportPdf(apiCallerOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.filename}"`)
        .send(pdf.bytes);
    },
  );
}

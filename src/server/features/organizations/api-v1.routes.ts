import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import { MEASUREMENT_SOURCES, type MeasurementSource } from '../../../domain/estimates/types';
import { idempotencyHeadersSchema } from '../../../domain/idempotency';
import {
  apiEstimateSchema,
  apiOrderListQuerySchema,
  apiOrderListSchema,
  apiOrderParamsSchema,
  apiOrderRequestSchema,
  apiOrderSchema,
  organizationMessages,
  statementParamsSchema,
} from '../../../domain/organizations/organizations';
import { MAX_SKETCH_FILE_BYTES } from '../../../domain/quotes/sketch-file';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import {
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../platform/errors';
import { requestHash } from '../../platform/request-hash';
import type { EstimatesService } from '../estimates';
import type { AccountOrdersService } from '../quotes';
import { apiCallerOf, bearerSecurity, registerApiKeyAuth } from './api-auth';
import type { ApiOrdersService, MeasurementUpload } from './api-orders.service';
import { sendStatement } from './organizations.routes';
import type { OrganizationsService } from './organizations.service';
import { statementOf } from './statements';
import { registerV1WebhookRoutes } from './webhooks.routes';
import type { WebhooksService } from './webhooks.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The measurement file sent with a multipart order (read before the body is validated). */
    measurementUpload?: MeasurementUpload;
  }
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['api-v1'];
const security = bearerSecurity;
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

/** The open API (issue 26 #5): orders billed to the organisation of the Bearer key, and its statements. */
export function apiV1Routes(deps: {
  organizations: OrganizationsService;
  orders: ApiOrdersService;
  accountOrders: AccountOrdersService;
  /** The estimates feature: a measurement file sent after the order makes its measured report. */
  estimates: Pick<EstimatesService, 'attachMeasurementFile'>;
  db: Db;
  config: Pick<Config, 'brandName'>;
  webhooks: WebhooksService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_SKETCH_FILE_BYTES, files: 1, fields: 2, fieldSize: 64 * 1024, parts: 3 },
    });
    registerApiKeyAuth(app, deps.organizations);
    registerV1WebhookRoutes(app, deps.webhooks);

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
          security,
          headers: idempotencyHeaders,
          body: apiOrderRequestSchema,
          response: {
            200: apiOrderSchema,
            201: apiOrderSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
            422: errorResponseSchema,
            ...errors,
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
          security,
          querystring: apiOrderListQuerySchema,
          response: { 200: apiOrderListSchema, ...errors },
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
          security,
          params: apiOrderParamsSchema,
          response: { 200: apiOrderSchema, ...errors },
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
          summary:
            "The estimate of the order's latest report as JSON: the PDF's line items, totals and range",
          security,
          params: apiOrderParamsSchema,
          response: { 200: apiEstimateSchema, 409: errorResponseSchema, ...errors },
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
          security,
          params: apiOrderParamsSchema,
          response: {
            200: {
              description: 'The PDF report',
              content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
            },
            409: errorResponseSchema,
            ...errors,
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

    app.post(
      '/api/v1/orders/:id/measurement-file',
      {
        config: { apiScope: 'orders:write' },
        schema: {
          operationId: 'uploadOrderMeasurementFile',
          tags,
          summary:
            "Sends an order's measurement file after the order: its measured report follows as a new version",
          description:
            'multipart/form-data: the field measurementFileSource (before the file: HOVER .json, Eagleview .xml, Roofr .csv or GAF QuickSquare .xml) and the file measurementFile. 202 with the order; 409 while a report is being made.',
          security,
          params: apiOrderParamsSchema,
          response: {
            202: apiOrderSchema,
            409: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const caller = apiCallerOf(request);
        const quoteId = await deps.orders.quoteIdOf(caller, request.params.id);
        if (!request.isMultipart()) {
          throw new UnsupportedMediaTypeError(
            'Send multipart/form-data: measurementFileSource, then measurementFile.',
          );
        }
        const part = await request.file();
        if (part?.fieldname !== 'measurementFile') {
          throw new ValidationError('Send the file in the field measurementFile.', {
            measurementFile: ['Required.'],
          });
        }
        const sourceField = part.fields.measurementFileSource;
        const source =
          sourceField && !Array.isArray(sourceField) && sourceField.type === 'field'
            ? String(sourceField.value)
            : '';
        if (!(MEASUREMENT_SOURCES as readonly string[]).includes(source)) {
          part.file.resume();
          const message = `Name the file's source first: ${MEASUREMENT_SOURCES.join(', ')}.`;
          throw new ValidationError(message, { measurementFileSource: [message] });
        }
        const bytes = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new PayloadTooLargeError('The measurement file is too large (5 MB at most).');
          }
          throw err;
        });
        await deps.estimates.attachMeasurementFile(
          quoteId,
          { source: source as MeasurementSource, fileName: part.filename, bytes },
          { userId: null, ip: request.ip },
        );
        return reply.status(202).send(await deps.orders.get(caller, request.params.id));
      },
    );

    for (const format of ['csv', 'pdf'] as const) {
      app.get(
        `/api/v1/statements/:month.${format}`,
        {
          config: { apiScope: 'orders:read' },
          schema: {
            operationId: format === 'csv' ? 'getStatementCsv' : 'getStatementPdf',
            tags,
            summary: `The organisation's monthly statement (orders billed to its account) as ${format.toUpperCase()}`,
            security,
            params: statementParamsSchema,
            response: {
              200: {
                description: 'The statement',
                content: {
                  [format === 'csv' ? 'text/csv' : 'application/pdf']: {
                    schema: z.any().meta({ type: 'string', format: 'binary' }),
                  },
                },
              },
              ...errors,
            },
          },
        },
        async (request, reply) => {
          const statement = await statementOf(
            deps.db,
            apiCallerOf(request).organizationId,
            request.params.month,
          );
          if (!statement) throw new NotFoundError(organizationMessages.notFound);
          return sendStatement(reply, statement, format, deps.config.brandName);
        },
      );
    }
  };
}

import fastifyMultipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, toFieldErrors } from '../../../domain/errors';
import type { MeasurementSource } from '../../../domain/estimates/index';
import {
  manualMeasurementSchema,
  measurementSourceSchema,
  quoteIdParamsSchema,
  reportDownloadParamsSchema,
  reportDownloadQuerySchema,
  reportJobAcceptedSchema,
  reportMessages,
  reportQueueQuerySchema,
  reportQueueSchema,
} from '../../../domain/estimates/report/schemas';
import { MAX_SKETCH_FILE_BYTES } from '../../../domain/quotes/sketch-file';
import { adminOnly, requireRole } from '../../platform/auth/guards';
import { ValidationError } from '../../platform/errors';
import { ipLimit } from '../../platform/rate-limits';
import type { EstimatesService } from './estimates.service';

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Fair Market Value reports: the admin queue (quotes without measurements, failed reports), admin
 * measurement entry and retry, and the signed download link. The `report.generate` worker that
 * makes the reports is started with the other workers (services.ts).
 */
export function estimatesRoutes(service: EstimatesService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_SKETCH_FILE_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
    });

    app.get(
      '/api/admin/reports/queue',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'estimates'],
          summary:
            'Quotes whose report waits for an admin: no measurements yet, failed, or answered by a preliminary report; oldest first, one page after `cursor` (admins only)',
          security: [{ session: [] }],
          querystring: reportQueueQuerySchema,
          response: {
            200: reportQueueSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async (request) => service.queue(request.query),
    );

    app.post(
      '/api/admin/reports/:quoteId/measurements',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'estimates'],
          summary: 'Give a quote its measurements, then make its report (admins only)',
          description:
            'Either multipart/form-data with `file` (the measurement file) and `source` (HOVER .json, Eagleview .xml, Roofr .csv, GAF QuickSquare .xml), or JSON `{"totalAreaSqFt": 2400, "predominantPitch": "6/12"}`. The file is checked before it is accepted.',
          security: [{ session: [] }],
          consumes: ['application/json', 'multipart/form-data'],
          params: quoteIdParamsSchema,
          response: {
            202: reportJobAcceptedSchema,
            ...adminErrors,
            413: errorResponseSchema,
            415: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const admin = requireRole(request, 'admin');
        const actor = { userId: admin.id, ip: request.ip };
        const { quoteId } = request.params;
        if (request.isMultipart()) {
          let file: { fileName: string; bytes: Buffer } | undefined;
          let source: string | undefined;
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const bytes = await part.toBuffer();
              if (part.fieldname === 'file' && !file) {
                file = { fileName: part.filename || 'measurements', bytes };
              }
            } else if (part.fieldname === 'source') {
              source = String(part.value);
            }
          }
          const fieldErrors: Record<string, string[]> = {};
          const parsedSource = measurementSourceSchema.safeParse(source);
          if (!parsedSource.success) fieldErrors.source = [reportMessages.sourceRequired];
          if (!file || file.bytes.length === 0) fieldErrors.file = [reportMessages.fileRequired];
          if (!file || !parsedSource.success) {
            throw new ValidationError(
              Object.values(fieldErrors)[0]?.[0] ?? reportMessages.multipartFields,
              fieldErrors,
            );
          }
          const result = await service.attachMeasurementFile(
            quoteId,
            { ...file, source: parsedSource.data as MeasurementSource },
            actor,
          );
          return reply.status(202).send(result);
        }
        const parsed = manualMeasurementSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          const fieldErrors = toFieldErrors(parsed.error);
          throw new ValidationError(
            Object.values(fieldErrors)[0]?.[0] ?? reportMessages.multipartFields,
            fieldErrors,
          );
        }
        const result = await service.enterManualMeasurement(quoteId, parsed.data, actor);
        return reply.status(202).send(result);
      },
    );

    app.post(
      '/api/admin/reports/:quoteId/retry',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'estimates'],
          summary: 'Make the report of a quote again, e.g. after a failure (admins only)',
          security: [{ session: [] }],
          params: quoteIdParamsSchema,
          response: { 202: reportJobAcceptedSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const admin = requireRole(request, 'admin');
        const result = await service.retry(request.params.quoteId, { userId: admin.id, ip: request.ip });
        return reply.status(202).send(result);
      },
    );

    app.get(
      '/api/reports/:reference.pdf',
      {
        config: { rateLimit: ipLimit(app, 'publicForm') },
        schema: {
          tags: ['estimates'],
          summary:
            'Download a Fair Market Value report through the signed link of its e-mail (no account needed)',
          params: reportDownloadParamsSchema,
          querystring: reportDownloadQuerySchema,
          response: {
            200: {
              description: 'The PDF report',
              content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
            },
            403: errorResponseSchema,
            404: errorResponseSchema,
            410: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { expires, sig, v } = request.query;
        const file = await service.download(request.params.reference, expires, sig, v);
        return reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition(file.filename))
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex')
          .send(file.bytes);
      },
    );
  };
}

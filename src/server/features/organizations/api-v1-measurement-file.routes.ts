/**
 * `/api/v1/orders/:id/measurement-file` (issue 26 #5): an order's measurement file sent after the
 * order, its measured report following as a new version (registered inside the /api/v1 plugin,
 * behind its key check and its multipart limits).
 */
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/errors';
import { MEASUREMENT_SOURCES, type MeasurementSource } from '../../../domain/estimates/types';
import { apiOrderParamsSchema, apiOrderSchema } from '../../../domain/organizations/organizations';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../platform/errors';
import type { AnyFastify } from '../../platform/fastify-types';
import type { EstimatesService } from '../estimates';
import { apiCallerOf, apiV1Errors, bearerSecurity } from './api-auth';
import type { ApiOrdersService } from './api-orders.service';

const tags = ['api-v1'];

/** Takes an order's measurement file (called inside the /api/v1 plugin). */
export function registerV1MeasurementFileRoute(
  anyApp: AnyFastify,
  deps: {
    orders: ApiOrdersService;
    /** The estimates feature: a measurement file sent after the order makes its measured report. */
    estimates: Pick<EstimatesService, 'attachMeasurementFile'>;
  },
): void {
  const app = anyApp.withTypeProvider<ZodTypeProvider>();
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
        security: bearerSecurity,
        params: apiOrderParamsSchema,
        response: {
          202: apiOrderSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          ...apiV1Errors,
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
}

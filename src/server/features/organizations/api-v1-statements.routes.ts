/**
 * `/api/v1/statements/:month.csv|pdf` (issue 26 #5): the organisation's monthly statement of the
 * orders billed to its account (registered inside the /api/v1 plugin, behind its key check).
 */
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationMessages, statementParamsSchema } from '../../../domain/organizations/organizations';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { NotFoundError } from '../../platform/errors';
import type { AnyFastify } from '../../platform/fastify-types';
import { apiCallerOf, apiV1Errors, bearerSecurity } from './api-auth';
import { sendStatement } from './organizations.routes';
import { statementOf } from './statements';

const tags = ['api-v1'];

/** The organisation's statements as CSV and PDF (called inside the /api/v1 plugin). */
export function registerV1StatementRoutes(
  anyApp: AnyFastify,
  deps: { db: Db; config: Pick<Config, 'brandName'> },
): void {
  const app = anyApp.withTypeProvider<ZodTypeProvider>();
  for (const format of ['csv', 'pdf'] as const) {
    app.get(
      `/api/v1/statements/:month.${format}`,
      {
        config: { apiScope: 'orders:read' },
        schema: {
          operationId: format === 'csv' ? 'getStatementCsv' : 'getStatementPdf',
          tags,
          summary: `The organisation's monthly statement (orders billed to its account) as ${format.toUpperCase()}`,
          security: bearerSecurity,
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
            ...apiV1Errors,
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
}

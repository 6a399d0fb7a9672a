import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AdminListKind,
  adminContractorPageSchema,
  adminProjectPageSchema,
  adminSummarySchema,
  adminUserPageSchema,
  contractorListQuerySchema,
  projectListQuerySchema,
  userListQuerySchema,
} from '../../../domain/admin/lists';
import { errorResponseSchema } from '../../../domain/errors';
import { adminOnly } from '../../platform/auth/guards';
import { ipLimit } from '../../platform/rate-limits';
import { type AdminListsService, adminListCsvFileName } from './admin-lists.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const session = [{ session: [] }];
const csvFile = {
  description: 'The filtered list as CSV (UTF-8 with a byte-order mark), streamed',
  content: { 'text/csv': { schema: z.any().meta({ type: 'string' }) } },
};
const listHelp =
  'one keyset page; `q` matches the start of {fields}, ignoring case; `cursor` is the `nextCursor` of the page before (admins only)';

/** The admins' lists at size, their CSV exports and the dashboard summary (issue 26 #1, #2). */
export function adminListsRoutes(service: AdminListsService): FastifyPluginAsyncZod {
  return async (app) => {
    const lists = [
      {
        kind: 'projects',
        fields: 'the job id, the address, the homeowner name or e-mail',
        query: projectListQuerySchema,
        page: adminProjectPageSchema,
        read: service.projects,
        csv: service.projectsCsv,
      },
      {
        kind: 'contractors',
        fields: 'the company, the contact name or e-mail',
        query: contractorListQuerySchema,
        page: adminContractorPageSchema,
        read: service.contractors,
        csv: service.contractorsCsv,
      },
      {
        kind: 'users',
        fields: 'the e-mail, the first or the last name',
        query: userListQuerySchema,
        page: adminUserPageSchema,
        read: service.users,
        csv: service.usersCsv,
      },
    ] as const;

    for (const list of lists) {
      app.get(
        `/api/admin/${list.kind}`,
        {
          onRequest: adminOnly,
          schema: {
            tags: ['admin'],
            summary: `The ${list.kind}, searched, filtered and sorted: ${listHelp.replace('{fields}', list.fields)}`,
            security: session,
            querystring: list.query,
            response: { 200: list.page, ...errors },
          },
        },
        // biome-ignore lint/suspicious/noExplicitAny: each list's query is checked by its own schema above
        async (request) => list.read(request.query as any),
      );

      app.get(
        `/api/admin/${list.kind}/csv`,
        {
          config: { rateLimit: ipLimit(app, 'account') },
          onRequest: adminOnly,
          schema: {
            tags: ['admin'],
            summary: `Export Data: every row of the filtered ${list.kind} list as CSV, streamed page by page (admins only)`,
            security: session,
            querystring: list.query,
            response: { 200: csvFile, ...errors, 429: errorResponseSchema },
          },
        },
        async (request, reply) => {
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="${adminListCsvFileName(list.kind as AdminListKind, new Date())}"`,
            )
            .header('cache-control', 'no-store');
          // biome-ignore lint/suspicious/noExplicitAny: each list's query is checked by its own schema above
          return reply.send(list.csv(request.query as any));
        },
      );
    }

    app.get(
      '/api/admin/summary',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            "The admin dashboard's figures: the cards (totals, pending, revenue, pipeline) and every work-queue tab's count, counted by the database (admins only)",
          security: session,
          response: { 200: adminSummarySchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async () => service.summary(),
    );
  };
}

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import {
  adminStatementParamsSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  createOrganizationSchema,
  organizationMessages,
  organizationParamsSchema,
  organizationSchema,
} from '../../../domain/organizations/organizations';
import { adminOnly, requireRole } from '../../platform/auth/guards';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { NotFoundError } from '../../platform/errors';
import type { Actor, OrganizationsService } from './organizations.service';
import { statementCsv, statementOf, statementPdf } from './statements';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const session = [{ session: [] }];
const tags = ['organizations'];
const file = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});

function actorOf(request: FastifyRequest): Actor {
  return { userId: requireRole(request, 'admin').id, ip: request.ip };
}

/** The admins' calls on organisations and their API keys (issue 26 #4), and any organisation's statement. */
export function organizationsRoutes(
  service: OrganizationsService,
  deps: { db: Db; config: Pick<Config, 'brandName'> },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/organizations',
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'listOrganizations',
          tags,
          summary: 'Organisations that order through the API, newest first (admins only)',
          security: session,
          response: { 200: z.array(organizationSchema), ...errors },
        },
      },
      async () => service.list(),
    );

    app.post(
      '/api/admin/organizations',
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'createOrganization',
          tags,
          summary: 'Creates an organisation (admins only; audit-logged)',
          security: session,
          body: createOrganizationSchema,
          response: { 201: organizationSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(request.body, actorOf(request))),
    );

    app.get(
      '/api/admin/organizations/:id/api-keys',
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'listApiKeys',
          tags,
          summary: "An organisation's API keys: prefix, scopes, last use, revocation (admins only)",
          security: session,
          params: organizationParamsSchema,
          response: { 200: z.array(apiKeySchema), ...errors },
        },
      },
      async (request) => service.listKeys(request.params.id),
    );

    app.post(
      '/api/admin/organizations/:id/api-keys',
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'createApiKey',
          tags,
          summary: 'Creates an API key; the whole key is in this answer only (admins only; audit-logged)',
          security: session,
          params: organizationParamsSchema,
          body: createApiKeySchema,
          response: { 201: createdApiKeySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createKey(request.params.id, request.body, actorOf(request))),
    );

    app.post(
      '/api/admin/organizations/:id/api-keys/:keyId/revoke',
      {
        onRequest: adminOnly,
        schema: {
          operationId: 'revokeApiKey',
          tags,
          summary: 'Revokes an API key at once (admins only; audit-logged)',
          security: session,
          params: apiKeyParamsSchema,
          response: { 200: apiKeySchema, ...errors },
        },
      },
      async (request) => service.revokeKey(request.params.id, request.params.keyId, actorOf(request)),
    );

    for (const format of ['csv', 'pdf'] as const) {
      app.get(
        `/api/admin/organizations/:id/statements/:month.${format}`,
        {
          onRequest: adminOnly,
          schema: {
            operationId: format === 'csv' ? 'getOrganizationStatementCsv' : 'getOrganizationStatementPdf',
            tags,
            summary: `An organisation's monthly statement of its API orders as ${format.toUpperCase()} (admins only)`,
            security: session,
            params: adminStatementParamsSchema,
            response: {
              200: file(format === 'csv' ? 'text/csv' : 'application/pdf', 'The statement'),
              ...errors,
            },
          },
        },
        async (request, reply) => {
          const statement = await statementOf(deps.db, request.params.id, request.params.month);
          if (!statement) throw new NotFoundError(organizationMessages.notFound);
          return sendStatement(reply, statement, format, deps.config.brandName);
        },
      );
    }
  };
}

export async function sendStatement(
  reply: import('fastify').FastifyReply,
  statement: NonNullable<Awaited<ReturnType<typeof statementOf>>>,
  format: 'csv' | 'pdf',
  brandName: string,
) {
  const name = `statement-${statement.month}.${format}`;
  reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(statementCsv(statement));
  return reply.type('application/pdf').send(await statementPdf(statement, brandName));
}

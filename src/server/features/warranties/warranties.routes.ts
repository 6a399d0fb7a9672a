import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import {
  adminClaimListSchema,
  certificateQuerySchema,
  claimListSchema,
  claimMessageSchema,
  claimSchema,
  claimStatusChangeSchema,
  openClaimSchema,
  warrantyParamsSchema,
  warrantySchema,
} from '../../../domain/warranties/schemas';
import { adminOnly, requireUser } from '../../platform/auth/guards';
import { ipLimit } from '../../platform/rate-limits';
import type { ClaimsService } from './claims.service';
import type { WarrantiesService } from './warranties.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** A PDF shown on its own: nothing may load but the file itself (as the job file's documents). */
const FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

const idOf = (request: FastifyRequest) => {
  const { id } = request.params as { id?: unknown };
  return typeof id === 'string' ? id : '';
};

/** Warranties (issue 25 #6, #7): a project's warranty and certificate, its claims and their threads. */
export function warrantiesRoutes(services: {
  warranties: WarrantiesService;
  claims: ClaimsService;
}): FastifyPluginAsyncZod {
  const { warranties, claims } = services;
  return async (app) => {
    app.get(
      '/api/projects/:id/warranty',
      {
        schema: {
          tags: ['warranties'],
          summary:
            "The project's warranty: periods, material warranty, certificate link, what the caller may do (its homeowner, its contractor, admins; 404 before the final payment)",
          security: [{ session: [] }],
          params: warrantyParamsSchema,
          response: { 200: warrantySchema, ...errors },
        },
      },
      async (request) => warranties.forProject(requireUser(request), request.params.id),
    );

    app.get(
      '/api/projects/:id/warranty/certificate',
      {
        schema: {
          tags: ['warranties'],
          summary:
            'The warranty certificate (PDF), shown inline (?download=1 to save it); its homeowner, its contractor and admins',
          security: [{ session: [] }],
          params: warrantyParamsSchema,
          querystring: certificateQuerySchema,
          response: {
            200: {
              description: 'The PDF certificate (application/pdf)',
              content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
            },
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const file = await warranties.certificate(requireUser(request), request.params.id);
        reply
          .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
          .header('cache-control', 'private, no-cache')
          .header('etag', file.etag)
          .header(
            'content-disposition',
            contentDisposition(file.fileName, {
              type: request.query.download === '1' ? 'attachment' : 'inline',
            }),
          );
        if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
        return reply.type('application/pdf').header('content-length', file.bytes.length).send(file.bytes);
      },
    );

    app.get(
      '/api/projects/:id/warranty/claims',
      {
        schema: {
          tags: ['warranties'],
          summary:
            "The project's warranty claims with their threads, newest first (its homeowner, its contractor, admins)",
          security: [{ session: [] }],
          params: warrantyParamsSchema,
          response: { 200: claimListSchema, ...errors },
        },
      },
      async (request) => ({ claims: await claims.ofProject(requireUser(request), request.params.id) }),
    );

    app.post(
      '/api/projects/:id/warranty/claims',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: async (request) => claims.assertMayOpen(requireUser(request), idOf(request)),
        schema: {
          tags: ['warranties'],
          summary:
            "Opens a warranty claim (what happened, the project's photos): the project's homeowner, on a completed project within the warranty's period",
          security: [{ session: [] }],
          params: warrantyParamsSchema,
          body: openClaimSchema,
          response: { 201: claimSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const claim = await claims.open(
          { user: requireUser(request), ip: request.ip },
          request.params.id,
          request.body,
        );
        reply.code(201);
        return claim;
      },
    );

    app.post(
      '/api/warranty-claims/:id/messages',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: async (request) => claims.assertMayWrite(requireUser(request), idOf(request), false),
        schema: {
          tags: ['warranties'],
          summary: "Writes in a claim's thread (the project's homeowner, its contractor, admins)",
          security: [{ session: [] }],
          params: warrantyParamsSchema,
          body: claimMessageSchema,
          response: { 201: claimSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const claim = await claims.write(
          { user: requireUser(request), ip: request.ip },
          request.params.id,
          request.body,
        );
        reply.code(201);
        return claim;
      },
    );

    app.patch(
      '/api/warranty-claims/:id',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: async (request) => claims.assertMayWrite(requireUser(request), idOf(request), true),
        schema: {
          tags: ['warranties'],
          summary:
            "Changes a claim's status: scheduled (with the visit's date), resolved (with a note) or open again (the project's contractor, admins)",
          security: [{ session: [] }],
          params: warrantyParamsSchema,
          body: claimStatusChangeSchema,
          response: { 200: claimSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request) =>
        claims.changeStatus({ user: requireUser(request), ip: request.ip }, request.params.id, request.body),
    );

    app.get(
      '/api/admin/warranty-claims',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'warranties'],
          summary: 'The warranty claims not resolved, oldest first, with their age in days (admins only)',
          security: [{ session: [] }],
          response: { 200: adminClaimListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async () => claims.unresolved(),
    );
  };
}

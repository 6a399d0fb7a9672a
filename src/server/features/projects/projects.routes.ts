import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import { idempotencyHeadersSchema } from '../../../domain/idempotency';
import { arrayPageQuerySchema } from '../../../domain/lists';
import {
  projectDeclineResultSchema,
  projectDeclineSchema,
  projectUpdateSchema,
} from '../../../domain/projects/change-schemas';
import {
  type Project,
  projectCreateSchema,
  projectListSchema,
  projectParamsSchema,
  projectSchema,
} from '../../../domain/projects/schemas';
import { projectMessages } from '../../../domain/projects/workflow';
import { suggestionListSchema } from '../../../domain/search/suggestions';
import { adminOnly, requireUser } from '../../platform/auth/guards';
import { setNextLink } from '../../platform/link-header';
import { ipLimit } from '../../platform/rate-limits';
import { requestHash } from '../../platform/request-hash';
import type { ProjectChangesService } from './project-changes.service';
import { projectRouteGuard } from './project-route-guard';
import type { ProjectListJson, ProjectsService } from './projects.service';

const session = [{ session: [] }];
/** A device's key for a change it may send twice (a queue kept offline: docs/pwa.md). */
const changeKeyHeaders = idempotencyHeadersSchema(
  'Applies the change once: the same key and body again answer the project as it is (200); another body 422.',
);

/**
 * A list as the database wrote it (see project-json-sql.ts projectListJson): sent as JSON text, so the
 * response schema documents it but does not parse and rewrite it on every call.
 */
function sendList(reply: FastifyReply, list: ProjectListJson) {
  return reply.type('application/json; charset=utf-8').send(list as unknown as Project[]);
}
const idParams = z.object({ id: z.string().max(100) });

/** Spec 2 §7's project calls, built on the projects service (until services.ts builds it once). */

export function projectsRoutes(services: {
  projects: ProjectsService;
  changes: ProjectChangesService;
}): FastifyPluginAsyncZod {
  const { projects: service, changes } = services;
  /**
   * onRequest, before the body is read: a project the caller may not open answers 404 whatever
   * they send, and the answer never says whether it exists (project-route-guard.ts).
   */
  const { open: openProject, only, accessOf, actorOf } = projectRouteGuard(service.access);
  /** A homeowner follows their project; its changes are made by the contractor and admins. */
  const refuseHomeowner = only(['contractor', 'admin'], projectMessages.workflowNotAssigned);
  /** Only the project's own contractor answers a match (admins reassign through PUT). */
  const onlyItsContractor = only(['contractor'], projectMessages.declineNotAssigned);

  return async (app) => {
    app.get(
      '/api/projects/homeowner/:userId',
      {
        schema: {
          tags: ['projects'],
          summary:
            'A homeowner\'s own projects, newest first (admins: anyone\'s), 100 at most per answer: the next page is in the `Link` header (rel="next")',
          security: session,
          params: z.object({ userId: z.string().max(100) }),
          querystring: arrayPageQuerySchema,
          response: {
            200: projectListSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const page = await service.listForHomeowner(
          requireUser(request),
          request.params.userId,
          request.query,
        );
        setNextLink(request, reply, page.nextCursor);
        return sendList(reply, page.list);
      },
    );

    app.get(
      '/api/projects/contractor/:id',
      {
        schema: {
          tags: ['projects'],
          summary:
            'A contractor\'s projects, newest first, by contractor profile id or the contractor\'s user id (that contractor and admins), 100 at most per answer: the next page is in the `Link` header (rel="next")',
          security: session,
          params: idParams,
          querystring: arrayPageQuerySchema,
          response: {
            200: projectListSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const page = await service.listForContractor(requireUser(request), request.params.id, request.query);
        setNextLink(request, reply, page.nextCursor);
        return sendList(reply, page.list);
      },
    );

    app.get(
      '/api/projects',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['projects', 'admin'],
          summary:
            'Every project, newest first, 100 at most per answer: the next page is in the `Link` header (rel="next") (admins only)',
          security: session,
          querystring: arrayPageQuerySchema,
          response: {
            200: projectListSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const page = await service.listAll(request.query);
        setNextLink(request, reply, page.nextCursor);
        return sendList(reply, page.list);
      },
    );

    app.post(
      '/api/projects',
      {
        onRequest: adminOnly,
        config: { rateLimit: ipLimit(app, 'account') },
        schema: {
          tags: ['projects', 'admin'],
          summary:
            "Create a pending project for a homeowner (found by e-mail, or created to claim later); the contractor's share is 88 % of the budget (admins only)",
          security: session,
          body: projectCreateSchema,
          response: {
            201: projectSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(request.body, actorOf(request))),
    );

    app.get(
      '/api/projects/:id',
      {
        onRequest: openProject,
        schema: {
          tags: ['projects'],
          summary:
            'One project with its homeowner, contractor and files (404 for anyone who may not open it)',
          security: session,
          params: projectParamsSchema,
          response: { 200: projectSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => service.get(accessOf(request)),
    );

    app.get(
      '/api/projects/:id/contractor-suggestions',
      {
        onRequest: [openProject, adminOnly],
        schema: {
          tags: ['projects'],
          summary:
            'Verified contractors ranked for this project by distance, working state, rating, availability and current load, each with its reasons (admins only)',
          security: session,
          params: projectParamsSchema,
          response: {
            200: suggestionListSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request) => service.contractorSuggestions(accessOf(request)),
    );

    app.put(
      '/api/projects/:id',
      {
        onRequest: refuseHomeowner,
        config: { rateLimit: ipLimit(app, 'account') },
        schema: {
          tags: ['projects'],
          summary:
            "Assign a contractor ({contractorId, status: 'matched'}, admins), accept ({status: 'in_progress'}, the assigned contractor) or change workflow steps (the assigned contractor)",
          security: session,
          description:
            'A change sent with an `Idempotency-Key` header (a device sending what it queued offline) is applied once: the same key and body again change nothing and answer the project as it is; the key with another body 422.',
          params: projectParamsSchema,
          headers: changeKeyHeaders,
          body: projectUpdateSchema,
          response: {
            200: projectSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const key = request.headers['idempotency-key'];
        const actor = actorOf(request);
        return changes.update(
          accessOf(request),
          request.body,
          key ? { ...actor, requestKey: { key, hash: requestHash(request.body) } } : actor,
        );
      },
    );

    app.post(
      '/api/projects/:id/decline',
      {
        onRequest: onlyItsContractor,
        config: { rateLimit: ipLimit(app, 'account') },
        schema: {
          tags: ['projects'],
          summary:
            'The assigned contractor declines a new match, with a reason: the project goes back to pending, the admins are told, and this contractor is no longer suggested for it',
          security: session,
          params: projectParamsSchema,
          body: projectDeclineSchema,
          response: {
            200: projectDeclineResultSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => changes.decline(accessOf(request), request.body.reason, actorOf(request)),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/errors';
import { closeoutMessages } from '../../../domain/projects/closeout';
import {
  closeoutSchema,
  inspectionSubmitSchema,
  openPunchListSchema,
  punchItemParamsSchema,
  punchNoteSchema,
  punchNoteWithPhotosSchema,
} from '../../../domain/projects/closeout-schemas';
import { projectParamsSchema } from '../../../domain/projects/schemas';
import { adminOnly } from '../../platform/auth/guards';
import { ipLimit } from '../../platform/rate-limits';
import type { CloseoutService } from './closeout.service';
import type { ProjectAccessCheck } from './project-access';
import { projectRouteGuard } from './project-route-guard';

const session = [{ session: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * The end of a job (issue 25 items 1-2): the final inspection (the assigned contractor), the
 * acceptance and the punch list (the homeowner), resolving an item (the contractor or an admin),
 * an admin's note, and the admins' list of open punch lists. Who may call is decided in onRequest,
 * before the body is read: a project the caller may not open is 404, a role that may not act 403.
 */
export function closeoutRoutes(services: {
  closeout: CloseoutService;
  access: ProjectAccessCheck;
}): FastifyPluginAsyncZod {
  const { closeout } = services;
  const { only, accessOf, actorOf } = projectRouteGuard(services.access);
  const anyParty = only(['homeowner', 'contractor', 'admin'], '');
  const homeowner = only(['homeowner'], closeoutMessages.homeownerOnly);

  return async (app) => {
    const limit = { rateLimit: ipLimit(app, 'account') };

    app.get(
      '/api/projects/:id/closeout',
      {
        onRequest: anyParty,
        schema: {
          tags: ['projects'],
          summary:
            "A project's closeout: its stage, the final inspection and the punch list (its homeowner, its contractor, admins)",
          security: session,
          params: projectParamsSchema,
          response: { 200: closeoutSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => closeout.view(accessOf(request).projectId),
    );

    app.post(
      '/api/projects/:id/closeout/inspection',
      {
        onRequest: only(['contractor'], closeoutMessages.inspectionOnlyContractor),
        config: limit,
        schema: {
          tags: ['projects'],
          summary:
            'The assigned contractor submits the final inspection of a completed job: every checklist item once, checked or with a note saying why it does not apply, each with optional photo ids (photos uploaded first)',
          security: session,
          params: projectParamsSchema,
          body: inspectionSubmitSchema,
          response: { 200: closeoutSchema, ...errors },
        },
      },
      async (request) => closeout.submitInspection(accessOf(request), request.body, actorOf(request)),
    );

    app.post(
      '/api/projects/:id/closeout/accept',
      {
        onRequest: homeowner,
        config: limit,
        schema: {
          tags: ['projects'],
          summary:
            "The homeowner accepts the work (after the final inspection, with every punch-list item resolved): sets the project's workAcceptedAt",
          security: session,
          params: projectParamsSchema,
          response: { 200: closeoutSchema, ...errors },
        },
      },
      async (request) => closeout.acceptWork(accessOf(request), actorOf(request)),
    );

    app.post(
      '/api/projects/:id/closeout/punch-items',
      {
        onRequest: homeowner,
        config: limit,
        schema: {
          tags: ['projects'],
          summary:
            'The homeowner reports an issue after the final inspection: a punch-list item with a note and optional photo ids (images uploaded first)',
          security: session,
          params: projectParamsSchema,
          body: punchNoteWithPhotosSchema,
          response: { 200: closeoutSchema, ...errors },
        },
      },
      async (request) => closeout.reportIssue(accessOf(request), request.body, actorOf(request)),
    );

    app.post(
      '/api/projects/:id/closeout/punch-items/:itemId/resolve',
      {
        onRequest: only(['contractor', 'admin'], closeoutMessages.resolveNotAllowed),
        config: limit,
        schema: {
          tags: ['projects'],
          summary:
            'The contractor (or an admin stepping in) resolves an open punch-list item, with a note and optional photo ids',
          security: session,
          params: punchItemParamsSchema,
          body: punchNoteWithPhotosSchema,
          response: { 200: closeoutSchema, ...errors },
        },
      },
      async (request) =>
        closeout.resolve(accessOf(request), request.params.itemId, request.body, actorOf(request)),
    );

    app.post(
      '/api/projects/:id/closeout/punch-items/:itemId/reopen',
      {
        onRequest: homeowner,
        config: limit,
        schema: {
          tags: ['projects'],
          summary: 'The homeowner reopens a resolved punch-list item, saying what is still wrong',
          security: session,
          params: punchItemParamsSchema,
          body: punchNoteSchema,
          response: { 200: closeoutSchema, ...errors },
        },
      },
      async (request) =>
        closeout.reopen(accessOf(request), request.params.itemId, request.body.note, actorOf(request)),
    );

    app.post(
      '/api/projects/:id/closeout/punch-items/:itemId/admin-note',
      {
        onRequest: only(['admin'], closeoutMessages.adminOnly),
        config: limit,
        schema: {
          tags: ['projects', 'admin'],
          summary:
            'An admin steps in with a note on a punch-list item, visible to the homeowner and the contractor (admins only)',
          security: session,
          params: punchItemParamsSchema,
          body: punchNoteSchema,
          response: { 200: closeoutSchema, ...errors },
        },
      },
      async (request) =>
        closeout.adminNote(accessOf(request), request.params.itemId, request.body.note, actorOf(request)),
    );

    app.get(
      '/api/admin/punch-lists',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['projects', 'admin'],
          summary: 'Projects with open punch-list items and how long the oldest has waited (admins only)',
          security: session,
          response: { 200: openPunchListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async () => closeout.openLists(),
    );
  };
}

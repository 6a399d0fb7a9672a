import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import {
  activityItemSchema,
  activityPageSchema,
  activityQuerySchema,
  myActivityQuerySchema,
} from '../../../domain/projects/activity';
import { photoLogMessages, projectFilePatchSchema } from '../../../domain/projects/photo-log';
import { projectFileSchema } from '../../../domain/projects/schemas';
import { requireUser } from '../../platform/auth/guards';
import type { ProjectActivityService } from './project-activity.service';
import type { FileTarget, ProjectFileDetailsService } from './project-file-details.service';

const projectParams = z.object({ id: z.string().max(100) });
const fileParams = z.object({ id: z.string().max(100), fileId: z.string().max(100) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * The activity feed (issue 23 #8): one project's, and the newest of the caller's projects; and
 * the photo log's details of a photo (issue 23 #9).
 */
export function projectActivityRoutes(services: {
  activity: ProjectActivityService;
  fileDetails: ProjectFileDetailsService;
}): FastifyPluginAsyncZod {
  const service = services.activity;
  /** Decided in onRequest, before the body is read: a refused caller is refused whatever they send. */
  const targets = new WeakMap<FastifyRequest, FileTarget>();
  return async (app) => {
    app.patch(
      '/api/projects/:id/files/:fileId',
      {
        onRequest: async (request) => {
          const params = request.params as { id?: string; fileId?: string };
          targets.set(
            request,
            await services.fileDetails.authorize(
              requireUser(request),
              String(params.id ?? ''),
              String(params.fileId ?? ''),
            ),
          );
        },
        schema: {
          tags: ['projects'],
          summary: `Sets a photo's workflow step and caption in the photo log (its uploader or an admin). ${photoLogMessages.step}`,
          security: [{ session: [] }],
          params: fileParams,
          body: projectFilePatchSchema,
          response: { 200: projectFileSchema, ...errors, 403: errorResponseSchema },
        },
      },
      async (request) => {
        const target = targets.get(request);
        if (!target) throw new Error('file details reached their handler without authorization');
        return services.fileDetails.update(requireUser(request), target, request.body, { ip: request.ip });
      },
    );

    app.get(
      '/api/projects/:id/activity',
      {
        schema: {
          tags: ['projects'],
          summary:
            'What happened on a project, newest first, one sentence each (its homeowner, its contractor and admins); cursor-paginated: pass nextCursor as cursor',
          security: [{ session: [] }],
          params: projectParams,
          querystring: activityQuerySchema,
          response: { 200: activityPageSchema, ...errors },
        },
      },
      async (request) => service.list(requireUser(request), request.params.id, request.query),
    );

    app.get(
      '/api/activity/mine',
      {
        schema: {
          tags: ['projects'],
          summary:
            "The newest events of the caller's projects (a homeowner's own, a contractor's assigned ones; admins: all)",
          security: [{ session: [] }],
          querystring: myActivityQuerySchema,
          response: { 200: z.array(activityItemSchema), 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => service.mine(requireUser(request), request.query.limit),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import { requireUser } from '../../platform/auth/guards';
import type { JobFilesService } from './job-files.service';
import { sendStored } from './send-stored';

const projectParams = z.object({ id: z.string().max(100) });
const fileQuery = z.object({
  download: z.enum(['0', '1'], { error: 'download is 1 (save the file) or 0 (show it)' }).optional(),
});
const binary = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * The job file's documents from the project's quote (issue 23 #7): the estimate report and the
 * measurement file, for the project's homeowner, its assigned contractor and admins (404 for
 * anyone else, and for a project without them).
 */
export function jobFilesRoutes(service: JobFilesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/projects/:id/report',
      {
        schema: {
          tags: ['projects'],
          summary:
            'The estimate report (PDF) the project was priced from, shown inline (?download=1 to save it); its homeowner, its contractor and admins',
          security: [{ session: [] }],
          params: projectParams,
          querystring: fileQuery,
          response: { 200: binary('The PDF report (application/pdf)'), ...errors },
        },
      },
      async (request, reply) => {
        const file = await service.report(requireUser(request), request.params.id);
        return sendStored(request, reply, file, request.query.download === '1' ? 'attachment' : 'inline');
      },
    );

    app.get(
      '/api/projects/:id/measurement-file',
      {
        schema: {
          tags: ['projects'],
          summary:
            "The roof measurement file of the project's quote (HOVER, EagleView, Roofr, GAF QuickSquare), as a download; its homeowner, its contractor and admins",
          security: [{ session: [] }],
          params: projectParams,
          response: { 200: binary('The measurement file as uploaded (JSON, XML, CSV or PDF)'), ...errors },
        },
      },
      async (request, reply) => {
        const file = await service.measurementFile(requireUser(request), request.params.id);
        // a JSON or XML file is data, never a page: always saved, not shown
        return sendStored(request, reply, file, 'attachment');
      },
    );
  };
}

import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import { projectFileUploadRules } from '../../../domain/projects/project-files';
import {
  MAX_FILES_PER_UPLOAD,
  type ProjectFileKind,
  projectDocumentTypes,
  projectFileListSchema,
  projectFilesUploadedSchema,
} from '../../../domain/projects/schemas';
import { requireUser } from '../../platform/auth/guards';
import { UnsupportedMediaTypeError } from '../../platform/errors';
import { ipLimit } from '../../platform/rate-limits';
import type { ProjectAccess } from './project-access';
import { incomingFiles } from './project-file-multipart';
import type { ProjectFilesService } from './project-files.service';
import { sendStored } from './send-stored';

const projectParams = z.object({ id: z.string().max(100) });
const fileParams = z.object({ id: z.string().max(100), fileId: z.string().max(100) });
const fileQuery = z.object({
  download: z.enum(['0', '1'], { error: 'download is 1 (save the file) or 0 (show it)' }).optional(),
});
const deletedSchema = z.object({ message: z.string() }).meta({ id: 'ProjectFileDeleted' });

const binary = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * Authorization decided in onRequest, before a byte of the body is read: a caller who may not
 * open the project gets its 404 (and one who may open it but not upload this kind a 403) whatever
 * body they send, and nobody makes the server parse megabytes they may not store.
 */
const uploadAccess = new WeakMap<FastifyRequest, ProjectAccess>();
const deleteTarget = new WeakMap<
  FastifyRequest,
  Awaited<ReturnType<ProjectFilesService['authorizeDelete']>>
>();

/**
 * A project's installation photos, images and documents (issue 10 item 6): uploads checked by
 * content with thumbnails, and the files themselves for the project's homeowner, its contractor
 * and admins only.
 */
export function projectFilesRoutes(service: ProjectFilesService): FastifyPluginAsyncZod {
  return async (app) => {
    // a file over the limit is seen as truncated by readWhole (project-file-multipart.ts), which names the kind's limit
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });

    const upload = (kind: ProjectFileKind, summary: string, description: string) => {
      const rule = projectFileUploadRules[kind];
      app.post(
        `/api/projects/:id/${rule.path}`,
        {
          config: { rateLimit: ipLimit(app, 'upload') },
          onRequest: async (request) => {
            const params = request.params as { id?: string };
            uploadAccess.set(
              request,
              await service.authorizeUpload(requireUser(request), String(params.id ?? ''), kind),
            );
          },
          schema: {
            tags: ['projects'],
            summary,
            description: `${description} Multipart field \`${rule.field}\`, one or more files (at most ${MAX_FILES_PER_UPLOAD}), each checked by its content. 413 too large, 415 wrong type, 400 no file; nothing is stored unless every file is accepted.`,
            security: [{ session: [] }],
            consumes: ['multipart/form-data'],
            params: projectParams,
            response: {
              201: projectFilesUploadedSchema,
              ...errors,
              413: errorResponseSchema,
              415: errorResponseSchema,
            },
          },
        },
        async (request, reply) => {
          const user = requireUser(request);
          const project = uploadAccess.get(request);
          if (!project) throw new Error('upload reached its handler without authorization');
          if (!request.isMultipart()) {
            throw new UnsupportedMediaTypeError(
              `Send the files as multipart/form-data in the field "${rule.field}".`,
            );
          }
          const result = await service.upload(user, project, kind, incomingFiles(request, rule), {
            ip: request.ip,
          });
          return reply.status(201).send(result);
        },
      );
    };

    upload(
      'install_photo',
      "Uploads installation photos (the project's assigned contractor only)",
      'PNG, JPG or GIF up to 10 MB each; a JPEG thumbnail is made of each; EXIF/XMP metadata (the location) is removed, the capture time kept as capturedAt. Optional fields `step` (a workflow step) and `caption` (one line, at most 200 characters) sent before files describe the files after them; `clientId` (a UUID the device made) and `capturedAt` (ISO) describe the next file only, and a file whose clientId the project holds already is not stored again (the stored one is answered). For a weak signal see the resumable POST /api/projects/{id}/photos/uploads.',
    );
    upload(
      'document',
      "Uploads documents to a project (the project's homeowner and admins)",
      `PDF, JPG or PNG up to 20 MB each. An optional field \`documentType\` sent before the files (${projectDocumentTypes.join(', ')}) says what they are.`,
    );
    upload(
      'image',
      "Uploads images to a project (the project's homeowner and admins)",
      'PNG, JPG or GIF up to 10 MB each; a JPEG thumbnail is made of each. Optional fields `step` and `caption` as for photos.',
    );

    app.get(
      '/api/projects/:id/files',
      {
        schema: {
          tags: ['projects'],
          summary: "A project's files, in upload order (its homeowner, its contractor and admins)",
          security: [{ session: [] }],
          params: projectParams,
          response: { 200: projectFileListSchema, ...errors },
        },
      },
      async (request) => service.list(requireUser(request), request.params.id),
    );

    app.get(
      '/api/projects/:id/files/:fileId',
      {
        schema: {
          tags: ['projects'],
          summary:
            'One file of a project, shown inline (?download=1 to save it); its homeowner, contractor and admins',
          security: [{ session: [] }],
          params: fileParams,
          querystring: fileQuery,
          response: { 200: binary('The file, with the type its content was checked to be'), ...errors },
        },
      },
      async (request, reply) => {
        const file = await service.open(
          requireUser(request),
          request.params.id,
          request.params.fileId,
          'file',
        );
        return sendStored(request, reply, file, request.query.download === '1' ? 'attachment' : 'inline');
      },
    );

    app.get(
      '/api/projects/:id/files/:fileId/thumbnail',
      {
        schema: {
          tags: ['projects'],
          summary: "The JPEG thumbnail of a project's image or photo (404 for a document)",
          security: [{ session: [] }],
          params: fileParams,
          response: { 200: binary('A JPEG, 320 px wide at most'), ...errors },
        },
      },
      async (request, reply) => {
        const file = await service.open(
          requireUser(request),
          request.params.id,
          request.params.fileId,
          'thumbnail',
        );
        return sendStored(request, reply, file, 'inline');
      },
    );

    app.delete(
      '/api/projects/:id/files/:fileId',
      {
        onRequest: async (request) => {
          const params = request.params as { id?: string; fileId?: string };
          deleteTarget.set(
            request,
            await service.authorizeDelete(
              requireUser(request),
              String(params.id ?? ''),
              String(params.fileId ?? ''),
            ),
          );
        },
        schema: {
          tags: ['projects'],
          summary: 'Deletes a file of a project (its uploader or an admin)',
          security: [{ session: [] }],
          params: fileParams,
          response: { 200: deletedSchema, ...errors },
        },
      },
      async (request) => {
        const target = deleteTarget.get(request);
        if (!target) throw new Error('delete reached its handler without authorization');
        return service.remove(requireUser(request), target, { ip: request.ip });
      },
    );
  };
}

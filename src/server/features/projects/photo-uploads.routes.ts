import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import { PHOTO_LONG_EDGE, photoUploadMessages, TUS_VERSION } from '../../../domain/projects/photo-uploads';
import { projectFilesUploadedSchema } from '../../../domain/projects/schemas';
import { requireUser } from '../../platform/auth/guards';
import { AppError, UnsupportedMediaTypeError } from '../../platform/errors';
import { ipLimit } from '../../platform/rate-limits';
import type { PhotoUploadsService } from './photo-uploads.service';
import type { ProjectAccess } from './project-access';
import type { ProjectFilesService } from './project-files.service';

const OCTETS = 'application/offset+octet-stream';
const projectParams = z.object({ id: z.string().max(100) });
const uploadParams = z.object({ id: z.string().max(100), uploadId: z.string().max(100) });
const createdSchema = z
  .object({ url: z.string(), offset: z.number().int() })
  .meta({ id: 'PhotoUploadCreated' });

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  412: errorResponseSchema,
  429: errorResponseSchema,
};

/** Who may upload, decided in onRequest before a byte of the body is read (as the multipart route). */
const uploadAccess = new WeakMap<FastifyRequest, ProjectAccess>();

function accessOf(request: FastifyRequest): ProjectAccess {
  const project = uploadAccess.get(request);
  if (!project) throw new Error('photo upload reached its handler without authorization');
  return project;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const uploadUrl = (projectId: string, uploadId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/photos/uploads/${uploadId}`;

/**
 * Resumable installation photos (issue 27 item 3): a tus 1.0 subset (core protocol with the
 * creation extension) written here rather than @tus/server, which takes over Node's raw request
 * and response: it would step around Fastify's authorization hook, rate limit, error form and
 * OpenAPI document (docs/photos.md).
 */
export function photoUploadsRoutes(deps: {
  projectFiles: ProjectFilesService;
  photoUploads: PhotoUploadsService;
}): FastifyPluginAsyncZod {
  const { projectFiles, photoUploads } = deps;
  return async (app) => {
    // the PATCH body is read by the service as a stream, straight to the partial file
    app.addContentTypeParser(OCTETS, (_request, payload, done) => done(null, payload));
    app.addHook('onRequest', async (request) => {
      const params = request.params as { id?: string };
      uploadAccess.set(
        request,
        await projectFiles.authorizeUpload(requireUser(request), String(params.id ?? ''), 'install_photo'),
      );
      if (request.method !== 'OPTIONS' && header(request, 'tus-resumable') !== TUS_VERSION) {
        throw new AppError(412, photoUploadMessages.version);
      }
      // before any parser reads the body
      if (
        request.method === 'PATCH' &&
        !(request.headers['content-type'] ?? '').toLowerCase().startsWith(OCTETS)
      ) {
        throw new UnsupportedMediaTypeError(photoUploadMessages.contentType);
      }
    });
    app.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
      reply.header('Tus-Resumable', TUS_VERSION);
      reply.header('Cache-Control', 'no-store');
      return payload;
    });

    const base = '/api/projects/:id/photos/uploads';
    app.post(
      base,
      {
        config: { rateLimit: ipLimit(app, 'upload') },
        schema: {
          tags: ['projects'],
          summary: "Starts a resumable photo upload (tus 1.0; the project's assigned contractor only)",
          description: `Headers Tus-Resumable: ${TUS_VERSION}, Upload-Length (bytes, at most 10 MB) and Upload-Metadata (fileName and clientId required; step, caption, capturedAt optional; values base64). 201 with Location: PATCH the bytes there. 200 when the project already holds a file with this clientId: that file, nothing to send (header Upload-File-Id). Photos are best resized on the device to ${PHOTO_LONG_EDGE} px on the long edge.`,
          security: [{ session: [] }],
          params: projectParams,
          response: {
            200: projectFilesUploadedSchema,
            201: createdSchema,
            ...errors,
            413: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const project = accessOf(request);
        const result = await photoUploads.create(requireUser(request), project, {
          length: header(request, 'upload-length'),
          metadata: header(request, 'upload-metadata'),
        });
        if (result.kind === 'stored') {
          reply.header('Upload-File-Id', result.file.id);
          return reply.status(200).send({ files: [result.file], message: 'This photo is uploaded already.' });
        }
        const url = uploadUrl(project.projectId, result.id);
        reply.header('Location', url);
        reply.header('Upload-Offset', String(result.offset));
        return reply.status(201).send({ url, offset: result.offset });
      },
    );

    app.head(
      `${base}/:uploadId`,
      {
        schema: {
          tags: ['projects'],
          summary: 'How many bytes of a resumable photo upload the server has (header Upload-Offset)',
          security: [{ session: [] }],
          params: uploadParams,
          response: { 200: z.null().describe('Headers Upload-Offset and Upload-Length'), ...errors },
        },
      },
      async (request, reply) => {
        const { offset, length } = await photoUploads.offset(
          requireUser(request),
          accessOf(request),
          request.params.uploadId,
        );
        reply.header('Upload-Offset', String(offset));
        reply.header('Upload-Length', String(length));
        return reply.status(200).send(null);
      },
    );

    app.patch(
      `${base}/:uploadId`,
      {
        schema: {
          tags: ['projects'],
          summary:
            'Sends bytes of a resumable photo upload from Upload-Offset; the last ones store the photo',
          description:
            "Content-Type application/offset+octet-stream, Upload-Offset equal to the server's (409 otherwise: HEAD to ask). 204 with the new Upload-Offset; 200 with the stored file once the last byte arrived (checked, thumbnailed and stored as a multipart photo is).",
          security: [{ session: [] }],
          params: uploadParams,
          response: {
            200: projectFilesUploadedSchema,
            204: z.null().describe('Bytes received; header Upload-Offset'),
            ...errors,
            409: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const project = accessOf(request);
        const result = await photoUploads.append(
          requireUser(request),
          project,
          request.params.uploadId,
          header(request, 'upload-offset'),
          request.body as Readable,
          { ip: request.ip },
        );
        reply.header('Upload-Offset', String(result.offset));
        if (result.kind === 'partial') return reply.status(204).send(null);
        return reply.status(200).send({ files: result.files, message: result.message });
      },
    );
  };
}

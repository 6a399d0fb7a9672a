import fastifyMultipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTRACTOR_DOCUMENT_MAX_BYTES,
  contractorDocumentMessages,
  contractorDocumentSchema,
} from '../../../domain/contractors/contractor-documents';
import { errorResponseSchema } from '../../../domain/errors';
import { requireUser } from '../../platform/auth/guards';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../platform/errors';
import { ipLimit } from '../../platform/rate-limits';
import { contractorErrors, ownProfileHooks } from './contractor-route-parts';
import type { ContractorsService, IncomingDocument } from './contractors.service';
import type { ContractorDocumentsService } from './documents.service';

const documentParams = z.object({ id: z.string().max(100) });
const documentQuery = z.object({
  download: z.enum(['0', '1'], { error: 'download is 1 (save the file) or 0 (show it)' }).optional(),
});

/** Only a file's own bytes may load, and a PDF viewer may show it (as project files do). */
const FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/**
 * A contractor's licence, insurance and W-9 documents (issue 11): the contractor uploads them;
 * the contractor and admins open them.
 */
export function contractorDocumentsRoutes(services: {
  onboarding: ContractorsService;
  documents: ContractorDocumentsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    const { withProfile, profileOf } = ownProfileHooks(services.onboarding);

    app.post(
      '/api/contractor/documents',
      {
        config: { rateLimit: ipLimit(app, 'upload') },
        onRequest: withProfile,
        schema: {
          tags: ['contractors'],
          summary: 'Uploads a licence, insurance or W-9 document (PDF, JPG or PNG by content, 10 MB at most)',
          description:
            'Multipart: fields `kind` (license, general_liability, workers_compensation, bonding, w9) and `state` (a licence’s working state), and one file in `file`. 413 too large, 415 wrong type.',
          security: [{ session: [] }],
          consumes: ['multipart/form-data'],
          response: {
            201: contractorDocumentSchema,
            ...contractorErrors,
            413: errorResponseSchema,
            415: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const profile = profileOf(request);
        if (!request.isMultipart()) {
          throw new UnsupportedMediaTypeError(
            'Send the document as multipart/form-data in the field "file".',
          );
        }
        const incoming: IncomingDocument = { fields: {}, file: null };
        const parts = request.parts({
          limits: {
            fileSize: CONTRACTOR_DOCUMENT_MAX_BYTES,
            files: 1,
            fields: 5,
            fieldSize: 1024,
            parts: 6,
            headerPairs: 50,
          },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') incoming.fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file') {
            part.file.resume();
            const message = 'Send the document in the form field "file".';
            throw new ValidationError(message, { file: [message] });
          }
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if (part.file.truncated) throw new PayloadTooLargeError(contractorDocumentMessages.tooLarge);
          const data = Buffer.concat(chunks);
          // an empty file input still sends a part, with no name and no bytes
          if (!(part.filename === '' && data.length === 0)) incoming.file = { fileName: part.filename, data };
        }
        const document = await services.documents.uploadDocument(profile, incoming, { ip: request.ip });
        return reply.status(201).send(document);
      },
    );

    app.get(
      '/api/contractor/documents/:id',
      {
        schema: {
          tags: ['contractors'],
          summary:
            "A contractor's uploaded document, shown inline (?download=1 to save it); its contractor and admins only",
          security: [{ session: [] }],
          params: documentParams,
          querystring: documentQuery,
          response: {
            200: {
              description: 'The file, with the type its content was checked to be',
              content: {
                'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
              },
            },
            ...contractorErrors,
          },
        },
      },
      async (request, reply) => {
        const file = await services.documents.openDocument(requireUser(request), request.params.id);
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
        const body = await file.read();
        return reply.header('content-length', file.size).type(file.contentType).send(body);
      },
    );
  };
}

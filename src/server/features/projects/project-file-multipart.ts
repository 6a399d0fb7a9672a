import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { captionSchema, photoLogMessages, photoStepSchema } from '../../../domain/projects/photo-log';
import {
  capturedAtFieldSchema,
  clientIdSchema,
  photoUploadMessages,
} from '../../../domain/projects/photo-uploads';
import type { ProjectFileUploadRule } from '../../../domain/projects/project-files';
import {
  MAX_FILES_PER_UPLOAD,
  type ProjectDocumentType,
  projectDocumentTypes,
  projectFileMessages,
} from '../../../domain/projects/schemas';
import { PayloadTooLargeError, ValidationError } from '../../platform/errors';
import type { IncomingFile } from './project-file-upload';

/**
 * Reading a project file upload's multipart body (POST /api/projects/:id/photos, /images,
 * /documents): the files one at a time, each cut off just above its kind's limit, with the fields
 * sent before them (a document's type; a photo's step, caption, clientId and capture time), each
 * checked as it arrives.
 */

const documentTypeMessage = `documentType is one of: ${projectDocumentTypes.join(', ')}.`;
const documentTypeSchema = z.enum(projectDocumentTypes);

/** The files of one multipart upload, read one at a time, each cut off just above the kind's limit. */
export async function* incomingFiles(
  request: FastifyRequest,
  rule: ProjectFileUploadRule,
): AsyncGenerator<IncomingFile> {
  let count = 0;
  const parts = request.parts({
    limits: {
      fileSize: rule.maxBytes,
      // one more than allowed, so the extra file is seen and named as too many
      files: MAX_FILES_PER_UPLOAD + 1,
      // a step and a caption may come before each file
      fields: MAX_FILES_PER_UPLOAD * 2 + 10,
      fieldSize: 1024,
      parts: MAX_FILES_PER_UPLOAD * 3 + 11,
      headerPairs: 50,
    },
  });
  let documentType: ProjectDocumentType | undefined;
  // a photo's step and caption (the photo log): each holds for the files after it, until sent again
  const details: Pick<IncomingFile, 'step' | 'caption'> = {};
  // a photo's clientId and capturedAt (issue 27): each holds for the next file only
  let once: Pick<IncomingFile, 'clientId' | 'capturedAt'> = {};
  try {
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (part.fieldname === 'documentType' && rule.field === 'documents') {
          const parsed = documentTypeSchema.safeParse(part.value);
          if (!parsed.success) {
            throw new ValidationError(documentTypeMessage, { documentType: [documentTypeMessage] });
          }
          documentType = parsed.data;
        } else if (
          rule.field !== 'documents' &&
          (part.fieldname === 'step' || part.fieldname === 'caption')
        ) {
          readDetail(details, part.fieldname, part.value);
        } else if (
          rule.field === 'photos' &&
          (part.fieldname === 'clientId' || part.fieldname === 'capturedAt')
        ) {
          once = { ...once, ...readOnce(part.fieldname, part.value) };
        }
        continue;
      }
      if (part.fieldname !== rule.field) {
        part.file.resume();
        const message = `Send the files in the form field "${rule.field}".`;
        throw new ValidationError(message, { [rule.field]: [message] });
      }
      count += 1;
      if (count > MAX_FILES_PER_UPLOAD) {
        part.file.resume();
        throw new PayloadTooLargeError(projectFileMessages.tooMany);
      }
      const data = await readWhole(part, rule);
      // an empty file input still sends a part, with no name and no bytes
      if (part.filename === '' && data.length === 0) {
        count -= 1;
        continue;
      }
      yield { fileName: part.filename, data, documentType, ...details, ...once };
      once = {};
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new PayloadTooLargeError(projectFileMessages.tooMany);
    }
    throw err;
  }
}

/** A `step` or `caption` field of a photo upload, checked as the PATCH checks them ('' clears). */
function readDetail(
  details: Pick<IncomingFile, 'step' | 'caption'>,
  field: 'step' | 'caption',
  value: unknown,
) {
  if (field === 'step') {
    if (value === '') details.step = null;
    else {
      const parsed = photoStepSchema.safeParse(value);
      if (!parsed.success)
        throw new ValidationError(photoLogMessages.step, { step: [photoLogMessages.step] });
      details.step = parsed.data;
    }
    return;
  }
  const parsed = captionSchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? photoLogMessages.captionTooLong;
    throw new ValidationError(message, { caption: [message] });
  }
  details.caption = parsed.data;
}

/** A `clientId` (UUID) or `capturedAt` (ISO) field sent before one photo. */
function readOnce(
  field: 'clientId' | 'capturedAt',
  value: unknown,
): Pick<IncomingFile, 'clientId' | 'capturedAt'> {
  const schema = field === 'clientId' ? clientIdSchema : capturedAtFieldSchema;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const message = field === 'clientId' ? photoUploadMessages.clientId : photoUploadMessages.capturedAt;
    throw new ValidationError(message, { [field]: [message] });
  }
  return { [field]: parsed.data };
}

/**
 * The part's bytes. Read here rather than with `toBuffer`, which keeps every file of the request
 * in memory until it ends; busboy stops at the limit and marks the stream truncated.
 */
async function readWhole(part: MultipartFile, rule: ProjectFileUploadRule): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw new PayloadTooLargeError(rule.tooLargeMessage);
  return Buffer.concat(chunks);
}

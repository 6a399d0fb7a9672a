import type { Readable } from 'node:stream';
import {
  type PhotoUploadMetadata,
  parseUploadMetadata,
  photoUploadMessages,
} from '../../../domain/projects/photo-uploads';
import { projectFileUploadRules } from '../../../domain/projects/project-files';
import type { ProjectFile } from '../../../domain/projects/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import { ConflictError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../platform/errors';
import {
  PartialTooLongError,
  type PartialUploadInfo,
  type PartialUploads,
} from '../../platform/storage/partial-uploads';
import type { ProjectAccess } from './project-access';
import type { ProjectFilesService } from './project-files.service';

const rule = projectFileUploadRules.install_photo;

/** A whole number of bytes from a header (digits only, no sign, no exponent), or null. */
function byteCount(header: string | undefined): number | null {
  if (header === undefined || !/^\d{1,15}$/.test(header)) return null;
  return Number(header);
}

export type CreateResult =
  | { kind: 'created'; id: string; offset: number }
  | { kind: 'stored'; file: ProjectFile };

export type PatchResult =
  | { kind: 'partial'; offset: number }
  | { kind: 'complete'; offset: number; files: ProjectFile[]; message: string };

/**
 * Resumable installation photos (issue 27 item 3), the tus 1.0 subset of photo-uploads.routes.ts:
 * bytes collect in a partial file per user (DATA_DIR/uploads-partial), and the whole photo then
 * goes through ProjectFilesService.upload, the same path as a multipart photo (content check,
 * thumbnail, no location, the row, the feed and the live event), deduplicated by its clientId.
 */
export function createPhotoUploadsService(deps: {
  projectFiles: ProjectFilesService;
  partials: PartialUploads<PhotoUploadMetadata>;
}) {
  const { projectFiles, partials } = deps;

  async function uploadOf(user: SessionUser, project: ProjectAccess, id: string) {
    const found = await partials.find(user.id, project.projectId, id);
    if (!found) throw new NotFoundError(photoUploadMessages.notFound);
    return found;
  }

  async function finish(
    user: SessionUser,
    project: ProjectAccess,
    info: PartialUploadInfo<PhotoUploadMetadata>,
    meta: { ip?: string },
  ): Promise<PatchResult> {
    const data = await partials.read(info);
    const m = info.metadata;
    async function* one() {
      yield {
        fileName: m.fileName,
        data,
        clientId: m.clientId,
        step: m.step,
        caption: m.caption,
        capturedAt: m.capturedAt,
      };
    }
    try {
      const result = await projectFiles.upload(user, project, 'install_photo', one(), meta);
      return { kind: 'complete', offset: info.length, ...result };
    } finally {
      // a refused photo (415/413) cannot become acceptable by sending it again: it goes too
      await partials.remove(info);
    }
  }

  return {
    /**
     * POST: a new upload of `Upload-Length` bytes, or, when the project already holds the photo's
     * clientId, that file (nothing to send). An unfinished upload of the same clientId by the same
     * user is answered again (a device that lost its upload URL continues where it stopped).
     */
    async create(
      user: SessionUser,
      project: ProjectAccess,
      headers: { length?: string; metadata?: string },
    ): Promise<CreateResult> {
      const length = byteCount(headers.length);
      if (length === null || length === 0) {
        throw new ValidationError(photoUploadMessages.length, {
          'Upload-Length': [photoUploadMessages.length],
        });
      }
      if (length > rule.maxBytes) throw new PayloadTooLargeError(rule.tooLargeMessage);
      const parsed = parseUploadMetadata(headers.metadata);
      if (!parsed.ok) throw new ValidationError(parsed.message, { 'Upload-Metadata': [parsed.message] });
      const metadata = parsed.value;
      const stored = await projectFiles.findByClientId(project.projectId, metadata.clientId);
      if (stored) return { kind: 'stored', file: stored };
      const pending = await partials.findBy(
        user.id,
        project.projectId,
        (m) => m.clientId === metadata.clientId,
      );
      if (pending && pending.length === length)
        return { kind: 'created', id: pending.id, offset: pending.offset };
      if (pending) await partials.remove(pending);
      const info = await partials.create(user.id, project.projectId, length, metadata);
      return { kind: 'created', id: info.id, offset: 0 };
    },

    /** HEAD: how many bytes the server has (404 for an upload not the caller's, or gone). */
    async offset(user: SessionUser, project: ProjectAccess, id: string) {
      const found = await uploadOf(user, project, id);
      return { offset: found.offset, length: found.length };
    },

    /** PATCH: the bytes from `Upload-Offset`; the last ones store the photo. */
    async append(
      user: SessionUser,
      project: ProjectAccess,
      id: string,
      offsetHeader: string | undefined,
      body: Readable,
      meta: { ip?: string } = {},
    ): Promise<PatchResult> {
      const offset = byteCount(offsetHeader);
      if (offset === null) {
        throw new ValidationError(photoUploadMessages.offset, {
          'Upload-Offset': [photoUploadMessages.offset],
        });
      }
      const info = await uploadOf(user, project, id);
      if (offset !== info.offset) throw new ConflictError(photoUploadMessages.offsetMismatch(info.offset));
      let reached: number | false;
      try {
        reached = await partials.append(info, body);
      } catch (err) {
        if (err instanceof PartialTooLongError) throw new ValidationError(photoUploadMessages.tooLong);
        throw err;
      }
      if (reached === false) throw new ConflictError(photoUploadMessages.busy);
      if (reached < info.length) return { kind: 'partial', offset: reached };
      return finish(user, project, info, meta);
    },

    /** The hourly sweep: partial uploads untouched since `before` are deleted. */
    sweep(before: Date): Promise<number> {
      return partials.sweep(before);
    },
  };
}

export type PhotoUploadsService = ReturnType<typeof createPhotoUploadsService>;

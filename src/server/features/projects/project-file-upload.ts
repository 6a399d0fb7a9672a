import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { projectFileUploadRules, safeFileName } from '../../../domain/projects/project-files';
import {
  MAX_FILES_PER_UPLOAD,
  type ProjectDocumentType,
  type ProjectFile,
  type ProjectFileKind,
  projectFileMessages,
} from '../../../domain/projects/schemas';
import type { WorkflowStepKey } from '../../../domain/projects/workflow-steps';
import type { SessionUser } from '../../platform/auth/session-store';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { ForbiddenError, PayloadTooLargeError, ValidationError } from '../../platform/errors';
import { checkFileContent, refusedFileError } from '../../platform/files/file-content';
import { capturedAtOf, withoutLocation } from '../../platform/files/image-metadata';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { ProjectAccess, ProjectAccessCheck } from './project-access';
import { toProjectFile } from './project-file-view';
import type { NewProjectFile, ProjectFileRow, ProjectFilesRepo } from './project-files.repo';

/** One file of an upload, read whole (within the kind's size limit) by the route. */
export interface IncomingFile {
  fileName: string;
  data: Buffer;
  /** A document's kind, from the form's `documentType` field sent before the files (documents only). */
  documentType?: ProjectDocumentType;
  /** A photo's workflow step and caption (the photo log; fields sent before the file). */
  step?: WorkflowStepKey | null;
  caption?: string | null;
  /**
   * The id the device gave this photo (issue 27): a project keeps one file per client id, and a
   * file sent again under one already stored is not stored twice (the stored one is answered).
   */
  clientId?: string;
  /** When the photo was taken, as the device says (ISO); else read from the file's EXIF. */
  capturedAt?: string | null;
}

/** Who may upload each kind, and what anyone else who may open the project is told (403). */
const UPLOADERS: Record<ProjectFileKind, { roles: ProjectAccess['role'][]; refusal: string }> = {
  install_photo: { roles: ['contractor'], refusal: projectFileMessages.photosNotAssigned },
  document: { roles: ['homeowner', 'admin'], refusal: projectFileMessages.documentsNotAllowed },
  image: { roles: ['homeowner', 'admin'], refusal: projectFileMessages.imagesNotAllowed },
};

/** Files already read once, sent again to `upload` after a concurrent insert won (all now dedupe). */
async function* replayOf(answer: (NewProjectFile | ProjectFileRow)[]): AsyncGenerator<IncomingFile> {
  for (const row of answer) {
    if (!row.clientId) throw new Error('a file without a client id met a unique violation');
    yield { fileName: row.fileName, data: Buffer.alloc(0), clientId: row.clientId };
  }
}

/**
 * Uploading a project's files, the project files service's part (it spreads these methods in):
 * who may upload each kind, then each file checked by content and stored (without its location)
 * with a thumbnail beside every image, and every row in one transaction. A file sent again under
 * a client id already stored is answered, not stored twice.
 */
export function createProjectFileUpload(deps: {
  repo: ProjectFilesRepo;
  storage: FileStorage;
  logger: Logger;
  access: ProjectAccessCheck;
  /** Tells the project's people that it changed (the service's; never fails the call). */
  announce: (project: ProjectAccess) => Promise<void>;
  /** Removes stored files, logging (not throwing) a failure (the service's). */
  removeStored: (keys: string[]) => Promise<void>;
}) {
  const { repo, storage, logger, access, announce, removeStored } = deps;

  return {
    /**
     * Whether `user` may upload `kind` to the project: 404 when they may not open it, 403 when
     * they may open it but not upload this kind. Called before a byte of the body is read.
     */
    async authorizeUpload(
      user: SessionUser,
      projectId: string,
      kind: ProjectFileKind,
    ): Promise<ProjectAccess> {
      const project = await access(user, projectId);
      const rule = UPLOADERS[kind];
      if (!rule.roles.includes(project.role)) throw new ForbiddenError(rule.refusal);
      return project;
    },

    /**
     * Checks and stores one upload, file by file as they arrive (one file in memory at a time):
     * type by content and by decoding, then the file and its thumbnail, then every row in one
     * transaction. Any failure removes what this upload stored: nothing is left half-stored.
     */
    async upload(
      user: SessionUser,
      project: ProjectAccess,
      kind: ProjectFileKind,
      files: AsyncIterable<IncomingFile>,
      meta: { ip?: string } = {},
    ): Promise<{ files: ProjectFile[]; message: string }> {
      const rule = projectFileUploadRules[kind];
      const stored: string[] = [];
      const rows: NewProjectFile[] = [];
      // the answer in the upload's order: a new row, or the file already stored under its client id
      const answer: (NewProjectFile | ProjectFileRow)[] = [];
      const startedAt = Date.now();
      let inserted: ProjectFileRow[] = [];
      try {
        for await (const file of files) {
          if (answer.length >= MAX_FILES_PER_UPLOAD)
            throw new PayloadTooLargeError(projectFileMessages.tooMany);
          if (file.clientId) {
            const clientId = file.clientId;
            const known =
              answer.find((r) => r.clientId === clientId) ??
              (await repo.findByClientId(project.projectId, clientId));
            if (known) {
              answer.push(known);
              continue;
            }
          }
          if (file.data.length > rule.maxBytes) throw new PayloadTooLargeError(rule.tooLargeMessage);
          // the type from the first bytes, then the whole file parsed as that type
          const checked = await checkFileContent(file.data, rule.contentTypes);
          if (!checked.ok) {
            logger.info(
              {
                projectId: project.projectId,
                kind,
                reason: checked.reason,
                ...('detail' in checked ? { detail: checked.detail } : {}),
              },
              'project file refused',
            );
            throw refusedFileError(checked, rule.typeMessage);
          }
          const { contentType } = checked;
          const id = randomUUID();
          // the key is made of ids only: a file's own name never reaches the file system
          const storageKey = `projects/${project.projectId}/${id}`;
          // what others download carries no location: EXIF read for the capture time, then dropped
          const capturedAt =
            kind === 'document' ? null : (file.capturedAt ?? (await capturedAtOf(file.data, contentType)));
          const data = kind === 'document' ? file.data : await withoutLocation(file.data, contentType);
          await storage.put(storageKey, data);
          stored.push(storageKey);
          let thumbnailKey: string | null = null;
          if (checked.thumbnail && kind !== 'document') {
            thumbnailKey = `${storageKey}.thumbnail.jpg`;
            await storage.put(thumbnailKey, checked.thumbnail);
            stored.push(thumbnailKey);
          }
          const row: NewProjectFile = {
            id,
            projectId: project.projectId,
            kind,
            documentType: kind === 'document' ? (file.documentType ?? null) : null,
            step: kind === 'document' ? null : (file.step ?? null),
            caption: kind === 'document' ? null : (file.caption ?? null),
            fileName: safeFileName(file.fileName, contentType, rule.fallbackName),
            contentType,
            size: data.length,
            storageKey,
            thumbnailKey,
            clientId: file.clientId ?? null,
            capturedAt: capturedAt ? new Date(capturedAt) : null,
            uploadedBy: user.id,
            // one upload shares one transaction time: a millisecond apart keeps the chosen order
            createdAt: new Date(startedAt + rows.length),
          };
          rows.push(row);
          answer.push(row);
        }
        if (answer.length === 0) {
          throw new ValidationError(projectFileMessages.noFiles, {
            [rule.field]: [projectFileMessages.noFiles],
          });
        }
        if (rows.length > 0)
          inserted = await repo.insertUpload(rows, user, {
            actorId: user.id,
            action: 'project.files_uploaded',
            entityType: 'project',
            entityId: project.projectId,
            data: {
              kind,
              fileIds: rows.map((r) => r.id),
              count: rows.length,
              bytes: rows.reduce((sum, r) => sum + r.size, 0),
            },
            ip: meta.ip,
          });
      } catch (err) {
        await removeStored(stored);
        // the same photo finished by two requests at once: the other one stored it
        if (isUniqueViolation(err)) return this.upload(user, project, kind, replayOf(answer), meta);
        throw err;
      }
      if (rows.length > 0) await announce(project);
      const byId = new Map(inserted.map((r) => [r.id, r]));
      const result = answer.map((r) => toProjectFile(byId.get(r.id) ?? (r as ProjectFileRow)));
      return { files: result, message: projectFileMessages.uploaded(result.length) };
    },
  };
}

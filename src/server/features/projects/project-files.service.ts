import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  projectFileThumbnailUrl,
  projectFileUploadRules,
  projectFileUrl,
  safeFileName,
} from '../../../domain/projects/project-files';
import {
  MAX_FILES_PER_UPLOAD,
  type ProjectDocumentType,
  type ProjectFile,
  type ProjectFileKind,
  projectFileMessages,
} from '../../../domain/projects/schemas';
import type { WorkflowStepKey } from '../../../domain/projects/workflow-steps';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Db } from '../../platform/db/index';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { ForbiddenError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../platform/errors';
import { checkFileContent, refusedFileError } from '../../platform/files/file-content';
import { capturedAtOf, withoutLocation } from '../../platform/files/image-metadata';
import type { FileStorage } from '../../platform/storage/file-storage';
import { createProjectAccess, type ProjectAccess, type ProjectAccessCheck } from './project-access';
import { createProjectFilesRepo, type NewProjectFile, type ProjectFileRow } from './project-files.repo';

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

export interface ProjectFilesDeps {
  db: Db;
  storage: FileStorage;
  bus: EventBus;
  logger: Logger;
  /** The one rule of who may open a project; built from `db` when not given. */
  access?: ProjectAccessCheck;
}

/** Who may upload each kind, and what anyone else who may open the project is told (403). */
const UPLOADERS: Record<ProjectFileKind, { roles: ProjectAccess['role'][]; refusal: string }> = {
  install_photo: { roles: ['contractor'], refusal: projectFileMessages.photosNotAssigned },
  document: { roles: ['homeowner', 'admin'], refusal: projectFileMessages.documentsNotAllowed },
  image: { roles: ['homeowner', 'admin'], refusal: projectFileMessages.imagesNotAllowed },
};

const uuid = z.uuid();

export function toProjectFile(row: ProjectFileRow): ProjectFile {
  return {
    id: row.id,
    kind: row.kind,
    documentType: row.documentType,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: projectFileUrl(row.projectId, row.id),
    thumbnailUrl: row.thumbnailKey ? projectFileThumbnailUrl(row.projectId, row.id) : null,
    uploadedAt: row.createdAt.toISOString(),
    uploadedBy: row.uploadedBy,
    step: row.step,
    caption: row.caption,
    capturedAt: row.capturedAt ? row.capturedAt.toISOString() : null,
  };
}

/** Files already read once, sent again to `upload` after a concurrent insert won (all now dedupe). */
async function* replayOf(answer: (NewProjectFile | ProjectFileRow)[]): AsyncGenerator<IncomingFile> {
  for (const row of answer) {
    if (!row.clientId) throw new Error('a file without a client id met a unique violation');
    yield { fileName: row.fileName, data: Buffer.alloc(0), clientId: row.clientId };
  }
}

export interface StoredFileBody {
  fileName: string;
  contentType: string;
  /** Bytes of the file; a thumbnail's size is known once read. */
  size?: number;
  /** Stable for the file's whole life (a file never changes): the ETag. */
  etag: string;
  /** The bytes, read only when they are sent (not for a browser that has them already). */
  read(): Promise<Readable | Buffer>;
}

/**
 * Installation photos (the assigned contractor), images and documents (the homeowner and admins)
 * of a project: checked by content, stored through the platform's file storage with a thumbnail
 * beside every image, readable by the project's homeowner, its contractor and admins only.
 */
export function createProjectFilesService(deps: ProjectFilesDeps) {
  const { db, storage, bus, logger } = deps;
  const repo = createProjectFilesRepo(db);
  const access = deps.access ?? createProjectAccess(db);

  async function fileOf(projectId: string, fileId: string): Promise<ProjectFileRow> {
    const row = uuid.safeParse(fileId).success ? await repo.find(projectId, fileId) : undefined;
    if (!row) throw new NotFoundError(projectFileMessages.fileNotFound);
    return row;
  }

  /** Tells the project's people (homeowner, contractor, admins) that it changed; never fails the call. */
  async function announce(project: ProjectAccess): Promise<void> {
    try {
      const admins = await repo.adminUserIds();
      await publishToUsers(bus, [project.homeownerId, project.contractorUserId, ...admins], {
        type: 'project_updated',
        projectId: project.projectId,
        status: project.status,
      });
    } catch (err) {
      logger.error({ err, projectId: project.projectId }, 'project_updated event not published');
    }
  }

  async function removeStored(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        storage.delete(key).catch((err) => logger.error({ err, key }, 'stored project file not removed')),
      ),
    );
  }

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

    /** The file a device stored under `clientId` in the project, if any. */
    async findByClientId(projectId: string, clientId: string): Promise<ProjectFile | undefined> {
      const row = await repo.findByClientId(projectId, clientId);
      return row ? toProjectFile(row) : undefined;
    },

    /** GET /api/projects/{id}/files: every file of a project the caller may open. */
    async list(user: SessionUser, projectId: string): Promise<ProjectFile[]> {
      const project = await access(user, projectId);
      return (await repo.listForProject(project.projectId)).map(toProjectFile);
    },

    /** A stored file or its thumbnail, for a caller who may open the project (404 otherwise). */
    async open(
      user: SessionUser,
      projectId: string,
      fileId: string,
      variant: 'file' | 'thumbnail',
    ): Promise<StoredFileBody> {
      const project = await access(user, projectId);
      const row = await fileOf(project.projectId, fileId);
      if (variant === 'thumbnail') {
        const key = row.thumbnailKey;
        if (!key) throw new NotFoundError(projectFileMessages.fileNotFound);
        return {
          fileName: `${row.fileName.replace(/\.[^.]+$/, '')}-thumbnail.jpg`,
          contentType: 'image/jpeg',
          etag: `"${row.id}-thumbnail"`,
          read: () =>
            storage.get(key).catch((err) => {
              logger.error({ err, fileId: row.id }, 'project file thumbnail missing from storage');
              throw new NotFoundError(projectFileMessages.fileNotFound);
            }),
        };
      }
      return {
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.size,
        etag: `"${row.id}"`,
        read: async () => {
          if (!(await storage.exists(row.storageKey))) {
            logger.error({ fileId: row.id, key: row.storageKey }, 'project file missing from storage');
            throw new NotFoundError(projectFileMessages.fileNotFound);
          }
          return storage.stream(row.storageKey);
        },
      };
    },

    /** Whether `user` may delete the file: its uploader or an admin (403), of a project they may open (404). */
    async authorizeDelete(
      user: SessionUser,
      projectId: string,
      fileId: string,
    ): Promise<{ project: ProjectAccess; file: ProjectFileRow }> {
      const project = await access(user, projectId);
      const file = await fileOf(project.projectId, fileId);
      if (project.role !== 'admin' && file.uploadedBy !== user.id) {
        throw new ForbiddenError(projectFileMessages.deleteNotAllowed);
      }
      return { project, file };
    },

    async remove(
      user: SessionUser,
      target: { project: ProjectAccess; file: ProjectFileRow },
      meta: { ip?: string } = {},
    ): Promise<{ message: string }> {
      const { project, file } = target;
      const deleted = await repo.delete(project.projectId, file.id, {
        actorId: user.id,
        action: 'project.file_deleted',
        entityType: 'project',
        entityId: project.projectId,
        data: { fileId: file.id, kind: file.kind },
        ip: meta.ip,
      });
      if (!deleted) throw new NotFoundError(projectFileMessages.fileNotFound);
      await removeStored([deleted.storageKey, ...(deleted.thumbnailKey ? [deleted.thumbnailKey] : [])]);
      await announce(project);
      return { message: projectFileMessages.deleted };
    },
  };
}

export type ProjectFilesService = ReturnType<typeof createProjectFilesService>;

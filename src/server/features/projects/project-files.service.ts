import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { z } from 'zod';
import { type ProjectFile, projectFileMessages } from '../../../domain/projects/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Db } from '../../platform/db/index';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage/file-storage';
import { createProjectAccess, type ProjectAccess, type ProjectAccessCheck } from './project-access';
import { createProjectFileUpload } from './project-file-upload';
import { toProjectFile } from './project-file-view';
import { createProjectFilesRepo, type ProjectFileRow } from './project-files.repo';

export interface ProjectFilesDeps {
  db: Db;
  storage: FileStorage;
  bus: EventBus;
  logger: Logger;
  /** The one rule of who may open a project; built from `db` when not given. */
  access?: ProjectAccessCheck;
}

const uuid = z.uuid();

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
 * Uploading is project-file-upload.ts's, spread in here.
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
    ...createProjectFileUpload({ repo, storage, logger, access, announce, removeStored }),

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

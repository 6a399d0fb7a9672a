import type { Logger } from 'pino';
import { z } from 'zod';
import { type ProjectFilePatch, photoLogMessages } from '../../../domain/projects/photo-log';
import { type ProjectFile, projectFileMessages } from '../../../domain/projects/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Db } from '../../platform/db/index';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import type { ProjectAccess, ProjectAccessCheck } from './project-access';
import { toProjectFile } from './project-file-view';
import { createProjectFilesRepo, type ProjectFileRow } from './project-files.repo';

const uuid = z.uuid();

/** A file someone may change, and the project it belongs to (decided before the body is read). */
export interface FileTarget {
  project: ProjectAccess;
  file: ProjectFileRow;
}

/**
 * A photo's details in the photo log (issue 23 #9): its step and caption, changed by the person
 * who uploaded it or an admin (PATCH /api/projects/{id}/files/{fileId}); the project's people
 * are told live (project_updated).
 */
export function createProjectFileDetailsService(deps: {
  db: Db;
  bus: EventBus;
  logger: Logger;
  access: ProjectAccessCheck;
}) {
  const repo = createProjectFilesRepo(deps.db);

  return {
    /**
     * Whether `user` may change the file: its uploader or an admin (403), of a project they may
     * open (404). Called in onRequest, before the body is read.
     */
    async authorize(user: SessionUser, projectId: string, fileId: string): Promise<FileTarget> {
      const project = await deps.access(user, projectId);
      const file = uuid.safeParse(fileId).success ? await repo.find(project.projectId, fileId) : undefined;
      if (!file) throw new NotFoundError(projectFileMessages.fileNotFound);
      if (project.role !== 'admin' && file.uploadedBy !== user.id) {
        throw new ForbiddenError(photoLogMessages.editNotAllowed);
      }
      return { project, file };
    },

    async update(
      user: SessionUser,
      target: FileTarget,
      patch: ProjectFilePatch,
      meta: { ip?: string } = {},
    ): Promise<ProjectFile> {
      const { project, file } = target;
      if (file.kind === 'document') {
        throw new ValidationError(photoLogMessages.documentsHaveNoStep, {
          step: [photoLogMessages.documentsHaveNoStep],
        });
      }
      const set = {
        ...(patch.step !== undefined ? { step: patch.step } : {}),
        ...(patch.caption !== undefined ? { caption: patch.caption } : {}),
      };
      const row = await repo.updateDetails(project.projectId, file.id, set, {
        actorId: user.id,
        action: 'project.file_details',
        entityType: 'project',
        entityId: project.projectId,
        data: { fileId: file.id, fields: Object.keys(set) },
        ip: meta.ip,
      });
      if (!row) throw new NotFoundError(projectFileMessages.fileNotFound);
      try {
        await publishToUsers(
          deps.bus,
          [project.homeownerId, project.contractorUserId, ...(await repo.adminUserIds())],
          {
            type: 'project_updated',
            projectId: project.projectId,
            status: project.status,
          },
        );
      } catch (err) {
        deps.logger.error({ err, projectId: project.projectId }, 'project_updated event not published');
      }
      return toProjectFile(row);
    },
  };
}

export type ProjectFileDetailsService = ReturnType<typeof createProjectFileDetailsService>;

import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type ProjectDocumentType,
  type ProjectFileKind,
  projectFileKinds,
} from '../../../domain/projects/schemas';
import type { WorkflowStepKey } from '../../../domain/projects/workflow-steps';
import { type AuditEntry, audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { projectFiles, users } from '../../platform/db/schema';
import { createProjectActivityRepo, type NewActivity } from './project-activity.repo';

/** A row of one of the kinds these calls handle (every query below filters by them). */
export type ProjectFileRow = typeof projectFiles.$inferSelect & { kind: ProjectFileKind };

/** The table also knows 'signature', which no call makes yet and no Project answer lists. */
const listedKind = inArray(projectFiles.kind, [...projectFileKinds]);
const asListed = <T>(rows: T[]) => rows as (T & { kind: ProjectFileKind })[];

export interface NewProjectFile {
  id: string;
  projectId: string;
  kind: ProjectFileKind;
  documentType: ProjectDocumentType | null;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  thumbnailKey: string | null;
  step: WorkflowStepKey | null;
  caption: string | null;
  clientId: string | null;
  capturedAt: Date | null;
  uploadedBy: string;
  createdAt: Date;
}

/** The feed's events of one upload: one per step (and document type) it holds, in the upload's order. */
function uploadActivity(
  rows: NewProjectFile[],
  uploader: { id: string; firstName: string | null },
): NewActivity[] {
  const groups = new Map<string, { row: NewProjectFile; count: number }>();
  for (const row of rows) {
    const key = `${row.kind}:${row.step ?? ''}:${row.documentType ?? ''}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { row, count: 1 });
  }
  return [...groups.values()].map(({ row, count }) => ({
    projectId: row.projectId,
    kind: 'files_added',
    data: { kind: row.kind, count, step: row.step, documentType: row.documentType },
    actor: uploader,
    at: row.createdAt,
  }));
}

/** The queries on project_files, the table this part of the projects feature owns. */
export function createProjectFilesRepo(db: Db) {
  const activity = createProjectActivityRepo(db);
  return {
    /**
     * Inserts one upload's files, its audit entry and the feed's events together: all of them or
     * none. The feed says "2 photos added to Install Completed": one event per step of the upload.
     */
    async insertUpload(
      rows: NewProjectFile[],
      uploader: { id: string; firstName: string | null },
      entry: AuditEntry,
    ): Promise<ProjectFileRow[]> {
      return db.transaction(async (tx) => {
        const inserted = await tx.insert(projectFiles).values(rows).returning();
        await audit(tx, entry);
        await activity.insert(tx, uploadActivity(rows, uploader));
        return asListed(inserted);
      });
    },

    /** The file a device stored under `clientId` in the project, if any (exactly-once uploads). */
    async findByClientId(projectId: string, clientId: string): Promise<ProjectFileRow | undefined> {
      const rows = await db
        .select()
        .from(projectFiles)
        .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.clientId, clientId), listedKind))
        .limit(1);
      return asListed(rows)[0];
    },

    /** A project's files in the order they were uploaded. */
    async listForProject(projectId: string): Promise<ProjectFileRow[]> {
      const rows = await db
        .select()
        .from(projectFiles)
        .where(and(eq(projectFiles.projectId, projectId), listedKind))
        .orderBy(asc(projectFiles.createdAt), asc(projectFiles.id));
      return asListed(rows);
    },

    async find(projectId: string, fileId: string): Promise<ProjectFileRow | undefined> {
      const rows = await db
        .select()
        .from(projectFiles)
        .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, fileId), listedKind))
        .limit(1);
      return asListed(rows)[0];
    },

    /** Deletes the row and writes the audit entry together; answers the deleted row, if any. */
    async delete(projectId: string, fileId: string, entry: AuditEntry): Promise<ProjectFileRow | undefined> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(projectFiles)
          .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, fileId), listedKind))
          .returning();
        const row = asListed(rows)[0];
        if (row) await audit(tx, entry);
        return row;
      });
    },

    /** Sets a photo's step and caption (the photo log) with its audit entry; answers the row. */
    async updateDetails(
      projectId: string,
      fileId: string,
      set: { step?: WorkflowStepKey | null; caption?: string | null },
      entry: AuditEntry,
    ): Promise<ProjectFileRow | undefined> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(projectFiles)
          .set(set)
          .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, fileId), listedKind))
          .returning();
        const row = asListed(rows)[0];
        if (row) await audit(tx, entry);
        return row;
      });
    },

    /** Every admin's user id: admins follow every project live. */
    async adminUserIds(): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
      return rows.map((r) => r.id);
    },
  };
}

export type ProjectFilesRepo = ReturnType<typeof createProjectFilesRepo>;

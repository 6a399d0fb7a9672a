import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type ProjectDocumentType,
  type ProjectFileKind,
  projectFileKinds,
} from '../../../domain/projects/schemas';
import { type AuditEntry, audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { projectFiles, users } from '../../platform/db/schema';

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
  uploadedBy: string;
  createdAt: Date;
}

/** The queries on project_files, the table this part of the projects feature owns. */
export function createProjectFilesRepo(db: Db) {
  return {
    /** Inserts one upload's files and its audit entry together: all of them or none. */
    async insertUpload(rows: NewProjectFile[], entry: AuditEntry): Promise<ProjectFileRow[]> {
      return db.transaction(async (tx) => {
        const inserted = await tx.insert(projectFiles).values(rows).returning();
        await audit(tx, entry);
        return asListed(inserted);
      });
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

    /** Every admin's user id: admins follow every project live. */
    async adminUserIds(): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
      return rows.map((r) => r.id);
    },
  };
}

export type ProjectFilesRepo = ReturnType<typeof createProjectFilesRepo>;

import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { ClaimStatus } from '../../../domain/warranties/rules';
import type { Db } from '../../platform/db/index';
import {
  contractorProfiles,
  projects,
  users,
  warrantyClaimMessages,
  warrantyClaims,
} from '../../platform/db/schema';
import type { Executor } from './warranties.repo';

export type ClaimRow = typeof warrantyClaims.$inferSelect;

/** The warranty claims and their threads (the warranties feature writes them). */
export function createClaimsRepo(db: Db) {
  return {
    async insert(
      tx: Executor,
      row: {
        warrantyId: string;
        projectId: string;
        openedBy: string;
        description: string;
        photoIds: string[];
      },
    ): Promise<string> {
      const [inserted] = await tx.insert(warrantyClaims).values(row).returning({ id: warrantyClaims.id });
      if (!inserted) throw new Error('claim insert failed');
      return inserted.id;
    },

    async byId(id: string, tx: Executor = db): Promise<ClaimRow | undefined> {
      const [row] = await tx.select().from(warrantyClaims).where(eq(warrantyClaims.id, id)).limit(1);
      return row;
    },

    async ofProject(projectId: string): Promise<ClaimRow[]> {
      return db
        .select()
        .from(warrantyClaims)
        .where(eq(warrantyClaims.projectId, projectId))
        .orderBy(desc(warrantyClaims.createdAt), desc(warrantyClaims.id));
    },

    async messagesOf(claimIds: readonly string[]) {
      if (claimIds.length === 0) return [];
      return db
        .select({
          id: warrantyClaimMessages.id,
          claimId: warrantyClaimMessages.claimId,
          authorRole: warrantyClaimMessages.authorRole,
          body: warrantyClaimMessages.body,
          createdAt: warrantyClaimMessages.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: contractorProfiles.companyName,
        })
        .from(warrantyClaimMessages)
        .leftJoin(users, eq(users.id, warrantyClaimMessages.authorId))
        .leftJoin(contractorProfiles, eq(contractorProfiles.userId, warrantyClaimMessages.authorId))
        .where(inArray(warrantyClaimMessages.claimId, [...claimIds]))
        .orderBy(asc(warrantyClaimMessages.createdAt), asc(warrantyClaimMessages.id));
    },

    async addMessage(
      tx: Executor,
      row: { claimId: string; authorId: string; authorRole: string; body: string },
    ): Promise<void> {
      await tx.insert(warrantyClaimMessages).values(row);
      await tx
        .update(warrantyClaims)
        .set({ updatedAt: new Date() })
        .where(eq(warrantyClaims.id, row.claimId));
    },

    /** Changes the status from `from` (false when another change came first). */
    async setStatus(
      tx: Executor,
      id: string,
      from: ClaimStatus,
      change: {
        status: ClaimStatus;
        scheduledFor: string | null;
        resolutionNote: string | null;
        resolvedAt: Date | null;
        by: string;
      },
    ): Promise<boolean> {
      const rows = await tx
        .update(warrantyClaims)
        .set({
          status: change.status,
          scheduledFor: change.scheduledFor,
          resolutionNote: change.resolutionNote,
          resolvedAt: change.resolvedAt,
          statusChangedBy: change.by,
          updatedAt: new Date(),
        })
        .where(and(eq(warrantyClaims.id, id), eq(warrantyClaims.status, from)))
        .returning({ id: warrantyClaims.id });
      return rows.length > 0;
    },

    /** Claims not resolved, oldest first (the admins' list). */
    async unresolved(limit = 200) {
      return db
        .select({
          id: warrantyClaims.id,
          projectId: warrantyClaims.projectId,
          projectTitle: projects.title,
          address: projects.address,
          city: projects.city,
          state: projects.state,
          status: warrantyClaims.status,
          scheduledFor: warrantyClaims.scheduledFor,
          companyName: contractorProfiles.companyName,
          description: warrantyClaims.description,
          createdAt: warrantyClaims.createdAt,
        })
        .from(warrantyClaims)
        .innerJoin(projects, eq(projects.id, warrantyClaims.projectId))
        .leftJoin(contractorProfiles, eq(contractorProfiles.id, projects.contractorId))
        .where(ne(warrantyClaims.status, 'resolved'))
        .orderBy(asc(warrantyClaims.createdAt), asc(warrantyClaims.id))
        .limit(limit);
    },
  };
}

export type ClaimsRepo = ReturnType<typeof createClaimsRepo>;

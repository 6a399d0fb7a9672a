import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { InstallRequestListQuery } from '../../../domain/install-requests/schemas';
import type { Db } from '../../platform/db/index';
import { contractorProfiles, installRequests, projects } from '../../platform/db/schema';

export type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

export function createInstallRequestsRepo(db: Db) {
  return {
    async verifiedContractorName(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ companyName: contractorProfiles.companyName })
        .from(contractorProfiles)
        .where(and(eq(contractorProfiles.id, id), eq(contractorProfiles.verificationStatus, 'verified')))
        .limit(1);
      return row?.companyName;
    },

    async insertRequest(tx: Executor, values: typeof installRequests.$inferInsert) {
      const [row] = await tx.insert(installRequests).values(values).returning({ id: installRequests.id });
      if (!row) throw new Error('install request insert returned nothing');
      return row;
    },

    /** A stored request, locked until the caller's transaction ends (turning it into a project). */
    async lockRequest(tx: Executor, id: string) {
      const [row] = await tx
        .select()
        .from(installRequests)
        .where(eq(installRequests.id, id))
        .for('update')
        .limit(1);
      return row;
    },

    async linkProject(tx: Executor, id: string, projectId: string, userId: string | null): Promise<void> {
      await tx
        .update(installRequests)
        .set({ projectId, ...(userId ? { userId } : {}) })
        .where(eq(installRequests.id, id));
    },

    /** Gives an account the requests its address sent while it was unconfirmed. */
    async attachToAccount(tx: Executor, account: { userId: string; email: string }): Promise<void> {
      const address = account.email.trim().toLowerCase();
      await tx
        .update(installRequests)
        .set({ userId: account.userId })
        .where(and(isNull(installRequests.userId), sql`lower(${installRequests.email}) = ${address}`));
    },

    /** Newest first, with the project it created and the preferred contractor's name. */
    async list(query: InstallRequestListQuery) {
      const where = query.email ? sql`lower(${installRequests.email}) = lower(${query.email})` : undefined;
      const [total] = await db.select({ n: count() }).from(installRequests).where(where);
      const items = await db
        .select({
          request: installRequests,
          projectStatus: projects.status,
          projectTitle: projects.title,
          preferredContractorName: contractorProfiles.companyName,
        })
        .from(installRequests)
        .leftJoin(projects, eq(projects.id, installRequests.projectId))
        .leftJoin(contractorProfiles, eq(contractorProfiles.id, installRequests.preferredContractorId))
        .where(where)
        .orderBy(desc(installRequests.createdAt), desc(installRequests.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return { items, total: total?.n ?? 0 };
    },
  };
}

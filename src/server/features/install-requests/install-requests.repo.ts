import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { InstallRequestListQuery } from '../../../domain/install-requests/schemas';
import { listTotal } from '../../platform/db/counters';
import type { Db } from '../../platform/db/index';
import { newestFirst, searchPrefix, tablePage } from '../../platform/db/keyset';
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

    /**
     * Newest first, with the project it created and the preferred contractor's name: one keyset
     * page after the cursor (issue 26 #1), searched by the start of the e-mail, last name or address.
     */
    async list(query: InstallRequestListQuery) {
      const where = and(
        query.email ? sql`lower(${installRequests.email}) = lower(${query.email})` : undefined,
        searchPrefix([installRequests.email, installRequests.lastName, installRequests.address], query.q),
      );
      const keyset = newestFirst(installRequests.createdAt, installRequests.id);
      const page = await tablePage(db, installRequests, keyset, where, query.cursor, query.pageSize);
      // the page's projects and preferred contractors by key (a join would let the planner read
      // every contractor for a page of 50)
      const requests = page.rows;
      const projectIds = [...new Set(requests.flatMap((r) => (r.projectId ? [r.projectId] : [])))];
      const contractorIds = [
        ...new Set(requests.flatMap((r) => (r.preferredContractorId ? [r.preferredContractorId] : []))),
      ];
      const [linked, preferred] = await Promise.all([
        projectIds.length === 0
          ? []
          : db
              .select({ id: projects.id, status: projects.status, title: projects.title })
              .from(projects)
              .where(inArray(projects.id, projectIds)),
        contractorIds.length === 0
          ? []
          : db
              .select({ id: contractorProfiles.id, companyName: contractorProfiles.companyName })
              .from(contractorProfiles)
              .where(inArray(contractorProfiles.id, contractorIds)),
      ]);
      const projectOf = new Map(linked.map((p) => [p.id, p]));
      const nameOf = new Map(preferred.map((c) => [c.id, c.companyName]));
      return {
        items: requests.map((request) => {
          const project = request.projectId ? projectOf.get(request.projectId) : undefined;
          return {
            request,
            projectStatus: project?.status ?? null,
            projectTitle: project?.title ?? null,
            preferredContractorName: request.preferredContractorId
              ? (nameOf.get(request.preferredContractorId) ?? null)
              : null,
          };
        }),
        nextCursor: page.nextCursor,
        ...(page.first
          ? await listTotal(
              db,
              query.email || query.q ? null : ['install_requests.total'],
              installRequests,
              where,
              keyset,
            )
          : {}),
      };
    },
  };
}

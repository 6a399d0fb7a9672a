import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OpenPunchList } from '../../../domain/projects/closeout-schemas';
import type { Db } from '../../platform/db/index';
import { contractorProfiles, projectFiles, projectPunchItems, projects } from '../../platform/db/schema';
import type { Executor } from './projects.repo';

export type PunchItemRow = typeof projectPunchItems.$inferSelect;
type PunchItemChange = Partial<Omit<typeof projectPunchItems.$inferInsert, 'id' | 'projectId' | 'createdAt'>>;

/**
 * The queries on project_punch_items (issue 25 #1), the table this part of the projects feature
 * owns. Writes run in the project change's transaction (project-change-runner.ts), under the
 * project's row lock.
 */
export function createCloseoutRepo(db: Db) {
  return {
    /** The project's own closeout columns (read only: projects.repo writes the table). */
    async projectState(projectId: string) {
      const [row] = await db
        .select({
          status: projects.status,
          inspectionChecklist: projects.inspectionChecklist,
          inspectionSubmittedAt: projects.inspectionSubmittedAt,
          workAcceptedAt: projects.workAcceptedAt,
        })
        .from(projects)
        .where(eq(projects.id, projectId));
      return row;
    },

    async items(projectId: string, executor: Pick<Db, 'select'> = db): Promise<PunchItemRow[]> {
      return executor
        .select()
        .from(projectPunchItems)
        .where(eq(projectPunchItems.projectId, projectId))
        .orderBy(asc(projectPunchItems.createdAt), asc(projectPunchItems.id));
    },

    async item(tx: Executor, projectId: string, itemId: string): Promise<PunchItemRow | undefined> {
      const [row] = await tx
        .select()
        .from(projectPunchItems)
        .where(and(eq(projectPunchItems.projectId, projectId), eq(projectPunchItems.id, itemId)));
      return row;
    },

    async openCount(tx: Executor, projectId: string): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(projectPunchItems)
        .where(and(eq(projectPunchItems.projectId, projectId), eq(projectPunchItems.status, 'open')));
      return Number(row?.n ?? 0);
    },

    async insert(
      tx: Executor,
      item: { projectId: string; note: string; photoIds: string[]; reportedBy: string; at: Date },
    ): Promise<void> {
      await tx.insert(projectPunchItems).values({
        projectId: item.projectId,
        note: item.note,
        photoIds: item.photoIds,
        reportedBy: item.reportedBy,
        createdAt: item.at,
        openedAt: item.at,
      });
    },

    async update(tx: Executor, itemId: string, change: PunchItemChange): Promise<void> {
      await tx.update(projectPunchItems).set(change).where(eq(projectPunchItems.id, itemId));
    },

    /** Which of these ids are photos or images of the project (a closeout photo is one of them). */
    async photoIdsOf(tx: Executor, projectId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await tx
        .select({ id: projectFiles.id })
        .from(projectFiles)
        .where(
          and(
            eq(projectFiles.projectId, projectId),
            inArray(projectFiles.id, [...ids]),
            inArray(projectFiles.kind, ['image', 'install_photo']),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /** Projects with open punch-list items (work not accepted), the longest waiting first. */
    async openLists(): Promise<OpenPunchList> {
      const oldest = sql<Date>`min(${projectPunchItems.openedAt})`;
      const rows = await db
        .select({
          projectId: projects.id,
          title: projects.title,
          address: projects.address,
          companyName: contractorProfiles.companyName,
          openItems: count(),
          oldestOpenAt: oldest,
        })
        .from(projectPunchItems)
        .innerJoin(projects, eq(projects.id, projectPunchItems.projectId))
        .leftJoin(contractorProfiles, eq(contractorProfiles.id, projects.contractorId))
        .where(and(eq(projectPunchItems.status, 'open'), isNull(projects.workAcceptedAt)))
        .groupBy(projects.id, contractorProfiles.companyName)
        .orderBy(oldest);
      return rows.map((r) => ({
        ...r,
        openItems: Number(r.openItems),
        oldestOpenAt: new Date(r.oldestOpenAt).toISOString(),
      }));
    },
  };
}

export type CloseoutRepo = ReturnType<typeof createCloseoutRepo>;

import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ActivityKind } from '../../../domain/projects/activity';
import type { Db } from '../../platform/db/index';
import { contractorProfiles, projectActivity, projects } from '../../platform/db/schema';
import type { Executor } from './projects.repo';

export interface NewActivity {
  projectId: string;
  kind: ActivityKind;
  data: Record<string, unknown>;
  actor?: { id: string; firstName: string | null } | null;
  at: Date;
}

export type ActivityRow = typeof projectActivity.$inferSelect & { projectTitle: string };

/** The first name shown for an actor ("Marcus"); null when nobody (the system) did it. */
function actorName(actor: NewActivity['actor']): string | null {
  const name = actor?.firstName?.trim();
  return actor ? name || 'Someone' : null;
}

/** project_activity, owned by the projects feature: written in the transaction of each change. */
export function createProjectActivityRepo(db: Db) {
  const columns = {
    id: projectActivity.id,
    projectId: projectActivity.projectId,
    actorId: projectActivity.actorId,
    actorName: projectActivity.actorName,
    kind: projectActivity.kind,
    data: projectActivity.data,
    createdAt: projectActivity.createdAt,
    projectTitle: projects.title,
  };

  async function newest(where: SQL | undefined, limit: number): Promise<ActivityRow[]> {
    return db
      .select(columns)
      .from(projectActivity)
      .innerJoin(projects, eq(projects.id, projectActivity.projectId))
      .where(where)
      .orderBy(desc(projectActivity.createdAt), desc(projectActivity.id))
      .limit(limit);
  }

  return {
    async insert(tx: Executor, rows: NewActivity[]): Promise<void> {
      if (rows.length === 0) return;
      await tx.insert(projectActivity).values(
        rows.map((r) => ({
          projectId: r.projectId,
          kind: r.kind,
          data: r.data,
          actorId: r.actor?.id ?? null,
          actorName: actorName(r.actor),
          createdAt: r.at,
        })),
      );
    },

    /** A project's events, newest first, from after the `cursor` event (its id) on; `limit` at most. */
    async page(projectId: string, cursor: string | undefined, limit: number): Promise<ActivityRow[]> {
      const after = cursor
        ? sql`(${projectActivity.createdAt}, ${projectActivity.id}) < (select a.created_at, a.id from project_activity a where a.id = ${cursor} and a.project_id = ${projectId})`
        : undefined;
      return newest(and(eq(projectActivity.projectId, projectId), after), limit);
    },

    /** The newest events across the projects a person is party to (admins: all). */
    async newestFor(
      party: { homeownerId: string } | { contractorUserId: string } | 'all',
      limit: number,
    ): Promise<ActivityRow[]> {
      if (party === 'all') return newest(undefined, limit);
      if ('homeownerId' in party) return newest(eq(projects.homeownerId, party.homeownerId), limit);
      const mine = db
        .select({ id: contractorProfiles.id })
        .from(contractorProfiles)
        .where(eq(contractorProfiles.userId, party.contractorUserId));
      return newest(inArray(projects.contractorId, mine), limit);
    },

    /** A contractor user's profile id (their own matches in the feed). */
    async contractorIdOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: contractorProfiles.id })
        .from(contractorProfiles)
        .where(eq(contractorProfiles.userId, userId))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * The milestones of projects made without the feed (the demo data), from their own columns:
     * the same rule as migration 0016's hand-written part.
     */
    async backfill(tx: Executor, projectIds: string[]): Promise<void> {
      if (projectIds.length === 0) return;
      const ids = sql.join(
        projectIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      await tx.execute(sql`
        insert into project_activity (project_id, kind, data, created_at)
        select p.id, 'created', '{}'::jsonb, p.created_at from projects p where p.id in (${ids})
        union all
        select p.id, 'assigned',
               jsonb_build_object('contractorId', p.contractor_id, 'companyName', c.company_name),
               p.assigned_at
          from projects p join contractor_profiles c on c.id = p.contractor_id
         where p.id in (${ids}) and p.assigned_at is not null
        union all
        select p.id, 'accepted', '{}'::jsonb, p.start_date from projects p
         where p.id in (${ids}) and p.start_date is not null
        union all
        select p.id, 'step',
               jsonb_build_object('step', 'install_completed', 'changes', jsonb_build_object('installCompleted', true)),
               coalesce(p.install_completed_date, p.completion_date)
          from projects p
         where p.id in (${ids}) and p.install_completed
           and coalesce(p.install_completed_date, p.completion_date) is not null`);
    },
  };
}

export type ProjectActivityRepo = ReturnType<typeof createProjectActivityRepo>;

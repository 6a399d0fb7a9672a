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

/**
 * The feed of projects made before it (migration 0018's hand-written part, the same text) and of
 * the demo data: their milestones and finished steps from their own columns, each at its recorded
 * date, the steps told as the assigned contractor's. A condition on `p` (the project) may follow (`and ...`).
 */
export const backfillSql = `
insert into project_activity (project_id, kind, data, created_at, actor_id, actor_name)
select p.id, e.kind, e.data, e.at, case when e.by_contractor then cu.id end,
       case when e.by_contractor then coalesce(nullif(trim(cu.first_name), ''), 'Someone') end
  from projects p
  left join contractor_profiles c on c.id = p.contractor_id
  left join users cu on cu.id = c.user_id
  cross join lateral (values
    ('created', '{}'::jsonb, p.created_at, false),
    ('assigned', jsonb_build_object('contractorId', p.contractor_id, 'companyName', c.company_name),
      case when c.id is not null then p.assigned_at end, false),
    ('accepted', '{}'::jsonb, p.start_date, false),
    ('step', '{"step":"homeowner_contact","changes":{"homeownerContactCompleted":true}}'::jsonb,
      case when p.homeowner_contact_completed then p.homeowner_contact_date end, true),
    ('step', '{"step":"material_selection","changes":{"materialSelectionCompleted":true}}'::jsonb,
      case when p.material_selection_completed then p.material_selection_date end, true),
    ('step', '{"step":"material_selection","changes":{"homeownerSignatureConfirmed":true}}'::jsonb,
      case when p.homeowner_signature_confirmed then p.homeowner_signature_date end, true),
    ('step', '{"step":"permit_status","changes":{"permitStatus":"applied"}}'::jsonb, p.permit_application_date, true),
    ('step', '{"step":"permit_status","changes":{"permitStatus":"issued"}}'::jsonb,
      case when p.permit_status = 'issued' then p.permit_issued_date end, true),
    ('step', '{"step":"material_order","changes":{"materialStatus":"ordered"}}'::jsonb, p.material_ordered_date, true),
    ('step', '{"step":"material_order","changes":{"materialStatus":"delivered"}}'::jsonb,
      case when p.material_status = 'delivered' then p.material_delivered_date end, true),
    ('step', '{"step":"install_completed","changes":{"installCompleted":true}}'::jsonb,
      case when p.install_completed then coalesce(p.install_completed_date, p.completion_date) end, false)
  ) as e(kind, data, at, by_contractor)
 where e.at is not null`;

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
     * the same rule as migration 0018's hand-written part.
     */
    async backfill(tx: Executor, projectIds: string[]): Promise<void> {
      if (projectIds.length === 0) return;
      const ids = sql.join(
        projectIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      await tx.execute(sql.raw(backfillSql).append(sql` and p.id in (${ids})`));
    },
  };
}

export type ProjectActivityRepo = ReturnType<typeof createProjectActivityRepo>;

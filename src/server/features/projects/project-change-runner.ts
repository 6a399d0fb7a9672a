import type { Project } from '../../../domain/projects/schemas';
import { projectMessages } from '../../../domain/projects/workflow';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { NotFoundError } from '../../platform/errors';
import type { ProjectNotice } from './match-notices';
import type { ProjectRole } from './project-access';
import { createProjectActivityRepo, type NewActivity } from './project-activity.repo';
import { createProjectChangeKeysRepo } from './project-change-keys.repo';
import type { ProjectMilestone } from './project-mail';
import { createProjectNotices } from './project-notices';
import type { Executor, ProjectChange, ProjectRow, ProjectsRepo } from './projects.repo';
import type { Actor, ProjectsServiceDeps } from './projects.service';

/** What a committed change tells whom. */
export interface ChangeOutcome {
  milestone?: ProjectMilestone;
  assignedTo?: { contractorId: string; userId: string };
  /** The contractor who turned the match down (told live that it left their board). */
  declinedBy?: { userId: string };
}

/** What a change decides from the locked row. */
export interface ChangeDecision {
  set: ProjectChange;
  action: string;
  data: Record<string, unknown>;
  outcome: ChangeOutcome;
  /** The feed's events of this change (issue 23 #8), written in its transaction. */
  activity: Pick<NewActivity, 'kind' | 'data'>[];
  /** Notifications (with their mails), stored with the change. */
  notices?: ProjectNotice[];
}

/**
 * The one way a project changes (project-changes.service.ts): under the project's row lock, the
 * change, its audit row, its feed events and its notifications commit together; then the
 * project's people are told live and the homeowner's milestone goes out.
 */
export function createChangeRunner(deps: ProjectsServiceDeps & { repo: ProjectsRepo }) {
  const { db, repo } = deps;
  const clock = deps.now ?? (() => new Date());
  const { publish, adminIds, mail, viewOrThrow } = createProjectNotices(deps);
  const activity = createProjectActivityRepo(db);
  const changeKeys = createProjectChangeKeysRepo(db);
  const log = deps.logger.child({ module: 'projects' });

  /**
   * Runs one change of a project under its row lock: `decide` reads the locked row and answers
   * the columns to write (or throws the refusal); the change and its audit row commit together.
   * With the actor's `requestKey` (a device's Idempotency-Key) the change happens once: sent again,
   * it changes and announces nothing and answers the project as it is.
   * Then the project's people are told: `project_updated` to the homeowner, the contractor and
   * every admin, `project_assigned` to a newly assigned contractor, and the homeowner's mail.
   */
  async function change(
    projectId: string,
    actor: Actor,
    viewer: ProjectRole,
    decide: (row: ProjectRow, contractorUserId: string | null, tx: Executor) => Promise<ChangeDecision>,
  ): Promise<Project> {
    const now = clock();
    const done = await db.transaction(async (tx) => {
      const locked = await repo.lock(tx, projectId);
      if (!locked) throw new NotFoundError(projectMessages.notFound);
      // a change a device sent again (its Idempotency-Key already claimed): applied once, answered as is
      if (actor.requestKey && !(await changeKeys.claim(tx, actor.user.id, projectId, actor.requestKey))) {
        return null;
      }
      const decision = await decide(locked.project, locked.contractorUserId, tx);
      await repo.update(tx, projectId, decision.set, now);
      const to = decision.set.status;
      const statusChanged = to !== undefined && to !== locked.project.status;
      if (statusChanged && deps.statusHook) {
        await deps.statusHook.inTransaction(tx, {
          projectId,
          quoteId: locked.project.quoteId,
          from: locked.project.status,
          to,
          at: now,
        });
      }
      await audit(tx as unknown as Db, {
        actorId: actor.user.id,
        action: decision.action,
        entityType: 'project',
        entityId: projectId,
        data: {
          ...decision.data,
          from: locked.project.status,
          to: decision.set.status ?? locked.project.status,
        },
        ip: actor.ip,
      });
      await activity.insert(
        tx,
        decision.activity.map((a) => ({ ...a, projectId, actor: actor.user, at: now })),
      );
      const announce =
        decision.notices?.length && deps.stageNotices ? await deps.stageNotices(tx, decision.notices) : null;
      return { outcome: decision.outcome, announce, statusChanged };
    });
    if (!done) return viewOrThrow(projectId, viewer);
    const { outcome, announce, statusChanged } = done;
    const project = await viewOrThrow(projectId, viewer);
    const recipients = [
      project.homeownerId,
      project.contractor?.userId,
      outcome.declinedBy?.userId,
      ...(await adminIds()),
    ];
    await publish(recipients, { type: 'project_updated', projectId, status: project.status });
    if (outcome.assignedTo) {
      await publish([outcome.assignedTo.userId], {
        type: 'project_assigned',
        projectId,
        contractorId: outcome.assignedTo.contractorId,
      });
    }
    if (outcome.milestone) await mail(project, outcome.milestone);
    await announce?.().catch((err) => log.error({ err, projectId }, 'notifications stored, not pushed live'));
    if (statusChanged) {
      await deps.statusHook
        ?.afterCommit()
        .catch((err) => log.error({ err, projectId }, 'status change stored, its webhooks not sent yet'));
    }
    return project;
  }

  return change;
}

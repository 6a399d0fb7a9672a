import { z } from 'zod';
import {
  type ActivityItem,
  type ActivityPage,
  type ActivityViewer,
  activityText,
} from '../../../domain/projects/activity';
import { workflowStepKeys } from '../../../domain/projects/workflow-steps';
import type { SessionUser } from '../../platform/auth/session-store';
import type { Db } from '../../platform/db/index';
import { ValidationError } from '../../platform/errors';
import { createProjectAccess, type ProjectAccessCheck } from './project-access';
import { type ActivityRow, createProjectActivityRepo } from './project-activity.repo';

const uuid = z.uuid();
const stepOf = z.object({ step: z.enum(workflowStepKeys) });
const cursorMessage = 'cursor is not valid';

/** One stored row as `viewer` reads it, or null when it is not theirs to see. */
function toItem(row: ActivityRow, viewer: ActivityViewer): ActivityItem | null {
  const text = activityText(row, viewer);
  if (text === null) return null;
  const step = stepOf.safeParse(row.data);
  return {
    id: row.id,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    kind: row.kind,
    text,
    actorName: row.actorName,
    step: step.success ? step.data.step : null,
    at: row.createdAt.toISOString(),
  };
}

/**
 * The activity feed (issue 23 #8): a project's events for its parties, and the newest across a
 * person's projects (the homeowner dashboard's Recent Activity). Rows are written by the projects
 * feature's changes in their own transactions (project-activity.repo.ts).
 */
export function createProjectActivityService(deps: { db: Db; access?: ProjectAccessCheck }) {
  const repo = createProjectActivityRepo(deps.db);
  const access = deps.access ?? createProjectAccess(deps.db);

  return {
    /** GET /api/projects/{id}/activity: the project's homeowner, its contractor and admins (404 anyone else). */
    async list(
      user: SessionUser,
      projectId: string,
      query: { cursor?: string; limit: number },
    ): Promise<ActivityPage> {
      const project = await access(user, projectId);
      if (query.cursor !== undefined && !uuid.safeParse(query.cursor).success) {
        throw new ValidationError(cursorMessage, { cursor: [cursorMessage] });
      }
      const rows = await repo.page(project.projectId, query.cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const viewer: ActivityViewer = { role: project.role, contractorId: project.contractorId };
      return {
        items: page.map((r) => toItem(r, viewer)).filter((i): i is ActivityItem => i !== null),
        nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /** GET /api/activity/mine: the newest events of the caller's own projects (admins: of all). */
    async mine(user: SessionUser, limit: number): Promise<ActivityItem[]> {
      const party =
        user.userType === 'admin'
          ? ('all' as const)
          : user.userType === 'contractor'
            ? { contractorUserId: user.id }
            : { homeownerId: user.id };
      const role =
        user.userType === 'admin' ? 'admin' : user.userType === 'contractor' ? 'contractor' : 'homeowner';
      // some rows may be hidden from this reader: read a few more than asked
      const rows = await repo.newestFor(party, limit * 3);
      const contractorId = role === 'contractor' ? await repo.contractorIdOf(user.id) : null;
      const viewer: ActivityViewer = { role, contractorId };
      return rows
        .map((r) => toItem(r, viewer))
        .filter((i): i is ActivityItem => i !== null)
        .slice(0, limit);
    },
  };
}

export type ProjectActivityService = ReturnType<typeof createProjectActivityService>;

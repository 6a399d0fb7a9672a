import { stepChanges } from '../../../domain/projects/activity';
import type { ProjectDeclineResult, ProjectUpdate } from '../../../domain/projects/change-schemas';
import { closeoutAfterWorkflow } from '../../../domain/projects/closeout';
import { windowText } from '../../../domain/projects/crew-date';
import type { Project } from '../../../domain/projects/schemas';
import {
  applyWorkflowPatch,
  contractorShareCents,
  projectMessages,
  WORKFLOW_EDITABLE_STATUSES,
  type WorkflowPatch,
} from '../../../domain/projects/workflow';
import {
  type TrackerStageKey,
  trackerStageKeys,
  trackerStageStates,
  workflowFieldNames,
} from '../../../domain/projects/workflow-steps';
import { ConflictError, ForbiddenError, ValidationError } from '../../platform/errors';
import { crewChange, crewScheduledNotice, refuseBadArrivalWindow } from './crew-notices';
import { declinedNotices, matchedNotice, type ProjectNotice } from './match-notices';
import type { ProjectAccess } from './project-access';
import { createProjectChangeKeysRepo } from './project-change-keys.repo';
import { createChangeRunner } from './project-change-runner';
import { createProjectDeclinesRepo } from './project-declines.repo';
import type { ProjectChange, ProjectRow, ProjectsRepo } from './projects.repo';
import type { Actor, ProjectsServiceDeps } from './projects.service';

/** The workflow fields a PUT body carries (text emptied to null), without status, assignment or updatedAt. */
export function workflowPatchOf(body: ProjectUpdate): WorkflowPatch {
  const patch: Record<string, unknown> = {};
  for (const key of workflowFieldNames) {
    const value = (body as Record<string, unknown>)[key];
    if (value === undefined) continue;
    patch[key] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  return patch as WorkflowPatch;
}

/** Tracker stages complete after a change that were not before (what the homeowner is mailed about). */
function stagesCompleted(before: ProjectRow, after: ProjectRow): TrackerStageKey[] {
  const was = trackerStageStates(before);
  const is = trackerStageStates(after);
  return trackerStageKeys.filter((k) => was[k] !== 'completed' && is[k] === 'completed');
}

/**
 * Changes of a project (spec 2 §7's PUT): assigning, accepting and the six-step workflow, each
 * under the project's row lock, audited in its transaction, then announced on the real-time
 * channel (after the commit) and, at each milestone, mailed to the homeowner.
 */
export function createProjectChangesService(deps: ProjectsServiceDeps & { repo: ProjectsRepo }) {
  const { db, repo } = deps;
  const clock = deps.now ?? (() => new Date());
  const change = createChangeRunner(deps);
  const declines = createProjectDeclinesRepo(db);
  const changeKeys = createProjectChangeKeysRepo(db);

  const service = {
    /** The projects.client-keys-cleanup job: devices' change keys past CHANGE_KEY_DAYS go. */
    forgetOldChangeKeys: (now: Date) => changeKeys.forgetOld(now),

    /**
     * PUT /api/projects/{id}: one body, three uses (spec 2 §7). contractorId (with status
     * 'matched') assigns; status 'in_progress' alone accepts; step fields change the workflow.
     * updatedAt is the server's to set and is ignored.
     */
    async update(granted: ProjectAccess, body: ProjectUpdate, actor: Actor): Promise<Project> {
      const patch = workflowPatchOf(body);
      const hasWorkflow = Object.keys(patch).length > 0;
      if (body.contractorId !== undefined) {
        if (hasWorkflow) throw new ValidationError(projectMessages.mixedUpdate);
        if (body.status !== undefined && body.status !== 'matched') statusNotAllowed();
        return service.assign(granted, body.contractorId, actor);
      }
      if (!hasWorkflow) {
        if (body.status === undefined) throw new ValidationError(projectMessages.nothingToUpdate);
        if (body.status === 'in_progress') return service.accept(granted, actor);
        statusNotAllowed();
      }
      if (body.status === 'matched') throw new ValidationError(projectMessages.mixedUpdate);
      return service.updateWorkflow(granted, patch, actor, body.status);
    },

    /** An admin assigns a verified, available contractor to a pending project: it becomes matched. */
    async assign(granted: ProjectAccess, contractorId: string, actor: Actor): Promise<Project> {
      if (granted.role !== 'admin') throw new ForbiddenError(projectMessages.assignAdminOnly);
      return change(granted.projectId, actor, 'admin', async (row, _contractorUserId, tx) => {
        if (row.status !== 'pending') throw new ConflictError(projectMessages.assignNotPending);
        const contractor = await repo.contractor(contractorId, tx);
        const refuse = (message: string) => new ValidationError(message, { contractorId: [message] });
        if (!contractor) throw refuse(projectMessages.contractorNotFound);
        if (contractor.verificationStatus !== 'verified') throw refuse(projectMessages.assignNotVerified);
        if (!contractor.isAvailable) throw refuse(projectMessages.assignUnavailable);
        if (contractor.liabilityLapsed) throw refuse(projectMessages.assignLiabilityLapsed);
        return {
          set: {
            contractorId: contractor.id,
            status: 'matched',
            assignedAt: clock(),
            matchOverdueNotifiedAt: null,
            ...(row.contractorPaymentAmount === null && row.estimatedCost !== null
              ? { contractorPaymentAmount: contractorShareCents(row.estimatedCost) }
              : {}),
          },
          action: 'project.assign',
          data: { contractorId: contractor.id, companyName: contractor.companyName },
          activity: [
            { kind: 'assigned', data: { contractorId: contractor.id, companyName: contractor.companyName } },
          ],
          outcome: {
            assignedTo: { contractorId: contractor.id, userId: contractor.userId },
            milestone: { kind: 'matched' },
          },
          notices: [matchedNotice(row, contractor.userId, deps.config)],
        };
      });
    },

    /** The assigned contractor accepts a matched project: work starts (in_progress, startDate now). */
    async accept(granted: ProjectAccess, actor: Actor): Promise<Project> {
      return change(granted.projectId, actor, granted.role, async (row, contractorUserId, tx) => {
        if (contractorUserId !== actor.user.id) throw new ForbiddenError(projectMessages.acceptNotAssigned);
        if (row.status !== 'matched') throw new ConflictError(projectMessages.acceptNotMatched);
        return {
          set: { status: 'in_progress', startDate: clock() },
          action: 'project.accept',
          data: {},
          activity: [{ kind: 'accepted', data: {} }],
          outcome: { milestone: { kind: 'started' } },
          // work begins: the first part of the price is asked with it (issue 25 #3)
          notices: deps.paymentRequest ? await deps.paymentRequest(tx, row, 'first') : [],
        };
      });
    },

    /**
     * The assigned contractor turns a new match down, saying why: the project is pending again
     * (no contractor), the admins are told live and by mail, and this contractor is no longer
     * suggested for it (project_declines).
     */
    async decline(granted: ProjectAccess, reason: string, actor: Actor): Promise<ProjectDeclineResult> {
      const project = await change(granted.projectId, actor, 'admin', async (row, contractorUserId, tx) => {
        if (contractorUserId !== actor.user.id || !row.contractorId) {
          throw new ForbiddenError(projectMessages.declineNotAssigned);
        }
        if (row.status !== 'matched') throw new ConflictError(projectMessages.declineNotMatched);
        const companyName = (await repo.contractor(row.contractorId, tx))?.companyName ?? 'The contractor';
        await declines.insert(tx, {
          projectId: row.id,
          contractorId: row.contractorId,
          reason,
          matchedAt: row.assignedAt ?? null,
        });
        return {
          set: { status: 'pending', contractorId: null, assignedAt: null },
          action: 'project.decline',
          data: { contractorId: row.contractorId, reason },
          activity: [
            {
              kind: 'declined',
              data: { contractorId: row.contractorId, companyName, reason },
            },
          ],
          outcome: { declinedBy: { userId: actor.user.id } },
          notices: declinedNotices(row, { companyName, reason }, await repo.adminIds(tx), deps.config),
        };
      });
      return { message: projectMessages.declined, projectId: project.id, status: 'pending' };
    },

    /**
     * The assigned contractor changes step fields of a started project; dates are stamped by the
     * domain's rule (applyWorkflowPatch) against the locked current state, and only the changed
     * columns are written. A status sent along must be the one the change leads to.
     */
    async updateWorkflow(
      granted: ProjectAccess,
      patch: WorkflowPatch,
      actor: Actor,
      status?: ProjectUpdate['status'],
    ): Promise<Project> {
      return change(granted.projectId, actor, granted.role, async (row, contractorUserId, tx) => {
        if (contractorUserId !== actor.user.id) throw new ForbiddenError(projectMessages.workflowNotAssigned);
        if (row.status === 'cancelled') throw new ConflictError(projectMessages.workflowClosed);
        if (!WORKFLOW_EDITABLE_STATUSES.includes(row.status)) {
          throw new ConflictError(projectMessages.workflowNotStarted);
        }
        const set = applyWorkflowPatch(row, patch, clock()) as ProjectChange;
        const next = { ...row, ...set } as ProjectRow;
        if (status !== undefined && status !== next.status) statusNotAllowed();
        refuseBadArrivalWindow(next);
        // accepted work stays completed; reopened before that, the inspection is due again
        const closeout = closeoutAfterWorkflow(row, next.status);
        if ('refusal' in closeout) throw new ConflictError(closeout.refusal);
        if (closeout.clearInspection) set.inspectionSubmittedAt = null;
        const stages = stagesCompleted(row, next);
        const completed = row.status !== 'completed' && next.status === 'completed';
        // the crew date set, moved or cancelled: the homeowner is told, with the calendar file
        const crew = crewChange(row, next);
        const notices: ProjectNotice[] = [];
        if (crew) {
          set.crewScheduleSequence = row.crewScheduleSequence + 1;
          if (row.homeownerId) {
            const contractor = row.contractorId ? await repo.contractor(row.contractorId, tx) : undefined;
            notices.push(
              crewScheduledNotice(
                { ...next, crewScheduleSequence: row.crewScheduleSequence + 1 },
                crew,
                { homeownerId: row.homeownerId, companyName: contractor?.companyName ?? 'Your contractor' },
                row,
                deps.config,
              ),
            );
          }
        }
        return {
          set,
          action: 'project.workflow',
          data: { fields: Object.keys(patch), stagesCompleted: stages, ...(crew ? { crew } : {}) },
          activity: stepChanges(changedFields(row, next)).map((c) => ({
            kind: 'step',
            data: stepData(c, next),
          })),
          outcome: stages.length > 0 || completed ? { milestone: { kind: 'stages', stages, completed } } : {},
          notices,
        };
      });
    },
  };
  return service;
}

/** A step event's facts: Crew Scheduled also carries the crew date and arrival window it leads to. */
function stepData(change: ReturnType<typeof stepChanges>[number], next: ProjectRow): Record<string, unknown> {
  if (change.step !== 'crew_scheduled' || !next.crewScheduled) return change;
  const window =
    next.crewArrivalStart && next.crewArrivalEnd
      ? windowText(next.crewArrivalStart, next.crewArrivalEnd)
      : null;
  return { ...change, scheduledFor: next.crewScheduledDate?.toISOString() ?? null, arrivalWindow: window };
}

/** The workflow fields whose value a change really altered, with their new values. */
function changedFields(before: ProjectRow, after: ProjectRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const same = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
  for (const key of workflowFieldNames) {
    const a = (before as Record<string, unknown>)[key];
    const b = (after as Record<string, unknown>)[key];
    if (!same(a ?? null, b ?? null)) out[key] = b;
  }
  return out;
}

function statusNotAllowed(): never {
  throw new ValidationError(projectMessages.statusNotAllowed, { status: [projectMessages.statusNotAllowed] });
}

export type ProjectChangesService = ReturnType<typeof createProjectChangesService>;

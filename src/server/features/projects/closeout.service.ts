import {
  acceptWorkRefusal,
  adminNoteRefusal,
  type CloseoutEvent,
  type CloseoutState,
  closeoutMessages,
  closeoutStage,
  inspectionItemKeys,
  inspectionItemLabels,
  reopenRefusal,
  reportIssueRefusal,
  resolveRefusal,
  submitInspectionRefusal,
} from '../../../domain/projects/closeout';
import type {
  Closeout,
  InspectionSubmit,
  OpenPunchList,
  PunchItem,
  PunchNoteWithPhotos,
} from '../../../domain/projects/closeout-schemas';
import type { ProjectFile } from '../../../domain/projects/schemas';
import { projectMessages } from '../../../domain/projects/workflow';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import { createCloseoutRepo, type PunchItemRow } from './closeout.repo';
import { closeoutNotices } from './closeout-notices';
import type { ProjectAccess } from './project-access';
import { type ChangeDecision, createChangeRunner } from './project-change-runner';
import { toProjectFile } from './project-file-view';
import { createProjectFilesRepo } from './project-files.repo';
import type { Executor, ProjectChange, ProjectRow, ProjectsRepo } from './projects.repo';
import type { Actor, ProjectsServiceDeps } from './projects.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The end of a job (issue 25 items 1-2): the final inspection, the homeowner's acceptance and the
 * punch list. Each change runs as a project change (project-change-runner.ts): under the
 * project's row lock, with its audit row, its feed event and its notifications in one
 * transaction, then `project_updated` to the homeowner, the contractor and every admin.
 */
export function createCloseoutService(deps: ProjectsServiceDeps & { repo: ProjectsRepo }) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());
  const change = createChangeRunner(deps);
  const punch = createCloseoutRepo(db);
  const files = createProjectFilesRepo(db);

  async function stateOf(row: ProjectRow, tx: Executor): Promise<CloseoutState> {
    return {
      status: row.status,
      inspectionSubmittedAt: row.inspectionSubmittedAt,
      workAcceptedAt: row.workAcceptedAt,
      openPunchItems: await punch.openCount(tx, row.id),
    };
  }

  async function refuseUnknownPhotos(tx: Executor, projectId: string, ids: string[]): Promise<void> {
    const known = await punch.photoIdsOf(tx, projectId, ids);
    if (ids.some((id) => !known.has(id))) {
      throw new ValidationError(closeoutMessages.unknownPhoto, { photoIds: [closeoutMessages.unknownPhoto] });
    }
  }

  function decision(
    row: ProjectRow,
    event: CloseoutEvent,
    receivers: (string | null)[],
    set: ProjectChange,
    data: Record<string, unknown> = {},
    byAdmin = false,
  ): ChangeDecision {
    return {
      set,
      action: `project.closeout.${event}`,
      data,
      activity: [{ kind: 'closeout', data: byAdmin ? { event, byAdmin } : { event } }],
      outcome: {},
      notices: closeoutNotices(event, row, receivers, deps.config),
    };
  }

  async function itemOf(tx: Executor, projectId: string, itemId: string): Promise<PunchItemRow> {
    const item = /^[0-9a-f-]{36}$/i.test(itemId) ? await punch.item(tx, projectId, itemId) : undefined;
    if (!item) throw new NotFoundError(closeoutMessages.itemNotFound);
    return item;
  }

  const service = {
    /** The closeout of a project the caller may open: its stage, the inspection, the punch list. */
    async view(projectId: string, message?: string): Promise<Closeout> {
      const row = await punch.projectState(projectId);
      if (!row) throw new NotFoundError(projectMessages.notFound);
      const items = await punch.items(projectId);
      const byId = new Map<string, ProjectFile>(
        (await files.listForProject(projectId)).map((f) => [f.id, toProjectFile(f)]),
      );
      const photos = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);
      const openPunchItems = items.filter((i) => i.status === 'open').length;
      const checklist = row.inspectionChecklist ?? [];
      return {
        projectId,
        stage: closeoutStage({ ...row, openPunchItems }),
        inspection: row.inspectionSubmittedAt
          ? {
              submittedAt: row.inspectionSubmittedAt.toISOString(),
              items: inspectionItemKeys.flatMap((key) => {
                const item = checklist.find((i) => i.key === key);
                return item
                  ? [{ ...item, label: inspectionItemLabels[key], photos: photos(item.photoIds) }]
                  : [];
              }),
            }
          : null,
        punchItems: items.map(
          (i): PunchItem => ({
            id: i.id,
            status: i.status,
            note: i.note,
            photos: photos(i.photoIds),
            reportedAt: i.createdAt.toISOString(),
            resolutionNote: i.resolutionNote,
            resolutionPhotos: photos(i.resolutionPhotoIds),
            resolvedAt: iso(i.resolvedAt),
            resolvedByAdmin: i.resolvedByAdmin,
            reopenNote: i.reopenNote,
            reopenedAt: iso(i.reopenedAt),
            adminNote: i.adminNote,
            adminNoteAt: iso(i.adminNoteAt),
          }),
        ),
        workAcceptedAt: iso(row.workAcceptedAt),
        ...(message ? { message } : {}),
      };
    },

    /** The assigned contractor submits the final inspection of a completed job. */
    async submitInspection(granted: ProjectAccess, body: InspectionSubmit, actor: Actor): Promise<Closeout> {
      await change(granted.projectId, actor, granted.role, async (row, contractorUserId, tx) => {
        if (contractorUserId !== actor.user.id)
          throw new ForbiddenError(closeoutMessages.inspectionOnlyContractor);
        const refusal = submitInspectionRefusal(await stateOf(row, tx));
        if (refusal) throw new ConflictError(refusal);
        await refuseUnknownPhotos(tx, row.id, [...new Set(body.items.flatMap((i) => i.photoIds))]);
        const checklist = inspectionItemKeys.flatMap((key) => body.items.filter((i) => i.key === key));
        return decision(
          row,
          'inspection_submitted',
          [row.homeownerId],
          { inspectionChecklist: checklist, inspectionSubmittedAt: clock() },
          { notChecked: checklist.filter((i) => !i.checked).map((i) => i.key) },
        );
      });
      return service.view(granted.projectId, closeoutMessages.submitted);
    },

    /** The homeowner accepts the work (after the inspection, every punch-list item resolved). */
    async acceptWork(granted: ProjectAccess, actor: Actor): Promise<Closeout> {
      await change(granted.projectId, actor, granted.role, async (row, contractorUserId, tx) => {
        if (row.homeownerId !== actor.user.id) throw new ForbiddenError(closeoutMessages.homeownerOnly);
        const refusal = acceptWorkRefusal(await stateOf(row, tx));
        if (refusal) throw new ConflictError(refusal);
        const accepted = decision(row, 'work_accepted', [contractorUserId], { workAcceptedAt: clock() });
        // the homeowner is asked to review the contractor once the work is accepted (issue 25 #8)
        if (deps.reviewRequest) {
          const contractor = row.contractorId ? await deps.repo.contractor(row.contractorId, tx) : undefined;
          accepted.notices?.push(
            ...deps.reviewRequest({
              id: row.id,
              title: row.title,
              homeownerId: row.homeownerId,
              companyName: contractor?.companyName ?? null,
            }),
          );
        }
        // the final part of the price is asked with the acceptance (issue 25 #3)
        if (deps.paymentRequest) accepted.notices?.push(...(await deps.paymentRequest(tx, row, 'final')));
        return accepted;
      });
      return service.view(granted.projectId, closeoutMessages.accepted);
    },

    /** The homeowner reports an issue: a new punch-list item with a note and photos. */
    async reportIssue(granted: ProjectAccess, body: PunchNoteWithPhotos, actor: Actor): Promise<Closeout> {
      await change(granted.projectId, actor, granted.role, async (row, contractorUserId, tx) => {
        if (row.homeownerId !== actor.user.id) throw new ForbiddenError(closeoutMessages.homeownerOnly);
        const refusal = reportIssueRefusal(await stateOf(row, tx));
        if (refusal) throw new ConflictError(refusal);
        await refuseUnknownPhotos(tx, row.id, body.photoIds);
        await punch.insert(tx, {
          projectId: row.id,
          note: body.note,
          photoIds: body.photoIds,
          reportedBy: actor.user.id,
          at: clock(),
        });
        return decision(row, 'issue_reported', [contractorUserId], {});
      });
      return service.view(granted.projectId, closeoutMessages.reported);
    },

    /** The contractor (or an admin stepping in) resolves an open item, with a note and photos. */
    async resolve(
      granted: ProjectAccess,
      itemId: string,
      body: PunchNoteWithPhotos,
      actor: Actor,
    ): Promise<Closeout> {
      await change(granted.projectId, actor, granted.role, async (row, contractorUserId, tx) => {
        const byAdmin = granted.role === 'admin';
        if (!byAdmin && contractorUserId !== actor.user.id) {
          throw new ForbiddenError(closeoutMessages.resolveNotAllowed);
        }
        const item = await itemOf(tx, row.id, itemId);
        const refusal = resolveRefusal(await stateOf(row, tx), item);
        if (refusal) throw new ConflictError(refusal);
        await refuseUnknownPhotos(tx, row.id, body.photoIds);
        await punch.update(tx, item.id, {
          status: 'resolved',
          resolutionNote: body.note,
          resolutionPhotoIds: body.photoIds,
          resolvedBy: actor.user.id,
          resolvedByAdmin: byAdmin,
          resolvedAt: clock(),
        });
        const receivers = byAdmin ? [row.homeownerId, contractorUserId] : [row.homeownerId];
        return decision(row, 'issue_resolved', receivers, {}, { itemId: item.id }, byAdmin);
      });
      return service.view(granted.projectId, closeoutMessages.resolved);
    },

    /** The homeowner reopens a resolved item, saying what is still wrong. */
    async reopen(granted: ProjectAccess, itemId: string, note: string, actor: Actor): Promise<Closeout> {
      await change(granted.projectId, actor, granted.role, async (row, contractorUserId, tx) => {
        if (row.homeownerId !== actor.user.id) throw new ForbiddenError(closeoutMessages.homeownerOnly);
        const item = await itemOf(tx, row.id, itemId);
        const refusal = reopenRefusal(await stateOf(row, tx), item);
        if (refusal) throw new ConflictError(refusal);
        const now = clock();
        await punch.update(tx, item.id, { status: 'open', reopenNote: note, reopenedAt: now, openedAt: now });
        return decision(row, 'issue_reopened', [contractorUserId], {}, { itemId: item.id });
      });
      return service.view(granted.projectId, closeoutMessages.reopened);
    },

    /** An admin steps in with a note on an item, visible to the homeowner and the contractor. */
    async adminNote(granted: ProjectAccess, itemId: string, note: string, actor: Actor): Promise<Closeout> {
      await change(granted.projectId, actor, granted.role, async (row, contractorUserId, tx) => {
        if (granted.role !== 'admin') throw new ForbiddenError(closeoutMessages.adminOnly);
        const item = await itemOf(tx, row.id, itemId);
        const refusal = adminNoteRefusal(await stateOf(row, tx));
        if (refusal) throw new ConflictError(refusal);
        await punch.update(tx, item.id, { adminNote: note, adminNoteAt: clock() });
        return decision(
          row,
          'admin_note',
          [row.homeownerId, contractorUserId],
          {},
          { itemId: item.id },
          true,
        );
      });
      return service.view(granted.projectId, closeoutMessages.noted);
    },

    /** GET /api/admin/punch-lists: open punch lists and how long they have waited. */
    openLists(): Promise<OpenPunchList> {
      return punch.openLists();
    },
  };
  return service;
}

export type CloseoutService = ReturnType<typeof createCloseoutService>;

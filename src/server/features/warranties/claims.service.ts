import type { Logger } from 'pino';
import { z } from 'zod';
import { projectFileThumbnailUrl, projectFileUrl } from '../../../domain/projects/project-files';
import { ageInDays, claimTransitionAllowed, claimWindowOpen } from '../../../domain/warranties/rules';
import {
  type AdminClaimList,
  type Claim,
  type ClaimMessageInput,
  type ClaimStatusChange,
  type OpenClaim,
  warrantyMessages,
} from '../../../domain/warranties/schemas';
import { audit } from '../../platform/audit';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import type { NotificationsService } from '../notifications';
import type { ProjectAccess, ProjectAccessCheck } from '../projects';
import { type ClaimEvent, claimNotices } from './claim-notices';
import { type ClaimRow, createClaimsRepo } from './claims.repo';
import { createWarrantiesRepo } from './warranties.repo';

export interface ClaimsDeps {
  db: Db;
  bus: EventBus;
  logger: Logger;
  config: Pick<Config, 'publicUrl' | 'brandName'>;
  access: ProjectAccessCheck;
  /** Stages notifications (in-app and mail) in the caller's transaction (the notifications feature). */
  stage: NotificationsService['stage'];
  now?: () => Date;
}

export interface ClaimActor {
  user: SessionUser;
  ip?: string;
}

const uuid = z.uuid();

function authorName(m: {
  authorRole: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
}) {
  if (m.authorRole === 'admin') return 'Ridgeline team';
  if (m.authorRole === 'contractor' && m.companyName) return m.companyName;
  const first = m.firstName?.trim() ?? '';
  const initial = m.lastName?.trim().charAt(0) ?? '';
  return first ? `${first}${initial ? ` ${initial.toUpperCase()}.` : ''}` : 'Homeowner';
}

/**
 * Warranty claims (issue 25 #7): the homeowner of a completed project whose warranty runs opens
 * one (what happened, photos); it goes to the project's contractor and the admins (in-app, by
 * mail, live), with its own thread and a status (open, scheduled with a date, resolved with a
 * note) that the contractor and the admins change. Anyone else gets the project's 404.
 */
export function createClaimsService(deps: ClaimsDeps) {
  const { db } = deps;
  const claims = createClaimsRepo(db);
  const warranties = createWarrantiesRepo(db);
  const clock = deps.now ?? (() => new Date());
  const log = deps.logger.child({ module: 'warranty-claims' });

  async function toClaims(rows: ClaimRow[]): Promise<Claim[]> {
    const messages = await claims.messagesOf(rows.map((r) => r.id));
    const photos = new Map((await warranties.photos(rows.flatMap((r) => r.photoIds))).map((p) => [p.id, p]));
    return rows.map((r) => ({
      id: r.id,
      projectId: r.projectId,
      status: r.status,
      description: r.description,
      photos: r.photoIds.flatMap((id) => {
        const p = photos.get(id);
        return p
          ? [
              {
                id,
                url: projectFileUrl(p.projectId, id),
                thumbnailUrl: p.thumbnailKey ? projectFileThumbnailUrl(p.projectId, id) : null,
              },
            ]
          : [];
      }),
      scheduledFor: r.scheduledFor,
      resolutionNote: r.resolutionNote,
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      messages: messages
        .filter((m) => m.claimId === r.id)
        .map((m) => ({
          id: m.id,
          authorName: authorName(m),
          authorRole: m.authorRole as 'homeowner' | 'contractor' | 'admin',
          body: m.body,
          createdAt: m.createdAt.toISOString(),
        })),
    }));
  }

  async function one(id: string): Promise<Claim> {
    const row = await claims.byId(id);
    const [claim] = row ? await toClaims([row]) : [];
    if (!claim) throw new NotFoundError(warrantyMessages.claimNotFound);
    return claim;
  }

  /** The claim and the caller's standing on its project; the same 404 for a stranger and no claim. */
  async function claimFor(
    user: SessionUser,
    claimId: string,
  ): Promise<{ row: ClaimRow; project: ProjectAccess }> {
    if (!uuid.safeParse(claimId).success) throw new NotFoundError(warrantyMessages.claimNotFound);
    const row = await claims.byId(claimId);
    if (!row) throw new NotFoundError(warrantyMessages.claimNotFound);
    const project = await deps.access(user, row.projectId).catch(() => {
      throw new NotFoundError(warrantyMessages.claimNotFound);
    });
    return { row, project };
  }

  /** Stages the event's notices with the change, then announces it live to everyone concerned. */
  async function told(
    tx: Parameters<NotificationsService['stage']>[0],
    project: ProjectAccess,
    event: ClaimEvent,
    detail: string,
    authorId: string,
  ) {
    const admins = await warranties.adminIds(tx);
    const title = await warranties.projectTitle(tx, project.projectId);
    const receivers = [project.homeownerId, project.contractorUserId, ...admins];
    const after = await deps.stage(
      tx,
      claimNotices(event, { id: project.projectId, title }, detail, receivers, authorId, deps.config),
    );
    return async (claimId: string) => {
      await after().catch((err) => log.error({ err, claimId }, 'claim notices not announced'));
      await publishToUsers(deps.bus, receivers.concat(authorId), {
        type: 'warranty_updated',
        projectId: project.projectId,
        claimId,
      }).catch((err) => log.error({ err, claimId }, 'claim change not announced'));
    };
  }

  return {
    /** The homeowner opens a claim, checked before the body is read (others: 404 or 403). */
    async assertMayOpen(user: SessionUser, projectId: string): Promise<void> {
      const project = await deps.access(user, projectId);
      if (project.role !== 'homeowner') throw new ForbiddenError(warrantyMessages.onlyHomeowner);
    },

    /** Anyone in a claim's thread, checked before the body is read. */
    async assertMayWrite(user: SessionUser, claimId: string, manage: boolean): Promise<void> {
      const { project } = await claimFor(user, claimId);
      if (manage && project.role === 'homeowner')
        throw new ForbiddenError(warrantyMessages.onlyContractorOrAdmin);
    },

    /** GET /api/projects/{id}/warranty/claims: whoever may open the project. */
    async ofProject(user: SessionUser, projectId: string): Promise<Claim[]> {
      const project = await deps.access(user, projectId);
      return toClaims(await claims.ofProject(project.projectId));
    },

    /** POST /api/projects/{id}/warranty/claims: the homeowner, within the warranty's period. */
    async open(actor: ClaimActor, projectId: string, body: OpenClaim): Promise<Claim> {
      const project = await deps.access(actor.user, projectId);
      if (project.role !== 'homeowner') throw new ForbiddenError(warrantyMessages.onlyHomeowner);
      const warranty = await warranties.ofProject(project.projectId);
      if (!warranty || project.status !== 'completed') throw new ConflictError(warrantyMessages.noWarranty);
      if (!claimWindowOpen(warranty, clock())) throw new ConflictError(warrantyMessages.expired);
      const { id, announce } = await db.transaction(async (tx) => {
        const known = await warranties.photoIdsOf(tx, project.projectId, body.photoIds);
        if (body.photoIds.some((p) => !known.has(p)))
          throw new ValidationError(warrantyMessages.unknownPhoto, {
            photoIds: [warrantyMessages.unknownPhoto],
          });
        const id = await claims.insert(tx, {
          warrantyId: warranty.id,
          projectId: project.projectId,
          openedBy: actor.user.id,
          description: body.description,
          photoIds: [...new Set(body.photoIds)],
        });
        await audit(tx as unknown as Db, {
          actorId: actor.user.id,
          action: 'warranty_claim.open',
          entityType: 'warranty_claim',
          entityId: id,
          data: { projectId: project.projectId },
          ip: actor.ip,
        });
        return { id, announce: await told(tx, project, 'opened', body.description, actor.user.id) };
      });
      await announce(id);
      return one(id);
    },

    /** POST /api/warranty-claims/{id}/messages: the homeowner, the contractor or an admin. */
    async write(actor: ClaimActor, claimId: string, body: ClaimMessageInput): Promise<Claim> {
      const { row, project } = await claimFor(actor.user, claimId);
      const announce = await db.transaction(async (tx) => {
        await claims.addMessage(tx, {
          claimId: row.id,
          authorId: actor.user.id,
          authorRole: project.role,
          body: body.body,
        });
        return told(tx, project, 'message', body.body, actor.user.id);
      });
      await announce(row.id);
      return one(row.id);
    },

    /** PATCH /api/warranty-claims/{id}: the contractor or an admin schedules, resolves or reopens. */
    async changeStatus(actor: ClaimActor, claimId: string, change: ClaimStatusChange): Promise<Claim> {
      const { row, project } = await claimFor(actor.user, claimId);
      if (project.role === 'homeowner') throw new ForbiddenError(warrantyMessages.onlyContractorOrAdmin);
      if (!claimTransitionAllowed(row.status, change.status))
        throw new ConflictError(warrantyMessages.sameStatus);
      const now = clock();
      const announce = await db.transaction(async (tx) => {
        const changed = await claims.setStatus(tx, row.id, row.status, {
          status: change.status,
          scheduledFor: change.status === 'scheduled' ? change.scheduledFor : null,
          resolutionNote: change.status === 'resolved' ? change.resolutionNote : null,
          resolvedAt: change.status === 'resolved' ? now : null,
          by: actor.user.id,
        });
        if (!changed) throw new ConflictError(warrantyMessages.sameStatus);
        await audit(tx as unknown as Db, {
          actorId: actor.user.id,
          action: `warranty_claim.${change.status}`,
          entityType: 'warranty_claim',
          entityId: row.id,
          data: { projectId: project.projectId, from: row.status, ...change },
          ip: actor.ip,
        });
        const [event, detail]: [ClaimEvent, string] =
          change.status === 'scheduled'
            ? ['scheduled', change.scheduledFor]
            : change.status === 'resolved'
              ? ['resolved', change.resolutionNote]
              : ['reopened', ''];
        return told(tx, project, event, detail, actor.user.id);
      });
      await announce(row.id);
      return one(row.id);
    },

    /** GET /api/admin/warranty-claims: the claims not resolved, oldest first, with their age. */
    async unresolved(): Promise<AdminClaimList> {
      const now = clock();
      const rows = await claims.unresolved();
      return {
        claims: rows.map((r) => ({
          id: r.id,
          projectId: r.projectId,
          projectTitle: r.projectTitle,
          address: [r.address, r.city, r.state].filter(Boolean).join(', '),
          status: r.status,
          scheduledFor: r.scheduledFor,
          companyName: r.companyName,
          description: r.description,
          createdAt: r.createdAt.toISOString(),
          ageDays: ageInDays(r.createdAt, now),
        })),
      };
    },
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;

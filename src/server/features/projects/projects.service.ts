import type { Logger } from 'pino';
import { z } from 'zod';
import type { ArrayPageQuery } from '../../../domain/lists';
import type { Project } from '../../../domain/projects/schemas';
import { projectMessages } from '../../../domain/projects/workflow';
import type { Suggestion } from '../../../domain/search/suggestions';
import type { SessionUser } from '../../platform/auth/session-store';
import type { EventBus } from '../../platform/bus/types';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/types';
import type { ReadCache } from '../../platform/read-cache';
import type { NotificationsService } from '../notifications';
import type { ProjectNotice, StageNotices } from './match-notices';
import { createProjectAccess, type ProjectAccess } from './project-access';
import type { RequestKey } from './project-change-keys.repo';
import { createProjectCreation } from './project-create';
import { createProjectDeclinesRepo } from './project-declines.repo';
import type { MailConfig } from './project-mail';
import { createProjectNotices } from './project-notices';
import { createProjectsRepo, type Executor, type ProjectsRepo } from './projects.repo';

export interface ProjectsServiceDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  config: MailConfig & Pick<Config, 'matchResponseHours'>;
  logger: Logger;
  readCache: ReadCache;
  /** The clock (tests may fix it). */
  now?: () => Date;
  /** Draws a job id suffix (tests may force a collision); random by default. */
  jobIdSuffix?: () => string;
  /** Verified contractors ranked for a place (the search feature's ranking; services.ts wires it). */
  suggestContractors?: (location: { zip: string | null; state: string | null }) => Promise<Suggestion[]>;
  /** The repo, shared with the project-changes service (services.ts); made here when absent. */
  repo?: ProjectsRepo;
  /** Stores notifications (with their mails) in a change's transaction: the notifications feature's stage (services.ts). */
  stageNotices?: StageNotices;
  /** The notification centre's notify (services.ts): admins are told of each new project. */
  notify?: NotificationsService['notify'];
  /**
   * The request to review the contractor, stored with the change that completes a project (the
   * reviews feature's notice, services.ts; issue 25 #8).
   */
  reviewRequest?: (project: {
    id: string;
    title: string;
    homeownerId: string | null;
    companyName: string | null;
  }) => ProjectNotice[];
  /**
   * Asks a part of the job's price in the change's transaction: the first when work begins, the
   * final when the homeowner accepts the work; answers the notices stored with the change (the
   * payments feature's requestPart, services.ts; issue 25 #3).
   */
  paymentRequest?: (
    tx: Executor,
    project: {
      id: string;
      title: string;
      homeownerId: string | null;
      estimatedCost: number | null;
      finalCost: number | null;
    },
    part: 'first' | 'final',
  ) => Promise<ProjectNotice[]>;
  /**
   * Told of each status change: in the change's transaction, then after its commit (the
   * organisations' `project.status_changed` webhooks, services.ts; issue 26 #6).
   */
  statusHook?: ProjectStatusHook;
}

/** A project's status changed (its quote names the API order it came from, if any). */
export interface ProjectStatusChange {
  projectId: string;
  quoteId: string | null;
  from: string;
  to: string;
  at: Date;
}

export interface ProjectStatusHook {
  inTransaction(tx: Executor, change: ProjectStatusChange): Promise<void>;
  afterCommit(): Promise<void>;
}

/** Who asks, from where: written to the audit log with each change. */
export interface Actor {
  user: SessionUser;
  ip?: string;
  /** The request's Idempotency-Key and body hash: a change sent again from a device applies once. */
  requestKey?: RequestKey;
}

const uuid = z.uuid();

/**
 * The JSON text of a list of projects, as the database built it (project-json-sql.ts projectListJson):
 * routes send it as it is.
 */
export type ProjectListJson = string & { readonly __projectListJson: true };
/** A page of a project list: its JSON text and the cursor of the next page (null on the last). */
export type ProjectPage = { list: ProjectListJson; nextCursor: string | null };

/**
 * The projects feature: the one owner of the `projects` table. Creating (admin form, quote
 * conversion, installation request, demo data: project-create.ts, spread in), reading and listing
 * go through here; changes (assigning, accepting, the workflow) are project-changes.service.ts's. Both announce on the
 * real-time channel (after the commit) and mail the homeowner at each milestone.
 */
export function createProjectsService(deps: ProjectsServiceDeps) {
  const { db } = deps;
  const log = deps.logger.child({ module: 'projects' });
  const repo = deps.repo ?? createProjectsRepo(db, deps.readCache);
  const access = createProjectAccess(db);
  const declines = createProjectDeclinesRepo(db);
  const notices = createProjectNotices({ ...deps, repo });
  const { viewOrThrow } = notices;
  const creation = createProjectCreation({ ...deps, repo, log, notices });

  const service = {
    /** Who may open a project (404 for anyone else): the routes check it before reading a body. */
    access,

    /** Verified contractors ranked for this project, with their reasons (admins, to assign one). */
    async contractorSuggestions(granted: ProjectAccess): Promise<Suggestion[]> {
      if (granted.role !== 'admin') throw new ForbiddenError(projectMessages.assignAdminOnly);
      if (!deps.suggestContractors) throw new Error('projects service built without suggestContractors');
      const project = await repo.view(granted.projectId, { hideShare: false });
      if (!project) throw new NotFoundError(projectMessages.notFound);
      const [ranked, declined] = await Promise.all([
        deps.suggestContractors({ zip: project.zipCode, state: project.state }),
        declines.contractorIdsOf(project.id),
      ]);
      // a contractor who turned this project down is not offered it again
      return ranked.filter((s) => !declined.has(s.contractorId));
    },

    async get(granted: ProjectAccess): Promise<Project> {
      return viewOrThrow(granted.projectId, granted.role);
    },

    /** A homeowner's own projects, newest first; admins may list anyone's. */
    async listForHomeowner(
      viewer: SessionUser,
      homeownerId: string,
      page: ArrayPageQuery,
    ): Promise<ProjectPage> {
      const isAdmin = viewer.userType === 'admin';
      if (!isAdmin && viewer.id !== homeownerId) throw new ForbiddenError(projectMessages.listForbidden);
      if (!uuid.safeParse(homeownerId).success) return { list: '[]' as ProjectListJson, nextCursor: null };
      const found = await repo.listForHomeowner(
        homeownerId,
        { hideShare: !isAdmin },
        page.cursor,
        page.limit,
      );
      return found as ProjectPage;
    },

    /**
     * A contractor's projects, newest first, by profile id (the dashboard) or user id (the tracker
     * and messaging panel); only that contractor and admins may list them.
     */
    async listForContractor(viewer: SessionUser, id: string, page: ArrayPageQuery): Promise<ProjectPage> {
      const isAdmin = viewer.userType === 'admin';
      const profile = uuid.safeParse(id).success ? await repo.contractorByIdOrUser(id) : undefined;
      if (!isAdmin && profile?.userId !== viewer.id) {
        // a contractor user without a profile asking by their own id simply has no projects
        if (id === viewer.id) return { list: '[]' as ProjectListJson, nextCursor: null };
        throw new ForbiddenError(projectMessages.listForbidden);
      }
      if (!profile) throw new NotFoundError(projectMessages.contractorNotFound);
      return (await repo.listForContractor(profile.id, page.cursor, page.limit)) as ProjectPage;
    },

    /** GET /api/projects: a page of every project, newest first, and the cursor of the next one. */
    async listAll(page: ArrayPageQuery): Promise<ProjectPage> {
      return (await repo.listAllPage(page.cursor, page.limit)) as ProjectPage;
    },

    ...creation,

    /** The projects made from these quotes: id, quoteId and homeownerId each. */
    async ofQuotes(quoteIds: readonly string[]) {
      return repo.ofQuotes(quoteIds);
    },

    /**
     * An address was confirmed (auth's AddressConfirmedHook, in its transaction): the projects kept
     * by that address until then become the account's.
     */
    async attachToConfirmedAccount(tx: Executor, account: { userId: string; email: string }) {
      await repo.attachToAccount(tx, account);
    },

    /** The project made from a quote, if any. */
    async idOfQuote(quoteId: string): Promise<string | undefined> {
      return repo.idOfQuote(quoteId);
    },

    /** The estimate engine's learning data (see repo.completedSalesOnEstimates). */
    completedSalesOnEstimates: repo.completedSalesOnEstimates,
  };
  return service;
}

export type ProjectsService = ReturnType<typeof createProjectsService>;

import type { Logger } from 'pino';
import { z } from 'zod';
import type { Project, ProjectCreate, ProjectUpdate } from '../../../domain/projects/schemas';
import {
  applyWorkflowPatch,
  contractorShareCents,
  projectMessages,
  projectTitle,
  type TrackerStageKey,
  trackerStageKeys,
  trackerStageStates,
  WORKFLOW_EDITABLE_STATUSES,
  type WorkflowPatch,
  workflowFieldNames,
} from '../../../domain/projects/workflow';
import type { RealtimeEvent } from '../../../domain/realtime';
import type { Suggestion } from '../../../domain/search/suggestions';
import { audit } from '../../platform/audit';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Db } from '../../platform/db/index';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/types';
import type { ReadCache } from '../../platform/read-cache';
import { findOrCreateHomeowner } from '../auth/homeowner-accounts';
import { createProjectAccess, type ProjectAccess, type ProjectRole } from './project-access';
import { type MailConfig, type ProjectMilestone, projectMilestoneMail } from './project-mail';
import {
  createProjectsRepo,
  type Executor,
  type NewProject,
  type ProjectChange,
  type ProjectRow,
} from './projects.repo';

export interface ProjectsServiceDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  config: MailConfig;
  logger: Logger;
  readCache: ReadCache;
  /** The clock (tests may fix it). */
  now?: () => Date;
  /** Draws a job id suffix (tests may force a collision); random by default. */
  jobIdSuffix?: () => string;
  /** Verified contractors ranked for a place (the search feature's ranking; services.ts wires it). */
  suggestContractors?: (location: { zip: string | null; state: string | null }) => Promise<Suggestion[]>;
}

/** Who asks, from where: written to the audit log with each change. */
export interface Actor {
  user: SessionUser;
  ip?: string;
}

/** What another feature's transaction gives to create a project (the title and source are set here). */
export type ProjectSeed = Omit<NewProject, 'id' | 'number' | 'title' | 'source' | 'createdAt' | 'updatedAt'>;

const uuid = z.uuid();

/** Draws of a job id before giving up: with 28.6 million suffixes a year, a second draw is already rare. */
const TITLE_ATTEMPTS = 10;

export const projectCreateMessages = {
  titleTaken: 'A project with this SWRX Job ID already exists.',
  notHomeownerAccount:
    "This email address belongs to a contractor or admin account. Please enter the homeowner's own email address.",
  homeownerUnconfirmed:
    "This homeowner's account is not confirmed yet. Ask them to confirm their email address, then create the project.",
} as const;

/**
 * The JSON text of a list of projects, as the database built it (projects.repo projectListJson):
 * routes send it as it is.
 */
export type ProjectListJson = string & { readonly __projectListJson: true };

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

/** What a committed change tells whom. */
interface ChangeOutcome {
  milestone?: ProjectMilestone;
  assignedTo?: { contractorId: string; userId: string };
}

/**
 * The projects feature: the one owner of the `projects` table. Creating (admin form, quote
 * conversion, installation request, demo data), assigning, accepting and the six-step workflow
 * all go through here; every change is audited in its transaction, then announced on the
 * real-time channel (after the commit) and, at each milestone, mailed to the homeowner.
 */
export function createProjectsService(deps: ProjectsServiceDeps) {
  const { db, bus, mailer, config } = deps;
  const log = deps.logger.child({ module: 'projects' });
  const clock = deps.now ?? (() => new Date());
  const repo = createProjectsRepo(db, deps.readCache);
  const access = createProjectAccess(db);

  /**
   * Inserts a project; one without a title is named SWRX-<year>-<random suffix>. The title is
   * unique (projects_title_key): a suffix already taken, by another new project or by an admin's
   * hand, is drawn again.
   */
  async function insert(tx: Executor, values: Omit<NewProject, 'title'> & { title?: string }) {
    if (values.title) {
      const row = await repo.insertUnlessTitleTaken(tx, { ...values, title: values.title });
      if (!row) {
        throw new ValidationError(projectCreateMessages.titleTaken, {
          title: [projectCreateMessages.titleTaken],
        });
      }
      return row;
    }
    const createdAt = values.createdAt ?? clock();
    for (let attempt = 0; attempt < TITLE_ATTEMPTS; attempt++) {
      const title = projectTitle(createdAt, deps.jobIdSuffix?.());
      const row = await repo.insertUnlessTitleTaken(tx, {
        ...values,
        title,
        createdAt,
        updatedAt: createdAt,
      });
      if (row) return row;
      log.warn({ title, attempt }, 'SWRX job id already taken, drawing another');
    }
    throw new Error(`no free SWRX job id after ${TITLE_ATTEMPTS} draws`);
  }

  /** Realtime events are a courtesy on top of the committed change: a failure is logged, not thrown. */
  async function publish(userIds: (string | null | undefined)[], event: RealtimeEvent) {
    try {
      await publishToUsers(bus, userIds, event);
    } catch (err) {
      log.error({ err, event }, 'could not publish a project event');
    }
  }

  async function adminIds(): Promise<string[]> {
    try {
      return await repo.adminIds();
    } catch (err) {
      log.error({ err }, 'could not look up the admins to notify');
      return [];
    }
  }

  async function mail(project: Project, milestone: ProjectMilestone) {
    const message = projectMilestoneMail(project, milestone, config);
    if (!message) return;
    try {
      await mailer.send(message);
    } catch (err) {
      // the change is committed and shown live; only the courtesy mail is missing
      log.error({ err, projectId: project.id }, 'could not store a project mail');
    }
  }

  /** One project as `viewer` sees it (a homeowner is not shown the contractor's share). */
  async function viewOrThrow(id: string, viewer: ProjectRole): Promise<Project> {
    const project = await repo.view(id, { hideShare: viewer === 'homeowner' });
    if (!project) throw new NotFoundError(projectMessages.notFound);
    return project;
  }

  /**
   * Runs one change of a project under its row lock: `decide` reads the locked row and answers
   * the columns to write (or throws the refusal); the change and its audit row commit together.
   * Then the project's people are told: `project_updated` to the homeowner, the contractor and
   * every admin, `project_assigned` to a newly assigned contractor, and the homeowner's mail.
   */
  async function change(
    projectId: string,
    actor: Actor,
    viewer: ProjectRole,
    decide: (
      row: ProjectRow,
      contractorUserId: string | null,
      tx: Executor,
    ) => Promise<{
      set: ProjectChange;
      action: string;
      data: Record<string, unknown>;
      outcome: ChangeOutcome;
    }>,
  ): Promise<Project> {
    const now = clock();
    const outcome = await db.transaction(async (tx) => {
      const locked = await repo.lock(tx, projectId);
      if (!locked) throw new NotFoundError(projectMessages.notFound);
      const decision = await decide(locked.project, locked.contractorUserId, tx);
      await repo.update(tx, projectId, decision.set, now);
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
      return decision.outcome;
    });
    const project = await viewOrThrow(projectId, viewer);
    const recipients = [project.homeownerId, project.contractor?.userId, ...(await adminIds())];
    await publish(recipients, { type: 'project_updated', projectId, status: project.status });
    if (outcome.assignedTo) {
      await publish([outcome.assignedTo.userId], {
        type: 'project_assigned',
        projectId,
        contractorId: outcome.assignedTo.contractorId,
      });
    }
    if (outcome.milestone) await mail(project, outcome.milestone);
    return project;
  }

  const service = {
    /** Who may open a project (404 for anyone else): the routes check it before reading a body. */
    access,

    /** Verified contractors ranked for this project, with their reasons (admins, to assign one). */
    async contractorSuggestions(granted: ProjectAccess): Promise<Suggestion[]> {
      if (granted.role !== 'admin') throw new ForbiddenError(projectMessages.assignAdminOnly);
      if (!deps.suggestContractors) throw new Error('projects service built without suggestContractors');
      const project = await repo.view(granted.projectId, { hideShare: false });
      if (!project) throw new NotFoundError(projectMessages.notFound);
      return deps.suggestContractors({ zip: project.zipCode, state: project.state });
    },

    async get(granted: ProjectAccess): Promise<Project> {
      return viewOrThrow(granted.projectId, granted.role);
    },

    /** A homeowner's own projects, newest first; admins may list anyone's. */
    async listForHomeowner(viewer: SessionUser, homeownerId: string): Promise<ProjectListJson> {
      const isAdmin = viewer.userType === 'admin';
      if (!isAdmin && viewer.id !== homeownerId) throw new ForbiddenError(projectMessages.listForbidden);
      if (!uuid.safeParse(homeownerId).success) return '[]' as ProjectListJson;
      return (await repo.listForHomeowner(homeownerId, { hideShare: !isAdmin })) as ProjectListJson;
    },

    /**
     * A contractor's projects, newest first, by profile id (the dashboard) or user id (the tracker
     * and messaging panel); only that contractor and admins may list them.
     */
    async listForContractor(viewer: SessionUser, id: string): Promise<ProjectListJson> {
      const isAdmin = viewer.userType === 'admin';
      const profile = uuid.safeParse(id).success ? await repo.contractorByIdOrUser(id) : undefined;
      if (!isAdmin && profile?.userId !== viewer.id) {
        // a contractor user without a profile asking by their own id simply has no projects
        if (id === viewer.id) return '[]' as ProjectListJson;
        throw new ForbiddenError(projectMessages.listForbidden);
      }
      if (!profile) throw new NotFoundError(projectMessages.contractorNotFound);
      return (await repo.listForContractor(profile.id)) as ProjectListJson;
    },

    /** Every project, newest first (admins: the route checks the role). */
    async listAll(): Promise<ProjectListJson> {
      return (await repo.listAll()) as ProjectListJson;
    },

    /**
     * The admin's new project (spec 2 §3 'New-project form'): the homeowner's account is found by
     * e-mail or created without a password (they claim it through /register), and the
     * contractor's share is set from the approved budget.
     */
    async create(input: ProjectCreate, actor: Actor): Promise<Project> {
      const [firstName, ...rest] = (input.homeownerName ?? '').split(/\s+/).filter(Boolean);
      const created = await db.transaction(async (tx) => {
        if (await repo.titleTaken(tx, input.title)) {
          throw new ValidationError(projectCreateMessages.titleTaken, {
            title: [projectCreateMessages.titleTaken],
          });
        }
        const account = await findOrCreateHomeowner(tx, {
          email: input.homeownerEmail,
          firstName,
          lastName: rest.length > 0 ? rest.join(' ') : undefined,
          phone: input.homeownerPhone,
        });
        if (account.userType !== 'homeowner') {
          throw new ValidationError(projectCreateMessages.notHomeownerAccount, {
            homeownerEmail: [projectCreateMessages.notHomeownerAccount],
          });
        }
        if (!account.id) {
          throw new ValidationError(projectCreateMessages.homeownerUnconfirmed, {
            homeownerEmail: [projectCreateMessages.homeownerUnconfirmed],
          });
        }
        const row = await insert(tx, {
          title: input.title,
          description: input.description,
          address: input.address,
          city: input.city,
          state: input.state,
          zipCode: input.zipCode,
          roofArea: input.roofArea,
          materialPreference: input.materialPreference,
          priority: input.priority,
          status: 'pending',
          estimatedCost: input.estimatedCost,
          contractorPaymentAmount:
            input.estimatedCost === undefined ? undefined : contractorShareCents(input.estimatedCost),
          homeownerId: account.id,
          source: 'admin',
          createdBy: actor.user.id,
        });
        await audit(tx as unknown as Db, {
          actorId: actor.user.id,
          action: 'project.create',
          entityType: 'project',
          entityId: row.id,
          data: { title: row.title, homeownerId: account.id, accountCreated: account.created },
          ip: actor.ip,
        });
        return row;
      });
      await service.announceCreated(created.id);
      return viewOrThrow(created.id, 'admin');
    },

    /** A pending project from a converted quote, inside the caller's transaction. */
    async createFromQuote(tx: Executor, values: ProjectSeed, meta: { reference: string; ip?: string }) {
      const row = await insert(tx, { ...values, source: 'quote' });
      await audit(tx as unknown as Db, {
        actorId: null,
        action: 'project.create_from_quote',
        entityType: 'project',
        entityId: row.id,
        data: { quoteId: values.quoteId, reference: meta.reference, title: row.title },
        ip: meta.ip,
      });
      return { id: row.id, title: row.title };
    },

    /** A pending project from an installation request, inside the caller's transaction. */
    async createFromInstallRequest(tx: Executor, values: ProjectSeed) {
      const row = await insert(tx, { ...values, source: 'install_request' });
      await audit(tx as unknown as Db, {
        actorId: null,
        action: 'project.create_from_install_request',
        entityType: 'project',
        entityId: row.id,
        data: { title: row.title, homeownerId: values.homeownerId ?? null },
      });
      return { id: row.id, title: row.title };
    },

    /** Tells admins (and the homeowner) about a new project: call it once its transaction committed. */
    async announceCreated(projectId: string): Promise<void> {
      try {
        await publish([await repo.homeownerIdOf(projectId), ...(await adminIds())], {
          type: 'project_created',
          projectId,
        });
      } catch (err) {
        log.error({ err, projectId }, 'could not announce a new project');
      }
    },

    /** The demo data's projects, with their own SWRX titles (see repo.insertWithTitles). */
    async insertDemoProjects(tx: Executor, rows: (NewProject & { title: string })[]) {
      return repo.insertWithTitles(tx, rows);
    },

    /** The projects made from these quotes: id, quoteId and homeownerId each. */
    async ofQuotes(quoteIds: readonly string[]) {
      return repo.ofQuotes(quoteIds);
    },

    /** The project made from a quote, if any. */
    async idOfQuote(quoteId: string): Promise<string | undefined> {
      return repo.idOfQuote(quoteId);
    },

    /** The estimate engine's learning data (see repo.completedSalesOnEstimates). */
    completedSalesOnEstimates: repo.completedSalesOnEstimates,

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
            ...(row.contractorPaymentAmount === null && row.estimatedCost !== null
              ? { contractorPaymentAmount: contractorShareCents(row.estimatedCost) }
              : {}),
          },
          action: 'project.assign',
          data: { contractorId: contractor.id, companyName: contractor.companyName },
          outcome: {
            assignedTo: { contractorId: contractor.id, userId: contractor.userId },
            milestone: { kind: 'matched' },
          },
        };
      });
    },

    /** The assigned contractor accepts a matched project: work starts (in_progress, startDate now). */
    async accept(granted: ProjectAccess, actor: Actor): Promise<Project> {
      return change(granted.projectId, actor, granted.role, async (row, contractorUserId) => {
        if (contractorUserId !== actor.user.id) throw new ForbiddenError(projectMessages.acceptNotAssigned);
        if (row.status !== 'matched') throw new ConflictError(projectMessages.acceptNotMatched);
        return {
          set: { status: 'in_progress', startDate: clock() },
          action: 'project.accept',
          data: {},
          outcome: { milestone: { kind: 'started' } },
        };
      });
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
      return change(granted.projectId, actor, granted.role, async (row, contractorUserId) => {
        if (contractorUserId !== actor.user.id) throw new ForbiddenError(projectMessages.workflowNotAssigned);
        if (row.status === 'cancelled') throw new ConflictError(projectMessages.workflowClosed);
        if (!WORKFLOW_EDITABLE_STATUSES.includes(row.status)) {
          throw new ConflictError(projectMessages.workflowNotStarted);
        }
        const set = applyWorkflowPatch(row, patch, clock()) as ProjectChange;
        const next = { ...row, ...set } as ProjectRow;
        if (status !== undefined && status !== next.status) statusNotAllowed();
        const stages = stagesCompleted(row, next);
        const completed = row.status !== 'completed' && next.status === 'completed';
        return {
          set,
          action: 'project.workflow',
          data: { fields: Object.keys(patch), stagesCompleted: stages },
          outcome: stages.length > 0 || completed ? { milestone: { kind: 'stages', stages, completed } } : {},
        };
      });
    },
  };
  return service;
}

function statusNotAllowed(): never {
  throw new ValidationError(projectMessages.statusNotAllowed, { status: [projectMessages.statusNotAllowed] });
}

export type ProjectsService = ReturnType<typeof createProjectsService>;

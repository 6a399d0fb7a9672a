import type { Logger } from 'pino';
import type { Project, ProjectCreate } from '../../../domain/projects/schemas';
import { contractorShareCents } from '../../../domain/projects/workflow';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { ValidationError } from '../../platform/errors';
import { findOrCreateHomeowner } from '../auth';
import { createProjectActivityRepo } from './project-activity.repo';
import { projectCreatedNotices } from './project-created-notice';
import { createProjectInserter } from './project-insert';
import type { createProjectNotices } from './project-notices';
import type { Executor, NewProject, ProjectsRepo } from './projects.repo';
import type { Actor, ProjectsServiceDeps } from './projects.service';

/** What another feature's transaction gives to create a project (the title and source are set here). */
export type ProjectSeed = Omit<NewProject, 'id' | 'number' | 'title' | 'source' | 'createdAt' | 'updatedAt'>;

export const projectCreateMessages = {
  titleTaken: 'A project with this SWRX Job ID already exists.',
  notHomeownerAccount:
    "This email address belongs to a contractor or admin account. Please enter the homeowner's own email address.",
} as const;

/**
 * Creating a project, the projects service's part (it spreads these methods in): the admin's
 * form, a converted quote, an installation request and the demo data, each inserted through the
 * one inserter (project-insert.ts) with its audit entry; then telling admins and the homeowner.
 */
export function createProjectCreation(
  deps: ProjectsServiceDeps & {
    repo: ProjectsRepo;
    log: Logger;
    notices: Pick<ReturnType<typeof createProjectNotices>, 'publish' | 'adminIds' | 'viewOrThrow'>;
  },
) {
  const { db, repo, log } = deps;
  const { publish, adminIds, viewOrThrow } = deps.notices;
  const clock = deps.now ?? (() => new Date());
  const activity = createProjectActivityRepo(db);

  const insert = createProjectInserter({
    repo,
    activity,
    clock,
    log,
    jobIdSuffix: deps.jobIdSuffix,
    titleTaken: projectCreateMessages.titleTaken,
  });

  const creation = {
    /**
     * The admin's new project (spec 2 §3 'New-project form'): the homeowner's account is found by
     * e-mail or created without a password (they claim it through /register), and the
     * contractor's share is set from the approved budget. An account whose address is not
     * confirmed yet does not get it: the project is kept by e-mail (homeownerEmail, homeownerId
     * null, seen only by admins) and attached when the address is confirmed (issue 23 #1).
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
        // an account whose address is not confirmed yet (id null) gets the project once it is:
        // until then it is kept by e-mail (homeownerEmail) and only admins see it
        const row = await insert(
          tx,
          {
            title: input.title,
            description: input.description,
            address: input.address,
            city: input.city,
            state: input.state,
            zipCode: input.zipCode,
            roofArea: input.roofArea,
            roofAreaSource: input.roofArea === undefined ? undefined : 'typed',
            materialPreference: input.materialPreference,
            homeownerName: input.homeownerName,
            homeownerEmail: input.homeownerEmail.trim().toLowerCase(),
            homeownerPhone: input.homeownerPhone,
            priority: input.priority,
            status: 'pending',
            estimatedCost: input.estimatedCost,
            contractorPaymentAmount:
              input.estimatedCost === undefined ? undefined : contractorShareCents(input.estimatedCost),
            homeownerId: account.id,
            source: 'admin',
            createdBy: actor.user.id,
          },
          actor.user,
        );
        await audit(tx as unknown as Db, {
          actorId: actor.user.id,
          action: 'project.create',
          entityType: 'project',
          entityId: row.id,
          data: {
            title: row.title,
            homeownerId: account.id,
            accountCreated: account.created,
            keptByEmail: account.id === null,
          },
          ip: actor.ip,
        });
        return row;
      });
      await creation.announceCreated(created.id, actor.user.id);
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

    /**
     * Tells admins (and the homeowner) about a new project: call it once its transaction committed.
     * The admins (but `createdBy`) also get a notification, mailed per their preference.
     */
    async announceCreated(projectId: string, createdBy?: string): Promise<void> {
      try {
        const admins = await adminIds();
        await publish([await repo.homeownerIdOf(projectId), ...admins], {
          type: 'project_created',
          projectId,
        });
        const project = deps.notify ? await repo.view(projectId, { hideShare: false }) : undefined;
        if (project) await deps.notify?.(projectCreatedNotices(project, admins, deps.config, createdBy));
      } catch (err) {
        log.error({ err, projectId }, 'could not announce a new project');
      }
    },

    /** The demo data's projects, with their own SWRX titles (see repo.insertWithTitles). */
    async insertDemoProjects(tx: Executor, rows: (NewProject & { title: string })[]) {
      const inserted = await repo.insertWithTitles(tx, rows);
      await activity.backfill(
        tx,
        inserted.map((r) => r.id),
      );
      return inserted;
    },
  };
  return creation;
}

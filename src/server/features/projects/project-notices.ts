import type { Logger } from 'pino';
import type { Project } from '../../../domain/projects/schemas';
import { projectMessages } from '../../../domain/projects/workflow';
import type { RealtimeEvent } from '../../../domain/realtime';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import { NotFoundError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/types';
import type { NotificationsService } from '../notifications';
import type { ProjectRole } from './project-access';
import { type MailConfig, type ProjectMilestone, projectMilestoneMail } from './project-mail';
import type { ProjectsRepo } from './projects.repo';

/** The notification kind of a homeowner's milestone. */
function milestoneKind(m: ProjectMilestone) {
  if (m.kind === 'matched') return 'contractor_assigned' as const;
  if (m.kind === 'started') return 'project_accepted' as const;
  return m.completed ? ('project_completed' as const) : ('step_completed' as const);
}

/** What a project's services tell people after a committed change: real-time events and mails. */
export function createProjectNotices(deps: {
  repo: ProjectsRepo;
  bus: EventBus;
  mailer: Mailer;
  config: MailConfig;
  logger: Logger;
  notify?: NotificationsService['notify'];
}) {
  const { repo, bus, mailer, config } = deps;
  const log = deps.logger.child({ module: 'projects' });

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

  /**
   * The homeowner is told of a milestone: in the notification centre with its mail (their
   * preferences apply) when the centre is wired, else by mail alone.
   */
  async function mail(project: Project, milestone: ProjectMilestone) {
    const message = projectMilestoneMail(project, milestone, config);
    if (!message) return;
    try {
      if (deps.notify && project.homeownerId) {
        await deps.notify([
          {
            userId: project.homeownerId,
            kind: milestoneKind(milestone),
            title: message.subject,
            link: `/customer-dashboard?project=${project.id}`,
            projectId: project.id,
            mail: message,
          },
        ]);
        return;
      }
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

  return { publish, adminIds, mail, viewOrThrow };
}

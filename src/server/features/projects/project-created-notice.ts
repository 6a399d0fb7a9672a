import type { Project } from '../../../domain/projects/schemas';
import type { NotificationItem } from '../notifications';
import type { MailConfig } from './project-mail';

/**
 * The admins' notification of a new project (kind project_created), with its mail: what it is,
 * where, and the link to open it. The admin who created it is not told.
 */
export function projectCreatedNotices(
  project: Project,
  adminIds: string[],
  config: MailConfig,
  createdBy?: string,
): NotificationItem[] {
  const cityLine = [project.city, [project.state, project.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const place = cityLine ? `${project.address}, ${cityLine}` : project.address;
  const link = `/projects/${project.id}`;
  return adminIds
    .filter((id) => id !== createdBy)
    .map((userId) => ({
      userId,
      kind: 'project_created' as const,
      title: `New project ${project.title} at ${place}.`,
      link,
      projectId: project.id,
      mail: {
        subject: `New project ${project.title}`,
        text: [
          `A new project is waiting to be matched to a contractor: ${project.title}, ${place}.`,
          '',
          `Open it: ${config.publicUrl}${link}`,
          '',
          `${config.brandName}`,
        ].join('\n'),
      },
    }));
}

import { REVIEW_EDIT_DAYS } from '../../../domain/reviews/rules';
import type { Config } from '../../platform/config';
import type { NotificationItem } from '../notifications';

export type ReviewRequestConfig = Pick<Config, 'publicUrl' | 'brandName'>;

/** A project whose work the homeowner accepted (today: that became completed), as the request names it. */
export interface ReviewableProject {
  id: string;
  title: string;
  homeownerId: string | null;
  companyName: string | null;
}

/** Where the request sends the homeowner: the project, on its review. */
export function reviewPath(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}#review`;
}

/**
 * The homeowner is asked to review the contractor (issue 25 #8): in the notification centre and
 * by mail (their preference for "Review requests" applies). None without a homeowner.
 */
export function reviewRequestNotice(
  project: ReviewableProject,
  config: ReviewRequestConfig,
): (NotificationItem & { kind: 'review_requested' })[] {
  if (!project.homeownerId) return [];
  const company = project.companyName ?? 'your contractor';
  const link = reviewPath(project.id);
  const title = `How did ${company} do? Review your roofing project`;
  return [
    {
      userId: project.homeownerId,
      kind: 'review_requested' as const,
      title,
      body: `Rate ${company} from 1 to 5 stars and tell other homeowners about the work on ${project.title}.`,
      link,
      projectId: project.id,
      mail: {
        subject: title,
        text: [
          `Your project ${project.title} is complete.`,
          '',
          `Please rate ${company} from 1 to 5 stars and write a few words about the work: your review helps other homeowners choose, and ${company} may reply to it.`,
          `You can change your review for ${REVIEW_EDIT_DAYS} days after you write it.`,
          '',
          `Write your review: ${config.publicUrl}${link}`,
          '',
          `The ${config.brandName} team`,
        ].join('\n'),
      },
    },
  ];
}

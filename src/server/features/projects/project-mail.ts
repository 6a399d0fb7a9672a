import type { Project } from '../../../domain/projects/schemas';
import {
  type TrackerStageKey,
  trackerProgressPercent,
  trackerStageKeys,
  trackerStageStates,
  trackerStages,
} from '../../../domain/projects/workflow-steps';
import type { Config } from '../../platform/config';
import type { OutgoingMail } from '../../platform/mail/types';

/** A moment of a project the homeowner is told about by mail. */
export type ProjectMilestone =
  | { kind: 'matched' }
  | { kind: 'started' }
  /** Tracker stages that became complete in one update; `completed` when the job is done. */
  | { kind: 'stages'; stages: TrackerStageKey[]; completed: boolean };

export type MailConfig = Pick<Config, 'publicUrl' | 'brandName' | 'supportEmail'>;

/** Where the mail sends the homeowner: their dashboard, with this project open. */
export function dashboardLink(config: Pick<Config, 'publicUrl'>, projectId: string): string {
  return `${config.publicUrl}/customer-dashboard?project=${encodeURIComponent(projectId)}`;
}

function place(p: Project): string {
  const cityLine = [p.city, [p.state, p.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return cityLine ? `${p.address}, ${cityLine}` : p.address;
}

/**
 * The homeowner's mail for a milestone of their project, or null when the project has no
 * homeowner to tell. Plain words, what happened and what comes next, and the link to follow it.
 */
export function projectMilestoneMail(
  project: Project,
  milestone: ProjectMilestone,
  config: MailConfig,
): OutgoingMail | null {
  const homeowner = project.homeowner;
  if (!homeowner) return null;
  const company = project.contractor?.companyName ?? 'Your contractor';
  const title = project.title;
  let subject: string;
  let body: string[];

  switch (milestone.kind) {
    case 'matched':
      subject = `A contractor is assigned to your roofing project ${title}`;
      body = [
        `Good news: ${company}, a verified contractor of our network, is now assigned to your roofing project ${title} at ${place(project)}.`,
        '',
        `What happens next: ${company} reviews the job and accepts it, then gets in touch to introduce themselves and plan the work with you.`,
      ];
      break;
    case 'started':
      subject = `Work has started on your roofing project ${title}`;
      body = [
        `${company} has accepted your roofing project ${title} at ${place(project)}, and work has started.`,
        '',
        `Next: ${trackerStages.homeowner_contact.homeowner}`,
        'We will write to you as each of the six stages is completed.',
      ];
      break;
    case 'stages': {
      const states = trackerStageStates(project);
      const done = trackerStageKeys.filter((k) => states[k] === 'completed').length;
      const stageLines = milestone.stages.map(
        (k) => `- ${trackerStages[k].label}: ${trackerStages[k].homeowner}`,
      );
      if (milestone.completed) {
        subject = `Your new roof is complete: project ${title}`;
        body = [
          `Your roofing project ${title} at ${place(project)} is complete.`,
          '',
          ...stageLines,
          '',
          `Thank you for choosing ${config.brandName}. Your project's photos and documents stay available online.`,
        ];
      } else {
        const labels = milestone.stages.map((k) => trackerStages[k].label).join(', ');
        const next = trackerStageKeys.find((k) => states[k] !== 'completed');
        subject = `${labels} complete: your roofing project ${title}`;
        body = [
          `Your roofing project ${title} at ${place(project)} has moved forward:`,
          '',
          ...stageLines,
          '',
          `${done} of 6 stages are complete (${trackerProgressPercent(project)}%).`,
          ...(next ? [`Next: ${trackerStages[next].label}. ${trackerStages[next].homeowner}`] : []),
        ];
      }
      break;
    }
  }

  return {
    to: homeowner.email,
    replyTo: config.supportEmail,
    subject,
    text: [
      `Hi ${homeowner.firstName?.trim() || 'there'},`,
      '',
      ...body,
      '',
      'Follow every step of your project online:',
      dashboardLink(config, project.id),
      '',
      `Questions? Reply to this mail or write to ${config.supportEmail}.`,
      '',
      `The ${config.brandName} team`,
    ].join('\n'),
  };
}

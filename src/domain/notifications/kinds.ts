import type { UserType } from '../auth/schemas';

/**
 * How a kind of notification reaches people by mail:
 * - `preference`: mailed unless the user turned it off on /settings/notifications (on by default);
 * - `always`: always mailed, cannot be turned off (security: sign-in links, password changes);
 * - `never`: in the app only (a new message: unread messages are mailed in the digest instead).
 */
export type NotificationMailPolicy = 'preference' | 'always' | 'never';

export interface NotificationKindInfo {
  kind: string;
  /** The settings page's row title. */
  label: string;
  /** What sends it, one sentence. */
  description: string;
  /** Who can receive it: the settings page lists a kind only for these roles. */
  roles: readonly UserType[];
  mail: NotificationMailPolicy;
}

/**
 * Every kind of notification, in the settings page's order. The database enum
 * (notification_kind) takes its values from this list: a new kind needs a migration too.
 */
export const notificationKinds = [
  {
    kind: 'project_created',
    label: 'New projects',
    description: 'A project was created from a quote, an install request or by another admin.',
    roles: ['admin'],
    mail: 'preference',
  },
  {
    kind: 'project_matched',
    label: 'New job matches',
    description: 'An admin matched a project to you.',
    roles: ['contractor'],
    mail: 'preference',
  },
  {
    kind: 'match_declined',
    label: 'Declined matches',
    description: 'A contractor declined a project, which is back to pending.',
    roles: ['admin'],
    mail: 'preference',
  },
  {
    kind: 'match_overdue',
    label: 'Unanswered matches',
    description: 'A contractor has not answered a match within the response target.',
    roles: ['admin'],
    mail: 'preference',
  },
  {
    kind: 'contractor_assigned',
    label: 'Contractor assigned',
    description: 'A verified contractor was assigned to your project.',
    roles: ['homeowner'],
    mail: 'preference',
  },
  {
    kind: 'project_accepted',
    label: 'Accepted projects',
    description: 'The contractor accepted the project.',
    roles: ['homeowner', 'admin'],
    mail: 'preference',
  },
  {
    kind: 'step_completed',
    label: 'Progress on your project',
    description: 'The contractor completed a step of the job.',
    roles: ['homeowner'],
    mail: 'preference',
  },
  {
    kind: 'crew_scheduled',
    label: 'Crew date',
    description: 'The crew date was set or changed (with a calendar file).',
    roles: ['homeowner', 'contractor'],
    mail: 'preference',
  },
  {
    kind: 'crew_reminder',
    label: 'Crew reminder',
    description: 'A reminder the day before the crew comes.',
    roles: ['homeowner', 'contractor'],
    mail: 'preference',
  },
  {
    kind: 'project_completed',
    label: 'Completed projects',
    description: 'The installation was completed.',
    roles: ['homeowner', 'admin'],
    mail: 'preference',
  },
  {
    kind: 'closeout',
    label: 'Final inspection and punch list',
    description:
      'The final inspection was submitted, an issue was reported, resolved or reopened, an admin added a note, or the work was accepted.',
    roles: ['homeowner', 'contractor'],
    mail: 'preference',
  },
  {
    kind: 'review_requested',
    label: 'Review requests',
    description: 'Your project is complete: tell others how the contractor did.',
    roles: ['homeowner'],
    mail: 'preference',
  },
  {
    kind: 'job_payment',
    label: 'Payments for your job',
    description: 'A payment for your project is due, was received (with its receipt) or was refunded.',
    roles: ['homeowner'],
    mail: 'preference',
  },
  {
    kind: 'warranty_claim',
    label: 'Warranty claims',
    description:
      'A warranty claim was opened on a project, a message was written in its thread, or its visit was scheduled or it was resolved.',
    roles: ['homeowner', 'contractor', 'admin'],
    mail: 'preference',
  },
  {
    kind: 'contractor_verified',
    label: 'Verification decision',
    description: 'An admin approved or declined your contractor application.',
    roles: ['contractor'],
    mail: 'preference',
  },
  {
    kind: 'new_message',
    label: 'New messages',
    description: 'A message in a project conversation. Unread messages are e-mailed in a digest.',
    roles: ['homeowner', 'contractor'],
    mail: 'never',
  },
  {
    kind: 'security',
    label: 'Security',
    description: 'Sign-in links and password changes.',
    roles: ['homeowner', 'contractor', 'admin'],
    mail: 'always',
  },
] as const satisfies readonly NotificationKindInfo[];

export type NotificationKind = (typeof notificationKinds)[number]['kind'];

/** The kinds' names, for the database enum and the API's schemas. */
export const notificationKindNames = notificationKinds.map((k) => k.kind) as [
  NotificationKind,
  ...NotificationKind[],
];

export function kindInfo(kind: NotificationKind): NotificationKindInfo {
  const info = notificationKinds.find((k) => k.kind === kind);
  if (!info) throw new Error(`unknown notification kind ${kind}`);
  return info;
}

/** The kinds a role can receive, in the settings page's order. */
export function kindsForRole(role: UserType): NotificationKindInfo[] {
  return notificationKinds.filter((k) => (k.roles as readonly UserType[]).includes(role));
}

/** Whether a mail of this kind goes out, given the user's stored choice (undefined: none stored). */
export function mailAllowed(kind: NotificationKind, stored: boolean | undefined): boolean {
  const { mail } = kindInfo(kind);
  if (mail === 'always') return true;
  if (mail === 'never') return false;
  return stored ?? true;
}

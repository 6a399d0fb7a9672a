import { type JobPaymentPart, jobPaymentPartLabels } from '../../../domain/payments/job-payments';
import { formatCents } from '../../../domain/payments/money';
import type { Config } from '../../platform/config';
import type { NotificationItem } from '../notifications';

export type NoticeConfig = Pick<Config, 'publicUrl' | 'brandName'>;
type Event = 'due' | 'received' | 'refunded';

/** A job payment's notification (its kind is always job_payment). */
export type JobPaymentNotice = NotificationItem & { kind: 'job_payment' };

const texts: Record<Event, (part: string, amount: string, title: string) => { title: string; body: string }> =
  {
    due: (part, amount, title) => ({
      title: `Payment due: ${amount} for ${title}`,
      body: `${part}: ${amount} is now due by the terms. Pay it by card from the project page.`,
    }),
    received: (part, amount, title) => ({
      title: `Payment received: ${amount} for ${title}`,
      body: `${part}: we received ${amount}. Thank you! The receipt is in the project's job file.`,
    }),
    refunded: (part, amount, title) => ({
      title: `Refund of ${amount} for ${title}`,
      body: `${part}: ${amount} was refunded.`,
    }),
  };

/** The homeowner's notification (in the app and by mail) of a job payment's event. */
export function jobPaymentNotices(
  event: Event,
  project: { id: string; title: string; homeownerId: string | null },
  part: JobPaymentPart,
  amountCents: number,
  config: NoticeConfig,
): JobPaymentNotice[] {
  if (!project.homeownerId) return [];
  const { title, body } = texts[event](jobPaymentPartLabels[part], formatCents(amountCents), project.title);
  const link = `/projects/${project.id}`;
  return [
    {
      userId: project.homeownerId,
      kind: 'job_payment',
      title,
      body,
      link,
      projectId: project.id,
      mail: {
        subject: title,
        text: [body, '', `See the project on ${config.brandName}: ${config.publicUrl}${link}`].join('\n'),
      },
    },
  ];
}

/** The mail to a payer an admin recorded (an insurer...), who may have no account. */
export function payerMail(
  payer: { name: string; email: string },
  project: { title: string; address: string },
  part: JobPaymentPart,
  amountCents: number,
  config: NoticeConfig,
) {
  const amount = formatCents(amountCents);
  return {
    to: payer.email,
    subject: `Payment requested: ${amount} for ${project.title}`,
    text: [
      `Hello ${payer.name},`,
      '',
      `You are recorded as the payer of the roofing job ${project.title} (${project.address}).`,
      `${jobPaymentPartLabels[part]}: ${amount}.`,
      `Please contact ${config.brandName} to arrange the payment; you will receive a receipt once it is received.`,
    ].join('\n'),
  };
}

import type { PushPayload } from './push/schemas';

/**
 * Registry of background job name -> payload. Producers and workers both type against it.
 */
export interface JobPayloads {
  /** Send one stored outbox mail through SMTP. */
  'mail.send': { outboxId: string };
  /** Deliver a stored chat contact message to the Slack webhook. */
  'contact.slack': { contactMessageId: string };
  /** Mail a stored e-mail contact message to support (reply-to the sender) and acknowledge it to the sender. */
  'contact.email': { contactMessageId: string };
  /** Remove expired sessions, e-mail tokens and old sign-in failures. */
  'maintenance.cleanup': Record<string, never>;
  /** Parse, price, render, store and mail the Fair Market Value report of one submitted quote. */
  'report.generate': {
    quoteId: string;
    /** The quote's reportRun it was queued for (absent in jobs queued before runs existed). */
    run?: number;
  };
  /** Submit a paid quote whose payment succeeded but whose submission failed in the request (retried). */
  'quotes.finalize': { quoteId: string };
  /** Delete anonymous uploads (rows and files) that no quote uses, 24 hours after they were made. */
  'uploads.cleanup': Record<string, never>;
  /**
   * Periodic payment recovery: settles attempts a crash left processing (from the provider's own
   * state) and releases discount uses held by intents unpaid too long. Re-sends itself.
   */
  'payments.recover': Record<string, never>;
  /**
   * Mail a receiver the messages still unread some minutes after they were sent (one waiting job per
   * receiver; messages read by then are left out, so someone chatting live gets no mail).
   */
  'messages.digest': { receiverId: string };
  /**
   * Daily: mails each contractor once per licence or insurance policy that starts expiring
   * (within 30 days) or has expired (contractor_credential_notices). Re-sends itself.
   */
  'contractors.expiry': Record<string, never>;
  /**
   * Every 15 minutes: tells the admins (once per match) about matches the contractor has not
   * answered within MATCH_RESPONSE_HOURS. Re-sends itself.
   */
  'projects.match-overdue': Record<string, never>;
  /** Hourly: the day-before reminder of each crew date (homeowner and contractor), once per date. Re-sends itself. */
  'projects.crew-reminder': Record<string, never>;
  /**
   * Sends the payouts due (pending, held ones whose hold ended, and sending ones a crash left,
   * with the same idempotency key); queued after a payment or a bank-change decision, and every
   * minute by itself. Re-sends itself.
   */
  'payouts.send': Record<string, never>;
  /**
   * Render, store and mail (once) the warranty certificate of a project whose warranty was issued
   * at its final payment (retried until the issuing transaction's row is there).
   */
  'warranties.certificate': { projectId: string };
  /**
   * Every minute: moves the admin counters' deltas into their totals (migration 0032, decision
   * 009), so the summary adds a few rows, not every change since the start. Re-sends itself.
   */
  'admin.counters-fold': Record<string, never>;
  /**
   * Hourly: forgets the Idempotency-Keys of project changes sent from devices after 30 days
   * (project_change_keys). Re-sends itself.
   */
  'projects.client-keys-cleanup': Record<string, never>;
  /** One attempt of one stored webhook delivery (organisations feature); retried with backoff for about 24 h. */
  'webhooks.deliver': { deliveryId: string };
  /** One Web Push message to one subscribed device (push feature); retried with backoff. */
  'push.send': { subscriptionId: string; payload: PushPayload };
}

export type JobName = keyof JobPayloads;

/** Every job name once (the type makes the list complete): the build makes their queues ahead of the first start. */
const everyJob: Record<JobName, true> = {
  'mail.send': true,
  'contact.slack': true,
  'contact.email': true,
  'maintenance.cleanup': true,
  'report.generate': true,
  'quotes.finalize': true,
  'uploads.cleanup': true,
  'payments.recover': true,
  'messages.digest': true,
  'contractors.expiry': true,
  'projects.match-overdue': true,
  'projects.crew-reminder': true,
  'payouts.send': true,
  'warranties.certificate': true,
  'webhooks.deliver': true,
  'push.send': true,
  'admin.counters-fold': true,
  'projects.client-keys-cleanup': true,
};
export const jobNames = Object.keys(everyJob) as JobName[];

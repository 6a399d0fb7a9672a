/**
 * Registry of background job name -> payload. Producers and workers both type against it.
 */
export interface JobPayloads {
  /** Send one stored outbox mail through SMTP. */
  'mail.send': { outboxId: string };
  /** Deliver a stored chat contact message to the Slack webhook. */
  'contact.slack': { contactMessageId: string };
  /** Remove expired sessions, e-mail tokens and old sign-in failures. */
  'maintenance.cleanup': Record<string, never>;
}

export type JobName = keyof JobPayloads;

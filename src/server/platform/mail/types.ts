import type { Db } from '../db/index';

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  cc?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutgoingAttachment[];
  /**
   * Parts of text and html that grant something (sign-in links, signed download links). The
   * stored copy (outbox) never holds them: each is replaced by a placeholder there, and only the
   * mail sent carries them (see create-mailer.ts).
   */
  secrets?: string[];
}

/** What storeIn needs of a transaction (or of the database). */
export interface MailExecutor {
  insert: Db['insert'];
}

/** Every mail is stored in the outbox first, then sent by a job when SMTP is configured. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ id: string }>;
  /**
   * Stores a mail in the caller's transaction, so it exists exactly when that transaction commits
   * (one confirmation per submitted quote). Hand its id to queue() after the commit. Attachments
   * are written to the file storage first, outside the transaction: if it rolls back, their files
   * stay behind unreferenced under `mail/<id>/` (harmless; no row points at them).
   */
  storeIn(tx: MailExecutor, mail: OutgoingMail): Promise<{ id: string }>;
  /** Queues a stored mail for SMTP delivery; nothing to do without SMTP (the mail is kept for admins). */
  queue(id: string): Promise<void>;
}

/** The mail outbox: every mail is stored here first (see create-mailer.ts). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { mailStatuses } from '../../../domain/admin/outbox';
import { createdAt, id, ts } from '../db/columns';

export const mailStatus = pgEnum('mail_status', mailStatuses);

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  storageKey: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text().notNull(),
    cc: text(),
    replyTo: text(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The mail's secrets (links, see OutgoingMail.secrets) while it waits for SMTP: AES-256-GCM
     * with ENCRYPTION_KEY, erased once the mail is sent or has failed. Text and html hold
     * placeholders instead; nothing else in the table can be used to follow a link.
     */
    sealedSecrets: text(),
    /** pending: waiting for SMTP; kept: no SMTP configured, readable by admins; sent; failed after retries. */
    status: mailStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    providerMessageId: text(),
    sentAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_to_idx').on(t.to),
    // the admins' outbox paged by keyset (issue 26 #1)
    index('mail_outbox_created_id_idx').on(t.createdAt, t.id),
  ],
);

import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { OutboxMail, OutboxQuery } from '../../../domain/admin/outbox';
import type { Db } from '../../platform/db/index';
import type { mailOutbox } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage/file-storage';
import { createAdminRepo } from './admin.repo';

/** The admins' lists at size and the summary (issue 26), built beside this service in services.ts. */
export { createAdminListsService } from './admin-lists.service';

export const adminMessages = {
  mailNotFound: 'This mail does not exist.',
  attachmentNotFound: 'This attachment does not exist.',
} as const;

const uuid = z.uuid();

function toOutboxMail(row: typeof mailOutbox.$inferSelect): OutboxMail {
  return {
    id: row.id,
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    attachments: row.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
  };
}

export interface OutboxAttachmentFile {
  filename: string;
  contentType: string;
  size: number;
  stream: Readable;
}

export function createAdminService(deps: { db: Db; storage: FileStorage }) {
  const repo = createAdminRepo(deps.db);

  return {
    async listOutbox(query: OutboxQuery): Promise<{ items: OutboxMail[]; nextCursor: string | null }> {
      const { rows, nextCursor } = await repo.listOutbox(query);
      return { items: rows.map(toOutboxMail), nextCursor };
    },

    async outboxAttachment(id: string, index: number): Promise<OutboxAttachmentFile> {
      // an id that is not even a UUID names no mail: the same 404 as an unknown one
      if (!uuid.safeParse(id).success) throw new NotFoundError(adminMessages.mailNotFound);
      const row = await repo.findOutboxMail(id);
      if (!row) throw new NotFoundError(adminMessages.mailNotFound);
      const attachment = row.attachments[index];
      if (!attachment || !(await deps.storage.exists(attachment.storageKey))) {
        throw new NotFoundError(adminMessages.attachmentNotFound);
      }
      return {
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.size,
        stream: deps.storage.stream(attachment.storageKey),
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

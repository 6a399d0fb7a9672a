import type { Logger } from 'pino';
import {
  type ChatContact,
  type ContactListQuery,
  type ContactMessageList,
  type ContactSent,
  contactNotices,
  type EmailContact,
  type StoredContactMessage,
} from '../../../domain/contact/schemas';
import type { Db } from '../../platform/db/index';
import { adminCounterDeltas, adminCounters, contactMessages } from '../../platform/db/schema';
import type { JobQueue } from '../../platform/jobs/types';
import { cachedByQuery, type ReadCache } from '../../platform/read-cache';
import { type ContactMessageRow, createContactRepo } from './contact.repo';

function toStored(row: ContactMessageRow): StoredContactMessage {
  return {
    id: row.id,
    channel: row.channel,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    projectId: row.projectId,
    userId: row.userId,
    deliveryStatus: row.deliveryStatus,
    deliveredTo: (row.deliveredTo as StoredContactMessage['deliveredTo']) ?? null,
    deliveryAttempts: row.deliveryAttempts,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stores every contact message first, then hands its delivery to the job queue. */
export function createContactService(deps: { db: Db; jobs: JobQueue; logger: Logger; readCache: ReadCache }) {
  const repo = createContactRepo(deps.db);
  // the admins' queue: its pages kept until a message arrives or changes (decision 005)
  const listPage = cachedByQuery(
    deps.readCache.define<Awaited<ReturnType<typeof repo.list>>>('contact.adminList', [
      contactMessages,
      adminCounters,
      adminCounterDeltas,
    ]),
    repo.list,
  );
  const log = deps.logger.child({ module: 'contact' });

  async function enqueue(name: 'contact.slack' | 'contact.email', id: string): Promise<void> {
    try {
      await deps.jobs.send(name, { contactMessageId: id }, { singletonKey: id });
    } catch (err) {
      // the message is stored: the workers' start-up sweep enqueues it again
      log.error({ err, contactMessageId: id }, 'could not enqueue a stored contact message');
    }
  }

  return {
    async sendChat(input: ChatContact, userId: string | undefined): Promise<ContactSent> {
      const row = await repo.insert({
        channel: 'chat',
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        projectId: input.projectId,
        userId,
      });
      await enqueue('contact.slack', row.id);
      return { id: row.id, message: contactNotices.chatSuccess };
    },

    async sendEmail(input: EmailContact, userId: string | undefined): Promise<ContactSent> {
      const row = await repo.insert({
        channel: 'email',
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        subject: input.subject,
        message: input.message,
        userId,
      });
      await enqueue('contact.email', row.id);
      return { id: row.id, message: contactNotices.emailSuccess };
    },

    async list(query: ContactListQuery): Promise<ContactMessageList> {
      const { items, ...page } = await listPage(query);
      return { items: items.map(toStored), ...page, pageSize: query.pageSize };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

import type { Logger } from 'pino';
import { z } from 'zod';
import type { ArrayPageQuery } from '../../../domain/lists';
import {
  MESSAGE_DIGEST_DELAY_S,
  type Message,
  messageMessages,
  type SendMessage,
  type UnreadCounts,
} from '../../../domain/messages/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Db } from '../../platform/db/index';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/types';
import type { Mailer } from '../../platform/mail/types';
import type { ReadCache } from '../../platform/read-cache';
import type { NotificationsService } from '../notifications';
import type { ProjectAccessCheck } from '../projects';
import { type DigestMailConfig, messageDigestMail } from './message-digest-mail';
import { createMessagesRepo } from './messages.repo';

export interface MessagesDeps {
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  mailer: Mailer;
  config: DigestMailConfig;
  logger: Logger;
  readCache: ReadCache;
  /** Who may open a project, and its homeowner and contractor (the projects feature's rule). */
  access: ProjectAccessCheck;
  /** The notification centre's notify (services.ts): a new message is shown in the receiver's bell. */
  notify?: NotificationsService['notify'];
  /** The receiver read a message of the project: its new-message notifications are read too (services.ts). */
  onRead?: (receiverId: string, projectId: string) => Promise<void>;
}

/** How much of a message its notification quotes. */
const NOTICE_EXCERPT_CHARS = 140;

const uuid = z.uuid();

/**
 * Project conversations: a homeowner writes to the assigned contractor's user, the contractor to
 * the homeowner; the sender is the session and the receiver the project, whatever the body says.
 * Both ends get `message_created` on the real-time channel once the row is committed; the sender
 * gets `message_read` when the receiver has seen it. What is still unread some minutes later is
 * mailed to the receiver (job messages.digest).
 */
export function createMessagesService(deps: MessagesDeps) {
  const repo = createMessagesRepo(deps.db, deps.readCache);
  const log = deps.logger.child({ module: 'messages' });

  return {
    /**
     * With `clientKey` (the device's Idempotency-Key: a message queued offline) the message is
     * stored once; sent again it answers the first one (`created` false) and tells nobody again.
     */
    async send(
      user: SessionUser,
      body: SendMessage,
      clientKey?: string,
    ): Promise<{ message: Message; created: boolean }> {
      const project = await deps.access(user, body.projectId);
      let receiverId: string | null;
      if (project.role === 'homeowner') receiverId = project.contractorUserId;
      else if (project.role === 'contractor') receiverId = project.homeownerId;
      else throw new ForbiddenError(messageMessages.notParticipant);
      if (!receiverId || receiverId === user.id) {
        throw new ValidationError(messageMessages.noRecipient, { projectId: [messageMessages.noRecipient] });
      }
      // a photo goes with a message only if the sender uploaded it to this project
      if (
        body.attachmentFileId &&
        !(await repo.attachable(project.projectId, body.attachmentFileId, user.id))
      ) {
        const message = messageMessages.attachmentNotAllowed;
        throw new ValidationError(message, { attachmentFileId: [message] });
      }
      const { message, created } = await repo.insert({
        projectId: project.projectId,
        senderId: user.id,
        receiverId,
        content: body.content,
        messageType: body.messageType,
        attachmentFileId: body.attachmentFileId ?? null,
        clientKey: clientKey ?? null,
      });
      if (!created) return { message, created };
      await publishToUsers(deps.bus, [user.id, receiverId], {
        type: 'message_created',
        messageId: message.id,
        projectId: project.projectId,
      });
      // in the app only: the digest below is the mail of unread messages
      const sender = [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || 'the other party';
      await deps.notify?.([
        {
          userId: receiverId,
          kind: 'new_message',
          title: `New message from ${sender}`,
          body:
            body.content.length > NOTICE_EXCERPT_CHARS
              ? `${body.content.slice(0, NOTICE_EXCERPT_CHARS - 1)}…`
              : body.content,
          link: `/projects/${project.projectId}?tab=messages`,
          projectId: project.projectId,
        },
      ]);
      // unread some minutes from now: mailed (one waiting digest per receiver)
      await deps.jobs
        .send(
          'messages.digest',
          { receiverId },
          { singletonKey: `messages.digest:${receiverId}`, startAfterSeconds: MESSAGE_DIGEST_DELAY_S },
        )
        .catch((err) => log.error({ err, receiverId }, 'message digest not scheduled'));
      return { message, created };
    },

    /** A user's own messages (admins: anyone's); another user's list is refused. */
    async listForUser(
      viewer: SessionUser,
      userId: string,
      page: ArrayPageQuery,
    ): Promise<{ items: Message[]; nextCursor: string | null }> {
      if (viewer.userType !== 'admin' && viewer.id !== userId)
        throw new ForbiddenError(messageMessages.listForbidden);
      if (!uuid.safeParse(userId).success) return { items: [], nextCursor: null };
      return repo.forUser(userId, page.cursor, page.limit);
    },

    /**
     * One project's conversation for whoever may open the project (its homeowner, its contractor,
     * an admin): the viewer's own messages of it (an admin: all of them), a page at a time.
     */
    async listForProject(
      viewer: SessionUser,
      projectId: string,
      page: ArrayPageQuery,
    ): Promise<{ items: Message[]; nextCursor: string | null }> {
      const project = await deps.access(viewer, projectId);
      return repo.forProject(
        project.projectId,
        viewer.userType === 'admin' ? null : viewer.id,
        page.cursor,
        page.limit,
      );
    },

    /** The message `id` when the viewer received it; anyone else learns nothing (404). */
    async received(viewer: SessionUser, id: string): Promise<Message> {
      const message = uuid.safeParse(id).success ? await repo.one(id) : undefined;
      if (!message || message.receiverId !== viewer.id) throw new NotFoundError(messageMessages.notFound);
      return message;
    },

    /** The receiver marks a message read (idempotent: the first reading keeps its time). */
    async markRead(viewer: SessionUser, message: Message): Promise<Message> {
      if (message.receiverId !== viewer.id) throw new NotFoundError(messageMessages.notFound);
      if (!(await repo.markRead(message.id, viewer.id))) return (await repo.one(message.id)) ?? message;
      await publishToUsers(deps.bus, [message.senderId, viewer.id], {
        type: 'message_read',
        messageId: message.id,
        projectId: message.projectId,
      });
      // shown in the open conversation: the bell's "New message" of that project is read as well
      await deps.onRead?.(viewer.id, message.projectId);
      return (await repo.one(message.id)) as Message;
    },

    /**
     * The job messages.digest: mails the receiver what they have not read (and was never mailed),
     * in the transaction that marks those messages mailed; nothing when all was read meanwhile.
     */
    async sendDigest(receiverId: string): Promise<number> {
      const stored = await repo.digest(receiverId, async (tx, receiver, rows) => ({
        mailId: (await deps.mailer.storeIn(tx, messageDigestMail(receiver, rows, deps.config))).id,
        count: rows.length,
      }));
      if (!stored) return 0;
      await deps.mailer
        .queue(stored.mailId)
        .catch((err) => log.error({ err, receiverId }, 'digest mail not queued'));
      return stored.count;
    },

    async unreadCounts(viewer: SessionUser): Promise<UnreadCounts> {
      const rows = await repo.unreadCounts(viewer.id);
      const byProject: Record<string, number> = {};
      let total = 0;
      for (const r of rows) {
        byProject[r.projectId] = r.count;
        total += r.count;
      }
      return { total, byProject };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

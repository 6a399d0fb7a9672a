import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { idempotencyMessages } from '../../../domain/idempotency';
import type { Message } from '../../../domain/messages/schemas';
import { projectFileThumbnailUrl, projectFileUrl } from '../../../domain/projects/project-files';
import type { Db } from '../../platform/db/index';
import { cursorKeyOf, keysetPage, newestFirst } from '../../platform/db/keyset';
import { messages, projectFiles, projects, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { MailExecutor } from '../../platform/mail/types';
import type { ReadCache } from '../../platform/read-cache';

const messageColumns = {
  id: messages.id,
  projectId: messages.projectId,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  content: messages.content,
  messageType: messages.messageType,
  isRead: messages.isRead,
  readAt: messages.readAt,
  createdAt: messages.createdAt,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderImage: users.profileImageUrl,
  attachmentFileId: projectFiles.id,
  attachmentFileName: projectFiles.fileName,
  attachmentThumbnailKey: projectFiles.thumbnailKey,
};

/** A message's photo (a file of the project), joined to every read of messages. */
const attachmentJoin = eq(projectFiles.id, messages.attachmentFileId);

export interface DigestReceiver {
  email: string;
  firstName: string | null;
}

export interface DigestMessage {
  id: string;
  projectId: string;
  projectTitle: string;
  content: string;
  createdAt: Date;
  senderFirstName: string | null;
  senderLastName: string | null;
}

type MessageRow = {
  id: string;
  projectId: string;
  senderId: string;
  receiverId: string;
  content: string;
  messageType: string;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderImage: string | null;
  attachmentFileId: string | null;
  attachmentFileName: string | null;
  attachmentThumbnailKey: string | null;
};

function toMessage(r: MessageRow): Message {
  return {
    id: r.id,
    projectId: r.projectId,
    senderId: r.senderId,
    receiverId: r.receiverId,
    content: r.content,
    messageType: r.messageType,
    isRead: r.isRead,
    readAt: r.readAt ? r.readAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    sender: { firstName: r.senderFirstName, lastName: r.senderLastName, profileImageUrl: r.senderImage },
    attachment: r.attachmentFileId
      ? {
          fileId: r.attachmentFileId,
          fileName: r.attachmentFileName ?? 'photo',
          url: projectFileUrl(r.projectId, r.attachmentFileId),
          thumbnailUrl: r.attachmentThumbnailKey
            ? projectFileThumbnailUrl(r.projectId, r.attachmentFileId)
            : null,
        }
      : null,
  };
}

/** The queries on `messages`: this file is the table's only writer. */
export function createMessagesRepo(db: Db, cache: ReadCache) {
  /**
   * A page of messages (`where`): the newest `limit` before the cursor by keyset on (created_at,
   * id), answered oldest first; the next page holds older messages.
   */
  async function conversationPage(
    where: SQL | undefined,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: Message[]; nextCursor: string | null }> {
    const keyset = newestFirst(messages.createdAt, messages.id);
    const page = await keysetPage(
      keyset,
      cursor,
      limit,
      (after, order, n) =>
        db
          .select({ ...messageColumns, cursorKey: cursorKeyOf(keyset) })
          .from(messages)
          .innerJoin(users, eq(users.id, messages.senderId))
          .leftJoin(projectFiles, attachmentJoin)
          .where(and(where, after))
          .orderBy(order)
          .limit(n),
      (r) => r.id,
    );
    return { items: page.rows.reverse().map(toMessage), nextCursor: page.nextCursor };
  }

  // The unread badge is asked on every signed-in page: built and named once (a server plans it
  // once per connection, and neither database nor Drizzle rebuilds it per request).
  const unreadCounts = db
    .select({ projectId: messages.projectId, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, sql.placeholder('receiverId')), eq(messages.isRead, false)))
    .groupBy(messages.projectId)
    .orderBy(asc(messages.projectId))
    .prepare('messages_unread_counts');
  // ...and kept in memory per receiver until a message changes
  const unread = cache.define<{ projectId: string; count: number }[]>('messages.unread', [messages]);

  async function one(id: string): Promise<Message | undefined> {
    const [row] = await db
      .select(messageColumns)
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .leftJoin(projectFiles, attachmentJoin)
      .where(eq(messages.id, id))
      .limit(1);
    return row ? toMessage(row) : undefined;
  }

  return {
    one,

    /**
     * Stores a message; with a `clientKey` (the sender device's Idempotency-Key) only once: sent
     * again, the message stored the first time (`created` false), or 422 when the key went with
     * another message.
     */
    async insert(values: {
      projectId: string;
      senderId: string;
      receiverId: string;
      content: string;
      messageType: string;
      attachmentFileId?: string | null;
      clientKey?: string | null;
    }): Promise<{ message: Message; created: boolean }> {
      const [row] = await db
        .insert(messages)
        .values(values)
        .onConflictDoNothing({ target: [messages.senderId, messages.clientKey] })
        .returning({ id: messages.id });
      if (row) return { message: (await one(row.id)) as Message, created: true };
      const [earlier] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, values.senderId), eq(messages.clientKey, values.clientKey ?? '')));
      if (!earlier) throw new Error('message insert returned nothing');
      const same =
        earlier.projectId === values.projectId &&
        earlier.content === values.content &&
        earlier.messageType === values.messageType &&
        earlier.attachmentFileId === (values.attachmentFileId ?? null);
      if (!same) throw new AppError(422, idempotencyMessages.reused('another message'));
      return { message: (await one(earlier.id)) as Message, created: false };
    },

    /** Whether a file may go with a message: a photo or image of the project that the sender uploaded. */
    async attachable(projectId: string, fileId: string, senderId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: projectFiles.id })
        .from(projectFiles)
        .where(
          and(
            eq(projectFiles.id, fileId),
            eq(projectFiles.projectId, projectId),
            eq(projectFiles.uploadedBy, senderId),
            inArray(projectFiles.kind, ['image', 'install_photo']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * A page of the user's messages, sent and received: the newest `limit` before the cursor (by
     * keyset on created_at, id), answered oldest first; the next page holds older messages.
     */
    async forUser(
      userId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ items: Message[]; nextCursor: string | null }> {
      return conversationPage(
        or(eq(messages.senderId, userId), eq(messages.receiverId, userId)),
        cursor,
        limit,
      );
    },

    /**
     * A page of one project's conversation: the newest `limit` before the cursor, answered oldest
     * first; `participant` keeps it to the messages that user sent or received (null: every one,
     * for an admin).
     */
    async forProject(
      projectId: string,
      participant: string | null,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ items: Message[]; nextCursor: string | null }> {
      const mine = participant
        ? or(eq(messages.senderId, participant), eq(messages.receiverId, participant))
        : undefined;
      return conversationPage(and(eq(messages.projectId, projectId), mine), cursor, limit);
    },

    /** Marks a message read once (the first reading keeps its time); answers whether it changed. */
    async markRead(id: string, receiverId: string): Promise<boolean> {
      const rows = await db
        .update(messages)
        .set({ isRead: true, readAt: sql`now()` })
        .where(and(eq(messages.id, id), eq(messages.receiverId, receiverId), eq(messages.isRead, false)))
        .returning({ id: messages.id });
      return rows.length > 0;
    },

    /**
     * In one transaction: the receiver and their messages still unread and never mailed (oldest
     * first, with their project), handed to `mail` to store the digest; those messages are then
     * marked mailed. Answers what `mail` answered, or null when there was nothing to mail.
     */
    async digest<T>(
      receiverId: string,
      mail: (tx: MailExecutor, receiver: DigestReceiver, rows: DigestMessage[]) => Promise<T>,
    ): Promise<T | null> {
      return db.transaction(async (tx) => {
        const [receiver] = await tx
          .select({ email: users.email, firstName: users.firstName })
          .from(users)
          .where(eq(users.id, receiverId))
          .limit(1);
        if (!receiver) return null;
        const rows = await tx
          .select({
            id: messages.id,
            projectId: messages.projectId,
            projectTitle: projects.title,
            content: messages.content,
            createdAt: messages.createdAt,
            senderFirstName: users.firstName,
            senderLastName: users.lastName,
          })
          .from(messages)
          .innerJoin(users, eq(users.id, messages.senderId))
          .innerJoin(projects, eq(projects.id, messages.projectId))
          .where(
            and(eq(messages.receiverId, receiverId), eq(messages.isRead, false), isNull(messages.digestedAt)),
          )
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .for('update', { of: messages, skipLocked: true });
        if (rows.length === 0) return null;
        const result = await mail(tx, receiver, rows);
        await tx
          .update(messages)
          .set({ digestedAt: sql`now()` })
          .where(
            inArray(
              messages.id,
              rows.map((r) => r.id),
            ),
          );
        return result;
      });
    },

    async unreadCounts(receiverId: string): Promise<{ projectId: string; count: number }[]> {
      return unread.get(receiverId, () => unreadCounts.execute({ receiverId }));
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;

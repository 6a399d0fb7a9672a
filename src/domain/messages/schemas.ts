import { z } from 'zod';
import { multiLine } from '../text-safety';

/**
 * Project messages (spec 2 §2 messaging panel, §3 Message, §7): between a project's homeowner and
 * its assigned contractor. The server decides sender (the session) and receiver (the project);
 * the spec's senderId and receiverId are accepted and ignored.
 */

export const MESSAGE_MAX_LENGTH = 5000;
/** A message still unread this long after it was sent is mailed to its receiver in a digest. */
export const MESSAGE_DIGEST_DELAY_S = 10 * 60;
/** A digest quotes at most this much of each message. */
export const DIGEST_EXCERPT_CHARS = 300;

/** The panel's fallback poll while the socket is down (spec 2 §9). */
export const MESSAGE_POLL_MS = 5000;

export const messageMessages = {
  noRecipient: 'No recipient found for this project.',
  empty: 'Please type a message.',
  tooLong: `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`,
  projectRequired: 'Please choose a project.',
  notParticipant: "Only the project's homeowner and its contractor can write in its conversation.",
  listForbidden: 'You can only read your own messages.',
  notFound: 'Message not found',
  markReadOnlyTrue: 'Only isRead true is accepted: a message cannot be marked unread.',
  attachmentNotAllowed: 'Choose a photo you uploaded to this project.',
  /** Spec 2 §8: a failed send shows the server message. */
  sent: 'Message Sent',
} as const;

export const messageTypes = ['text'] as const;

export const sendMessageSchema = z
  .object({
    projectId: z.uuid({ error: messageMessages.projectRequired }),
    /** May be empty when a photo goes with the message. */
    content: z
      .string({ error: messageMessages.empty })
      .trim()
      .max(MESSAGE_MAX_LENGTH, { error: messageMessages.tooLong })
      .check(multiLine()),
    /** A photo sent with the message: the id of an image or photo of the project the sender uploaded. */
    attachmentFileId: z.uuid({ error: messageMessages.attachmentNotAllowed }).optional(),
    /** Spec payload fields, ignored: the server sets both from the session and the project. */
    receiverId: z.unknown().optional(),
    senderId: z.unknown().optional(),
    messageType: z.enum(messageTypes).optional().default('text'),
  })
  .refine((m) => m.content.length > 0 || m.attachmentFileId !== undefined, {
    error: messageMessages.empty,
    path: ['content'],
  });
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const markMessageReadSchema = z.object({
  isRead: z.literal(true, { error: messageMessages.markReadOnlyTrue }),
});

export const messageParamsSchema = z.object({ id: z.string().max(100) });
export const messagesOfUserParamsSchema = z.object({ userId: z.string().max(100) });
/** `GET /api/projects/{id}/messages`: the project's id (anything else answers 404). */
export const projectMessagesParamsSchema = z.object({ id: z.string().max(100) });

export const messageSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    senderId: z.string(),
    receiverId: z.string(),
    content: z.string(),
    messageType: z.string(),
    isRead: z.boolean(),
    readAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    sender: z.object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      profileImageUrl: z.string().nullable(),
    }),
    /** A photo sent with the message (a file of the project, for its parties only), or null. */
    attachment: z
      .object({
        fileId: z.string(),
        fileName: z.string(),
        url: z.string(),
        thumbnailUrl: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof messageSchema>;

export const messageListSchema = z.array(messageSchema).meta({ id: 'MessageList' });

/** Unread messages per project for the signed-in user (the dashboards' badges). */
export const unreadCountsSchema = z
  .object({ total: z.number().int(), byProject: z.record(z.string(), z.number().int()) })
  .meta({ id: 'UnreadCounts' });
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** Spec 2 §2: a bubble is the viewer's own when they sent it (right, primary), else the other's (left). */
export function isOwnMessage(message: Pick<Message, 'senderId'>, viewerId: string): boolean {
  return message.senderId === viewerId;
}

import { z } from 'zod';
import { cursorParam } from '../lists';

/** The mail outbox as admins read it: `GET /api/admin/outbox` and its attachments. */

export const mailStatuses = ['pending', 'sent', 'failed', 'kept'] as const;
export const mailStatusSchema = z.enum(mailStatuses);
export type MailStatus = z.infer<typeof mailStatusSchema>;

export const OUTBOX_DEFAULT_LIMIT = 50;
export const OUTBOX_MAX_LIMIT = 200;

export const outboxQuerySchema = z.object({
  /** The page after this one: the `cursor` of the `Link` header's next page. */
  cursor: cursorParam,
  /** Only mail to this address (exact, case-insensitive). */
  to: z.string().trim().min(1).max(254).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be at least 1' })
    .max(OUTBOX_MAX_LIMIT, { error: `Limit must be at most ${OUTBOX_MAX_LIMIT}` })
    .default(OUTBOX_DEFAULT_LIMIT),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxAttachmentSchema = z
  .object({
    filename: z.string(),
    contentType: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'OutboxAttachment' });

export const outboxMailSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    cc: z.string().nullable(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    status: mailStatusSchema,
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    attachments: z.array(outboxAttachmentSchema),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxListSchema = z.array(outboxMailSchema).meta({ id: 'OutboxList' });

/** Any id is accepted here: one that names no mail answers 404, like an unknown one. */
export const outboxAttachmentParamsSchema = z.object({
  id: z.string().max(100),
  index: z.coerce
    .number({ error: 'Index must be a number' })
    .int({ error: 'Index must be a whole number' })
    .min(0, { error: 'Index must be 0 or more' }),
});
export type OutboxAttachmentParams = z.infer<typeof outboxAttachmentParamsSchema>;

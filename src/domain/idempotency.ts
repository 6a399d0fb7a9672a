import { z } from 'zod';

/**
 * The `Idempotency-Key` header, one rule for every call that takes it: an organisation's order on
 * /api/v1 and the changes a contractor's device queues offline and sends later (a workflow change,
 * a message, a photo: docs/pwa.md). The same key again answers what the first request did and
 * changes nothing; the same key with another body is refused (422).
 */
export const idempotencyMessages = {
  key: 'The Idempotency-Key header is 1 to 255 visible ASCII characters.',
  reused: (what: string) =>
    `This Idempotency-Key was already used for ${what} with a different body. Use a new key for a new request.`,
} as const;

export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, { error: idempotencyMessages.key })
  .optional();

/** The header as a route's `headers` schema (Fastify lower-cases header names). */
export const idempotencyHeadersSchema = (description: string) =>
  z.object({ 'idempotency-key': idempotencyKeySchema.describe(description) });

import { z } from 'zod';

/**
 * Registry of real-time event type -> payload, sent over /ws as JSON objects with a `type`.
 * The server, the browser and the tests all read this one list.
 */
export const realtimeEventSchemas = {
  message_created: z.object({
    type: z.literal('message_created'),
    messageId: z.string(),
    projectId: z.string(),
  }),
  message_read: z.object({
    type: z.literal('message_read'),
    messageId: z.string(),
    projectId: z.string(),
  }),
  project_updated: z.object({
    type: z.literal('project_updated'),
    projectId: z.string(),
    status: z.string().optional(),
  }),
  project_assigned: z.object({
    type: z.literal('project_assigned'),
    projectId: z.string(),
    contractorId: z.string(),
  }),
  project_created: z.object({ type: z.literal('project_created'), projectId: z.string() }),
  contractor_verified: z.object({
    type: z.literal('contractor_verified'),
    contractorId: z.string(),
    status: z.string(),
  }),
  report_ready: z.object({ type: z.literal('report_ready'), quoteId: z.string(), reference: z.string() }),
  report_failed: z.object({ type: z.literal('report_failed'), quoteId: z.string(), reference: z.string() }),
  /** A notification was stored for the receiving user (the bell refetches its list). */
  notification_created: z.object({
    type: z.literal('notification_created'),
    notificationId: z.string(),
    kind: z.string(),
    projectId: z.string().optional(),
  }),
  /** The user marked notifications read (in another tab, or this one): `ids`, or `all`. */
  notifications_read: z.object({
    type: z.literal('notifications_read'),
    ids: z.array(z.string()).optional(),
    all: z.boolean().optional(),
  }),
  /** A project's review was written, changed, replied to or hidden (its parties and the admins refetch it). */
  review_updated: z.object({
    type: z.literal('review_updated'),
    projectId: z.string(),
    reviewId: z.string(),
  }),
  /** A project's warranty was issued or its certificate made, or a claim opened, written in or changed. */
  warranty_updated: z.object({
    type: z.literal('warranty_updated'),
    projectId: z.string(),
    claimId: z.string().optional(),
  }),
  /** Sent by the server right after a socket is accepted. */
  connected: z.object({ type: z.literal('connected'), userId: z.string() }),
} as const;

export const realtimeEventSchema = z.discriminatedUnion('type', [
  realtimeEventSchemas.message_created,
  realtimeEventSchemas.message_read,
  realtimeEventSchemas.project_updated,
  realtimeEventSchemas.project_assigned,
  realtimeEventSchemas.project_created,
  realtimeEventSchemas.contractor_verified,
  realtimeEventSchemas.report_ready,
  realtimeEventSchemas.report_failed,
  realtimeEventSchemas.notification_created,
  realtimeEventSchemas.notifications_read,
  realtimeEventSchemas.review_updated,
  realtimeEventSchemas.warranty_updated,
  realtimeEventSchemas.connected,
]);

export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];

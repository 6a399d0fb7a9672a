/**
 * Webhooks of an organisation (issue 26 #6): the endpoints it registers, the events they hear,
 * and the log of deliveries. Each delivery is signed like Stripe's:
 * `Ridgeline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 */
import { z } from 'zod';

export const webhookEvents = [
  'order.report_ready',
  'order.report_updated',
  'project.status_changed',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

export const SIGNATURE_HEADER = 'Ridgeline-Signature';

export const webhookMessages = {
  url: 'Enter the receiver’s URL (https://…, at most 2,000 characters).',
  events: 'Choose at least one event.',
  notFound: 'No such webhook endpoint.',
  deliveryNotFound: 'No such webhook delivery.',
} as const;

export const createWebhookEndpointSchema = z
  .object({
    url: z.string({ error: webhookMessages.url }).trim().min(1, { error: webhookMessages.url }).max(2000, {
      error: webhookMessages.url,
    }),
    events: z
      .array(z.enum(webhookEvents, { error: webhookMessages.events }))
      .min(1, { error: webhookMessages.events })
      .max(webhookEvents.length),
  })
  .strict();
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.object({ enabled: z.boolean() }).strict();

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The creation's answer: the signing secret (whsec_…) is shown here only. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  eventId: z.string(),
  event: z.enum(webhookEvents),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  lastAttempts: z.array(
    z.object({
      attempt: z.number().int(),
      statusCode: z.number().int().nullable(),
      latencyMs: z.number().int(),
      responseSnippet: z.string().nullable(),
      error: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const uuidOf = (message: string) => z.uuid({ error: message });
export const webhookEndpointParamsSchema = z.object({ endpointId: uuidOf(webhookMessages.notFound) });
export const adminWebhookEndpointParamsSchema = z.object({
  id: uuidOf('No such organisation.'),
  endpointId: uuidOf(webhookMessages.notFound),
});
export const adminWebhookDeliveryParamsSchema = z.object({
  id: uuidOf('No such organisation.'),
  deliveryId: uuidOf(webhookMessages.deliveryNotFound),
});

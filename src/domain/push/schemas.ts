import { z } from 'zod';

/** Web Push (issue 27 #4): a browser's PushSubscription, one row per device. */

export const PUSH_ENDPOINT_MAX = 2048;
export const PUSH_LABEL_MAX = 120;
/** base64url without padding: a P-256 public key is 65 bytes (87 characters), the auth secret 16 (22). */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** The JSON of the browser's PushSubscription (`subscription.toJSON()`), plus an optional device label. */
export const createPushSubscriptionSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: base64url(80, 100),
    auth: base64url(16, 32),
  }),
  label: z.string().trim().max(PUSH_LABEL_MAX).optional(),
});
export type CreatePushSubscription = z.infer<typeof createPushSubscriptionSchema>;

export const pushDeviceSchema = z.object({
  id: z.uuid(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com...): never the whole endpoint. */
  service: z.string(),
  label: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSuccessAt: z.iso.datetime({ offset: true }).nullable(),
  failureCount: z.number().int(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDeviceListSchema = z.object({ devices: z.array(pushDeviceSchema) });
export const pushSubscriptionParamsSchema = z.object({ id: z.uuid() });
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/** What the service worker receives (the push message's decrypted JSON). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A same-origin path to open on click. */
  url: z.string(),
  /** Replaces an earlier notification with the same tag (one per project and kind). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

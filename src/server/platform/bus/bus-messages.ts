/**
 * What travels on the event bus: the message schema, its encoding for NOTIFY (split under the
 * payload limit) and decoding, and the delivery to a process's subscribers.
 */
import type { Logger } from 'pino';
import { z } from 'zod';
import { realtimeEventSchema } from '../../../domain/realtime';
import type { BusMessage } from './types';

/** NOTIFY refuses payloads of 8000 bytes or more (PostgreSQL's default build). */
export const MAX_PAYLOAD_BYTES = 7999;

export class BusMessageTooLargeError extends Error {
  override name = 'BusMessageTooLargeError';
}

/** The shape a bus message must have to be delivered; anything else on the channel is logged and dropped. */
export const busMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('realtime'), userIds: z.array(z.string()), event: realtimeEventSchema }),
  z.object({ kind: z.literal('sessions_revoked'), sessionIds: z.array(z.string()) }),
  z.object({ kind: z.literal('user_changed'), userId: z.string() }),
]);

/** What travels on the channel: the message plus the id of the process that sent it. */
const envelopeSchema = z.object({ o: z.string(), m: z.unknown() });

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * Encodes a message into one or more payloads that each fit NOTIFY's limit. Events carry ids, not
 * bodies, so only a long list of recipients (or of revoked sessions) can be too large: such a
 * message is split into several with the same event and part of the list. A message that cannot
 * be split (one recipient and still too large) is refused with BusMessageTooLargeError.
 */
export function encodeBusMessage(origin: string, message: BusMessage): string[] {
  const payload = JSON.stringify({ o: origin, m: message });
  if (byteLength(payload) <= MAX_PAYLOAD_BYTES) return [payload];
  const split = (ids: string[], make: (part: string[]) => BusMessage): string[] => {
    if (ids.length <= 1) {
      throw new BusMessageTooLargeError(
        `Bus message of kind "${message.kind}" is ${byteLength(payload)} bytes, over the ${MAX_PAYLOAD_BYTES}-byte limit; events must carry ids, not bodies.`,
      );
    }
    const half = Math.ceil(ids.length / 2);
    return [
      ...encodeBusMessage(origin, make(ids.slice(0, half))),
      ...encodeBusMessage(origin, make(ids.slice(half))),
    ];
  };
  switch (message.kind) {
    case 'realtime':
      return split(message.userIds, (userIds) => ({ ...message, userIds }));
    case 'sessions_revoked':
      return split(message.sessionIds, (sessionIds) => ({ ...message, sessionIds }));
    default:
      return split([], () => message);
  }
}

/** Parses what arrived on the channel; null (after logging) for anything that is not a bus message. */
export function decodePayload(
  payload: string | undefined,
  logger: Logger,
): { origin: string; message: BusMessage } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload ?? '');
  } catch {
    logger.warn({ bytes: payload?.length ?? 0 }, 'event bus: dropped a payload that is not JSON');
    return null;
  }
  const envelope = envelopeSchema.safeParse(raw);
  const message = envelope.success ? busMessageSchema.safeParse(envelope.data.m) : undefined;
  if (!envelope.success || !message?.success) {
    logger.warn(
      { issues: (message?.error ?? (envelope.success ? undefined : envelope.error))?.issues.slice(0, 5) },
      'event bus: dropped a payload that is not a valid bus message',
    );
    return null;
  }
  return { origin: envelope.data.o, message: message.data as BusMessage };
}

export type Listener = (message: BusMessage) => void;

/** Calls every listener; one listener's error (thrown or rejected) never reaches the others or the caller. */
export function makeDeliver(listeners: Set<Listener>, logger: Logger) {
  return (message: BusMessage) => {
    for (const listener of [...listeners]) {
      try {
        const result = (listener as (m: BusMessage) => unknown)(message);
        if (result && typeof (result as Promise<unknown>).catch === 'function') {
          (result as Promise<unknown>).catch((err: unknown) =>
            logger.error({ err, kind: message.kind }, 'event bus: subscriber failed'),
          );
        }
      } catch (err) {
        logger.error({ err, kind: message.kind }, 'event bus: subscriber failed');
      }
    }
  };
}

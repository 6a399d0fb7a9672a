/**
 * One Web Push request: the payload encrypted (aes128gcm, RFC 8291) for the browser's keys and
 * signed with the VAPID key (RFC 8292) by the web-push package, then POSTed to the push service the
 * way webhooks are (webhook-receiver.ts: the URL checked, its host resolved and checked, the
 * lookup pinned, no redirect followed, a 10-second timeout).
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webPush from 'web-push';
import type { PushPayload } from '../../../domain/push/schemas';
import { checkReceiverUrl, type ReceiverPolicy, resolveReceiver } from '../organizations/index';
import type { VapidKeys } from './vapid-keys';

const TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a device that is offline (a day). */
const TTL_SECONDS = 24 * 60 * 60;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** statusCode null: no answer (refused address, network error, timeout). */
export interface PushResult {
  statusCode: number | null;
  error: string | null;
}

export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  vapid: VapidKeys & { subject: string },
  policy: ReceiverPolicy,
): Promise<PushResult> {
  let url: URL;
  let pinned: { address: string; family: 4 | 6 };
  try {
    url = checkReceiverUrl(target.endpoint, policy);
    pinned = await resolveReceiver(url, policy);
  } catch (err) {
    return { statusCode: null, error: (err as Error).message };
  }
  const details = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
  );
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PushResult>((resolve) => {
    const req = client.request(
      url,
      { method: 'POST', lookup, timeout: TIMEOUT_MS, headers: details.headers as http.OutgoingHttpHeaders },
      (res) => {
        const code = res.statusCode ?? 0;
        res.resume();
        res.on('end', () =>
          resolve({
            statusCode: code,
            error: code >= 200 && code < 300 ? null : `The push service answered ${code}.`,
          }),
        );
        res.on('error', (err) => resolve({ statusCode: code, error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s.`)));
    req.on('error', (err) => resolve({ statusCode: null, error: err.message }));
    req.end(details.body ?? undefined);
  });
}

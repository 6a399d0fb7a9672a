/**
 * One signed POST to a webhook receiver: the URL checked again and its host resolved and checked
 * (webhook-receiver.ts), the request sent to that very address (the lookup is pinned), no
 * redirect followed, a 10-second timeout, the first 500 characters of the answer kept.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { SIGNATURE_HEADER } from '../../../domain/organizations/webhooks';
import { checkReceiverUrl, type ReceiverPolicy, resolveReceiver } from './webhook-receiver';

const TIMEOUT_MS = 10_000;
const SNIPPET_CHARS = 500;

/** `t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`, as Stripe signs its webhooks. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  responseSnippet: string | null;
  error: string | null;
  ok: boolean;
}

export async function sendWebhook(
  target: { url: string; secret: string; body: string; eventId: string },
  policy: ReceiverPolicy,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let pinned: { address: string; family: 4 | 6 };
  let url: URL;
  try {
    url = checkReceiverUrl(target.url, policy);
    pinned = await resolveReceiver(url, policy);
  } catch (err) {
    return {
      statusCode: null,
      latencyMs: elapsed(),
      responseSnippet: null,
      error: (err as Error).message,
      ok: false,
    };
  }
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const signature = signatureHeader(target.secret, target.body, Math.floor(Date.now() / 1000));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Ridgeline-Webhooks/1',
          'ridgeline-event-id': target.eventId,
          [SIGNATURE_HEADER]: signature,
        },
      },
      (res) => {
        const code = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < SNIPPET_CHARS) text += chunk;
        });
        res.on('end', () => {
          const statusCode = code;
          resolve({
            statusCode,
            latencyMs: elapsed(),
            responseSnippet: text.slice(0, SNIPPET_CHARS),
            // a redirect is an answer we do not follow: a failure
            error: statusCode >= 200 && statusCode < 300 ? null : `The receiver answered ${statusCode}.`,
            ok: statusCode >= 200 && statusCode < 300,
          });
        });
        res.on('error', (err) =>
          resolve({
            statusCode: code,
            latencyMs: elapsed(),
            responseSnippet: text,
            error: err.message,
            ok: false,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s.`)));
    req.on('error', (err) =>
      resolve({
        statusCode: null,
        latencyMs: elapsed(),
        responseSnippet: null,
        error: err.message,
        ok: false,
      }),
    );
    req.end(target.body);
  });
}

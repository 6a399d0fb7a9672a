import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { discountCodes } from '../../src/server/platform/db/schema';
import type { Platform } from '../../src/server/platform/platform';

export { quoteData } from './quote-data';

export function draftId(): string {
  return randomBytes(12).toString('base64url');
}

/** The demo codes of CONTRACT.md, plus any extra rows. */
export async function insertDiscountCodes(
  platform: Platform,
  extra: (typeof discountCodes.$inferInsert)[] = [],
): Promise<void> {
  await platform.db
    .insert(discountCodes)
    .values([
      { code: 'SAVE10', type: 'percent', value: 10 },
      { code: 'SAVE50', type: 'amount', value: 5000 },
      { code: 'VIP', type: 'free', value: 0 },
      ...extra,
    ]);
}

export const SUCCESS_CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
};
export const DECLINED_CARD = {
  number: '4000 0000 0000 0002',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
};

export async function createIntent(app: FastifyInstance, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/quotes/create-payment-intent', payload });
}

export async function confirmSandbox(
  app: FastifyInstance,
  intent: { paymentIntentId: string; clientSecret: string },
  card: Record<string, unknown> = SUCCESS_CARD,
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card },
  });
}

export async function submitQuote(app: FastifyInstance, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/quotes/submit', payload });
}

/** A multipart/form-data body with text fields first, then one file. */
export function multipart(
  fields: Record<string, string>,
  file: { field?: string; name: string; content: Buffer | string; type?: string },
) {
  const boundary = `----ridgeline${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'sketchFile'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const payload = Buffer.concat(parts);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { generateTypes } from 'ridgeline-openapi-codegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../helpers/auth';
import { testContractor } from '../helpers/people';
import { quoteData } from '../helpers/quote-data';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Issue 26 item 7's end-to-end test: an insurer's system with a client generated from
 * /api/openapi.json alone registers a webhook, orders a report with its API key, receives the
 * signed `order.report_ready` on its own receiver (loopback: development mode), verifies the
 * signature as docs/api.md shows, and reads the JSON estimate.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');

const INSURER_SNIPPET = `
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Client } from 'openapi-fetch';
import type { paths } from './schema';

type Order = paths['/api/v1/orders']['post']['requestBody'] extends infer B
  ? B extends { content: { 'application/json': infer J } } ? J : never
  : never;

export async function registerWebhook(client: Client<paths>, url: string) {
  const { data, error, response } = await client.POST('/api/v1/webhooks', {
    body: { url, events: ['order.report_ready', 'project.status_changed'] },
  });
  if (!data) throw new Error(\`POST /api/v1/webhooks answered \${response.status}: \${JSON.stringify(error)}\`);
  const secret: string = data.secret;
  return { id: data.id, secret };
}

export async function placeOrder(client: Client<paths>, order: Order) {
  const { data, error, response } = await client.POST('/api/v1/orders', { body: order });
  if (!data) throw new Error(\`POST /api/v1/orders answered \${response.status}: \${JSON.stringify(error)}\`);
  return data.id;
}

export async function readEstimate(client: Client<paths>, id: string) {
  const { data, error, response } = await client.GET('/api/v1/orders/{id}/estimate', {
    params: { path: { id } },
  });
  if (!data) throw new Error(\`GET estimate answered \${response.status}: \${JSON.stringify(error)}\`);
  const totalCents: number = data.totalCents;
  return { totalCents, modelVersion: data.modelVersion, lineItems: data.lineItems.length };
}

/** The check of docs/api.md: t and v1 from the header, HMAC-SHA256 of "t.body", at most 5 minutes old. */
export function verifySignature(secret: string, header: string, rawBody: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
`;

type Insurer = {
  registerWebhook(client: unknown, url: string): Promise<{ id: string; secret: string }>;
  placeOrder(client: unknown, order: unknown): Promise<string>;
  readEstimate(
    client: unknown,
    id: string,
  ): Promise<{ totalCents: number; modelVersion: string; lineItems: number }>;
  verifySignature(secret: string, header: string, rawBody: string, nowSeconds: number): boolean;
};

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let ctx: TestContext;
let dir: string;
let baseUrl: string;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const waiters: Array<() => void> = [];

beforeAll(async () => {
  // development: the receiver may be on loopback (production and test refuse it)
  ctx = await createTestContext({ env: { NODE_ENV: 'development' } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ridgeline-hooks`;
  mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
  dir = mkdtempSync(path.join(repoRoot, 'test-results', 'webhooks-client-'));
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Resolves once the receiver holds a request that satisfies `match` (no sleeping: each arrival wakes it). */
async function receivedOne(match: (r: Received) => boolean): Promise<Received> {
  for (;;) {
    const found = received.find(match);
    if (found) return found;
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
}

describe("an insurer's system with a client generated from /api/openapi.json", () => {
  it('orders a report, receives the signed order.report_ready webhook and reads the estimate', async () => {
    // the admin's part: the organisation and its key
    const admin = (
      await createUserWithSession(ctx.platform, { email: 'admin@hooks.test', userType: 'admin' })
    ).cookie;
    const org = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/organizations',
      headers: { cookie: admin },
      payload: { name: 'Acme Mutual', kind: 'insurer', billingEmail: 'billing@acme-mutual.example' },
    });
    expect(org.statusCode, org.body).toBe(201);
    const key = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/organizations/${org.json().id}/api-keys`,
      headers: { cookie: admin },
      payload: {
        name: 'claims',
        scopes: ['orders:write', 'orders:read', 'webhooks:write'],
        rateLimitPerMinute: 100,
      },
    });
    expect(key.statusCode, key.body).toBe(201);

    // the insurer's part: a client from the document alone, typechecked
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    writeFileSync(path.join(dir, 'schema.d.ts'), await generateTypes(doc));
    writeFileSync(path.join(dir, 'insurer.ts'), INSURER_SNIPPET);
    const compilerOptions = {
      noEmit: true,
      strict: true,
      skipLibCheck: true,
      target: 'es2022',
      lib: ['es2022', 'dom'],
      module: 'preserve',
      moduleResolution: 'bundler',
      types: ['node'],
    };
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions, files: ['insurer.ts'] }),
    );
    const tsc = path.join(repoRoot, 'node_modules', '.bin', 'tsc');
    const compiled = await promisify(execFile)(tsc, ['-p', dir]).then(
      () => '',
      (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}`,
    );
    expect(compiled).toBe('');
    const insurer = (await import(path.join(dir, 'insurer.ts'))) as Insurer;
    const client = createClient({ baseUrl, headers: { authorization: `Bearer ${key.json().key}` } });

    const { secret } = await insurer.registerWebhook(client, receiverUrl);
    expect(secret).toMatch(/^whsec_/);
    const orderId = await insurer.placeOrder(
      client,
      quoteData({ streetAddress: '77 Hook Street', requesterEmail: 'claims@acme-mutual.example' }),
    );

    const hook = await receivedOne((r) => r.body.includes(orderId));
    const signature = String(hook.headers['ridgeline-signature']);
    expect(insurer.verifySignature(secret, signature, hook.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(insurer.verifySignature('whsec_wrong', signature, hook.body, Math.floor(Date.now() / 1000))).toBe(
      false,
    );
    expect(insurer.verifySignature(secret, signature, `${hook.body} `, Math.floor(Date.now() / 1000))).toBe(
      false,
    );
    const event = JSON.parse(hook.body);
    expect(event).toMatchObject({
      type: 'order.report_ready',
      data: {
        order: { id: orderId, reportVersion: 1 },
        links: { estimate: `/api/v1/orders/${orderId}/estimate` },
      },
    });
    expect(hook.headers['ridgeline-event-id']).toBe(event.id);

    const estimate = await insurer.readEstimate(client, orderId);
    expect(estimate.totalCents).toBeGreaterThan(0);
    expect(estimate.lineItems).toBeGreaterThan(0);

    // the admin's delivery log: one attempt, 200, the answer's snippet; Replay sends it again
    const log = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/organizations/${org.json().id}/webhook-deliveries`,
      headers: { cookie: admin },
    });
    expect(log.statusCode, log.body).toBe(200);
    const [delivery] = log.json();
    expect(delivery).toMatchObject({ eventId: event.id, status: 'delivered', attempts: 1 });
    expect(delivery.lastAttempts[0]).toMatchObject({
      attempt: 1,
      statusCode: 200,
      responseSnippet: 'thanks',
    });
    const before = received.length;
    const replay = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/organizations/${org.json().id}/webhook-deliveries/${delivery.id}/replay`,
      headers: { cookie: admin },
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toMatchObject({ attempts: 2, status: 'delivered' });
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)?.body).toBe(hook.body);

    // the order becomes a project; an admin matches it to a contractor: project.status_changed
    const project = await ctx.app.inject({
      method: 'POST',
      url: '/api/homeowner/create-project',
      payload: { email: 'claims@acme-mutual.example', quoteId: orderId },
    });
    expect(project.statusCode, project.body).toBe(201);
    const crew = await testContractor(ctx.platform, 'crew@hooks-client.example');
    const matched = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.json().projectId}`,
      headers: { cookie: admin },
      payload: { contractorId: crew.profileId, status: 'matched' },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    const statusHook = await receivedOne((r) => r.body.includes('project.status_changed'));
    expect(
      insurer.verifySignature(
        secret,
        String(statusHook.headers['ridgeline-signature']),
        statusHook.body,
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
    expect(JSON.parse(statusHook.body)).toMatchObject({
      type: 'project.status_changed',
      data: {
        order: { id: orderId },
        project: { id: project.json().projectId, status: 'matched', previousStatus: 'pending' },
      },
    });
  });
});

import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { quoteData } from '../../../../tests/helpers/quote-data';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { API_KEY_PATTERN } from '../../../domain/organizations/organizations';
import { apiKeys, auditLog } from '../../platform/db/schema';

/** Issue 26 #4-5: organisations, their API keys, and orders through /api/v1. */
let ctx: TestContext;
let admin: string;
let ip = 0;
const nextIp = () => `10.26.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await createUserWithSession(ctx.platform, { email: 'admin@api.test', userType: 'admin' })).cookie;
});
afterAll(async () => {
  await ctx?.close();
});

async function adminCall(method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: admin }, payload, remoteAddress: nextIp() });
}

async function newOrg(name = 'Acme Mutual') {
  const res = await adminCall('POST', '/api/admin/organizations', {
    name,
    kind: 'insurer',
    billingEmail: 'billing@acme.example',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

async function newKey(orgId: string, body: object = {}) {
  const res = await adminCall('POST', `/api/admin/organizations/${orgId}/api-keys`, {
    name: 'Claims system',
    scopes: ['orders:write', 'orders:read'],
    rateLimitPerMinute: 1000,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string; prefix: string };
}

function api(
  key: string | null,
  method: 'GET' | 'POST',
  url: string,
  opts: { payload?: object | string | Buffer; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...opts.headers },
    payload: opts.payload,
    remoteAddress: nextIp(),
  });
}

describe('API keys', () => {
  it('are shown once, stored as a hash, listed without the secret, audit-logged and revocable', async () => {
    const org = await newOrg();
    const created = await newKey(org.id);
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);

    const [row] = await ctx.platform.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(created.prefix.length + 1));

    const list = await adminCall('GET', `/api/admin/organizations/${org.id}/api-keys`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json()[0]).toMatchObject({
      id: created.id,
      prefix: created.prefix,
      lastUsedAt: null,
      revokedAt: null,
    });

    const ok = await api(created.key, 'GET', '/api/v1/orders');
    expect(ok.statusCode, ok.body).toBe(200);
    const [used] = await ctx.platform.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(used?.lastUsedAt).not.toBeNull();

    const revoked = await adminCall(
      'POST',
      `/api/admin/organizations/${org.id}/api-keys/${created.id}/revoke`,
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const after = await api(created.key, 'GET', '/api/v1/orders');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/missing, unknown or revoked/);

    const actions = await ctx.platform.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(eq(auditLog.entityId, created.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['api_key.created', 'api_key.revoked']);
    expect(JSON.stringify(actions)).not.toContain(created.key);
  });

  it('refuses unknown and malformed keys', async () => {
    const org = await newOrg();
    const { key } = await newKey(org.id);
    for (const bad of [`${key.slice(0, -2)}xx`, 'rk_live_nope', 'garbage']) {
      const res = await api(bad, 'GET', '/api/v1/orders');
      expect(res.statusCode).toBe(401);
    }
    expect((await api(null, 'GET', '/api/v1/orders')).statusCode).toBe(401);
  });

  it('work only on /api/v1, where a session cookie does not', async () => {
    const org = await newOrg();
    const { key } = await newKey(org.id);
    const withCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { cookie: admin },
    });
    expect(withCookie.statusCode).toBe(401);
    const postWithCookie = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: admin },
      payload: quoteData(),
    });
    expect(postWithCookie.statusCode).toBe(401);
    for (const url of ['/api/projects', '/api/auth/user', '/api/admin/organizations']) {
      const res = await api(key, 'GET', url);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('carry scopes (403 without the route’s scope) and a per-key limit (429 with Retry-After)', async () => {
    const org = await newOrg();
    const reader = await newKey(org.id, { scopes: ['orders:read'], rateLimitPerMinute: 3 });
    const writer = await newKey(org.id, { scopes: ['orders:write'] });
    const post = await api(reader.key, 'POST', '/api/v1/orders', { payload: quoteData() });
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toContain('orders:write');
    expect((await api(writer.key, 'GET', '/api/v1/orders')).statusCode).toBe(403);

    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await api(reader.key, 'GET', '/api/v1/orders')).statusCode);
    // the 403 above counted as the first call of the minute
    expect(codes).toEqual([200, 200, 429]);
    const limited = await api(reader.key, 'GET', '/api/v1/orders');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many/);
    // another key of the same organisation has its own count
    expect((await api(writer.key, 'POST', '/api/v1/orders', { payload: {} })).statusCode).toBe(400);
  });

  it('refuse hostile admin input with 400', async () => {
    const org = await newOrg();
    for (const body of [
      { name: '' },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: [], rateLimitPerMinute: 0 },
    ]) {
      const res = await adminCall('POST', `/api/admin/organizations/${org.id}/api-keys`, body);
      expect(res.statusCode).toBe(400);
    }
    const bad = await adminCall('POST', '/api/admin/organizations', {
      name: ' ',
      kind: 'bank',
      billingEmail: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['billingEmail', 'kind', 'name']);
    const control = await adminCall('POST', '/api/admin/organizations', {
      name: 'a\u0000b',
      kind: 'solar',
      billingEmail: 'b@c.example',
    });
    expect(control.statusCode).toBe(400);
  });
});

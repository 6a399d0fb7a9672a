import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { auditLog, webhookEndpoints } from '../../platform/db/schema';

/** Issue 26 #6: webhook endpoints registered by an organisation's key or an admin; hostile receivers refused. */
let ctx: TestContext;
let admin: string;
let orgId: string;
let key: string;

beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
  admin = (await createUserWithSession(ctx.platform, { email: 'admin@webhooks.test', userType: 'admin' }))
    .cookie;
  const org = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/organizations',
    headers: { cookie: admin },
    payload: { name: 'Hookco', kind: 'insurer', billingEmail: 'billing@hookco.example' },
  });
  orgId = org.json().id;
  const created = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/organizations/${orgId}/api-keys`,
    headers: { cookie: admin },
    payload: { name: 'hooks', scopes: ['webhooks:write'], rateLimitPerMinute: 1000 },
  });
  key = created.json().key;
});
afterAll(async () => {
  await ctx?.close();
});

const register = (url: unknown, events: unknown = ['order.report_ready']) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: { authorization: `Bearer ${key}` },
    payload: { url, events },
  });

describe('webhook endpoints', () => {
  it.each([
    ['https://127.0.0.1/hook', /private, loopback/],
    ['https://10.0.0.8/hook', /private, loopback/],
    ['https://169.254.169.254/latest/meta-data/', /private, loopback/],
    ['https://[::1]:8443/hook', /private, loopback/],
    ['https://[::ffff:127.0.0.1]/hook', /private, loopback/],
    ['https://[fe80::1]/hook', /private, loopback/],
    ['https://[fd00::1]/hook', /private, loopback/],
    ['https://localhost:3000/hook', /local or internal/],
    ['https://user:secret@93.184.215.14/hook', /user name or password/],
    ['gopher://93.184.215.14/hook', /https/],
    ['//93.184.215.14', /valid absolute URL/],
    ['', /URL/],
    [42, /URL/],
  ])('refuses the receiver %s with a 400 that says why', async (url, message) => {
    const res = await register(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(res.json().fieldErrors.url).toBeDefined();
  });

  it('refuses unknown events and keys without the webhooks:write scope', async () => {
    const bad = await register('https://93.184.215.14/hook', ['order.deleted']);
    expect(bad.statusCode).toBe(400);
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/organizations/${orgId}/api-keys`,
      headers: { cookie: admin },
      payload: { name: 'orders only', scopes: ['orders:read'], rateLimitPerMinute: 10 },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/webhooks',
      headers: { authorization: `Bearer ${other.json().key}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('registers an endpoint, shows the secret once (stored sealed), disables and deletes it (audit-logged)', async () => {
    const res = await register('https://93.184.215.14/hook', ['order.report_ready', 'order.report_updated']);
    expect(res.statusCode, res.body).toBe(201);
    const { id, secret } = res.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.platform.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row?.sealedSecret).toMatch(/^v1\./);
    expect(row?.sealedSecret).not.toContain(secret.slice(6));
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/webhooks',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(list.json()).toEqual([expect.objectContaining({ id, enabled: true })]);
    expect(list.body).not.toContain(secret);
    const disabled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizations/${orgId}/webhooks/${id}`,
      headers: { cookie: admin },
      payload: { enabled: false },
    });
    expect(disabled.json()).toMatchObject({ id, enabled: false });
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(gone.statusCode).toBe(204);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(again.statusCode).toBe(404);
    const audits = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'webhook_endpoint.create',
      'webhook_endpoint.delete',
      'webhook_endpoint.disable',
    ]);
  });
});

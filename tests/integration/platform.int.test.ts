import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loggerOptions } from '../../src/server/platform/logger';
import { createPlatform } from '../../src/server/platform/platform';
import { createUserWithSession, TEST_PASSWORD } from '../helpers/auth';
import { createTestContext, freshDatabase, type TestContext, testConfig } from '../helpers/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('platform endpoints and error form', () => {
  it('GET /api/health answers ok', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('an unknown /api path answers 404 in the contract form', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such endpoint: GET /api/nope' });
  });

  it('malformed JSON answers 400 with a sentence, no stack', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('too large a body answers 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('validation failures answer 400 with fieldErrors', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      email: ['Please enter your email address'],
      password: ['Please enter your password'],
    });
  });

  it('serves an OpenAPI 3.1 document of the JSON endpoints and renders it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/api/health',
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/user',
      '/api/admin/outbox',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const loginBody = doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    const resolved = loginBody.$ref ? doc.components.schemas[loginBody.$ref.split('/').pop()] : loginBody;
    expect(Object.keys(resolved.properties)).toEqual(['email', 'password']);
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
  });

  it('does not rate-limit sign-in attempts for many accounts from one client (an office), but does per account', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 35; i++) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `rate${i}@example.com`, password: 'whatever-pw' },
        remoteAddress: '10.9.9.9',
      });
      statuses.add(r.statusCode);
    }
    expect([...statuses]).toEqual([401]);
    let last = 0;
    for (let i = 0; i < 35 && last !== 429; i++) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'rate-one@example.com', password: 'whatever-pw' },
        remoteAddress: '10.9.9.9',
      });
      last = r.statusCode;
      if (last === 429) expect(r.json().message).toMatch(/Too many/);
    }
    expect(last).toBe(429);
  });
});

describe('cross-site request forgery protection', () => {
  it('refuses a cookie-authenticated call from another site', async () => {
    const { cookie } = await createUserWithSession(ctx.platform, { email: 'csrf@example.com' });
    const evil = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toMatch(/Cross-site/);
    const noFetchMeta = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example', host: 'localhost' },
    });
    expect(noFetchMeta.statusCode).toBe(403);
    // the session survived both attempts
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode,
    ).toBe(200);

    const same = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('request logs', () => {
  it('never print passwords or cookies', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const logger = pino(loggerOptions('trace'), sink);
    const fresh = await freshDatabase();
    const platform = await createPlatform(testConfig(), { database: fresh.database, logger });
    const app = await buildApp(platform, { serveWeb: false });
    try {
      const { cookie } = await createUserWithSession(platform, { email: 'log@example.com' });
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'log@example.com', password: TEST_PASSWORD },
      });
      await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      await app.inject({ method: 'GET', url: '/api/auth/confirm-email?token=secret-token-value' });
      const all = lines.join('');
      expect(all).toContain('/api/auth/login');
      expect(all).not.toContain(TEST_PASSWORD);
      expect(all).not.toContain(cookie.split('=')[1] as string);
      expect(all).not.toContain('secret-token-value');
    } finally {
      await app.close();
      await platform.close();
      await fresh.drop();
    }
  });
});

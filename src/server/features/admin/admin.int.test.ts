import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { adminMessages } from './admin.service';

let ctx: TestContext;
let adminCookie: string;
let homeownerCookie: string;
let firstId: string;
let secondId: string;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (
    await createUserWithSession(ctx.platform, { email: 'admin@ridgeline.test', userType: 'admin' })
  ).cookie;
  homeownerCookie = (await createUserWithSession(ctx.platform, { email: 'owner@example.com' })).cookie;
  firstId = (
    await ctx.platform.mailer.send({
      to: 'owner@example.com',
      subject: 'Welcome to Ridgeline',
      text: 'Hello there',
    })
  ).id;
  secondId = (
    await ctx.platform.mailer.send({
      to: 'adjuster@example.com',
      cc: 'owner@example.com',
      subject: 'Report RL-ABCD2345',
      text: 'The report is attached.',
      html: '<p>The report is attached.</p>',
      attachments: [
        { filename: 'notes.txt', contentType: 'text/plain; charset=utf-8', content: Buffer.from('notes') },
        { filename: 'Relatório "final".pdf', contentType: 'application/pdf', content: PDF },
      ],
    })
  ).id;
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/admin/outbox', () => {
  it('lists the kept mail newest first, without storage keys', async () => {
    const res = await get('/api/admin/outbox', adminCookie);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((m: { id: string }) => m.id)).toEqual([secondId, firstId]);
    expect(list[0]).toEqual({
      id: secondId,
      to: 'adjuster@example.com',
      cc: 'owner@example.com',
      subject: 'Report RL-ABCD2345',
      text: 'The report is attached.',
      html: '<p>The report is attached.</p>',
      status: 'kept',
      attempts: 0,
      lastError: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sentAt: null,
      attachments: [
        { filename: 'notes.txt', contentType: 'text/plain; charset=utf-8', size: 5 },
        { filename: 'Relatório "final".pdf', contentType: 'application/pdf', size: PDF.length },
      ],
    });
    expect(res.body).not.toContain('storageKey');
    expect(res.body).not.toContain('mail/');
  });

  it('filters by recipient, ignoring case, and limits the count', async () => {
    const byTo = await get('/api/admin/outbox?to=OWNER@example.com', adminCookie);
    expect(byTo.statusCode).toBe(200);
    expect(byTo.json().map((m: { id: string }) => m.id)).toEqual([firstId]);

    const limited = await get('/api/admin/outbox?limit=1', adminCookie);
    expect(limited.json().map((m: { id: string }) => m.id)).toEqual([secondId]);
    // the next page by the Link header, the query kept
    const next = /<([^>]+)>; rel="next"/.exec(String(limited.headers.link))?.[1] ?? '';
    expect(next).toMatch(/^\/api\/admin\/outbox\?limit=1&cursor=/);
    const second = await get(next, adminCookie);
    expect(second.json().map((m: { id: string }) => m.id)).toEqual([firstId]);
    expect(second.headers.link).toBeUndefined();
    expect((await get('/api/admin/outbox?cursor=forged', adminCookie)).statusCode).toBe(400);

    const tooMany = await get('/api/admin/outbox?limit=500', adminCookie);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      message: expect.any(String),
      fieldErrors: { limit: expect.any(Array) },
    });
  });

  it('answers 401 signed out and 403 to a homeowner', async () => {
    const signedOut = await get('/api/admin/outbox');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: expect.any(String) });

    // the role check comes before validation: a bad query tells a non-admin nothing more
    const homeowner = await get('/api/admin/outbox?limit=oops', homeownerCookie);
    expect(homeowner.statusCode).toBe(403);
    expect(homeowner.json()).toEqual({ message: expect.any(String) });
  });
});

describe('GET /api/admin/outbox/:id/attachments/:index', () => {
  it('downloads an attachment with its type and file name', async () => {
    const res = await get(`/api/admin/outbox/${secondId}/attachments/1`, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Relat?rio \\"final\\".pdf"; filename*=UTF-8''Relat%C3%B3rio%20%22final%22.pdf`,
    );
    expect(res.rawPayload).toEqual(PDF);

    const text = await get(`/api/admin/outbox/${secondId}/attachments/0`, adminCookie);
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('notes');
  });

  it('answers 404 for an unknown mail or attachment', async () => {
    for (const url of [
      `/api/admin/outbox/${randomUUID()}/attachments/0`,
      '/api/admin/outbox/not-a-mail/attachments/0',
      `/api/admin/outbox/${firstId}/attachments/0`,
      `/api/admin/outbox/${secondId}/attachments/2`,
    ]) {
      const res = await get(url, adminCookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({
        message:
          url.includes(secondId) || url.includes(firstId)
            ? adminMessages.attachmentNotFound
            : adminMessages.mailNotFound,
      });
    }
  });

  it('answers 401 signed out and 403 to a homeowner', async () => {
    expect((await get(`/api/admin/outbox/${secondId}/attachments/1`)).statusCode).toBe(401);
    expect((await get(`/api/admin/outbox/${secondId}/attachments/1`, homeownerCookie)).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('describes both outbox endpoints', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(paths['/api/admin/outbox'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'cursor',
      'limit',
      'to',
    ]);
    expect(paths['/api/admin/outbox/{id}/attachments/{index}'].get).toBeDefined();
  });
});

import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactMessages,
  discountCodes,
  installRequests,
  mailOutbox,
} from '../../src/server/platform/db/schema';
import { createUserWithSession } from '../helpers/auth';
import { insertQuote } from '../helpers/quotes';
import { createTestContext, type TestContext, testDbKind } from '../helpers/test-context';

/**
 * Issue 26 #1: the admins' work queues page by cursor, never by offset: install requests, quotes
 * and contact messages (`{items, nextCursor, total on the first page}`), the report queue
 * (`{items, nextCursor}`), the outbox and discount codes (arrays, the next page in `Link`). Every
 * row once, in order, ties broken by id; a search; a forged cursor answers 400.
 */

let ctx: TestContext;
let admin: string;
const SAME_MOMENT = new Date('2026-03-02T09:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  admin = (await createUserWithSession(ctx.platform, { email: 'ops@ridgeline.test', userType: 'admin' }))
    .cookie;
  // 7 requests, 4 of them in the same moment (only the id orders them)
  await ctx.platform.db.insert(installRequests).values(
    Array.from({ length: 7 }, (_, i) => ({
      firstName: 'Pat',
      lastName: i % 2 === 0 ? 'Queueman' : 'Otherby',
      email: `queue-${i}@requests.example`,
      phone: '(214) 555-0100',
      address: `${100 + i} Paging Way`,
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      createdAt: i < 4 ? SAME_MOMENT : new Date(SAME_MOMENT.getTime() + i * 1000),
    })),
  );
  for (let i = 0; i < 5; i++) {
    await insertQuote(ctx.platform, {
      reference: `RL-PAGE${i}`,
      reportStatus: i < 3 ? 'awaiting_measurements' : 'ready',
      reportBasis: i < 3 ? null : 'measured',
      submittedAt: new Date(SAME_MOMENT.getTime() + i * 60_000),
    });
  }
  // 5 contact messages and 5 mails, 3 of each in the same moment
  await ctx.platform.db.insert(contactMessages).values(
    Array.from({ length: 5 }, (_, i) => ({
      channel: 'email' as const,
      name: i < 2 ? 'Robin Pager' : 'Sam Other',
      email: `contact-${i}@paging.example`,
      message: `Message ${i}`,
      createdAt: i < 3 ? SAME_MOMENT : new Date(SAME_MOMENT.getTime() + i * 1000),
    })),
  );
  await ctx.platform.db.insert(mailOutbox).values(
    Array.from({ length: 5 }, (_, i) => ({
      to: `mail-${i}@paging.example`,
      subject: `Mail ${i}`,
      text: 'Hello',
      createdAt: i < 3 ? SAME_MOMENT : new Date(SAME_MOMENT.getTime() + i * 1000),
    })),
  );
  await ctx.platform.db
    .insert(discountCodes)
    .values(Array.from({ length: 5 }, (_, i) => ({ code: `PAGE${i}`, type: 'percent' as const, value: 10 })));
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });

/** Every page of a `{items, nextCursor}` list: the ids in order, and the first page's total. */
async function walkObject(url: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let first: { total?: number } | undefined;
  do {
    const res = await get(`${url}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as {
      items: { id?: string; quoteId?: string }[];
      nextCursor: string | null;
      total?: number;
    };
    if (!first) first = page;
    else expect(page.total).toBeUndefined();
    ids.push(...page.items.map((i) => i.id ?? i.quoteId ?? ''));
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, total: first?.total };
}

/** Every page of an array list, by its Link header. */
async function walkLinks(url: string) {
  const ids: string[] = [];
  let next: string | null = url;
  while (next) {
    const res = await get(next);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(...(res.json() as { id: string }[]).map((i) => i.id));
    next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
  }
  return ids;
}

describe(`the work queues paged by cursor on ${testDbKind}`, () => {
  it('install requests: every one once, newest first, ties by id, the total on the first page, searched', async () => {
    const all = await walkObject('/api/admin/install-requests?pageSize=3');
    expect(all.total).toBe(7);
    expect(all.ids).toHaveLength(7);
    expect(new Set(all.ids).size).toBe(7);
    const res = (await get('/api/admin/install-requests?q=QUEUEMAN')).json() as {
      items: { lastName: string }[];
      total: number;
    };
    expect(res.total).toBe(4);
    expect(res.items.every((r) => r.lastName === 'Queueman')).toBe(true);
    expect((await get('/api/admin/install-requests?q=103 pag')).json()).toMatchObject({ total: 1 });
  });

  it('install requests come newest first, the ties in the same moment ordered by id', async () => {
    const all = await walkObject('/api/admin/install-requests?pageSize=2');
    const rows = await ctx.platform.db
      .select({ id: installRequests.id })
      .from(installRequests)
      .orderBy(desc(installRequests.createdAt), desc(installRequests.id));
    expect(all.ids).toEqual(rows.map((r) => r.id));
  });

  it('contact messages: every one once in order across pages, searched by name, filtered', async () => {
    const all = await walkObject('/api/admin/contact-messages?pageSize=2');
    const rows = await ctx.platform.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
    expect(all.ids).toEqual(rows.map((r) => r.id));
    expect(all.total).toBe(5);
    const found = await walkObject('/api/admin/contact-messages?pageSize=1&q=robin');
    expect(found).toMatchObject({ total: 2 });
    expect(found.ids).toHaveLength(2);
    expect((await get('/api/admin/contact-messages?status=delivered')).json()).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('the outbox: an array in order, the next page in the Link header', async () => {
    const ids = await walkLinks('/api/admin/outbox?limit=2');
    const rows = await ctx.platform.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
    expect(ids).toEqual(rows.map((r) => r.id));
  });

  it('quotes: paged, filtered by status, searched by reference', async () => {
    const all = await walkObject('/api/admin/quotes?pageSize=2');
    expect(all.total).toBe(5);
    expect(new Set(all.ids).size).toBe(5);
    const found = (await get('/api/admin/quotes?q=rl-page3')).json() as { items: { reference: string }[] };
    expect(found.items.map((q) => q.reference)).toEqual(['RL-PAGE3']);
    expect((await get('/api/admin/quotes?status=draft')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('the report queue: oldest first, a page at a time', async () => {
    const queue = await walkObject('/api/admin/reports/queue?limit=2');
    const refs: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await get(`/api/admin/reports/queue?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      ).json() as { items: { reference: string }[]; nextCursor: string | null };
      refs.push(...page.items.map((i) => i.reference));
      cursor = page.nextCursor;
    } while (cursor);
    expect(refs).toEqual(['RL-PAGE0', 'RL-PAGE1', 'RL-PAGE2']);
    expect(queue.ids).toHaveLength(3);
  });

  it('discount codes: an array, the next page in the Link header', async () => {
    const ids = await walkLinks('/api/admin/discount-codes?limit=2');
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });

  it.each([
    '/api/admin/install-requests',
    '/api/admin/quotes',
    '/api/admin/contact-messages',
    '/api/admin/reports/queue',
    '/api/admin/outbox',
    '/api/admin/discount-codes',
  ])('%s answers 400 to a cursor it did not make, and to a search too long', async (path) => {
    const forged = await get(
      `${path}?cursor=${Buffer.from('["createdAt.desc","x","y"]').toString('base64url')}`,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ message: expect.any(String) });
    if (!/outbox|discount|reports/.test(path)) {
      expect((await get(`${path}?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    }
  });
});

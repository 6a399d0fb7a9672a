import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textLayoutMessages } from '../../src/domain/text-safety';
import { createUserWithSession } from '../helpers/auth';
import { applicationBody, register } from '../helpers/onboarding';
import { installRequestBody, nextClientIp, publicJsonPosts } from '../helpers/public-posts';
import { quoteData } from '../helpers/quote-order';
import { createTestContext, type TestContext, testDbKind } from '../helpers/test-context';

/**
 * Issue 21 item 7: a review stored 77 records whose names, titles, phones, addresses or subjects
 * held line breaks or text-direction controls. Each attack below is refused with 400, fieldErrors
 * naming the field and a clear message, and nothing is stored; multi-line fields keep line breaks.
 */

const { lineBreak, directionControl } = textLayoutMessages;

let ctx: TestContext;
let tables: string[];
let admin: { cookie: string };

beforeAll(async () => {
  // row counts are compared before and after each request: no job may write meanwhile (fuzz.int)
  ctx = await createTestContext({ runWorkers: false, startWorkers: false });
  const { rows } = await ctx.platform.database.sql.query<{ t: string }>(
    `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'rate_limit_hits'`,
  );
  tables = rows.map((r) => r.t);
  admin = await createUserWithSession(ctx.platform, { email: 'admin@ridgeline.test', userType: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

async function rowCounts(): Promise<Record<string, number>> {
  const query = tables.map((t) => `SELECT '${t}' AS t, count(*)::int AS n FROM "${t}"`).join(' UNION ALL ');
  const { rows } = await ctx.platform.database.sql.query<{ t: string; n: number }>(query);
  return Object.fromEntries(rows.map((r) => [r.t, r.n]));
}

function post(url: string, payload: unknown, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextClientIp(),
  });
}

const validBody = (url: string) => {
  const found = publicJsonPosts.find((p) => p.url === url);
  if (!found) throw new Error(`no public POST ${url}`);
  return found.validBody();
};

/** [what, url, body, the field named in fieldErrors, its message, who posts] */
const attacks: [
  string,
  string,
  () => Record<string, unknown>,
  string,
  string,
  'anyone' | 'admin' | 'applicant',
][] = [
  [
    'a registration name with a line break',
    '/api/auth/register',
    () => ({ ...validBody('/api/auth/register'), lastName: 'Reyes\nBcc: victim@example.com' }),
    'lastName',
    lineBreak,
    'anyone',
  ],
  [
    'a registration name with a right-to-left override',
    '/api/auth/register',
    () => ({ ...validBody('/api/auth/register'), firstName: 'Dana \u202egnp.exe' }),
    'firstName',
    directionControl,
    'anyone',
  ],
  [
    'a contact subject with CR LF',
    '/api/email/contact',
    () => ({ ...validBody('/api/email/contact'), subject: 'Question\r\nX-Priority: 1' }),
    'subject',
    lineBreak,
    'anyone',
  ],
  [
    'a chat name with a line separator',
    '/api/slack/contact',
    () => ({ ...validBody('/api/slack/contact'), name: 'Jordan\u2028Ellis' }),
    'name',
    lineBreak,
    'anyone',
  ],
  [
    'an install request phone with a line break',
    '/api/homeowner/install-request',
    () => ({ ...installRequestBody('avery.phone@example.com'), phone: '(469) 555-0142\n(469) 555-0143' }),
    'phone',
    lineBreak,
    'anyone',
  ],
  [
    'an install request address with an isolate',
    '/api/homeowner/install-request',
    () => ({ ...installRequestBody('avery.addr@example.com'), address: '2210 \u2067Cedar\u2069 Springs Rd' }),
    'address',
    directionControl,
    'anyone',
  ],
  [
    'a quote street address with a paragraph separator',
    '/api/quotes/create-payment-intent',
    () => ({
      quoteData: quoteData({ streetAddress: '1200 Elm\u2029Street' }),
      discountCode: null,
      vipCode: null,
    }),
    'quoteData.streetAddress',
    lineBreak,
    'anyone',
  ],
  [
    "a project's title with a line break (admin)",
    '/api/projects',
    () => ({ title: 'SWRX-2026-0042\nURGENT', homeownerEmail: 'h@example.com', address: '1200 Elm St' }),
    'title',
    lineBreak,
    'admin',
  ],
  [
    "a contractor's company name with a right-to-left mark",
    '/api/contractor-application',
    () => applicationBody({ companyName: 'Summit \u200fRidge Roofing' }),
    'companyName',
    directionControl,
    'applicant',
  ],
];

describe(`one-line fields refuse line breaks and direction controls, on ${testDbKind}`, () => {
  it.each(attacks)(
    '%s: 400 naming the field, nothing stored',
    async (_what, url, body, field, message, who) => {
      const payload = body();
      const cookie =
        who === 'admin'
          ? admin.cookie
          : who === 'applicant'
            ? (await register(ctx.app, 'oneline')).cookie
            : undefined;
      const before = await rowCounts();
      const res = await post(url, payload, cookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors?.[field]).toEqual([message]);
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('multi-line fields keep their line breaks', async () => {
    const chat = await post('/api/email/contact', {
      ...validBody('/api/email/contact'),
      message: 'First line\r\nSecond line\u2028third',
    });
    expect(chat.statusCode, chat.body).toBe(201);
    const install = await post('/api/homeowner/install-request', {
      ...installRequestBody('multi.line@example.com'),
      projectDescription: 'Hail damage.\nTwo skylights.',
    });
    expect(install.statusCode, install.body).toBe(201);
  });

  it('a multi-line field refuses a right-to-left override', async () => {
    const before = await rowCounts();
    const res = await post('/api/email/contact', {
      ...validBody('/api/email/contact'),
      message: 'Pay to account \u202e1234\u202c please',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ message: [directionControl] });
    expect(await rowCounts()).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharacterMessage } from '../../src/domain/text-safety';
import { malformedMultipartMessage } from '../../src/server/platform/errors';
import {
  checkPublicPostsAgainst,
  nextClientIp,
  publicJsonPosts,
  stringLeafPaths,
  withStringAt,
} from '../helpers/public-posts';
import { insertDiscountCodes } from '../helpers/quote-order';
import { createTestContext, type TestContext, testDbKind } from '../helpers/test-context';

/**
 * Issue 8 item 14: text PostgreSQL refuses (NUL) and other control characters answer 400 with
 * fieldErrors naming the field, never 500; malformed multipart uploads answer 400, never 500.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  await insertDiscountCodes(ctx.platform);
});
afterAll(async () => {
  await ctx?.close();
});

function post(url: string, payload: unknown) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: nextClientIp() });
}

describe(`hostile text on ${testDbKind}`, () => {
  it('the endpoint list covers every public POST of the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    checkPublicPostsAgainst(doc);
  });

  describe.each(publicJsonPosts.map((p) => [p.url, p] as const))('%s', (_url, endpoint) => {
    it.each(stringLeafPaths(endpoint.validBody()))(
      'a NUL in %s answers 400 naming the field',
      async (path) => {
        const body = withStringAt(endpoint.validBody(), path, (s) => `${s.slice(0, 2)}\u0000${s.slice(2)}`);
        const res = await post(endpoint.url, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          message: controlCharacterMessage,
          fieldErrors: { [path]: [controlCharacterMessage] },
        });
      },
    );
  });

  it.each([
    ['BEL', '\u0007'],
    ['ESC', '\u001b[31m'],
    ['DEL', '\u007f'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', 'x\udc00y'],
  ])('%s is refused too', async (_name, bad) => {
    const res = await post('/api/email/contact', {
      ...publicJsonPosts.find((p) => p.url === '/api/email/contact')?.validBody(),
      message: `Hello ${bad} there`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toEqual({ message: [controlCharacterMessage] });
  });

  it('tab, line feed, carriage return and astral characters are ordinary text', async () => {
    const res = await post('/api/validate-discount', { code: 'SAVE10' });
    expect(res.statusCode).toBe(200);
    const chat = await post('/api/slack/contact', {
      name: 'Jordan 🏠 Ellis',
      email: 'jordan@example.com',
      message: 'Line one\r\nLine\ttwo',
    });
    expect(chat.statusCode, chat.body).toBeLessThan(300);
  });

  it('a NUL in an object key, in a nested array and deep inside answers 400', async () => {
    const key = await post('/api/validate-discount', { code: 'SAVE10', 'x\u0000y': 1 });
    expect(key.statusCode).toBe(400);
    expect(Object.keys(key.json().fieldErrors)).toEqual(['x\\u0000y']);
    const deep = await post('/api/validate-discount', { code: 'SAVE10', extra: [{ a: [{ b: '\u0000' }] }] });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().fieldErrors).toEqual({ 'extra.0.a.0.b': [controlCharacterMessage] });
  });

  it('a body nested thousands of levels deep answers 4xx, not 500', async () => {
    const depth = 20_000;
    const payload = `{"code":"SAVE10","x":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/validate-discount',
      headers: { 'content-type': 'application/json' },
      payload,
      remoteAddress: nextClientIp(),
    });
    expect(res.statusCode).toBe(400);
  });

  it('a NUL in a query parameter or a path parameter answers 400 naming it', async () => {
    const query = await ctx.app.inject({ method: 'GET', url: '/api/contractors/available?zip=752%0001' });
    expect(query.statusCode).toBe(400);
    expect(query.json().fieldErrors).toEqual({ zip: [controlCharacterMessage] });
    const params = await ctx.app.inject({ method: 'GET', url: '/api/quotes/RL-%00/status' });
    expect(params.statusCode).toBe(400);
    expect(params.json().fieldErrors).toEqual({ reference: [controlCharacterMessage] });
  });
});

describe(`malformed multipart uploads on ${testDbKind}`, () => {
  const B = 'RidgelineBoundary';
  const file = '{"roof":{}}';
  const filePart = (boundary = B) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="sketchFile"; filename="roof.json"\r\nContent-Type: application/json\r\n\r\n${file}\r\n`;
  const multipart = (boundary: string | undefined) => ({
    'content-type':
      boundary === undefined ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`,
  });

  function upload(headers: Record<string, string>, payload: string | Buffer) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/sketch',
      headers,
      payload,
      remoteAddress: nextClientIp(),
    });
  }

  it.each([
    ['a boundary that is not the one used', multipart('SomethingElse'), `${filePart()}--${B}--\r\n`],
    ['no boundary', multipart(undefined), `${filePart()}--${B}--\r\n`],
    [
      'a boundary over 256 characters',
      multipart('b'.repeat(300)),
      `${filePart('b'.repeat(300))}--${'b'.repeat(300)}--\r\n`,
    ],
    ['a body cut short in the file', multipart(B), filePart().slice(0, -8)],
    ['a body cut short in the part headers', multipart(B), `--${B}\r\nContent-Disposition: form-da`],
    ['bytes that are not multipart at all', multipart(B), Buffer.from([0xff, 0xfe, 0, 1, 2, 3])],
  ])('%s answers 400 in the contract form', async (_name, headers, payload) => {
    const res = await upload(headers, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: malformedMultipartMessage });
  });

  it.each([
    ['no parts', ''],
    [
      'no file part',
      `--${B}\r\nContent-Disposition: form-data; name="measurementFileSource"\r\n\r\nHOVER\r\n--${B}--\r\n`,
    ],
    [
      'a field where the file should be',
      `--${B}\r\nContent-Disposition: form-data; name="sketchFile"\r\n\r\n${file}\r\n--${B}--\r\n`,
    ],
    ['a part with no disposition', `--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${B}--\r\n`],
  ])('%s answers 400 asking for the file', async (_name, payload) => {
    const res = await upload(multipart(B), payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('sketchFile');
  });

  it('a huge field name or too many fields never answers 5xx', async () => {
    const hugeName = `--${B}\r\nContent-Disposition: form-data; name="${'n'.repeat(200_000)}"\r\n\r\nx\r\n${filePart()}--${B}--\r\n`;
    expect((await upload(multipart(B), hugeName)).statusCode).toBeLessThan(500);
    const many = `${Array.from({ length: 20 }, (_, i) => `--${B}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('')}--${B}--\r\n`;
    const res = await upload(multipart(B), many);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The form has too many fields. Send only the fields it asks for.');
  });
});

import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileFile, hostileFiles } from '../../../../tests/helpers/hostile-measurements';
import { multipart } from '../../../../tests/helpers/quote-order';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { parsePool } from './parse-pool';

/** Issue 8, item 15: measurement files built to stall a parser, through the real upload endpoint. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

function upload(f: HostileFile) {
  const body = multipart({ measurementFileSource: f.source }, { name: f.fileName, content: f.text });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads/sketch',
    payload: body.payload,
    headers: body.headers,
  });
}

const expected: Record<string, { status: number; message?: RegExp }> = {
  'xml-comment-full-of-lt': { status: 201 },
  'xml-facet-45000-edges': { status: 400, message: /more than 50,000 XML elements/ },
  'xml-deep-nesting': { status: 400, message: /nests its XML more than 32 levels deep/ },
  'json-deep-nesting': { status: 400, message: /nests its JSON more than 32 levels deep/ },
  'csv-huge-rows': { status: 400, message: /more than 1,000 lines/ },
  'csv-long-number': { status: 400, message: /value on line 2 is "1{30}.*", which is not a number/ },
  'csv-many-columns': { status: 400, message: /more than 1,000 columns/ },
};

describe('hostile measurement uploads', () => {
  for (const f of hostileFiles()) {
    it(`${f.name}: answered ${expected[f.name]?.status}, parsed in a worker`, async () => {
      const want = expected[f.name];
      expect(want, `no expectation for ${f.name}`).toBeDefined();
      const before = parsePool().stats().answered;
      const res = await upload(f);
      expect(res.statusCode, res.body).toBe(want?.status);
      if (want?.message) {
        expect(res.json().message).toMatch(want.message);
        expect(res.json().fieldErrors.sketchFile[0]).toMatch(want.message);
      }
      // the check and the parse ran in a worker thread, not on the event loop's thread
      const after = parsePool().stats();
      expect(after.answered).toBe(before + 1);
      expect(after.lastThreadId).not.toBe(threadId);
    });
  }
});

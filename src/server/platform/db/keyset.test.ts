import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf, prefixPattern } from './keyset';

const ID = '7d1f0c9e-3b1a-4c59-9a51-2f7b7c0e8a11';
const AT = '2026-01-15T10:00:00.123456Z';

describe('keyset cursors', () => {
  it('give back the key and id they were made with, for the same sort only', () => {
    const cursor = encodeCursor('createdAt.desc', AT, ID);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodeCursor(cursor, 'createdAt.desc', ['moment', 'uuid'])).toEqual([AT, ID]);
    expect(decodeCursor(cursor, 'createdAt.asc', ['moment', 'uuid'])).toBeNull();
    expect(decodeCursor(cursor, 'createdAt.desc', ['text', 'int'])).toBeNull();
  });

  it('refuse what they did not make', () => {
    const forged = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const text of [
      'not-a-cursor',
      '',
      forged(['createdAt.desc', '2026-13-45T99:00:00.000000Z', ID]),
      forged(['createdAt.desc', "1' or 1=1 --", ID]),
      forged(['createdAt.desc', AT, 'x']),
      forged(['createdAt.desc', AT]),
      forged({ sort: 'createdAt.desc' }),
    ]) {
      expect(decodeCursor(text, 'createdAt.desc', ['moment', 'uuid']), text).toBeNull();
    }
    expect(decodeCursor(forged(['newest', AT, 1.5]), 'newest', ['moment', 'int'])).toBeNull();
  });

  it('make a page of limit rows, with a cursor only when the extra row shows more', () => {
    const rows = [1, 2, 3].map((n) => ({ n }));
    expect(pageOf(rows, 3, 's', (r) => [r.n, r.n]).nextCursor).toBeNull();
    const page = pageOf(rows, 2, 's', (r) => [r.n, r.n]);
    expect(page.rows).toEqual([{ n: 1 }, { n: 2 }]);
    expect(decodeCursor(page.nextCursor ?? '', 's', ['int', 'int'])).toEqual([2, 2]);
  });

  it("match the start of a field, LIKE's own characters matching themselves", () => {
    expect(prefixPattern('Main St')).toBe('main st%');
    expect(prefixPattern('50%_off\\')).toBe('50\\%\\_off\\\\%');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findForbiddenText, hasForbiddenCharacter } from './text-safety';

describe('text safety', () => {
  it.each([
    ['\u0000', true],
    ['a\u001fb', true],
    ['\u007f', true],
    ['\ud800', true],
    ['\udc00x', true],
    ['tab\there\r\nand there', false],
    ['emoji 🏠 and accents éü', false],
    ['', false],
  ])('%j forbidden: %s', (text, forbidden) => {
    expect(hasForbiddenCharacter(text)).toBe(forbidden);
  });

  it('agrees with a reference definition on any string', () => {
    // encodeURIComponent throws on a lone surrogate: an independent test of well-formed UTF-16
    const wellFormed = (s: string) => {
      try {
        encodeURIComponent(s);
        return true;
      } catch {
        return false;
      }
    };
    const reference = (s: string) =>
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule under test is about control characters
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s) || !wellFormed(s);
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => hasForbiddenCharacter(s) === reference(s)));
  });

  it('names the paths of bad strings and bad keys, and survives deep nesting', () => {
    expect(findForbiddenText({ a: 'ok', b: { c: ['x', 'y\u0000'] }, 'k\u0000': 1 }).sort()).toEqual([
      'b.c.1',
      'k\\u0000',
    ]);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findForbiddenText(deep)).toHaveLength(1);
    expect(findForbiddenText(new Uint8Array([0, 0]))).toEqual([]);
  });
});

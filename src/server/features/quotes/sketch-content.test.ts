import { describe, expect, it } from 'vitest';
import { sketchMessages } from '../../../domain/quotes/sketch-file';
import { checkSketchContent } from './sketch-content';

const csv = (text: string) => checkSketchContent('.csv', Buffer.from(text, 'utf8'));

describe('checkSketchContent (.csv)', () => {
  it('accepts a CSV with a consistent number of columns, blank lines and a BOM included', () => {
    const text = 'name,value\r\nRidges,10\r\n\r\n"Hips, main",12\r\n';
    expect(csv(`\uFEFF${text}`)).toEqual({ ok: true, text });
    expect(csv('one column\nRidges\n')).toEqual({ ok: true, text: 'one column\nRidges\n' });
  });

  it('refuses a row with another number of columns, naming the row', () => {
    expect(csv('a,b,c\n1,2,3\n4,5\n')).toEqual({
      ok: false,
      message: sketchMessages.badCsv('row 3 has 2 columns, the first row has 3'),
    });
  });

  it('refuses an unterminated quote, naming the problem and its row', () => {
    const result = csv('a,b,c\n1,"2,3\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^The file is not a valid CSV file: .*quote.*\(row 2\)$/i);
  });

  it('calls a file of blank lines empty', () => {
    expect(csv('\n\n')).toEqual({ ok: false, message: sketchMessages.empty });
    expect(csv(',\n')).toEqual({ ok: true, text: ',\n' });
  });
});

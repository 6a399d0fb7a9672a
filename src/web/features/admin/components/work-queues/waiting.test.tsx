import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Waiting } from './queue-state';

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Issue 26 (aging): a queue row says how long it has waited, in whole days, amber from 2 days. */
describe('Waiting', () => {
  it('says today, one day, then whole days, and stands out from 2 days', () => {
    expect(renderToStaticMarkup(<Waiting since={ago(60_000)} />)).toBe('<span> · waiting today</span>');
    expect(renderToStaticMarkup(<Waiting since={ago(DAY_MS + 60_000)} />)).toBe(
      '<span> · waiting 1 day</span>',
    );
    const five = renderToStaticMarkup(<Waiting since={ago(5 * DAY_MS + 60_000)} />);
    expect(five).toContain(' · waiting 5 days');
    expect(five).toContain('text-amber-900');
  });

  it('says nothing without a moment, or with one it cannot read', () => {
    expect(renderToStaticMarkup(<Waiting since={null} />)).toBe('');
    expect(renderToStaticMarkup(<Waiting since="not a date" />)).toBe('');
  });

  it('never says a negative age (a clock a little ahead)', () => {
    expect(renderToStaticMarkup(<Waiting since={ago(-60_000)} />)).toContain('waiting today');
  });
});

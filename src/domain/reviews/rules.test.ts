import { describe, expect, it } from 'vitest';
import { REVIEW_EDIT_DAYS, replyAllowed, reviewEditable, reviewEditableUntil, reviewOpen } from './rules';

const written = new Date('2026-03-01T10:00:00Z');
const at = (iso: string) => new Date(iso);

describe('review rules', () => {
  it('opens a review only on a completed project whose work the homeowner accepted', () => {
    const now = at('2026-03-01T00:00:00Z');
    const accepted = '2026-02-27T15:00:00.000Z';
    expect(reviewOpen({ status: 'completed', workAcceptedAt: accepted }, now)).toBe(true);
    expect(reviewOpen({ status: 'completed', workAcceptedAt: new Date(accepted) }, now)).toBe(true);
    // completed, the inspection or the punch list still open
    expect(reviewOpen({ status: 'completed', workAcceptedAt: null }, now)).toBe(false);
    for (const status of ['pending', 'matched', 'in_progress', 'cancelled']) {
      expect(reviewOpen({ status, workAcceptedAt: null }, now)).toBe(false);
    }
  });

  it(`keeps a review editable for ${REVIEW_EDIT_DAYS} days from when it was written`, () => {
    expect(reviewEditableUntil(written).toISOString()).toBe('2026-03-15T10:00:00.000Z');
    const review = { createdAt: written, hiddenAt: null };
    expect(reviewEditable(review, written)).toBe(true);
    expect(reviewEditable(review, at('2026-03-15T09:59:59.999Z'))).toBe(true);
    expect(reviewEditable(review, at('2026-03-15T10:00:00.000Z'))).toBe(false);
    expect(reviewEditable(review, at('2026-04-01T00:00:00Z'))).toBe(false);
  });

  it('closes a hidden review to edits and replies', () => {
    const hiddenAt = at('2026-03-02T00:00:00Z');
    expect(reviewEditable({ createdAt: written, hiddenAt }, at('2026-03-03T00:00:00Z'))).toBe(false);
    expect(replyAllowed({ reply: null, hiddenAt })).toBe(false);
  });

  it('lets the contractor reply once', () => {
    expect(replyAllowed({ reply: null, hiddenAt: null })).toBe(true);
    expect(replyAllowed({ reply: 'Thanks!', hiddenAt: null })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  checkCard,
  DECLINE_TEST_CARDS,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
  SUCCESS_TEST_CARDS,
  sandboxOutcome,
} from './test-cards';

const now = new Date('2026-11-15T00:00:00Z');
const good = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

describe('card checks', () => {
  it('knows Luhn and brands', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    for (const number of [...SUCCESS_TEST_CARDS, ...Object.keys(DECLINE_TEST_CARDS)]) {
      expect(luhnValid(number), number).toBe(true);
    }
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });

  it('accepts a good card and keeps only brand and last four', () => {
    expect(checkCard(good, now)).toEqual({
      ok: true,
      brand: 'visa',
      last4: '4242',
      digits: '4242424242424242',
    });
    expect(checkCard({ ...good, number: '3782 822463 10005', cvc: '1234' }, now)).toMatchObject({
      ok: true,
      brand: 'amex',
    });
  });

  it('explains incomplete and invalid numbers', () => {
    expect(checkCard({ ...good, number: '4242 4242' }, now)).toMatchObject({
      ok: false,
      errors: { number: 'Your card number is incomplete.' },
    });
    expect(checkCard({ ...good, number: '4242 4242 4242 4241' }, now)).toMatchObject({
      errors: { number: 'Your card number is invalid.' },
    });
    expect(checkCard({ ...good, number: '4242-abcd' }, now)).toMatchObject({
      errors: { number: 'Your card number is invalid.' },
    });
  });

  it('wants an expiry in the future and a real month', () => {
    expect(checkCard({ ...good, expMonth: 10, expYear: 2026 }, now)).toMatchObject({
      errors: { expiry: "Your card's expiration date is in the past." },
    });
    expect(checkCard({ ...good, expMonth: 11, expYear: 2026 }, now)).toMatchObject({ ok: true });
    expect(checkCard({ ...good, expMonth: 13 }, now)).toMatchObject({
      errors: { expiry: "Your card's expiration month is invalid." },
    });
    expect(checkCard({ ...good, expYear: 2099 }, now)).toMatchObject({
      errors: { expiry: "Your card's expiration year is invalid." },
    });
  });

  it('wants 3 CVC digits, 4 for Amex', () => {
    expect(checkCard({ ...good, cvc: '12' }, now)).toMatchObject({
      errors: { cvc: "Your card's security code is incomplete." },
    });
    expect(checkCard({ ...good, number: '378282246310005', cvc: '123' }, now)).toMatchObject({
      errors: { cvc: "Your card's security code is incomplete." },
    });
  });
});

describe('Stripe test-card semantics', () => {
  it('succeeds with 4242..., declines 4000 0000 0000 0002 and other test declines', () => {
    expect(sandboxOutcome('4242424242424242')).toEqual({ outcome: 'succeeded' });
    expect(sandboxOutcome('4000000000000002')).toEqual({
      outcome: 'declined',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(sandboxOutcome('4000000000009995')).toMatchObject({
      message: 'Your card has insufficient funds.',
    });
    expect(sandboxOutcome('4000000000000069')).toMatchObject({ code: 'expired_card' });
  });

  it('declines any non-test card: no real card is charged in test mode', () => {
    expect(sandboxOutcome('4111111111111111')).toMatchObject({
      outcome: 'declined',
      declineCode: 'test_mode_live_card',
    });
  });
});

describe('input formatting', () => {
  it('groups numbers and expiry as the person types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('12')).toBeNull();
  });
});

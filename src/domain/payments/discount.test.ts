import { describe, expect, it } from 'vitest';
import {
  appliedMessage,
  applyDiscount,
  BASE_PRICE_CENTS,
  evaluateDiscount,
  normalizeCode,
  type StoredDiscountCode,
} from './discount';
import { centsToDollars, formatCents, formatDollarsText } from './money';

const stored = (over: Partial<StoredDiscountCode>): StoredDiscountCode => ({
  code: 'X',
  type: 'percent',
  value: 10,
  isActive: true,
  expiresAt: null,
  maxUses: null,
  usedCount: 0,
  ...over,
});

describe('applyDiscount', () => {
  it('keeps the base price of 45000 cents without a code', () => {
    expect(BASE_PRICE_CENTS).toBe(45_000);
    expect(applyDiscount(null)).toEqual({ originalAmount: 45_000, discountCents: 0, finalAmount: 45_000 });
  });

  it('takes whole percents off in integer cents (SAVE10 -> 40500)', () => {
    expect(applyDiscount({ type: 'percent', value: 10 }).finalAmount).toBe(40_500);
    expect(applyDiscount({ type: 'percent', value: 33 }).finalAmount).toBe(30_150);
    expect(applyDiscount({ type: 'percent', value: 100 }).finalAmount).toBe(0);
  });

  it('rounds half a cent up', () => {
    // 15% of 999 cents is 149.85 -> 150; 50% of 999 is 499.5 -> 500
    expect(applyDiscount({ type: 'percent', value: 15 }, 999).discountCents).toBe(150);
    expect(applyDiscount({ type: 'percent', value: 50 }, 999).discountCents).toBe(500);
    expect(applyDiscount({ type: 'percent', value: 1 }, 49).discountCents).toBe(0);
    expect(applyDiscount({ type: 'percent', value: 1 }, 50).discountCents).toBe(1);
  });

  it('takes amounts off in cents (SAVE50 -> 40000), never below zero', () => {
    expect(applyDiscount({ type: 'amount', value: 5000 }).finalAmount).toBe(40_000);
    expect(applyDiscount({ type: 'amount', value: 99_999 })).toEqual({
      originalAmount: 45_000,
      discountCents: 45_000,
      finalAmount: 0,
    });
  });

  it('makes free codes free and clamps out-of-range percents', () => {
    expect(applyDiscount({ type: 'free', value: 0 }).finalAmount).toBe(0);
    expect(applyDiscount({ type: 'percent', value: 250 }).finalAmount).toBe(0);
    expect(applyDiscount({ type: 'percent', value: -5 }).finalAmount).toBe(45_000);
    expect(() => applyDiscount(null, 10.5)).toThrow(RangeError);
  });
});

describe('evaluateDiscount', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('refuses missing, inactive, expired and used-up codes', () => {
    expect(evaluateDiscount(null, now)).toEqual({ ok: false, message: 'Discount code not found' });
    expect(evaluateDiscount(stored({ isActive: false }), now)).toMatchObject({
      ok: false,
      message: 'This discount code is no longer active.',
    });
    expect(evaluateDiscount(stored({ expiresAt: new Date('2026-06-01T11:59:59Z') }), now)).toMatchObject({
      ok: false,
      message: 'This discount code has expired.',
    });
    expect(evaluateDiscount(stored({ maxUses: 3, usedCount: 3 }), now)).toMatchObject({
      ok: false,
      message: 'This discount code has reached its usage limit.',
    });
    // uses held by open payment intents count against the limit
    expect(evaluateDiscount(stored({ maxUses: 3, usedCount: 1, reservedCount: 2 }), now)).toMatchObject({
      ok: false,
      message: 'This discount code has reached its usage limit.',
    });
  });

  it('accepts a valid code and says whether it is free', () => {
    const percent = evaluateDiscount(
      stored({ expiresAt: new Date('2027-01-01'), maxUses: 3, usedCount: 2 }),
      now,
    );
    expect(percent).toMatchObject({ ok: true, free: false, breakdown: { finalAmount: 40_500 } });
    expect(evaluateDiscount(stored({ type: 'free', value: 0 }), now)).toMatchObject({ ok: true, free: true });
    expect(evaluateDiscount(stored({ type: 'amount', value: 45_000 }), now)).toMatchObject({
      ok: true,
      free: true,
    });
  });
});

describe('messages and money', () => {
  it('upper-cases and trims codes', () => {
    expect(normalizeCode('  save10 ')).toBe('SAVE10');
    expect(normalizeCode(null)).toBe('');
  });

  it('says what a code did', () => {
    expect(appliedMessage('VIP', { type: 'free', value: 0 }, applyDiscount({ type: 'free', value: 0 }))).toBe(
      'VIP Code Applied! Your submission will be processed for free.',
    );
    expect(
      appliedMessage('SAVE10', { type: 'percent', value: 10 }, applyDiscount({ type: 'percent', value: 10 })),
    ).toBe('10% off. Your new total is $405.00.');
    expect(
      appliedMessage(
        'SAVE50',
        { type: 'amount', value: 5000 },
        applyDiscount({ type: 'amount', value: 5000 }),
      ),
    ).toBe('$50.00 off. Your new total is $400.00.');
  });

  it('formats cents and dollars', () => {
    expect(centsToDollars(40_500)).toBe('405.00');
    expect(formatCents(45_000)).toBe('$450.00');
    expect(formatDollarsText('405.00')).toBe('$405.00');
    expect(formatDollarsText('400')).toBe('$400.00');
    expect(formatDollarsText('abc')).toBeNull();
    expect(formatDollarsText('<script>')).toBeNull();
  });
});

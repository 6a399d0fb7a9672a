import { formatCents } from './money';

/**
 * Quote price and discount arithmetic: integer cents, pure. The server alone decides what is
 * charged with these functions; the browser uses them only to show the same numbers.
 */

/** Base quote price: 450 dollars. */
export const BASE_PRICE_CENTS = 45_000;
/** The special code that makes a submission free (spec 1, section 9). */
export const VIP_CODE = 'VIP';

export const discountTypes = ['amount', 'percent', 'free'] as const;
export type DiscountType = (typeof discountTypes)[number];

export interface DiscountRule {
  type: DiscountType;
  /** Cents for amount, whole percent (1-100) for percent, unused for free. */
  value: number;
}

export interface PriceBreakdown {
  originalAmount: number;
  discountCents: number;
  finalAmount: number;
}

/** Codes are compared upper-cased and trimmed, as the input field shows them. */
export function normalizeCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

/**
 * The price after a discount. Percent discounts round half up to the cent; no discount takes
 * the price below zero or above the original.
 */
export function applyDiscount(rule: DiscountRule | null, originalAmount = BASE_PRICE_CENTS): PriceBreakdown {
  if (!Number.isInteger(originalAmount) || originalAmount < 0) {
    throw new RangeError('originalAmount must be a whole number of cents');
  }
  let discountCents = 0;
  if (rule) {
    switch (rule.type) {
      case 'free':
        discountCents = originalAmount;
        break;
      case 'amount':
        discountCents = Math.max(0, Math.trunc(rule.value));
        break;
      case 'percent': {
        const percent = Math.min(100, Math.max(0, Math.trunc(rule.value)));
        // whole percent of whole cents: exact in integers, half a cent rounds up
        discountCents = Math.floor((originalAmount * percent + 50) / 100);
        break;
      }
    }
  }
  discountCents = Math.min(discountCents, originalAmount);
  return { originalAmount, discountCents, finalAmount: originalAmount - discountCents };
}

/** What a stored code looks like to the rules below. */
export interface StoredDiscountCode extends DiscountRule {
  code: string;
  isActive: boolean;
  expiresAt: Date | null;
  maxUses: number | null;
  usedCount: number;
  /** Uses held by open payment intents (they count against maxUses until paid or released). */
  reservedCount?: number;
}

export const discountMessages = {
  enterTitle: 'Enter Discount Code',
  enterBody: 'Please enter a discount code first.',
  invalidTitle: 'Invalid Code',
  notFound: 'Discount code not found',
  errorTitle: 'Error',
  errorBody: 'Failed to validate discount code',
  appliedTitle: 'Discount Applied!',
  vipApplied: 'VIP Code Applied! Your submission will be processed for free.',
  freeApplied: 'Discount Applied! Your submission will be processed for free.',
  inactive: 'This discount code is no longer active.',
  expired: 'This discount code has expired.',
  usedUp: 'This discount code has reached its usage limit.',
  applied: (rule: DiscountRule, breakdown: PriceBreakdown) =>
    rule.type === 'percent'
      ? `${rule.value}% off. Your new total is ${formatCents(breakdown.finalAmount)}.`
      : `${formatCents(breakdown.discountCents)} off. Your new total is ${formatCents(breakdown.finalAmount)}.`,
} as const;

export type DiscountEvaluation =
  | { ok: true; rule: DiscountRule; code: string; breakdown: PriceBreakdown; free: boolean }
  | { ok: false; message: string };

/** Whether a stored code may be used now, and what it does to the base price. */
export function evaluateDiscount(
  stored: StoredDiscountCode | null | undefined,
  now: Date,
  originalAmount = BASE_PRICE_CENTS,
): DiscountEvaluation {
  if (!stored) return { ok: false, message: discountMessages.notFound };
  if (!stored.isActive) return { ok: false, message: discountMessages.inactive };
  if (stored.expiresAt && stored.expiresAt.getTime() <= now.getTime()) {
    return { ok: false, message: discountMessages.expired };
  }
  if (stored.maxUses !== null && stored.usedCount + (stored.reservedCount ?? 0) >= stored.maxUses) {
    return { ok: false, message: discountMessages.usedUp };
  }
  const rule: DiscountRule = { type: stored.type, value: stored.value };
  const breakdown = applyDiscount(rule, originalAmount);
  return { ok: true, rule, code: stored.code, breakdown, free: breakdown.finalAmount === 0 };
}

/** The sentence shown when a valid code is applied. */
export function appliedMessage(code: string, rule: DiscountRule, breakdown: PriceBreakdown): string {
  if (normalizeCode(code) === VIP_CODE) return discountMessages.vipApplied;
  if (breakdown.finalAmount === 0) return discountMessages.freeApplied;
  return discountMessages.applied(rule, breakdown);
}

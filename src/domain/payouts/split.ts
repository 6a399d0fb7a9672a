/**
 * The money rules of payouts (issue 25 items 4 and 5), pure integer-cent arithmetic shared by the
 * server and the browser. Rounding: the contractor's share is 88 % rounded DOWN to the cent
 * (floor), computed in integers (gross * 88 / 100, never a float), and the platform fee is what is
 * left (gross - share), so share + fee is always the gross and no cent is lost or invented.
 */

/** The contractor's share, in percent (the spec: "Contractor share: 88% of the approved budget"). */
export const CONTRACTOR_SHARE_PERCENT = 88;
/** The platform fee, in percent: the rest. */
export const PLATFORM_FEE_PERCENT = 100 - CONTRACTOR_SHARE_PERCENT;

export interface Split {
  grossCents: number;
  shareCents: number;
  feeCents: number;
}

function assertCents(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`${what} must be a whole, non-negative number of cents`);
}

/** 88 % of `cents` rounded down to the cent (integer arithmetic). */
export function shareOf(cents: number): number {
  assertCents(cents, 'amount');
  return Math.floor((cents * CONTRACTOR_SHARE_PERCENT) / 100);
}

/** A payment received split into the contractor's share (floor of 88 %) and the fee (the rest). */
export function splitPayment(grossCents: number): Split {
  const shareCents = shareOf(grossCents);
  return { grossCents, shareCents, feeCents: grossCents - shareCents };
}

/**
 * The part of a refund taken back from the contractor: the share of everything refunded so far
 * minus the share of what was refunded before, so that refunds adding up to the whole payment take
 * back exactly the share the payment gave (never a cent more or less, whatever the pieces).
 * The platform gives back the rest (its 12 % fee on the refunded amount): the homeowner gets the
 * whole refund, and the fee was only earned on money the platform keeps.
 */
export function refundSplit(
  paymentGrossCents: number,
  refundedBeforeCents: number,
  refundCents: number,
): Split {
  assertCents(paymentGrossCents, 'payment');
  assertCents(refundedBeforeCents, 'refunded before');
  assertCents(refundCents, 'refund');
  if (refundedBeforeCents + refundCents > paymentGrossCents) {
    throw new RangeError('refunds may not exceed the payment');
  }
  const shareCents = shareOf(refundedBeforeCents + refundCents) - shareOf(refundedBeforeCents);
  return { grossCents: refundCents, shareCents, feeCents: refundCents - shareCents };
}

/**
 * What a payout about to be sent carries: its share less what refunds already took from it, less
 * what it can take of the contractor's outstanding balance (refund shares that came after their
 * payout was sent). Never negative: what it cannot cover stays owed for the next payouts.
 */
export function settlePayout(
  amountCents: number,
  deductedCents: number,
  owedCents: number,
): { takeFromBalanceCents: number; netCents: number } {
  assertCents(amountCents, 'amount');
  assertCents(deductedCents, 'deducted');
  assertCents(owedCents, 'owed');
  const left = Math.max(0, amountCents - deductedCents);
  const take = Math.min(left, owedCents);
  return { takeFromBalanceCents: take, netCents: left - take };
}

/**
 * A refund's share taken from a payout not yet sent (as much as it still carries); the rest is
 * carried as a balance the contractor owes, taken from the next payouts.
 */
export function applyRefundToPayout(
  payoutLeftCents: number,
  refundShareCents: number,
): { fromPayoutCents: number; carriedCents: number } {
  assertCents(payoutLeftCents, 'payout left');
  assertCents(refundShareCents, 'refund share');
  const fromPayoutCents = Math.min(payoutLeftCents, refundShareCents);
  return { fromPayoutCents, carriedCents: refundShareCents - fromPayoutCents };
}

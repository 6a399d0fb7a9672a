import { describe, expect, it } from 'vitest';
import { applyRefundToPayout, refundSplit, settlePayout, shareOf, splitPayment } from './split';

describe('splitPayment: 88 % to the contractor rounded down, the fee is the rest', () => {
  it('splits whole amounts exactly', () => {
    expect(splitPayment(100_000)).toEqual({ grossCents: 100_000, shareCents: 88_000, feeCents: 12_000 });
  });

  it('rounds the share down and gives the odd cent to the fee, never losing one', () => {
    // 88 % of 1 cent is 0.88: the contractor gets 0, the fee 1
    expect(splitPayment(1)).toEqual({ grossCents: 1, shareCents: 0, feeCents: 1 });
    // 922_525 * 0.88 = 811_822
    expect(splitPayment(922_525)).toEqual({ grossCents: 922_525, shareCents: 811_822, feeCents: 110_703 });
    // 12_345 * 0.88 = 10_863.6 -> 10_863
    expect(splitPayment(12_345)).toEqual({ grossCents: 12_345, shareCents: 10_863, feeCents: 1_482 });
    for (const gross of [0, 1, 2, 7, 99, 101, 12_345, 1_845_050, 2_147_483_647]) {
      const s = splitPayment(gross);
      expect(s.shareCents + s.feeCents).toBe(gross);
      expect(s.shareCents).toBeLessThanOrEqual(gross * 0.88);
      expect(gross * 0.88 - s.shareCents).toBeLessThan(1);
    }
  });

  it('uses integer arithmetic (no float error on large amounts)', () => {
    expect(shareOf(9_007_199_254_740)).toBe(Math.floor((9_007_199_254_740 * 88) / 100));
  });

  it('refuses fractions and negatives', () => {
    expect(() => splitPayment(1.5)).toThrow(RangeError);
    expect(() => splitPayment(-1)).toThrow(RangeError);
  });
});

describe('refundSplit: refunds take back exactly the share the payment gave', () => {
  it('a whole refund takes back the whole share and returns the whole fee', () => {
    expect(refundSplit(12_345, 0, 12_345)).toEqual({
      grossCents: 12_345,
      shareCents: 10_863,
      feeCents: 1_482,
    });
  });

  it('refunds in pieces add up to the payment share, not a cent more or less', () => {
    const gross = 10_001;
    let before = 0;
    let shares = 0;
    for (const piece of [1, 3, 333, 4_000, 5_664]) {
      shares += refundSplit(gross, before, piece).shareCents;
      before += piece;
    }
    expect(before).toBe(gross);
    expect(shares).toBe(splitPayment(gross).shareCents);
  });

  it('refuses refunding more than was paid', () => {
    expect(() => refundSplit(1_000, 600, 401)).toThrow(RangeError);
  });
});

describe('balance rules', () => {
  it('a refund takes what it can from a payout not yet sent and carries the rest', () => {
    expect(applyRefundToPayout(5_000, 3_000)).toEqual({ fromPayoutCents: 3_000, carriedCents: 0 });
    expect(applyRefundToPayout(2_000, 3_000)).toEqual({ fromPayoutCents: 2_000, carriedCents: 1_000 });
    expect(applyRefundToPayout(0, 3_000)).toEqual({ fromPayoutCents: 0, carriedCents: 3_000 });
  });

  it('a payout being sent pays off what is owed first, never below zero', () => {
    expect(settlePayout(10_000, 0, 0)).toEqual({ takeFromBalanceCents: 0, netCents: 10_000 });
    expect(settlePayout(10_000, 1_000, 2_500)).toEqual({ takeFromBalanceCents: 2_500, netCents: 6_500 });
    expect(settlePayout(10_000, 1_000, 50_000)).toEqual({ takeFromBalanceCents: 9_000, netCents: 0 });
    expect(settlePayout(10_000, 10_000, 500)).toEqual({ takeFromBalanceCents: 0, netCents: 0 });
  });
});

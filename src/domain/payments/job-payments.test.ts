import { describe, expect, it } from 'vitest';
import {
  approvedBudgetCents,
  finalPartCents,
  firstPartCents,
  jobPaymentState,
  refundableCents,
  refundRefusal,
} from './job-payments';

describe('job payment amounts', () => {
  it('takes the final cost when an admin set one, else the estimate', () => {
    expect(approvedBudgetCents({ estimatedCost: 1_000_000, finalCost: null })).toBe(1_000_000);
    expect(approvedBudgetCents({ estimatedCost: 1_000_000, finalCost: 1_200_000 })).toBe(1_200_000);
    expect(approvedBudgetCents({ estimatedCost: null, finalCost: null })).toBeNull();
  });

  it('asks the configured share first, rounded to the cent', () => {
    expect(firstPartCents(1_000_000, 50)).toBe(500_000);
    expect(firstPartCents(1_001, 50)).toBe(501);
    expect(firstPartCents(999, 33)).toBe(330);
    expect(firstPartCents(1_000, 100)).toBe(1_000);
    expect(firstPartCents(0, 50)).toBe(0);
  });

  it('asks the budget minus what the first part received, or minus its asked amount while unpaid', () => {
    expect(finalPartCents(1_000_000, { amountCents: 500_000, receivedCents: 500_000 })).toBe(500_000);
    // an insurer's cheque for less: the final part asks the rest
    expect(finalPartCents(1_000_000, { amountCents: 500_000, receivedCents: 400_000 })).toBe(600_000);
    expect(finalPartCents(1_000_000, { amountCents: 500_000, receivedCents: null })).toBe(500_000);
    expect(finalPartCents(1_000_000, null)).toBe(1_000_000);
    expect(finalPartCents(300_000, { amountCents: 500_000, receivedCents: 500_000 })).toBe(0);
  });
});

describe('refunds', () => {
  const paid = { receivedCents: 500_000, refundedCents: 100_000 };
  it('never refunds more than received minus refunded', () => {
    expect(refundableCents(paid)).toBe(400_000);
    expect(refundRefusal(paid, 400_000)).toBeNull();
    expect(refundRefusal(paid, 400_001)).toMatch(/more than/);
    expect(refundRefusal(paid, 0)).toMatch(/greater than 0/);
    expect(refundRefusal(paid, 1.5)).toMatch(/greater than 0/);
    expect(refundRefusal({ receivedCents: null, refundedCents: 0 }, 1)).toMatch(/received/);
  });
});

describe('the state people see', () => {
  it('reads not due, due, processing, paid and refunded', () => {
    expect(jobPaymentState(null)).toBe('not_due');
    expect(jobPaymentState({ receivedCents: null, refundedCents: 0, cardStatus: null })).toBe('due');
    expect(jobPaymentState({ receivedCents: null, refundedCents: 0, cardStatus: 'failed' })).toBe('due');
    expect(jobPaymentState({ receivedCents: null, refundedCents: 0, cardStatus: 'processing' })).toBe(
      'processing',
    );
    expect(jobPaymentState({ receivedCents: 100, refundedCents: 50, cardStatus: 'succeeded' })).toBe('paid');
    expect(jobPaymentState({ receivedCents: 100, refundedCents: 100, cardStatus: 'succeeded' })).toBe(
      'refunded',
    );
  });
});

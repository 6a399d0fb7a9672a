import { describe, expect, it } from 'vitest';
import {
  contractorDashboardSummary,
  contractorPaymentCents,
  dashboardTabs,
  ratingText,
  revenueCaption,
  type SummaryProject,
} from './dashboard-summary';

const job = (
  status: SummaryProject['status'],
  contractorPaymentAmount: number | null = null,
  finalCost: number | null = null,
): SummaryProject => ({ status, contractorPaymentAmount, finalCost });

describe('contractor dashboard summary (spec 2 §2)', () => {
  it('counts every project, the active and completed ones, and the new matches', () => {
    const s = contractorDashboardSummary(
      [job('in_progress'), job('in_progress'), job('matched'), job('completed', 100), job('cancelled')],
      4.8,
    );
    expect(s).toMatchObject({
      totalProjects: 5,
      activeCount: 2,
      completedCount: 1,
      newMatches: 1,
      rating: 4.8,
    });
  });

  it('takes revenue from the payouts paid (net of refunds), not from the projects; the caption counts the completed ones', () => {
    const s = contractorDashboardSummary(
      [
        job('completed', 1_000_00, 9_999_99),
        job('completed', null, 2_500_50),
        job('completed', null, null),
        job('in_progress', 7_000_00, 7_000_00),
        job('matched', 3_000_00),
      ],
      null,
      0,
      880_00,
    );
    expect(s.revenueCents).toBe(880_00);
    expect(s.completedCount).toBe(3);
    expect(contractorDashboardSummary([job('completed', 1_000_00)], null).revenueCents).toBe(0);
  });

  it('keeps a payment of zero as the payment (it is known, not missing)', () => {
    expect(contractorPaymentCents({ contractorPaymentAmount: 0, finalCost: 5_00 })).toBe(0);
    expect(contractorPaymentCents({ contractorPaymentAmount: null, finalCost: null })).toBeNull();
  });

  it('shows a rating of 0 when the contractor has none, out of 5.0', () => {
    expect(contractorDashboardSummary([], undefined).rating).toBe(0);
    expect(ratingText(0)).toBe('0.0/5.0');
    expect(ratingText(4.8)).toBe('4.8/5.0');
  });

  it('is all zeros without projects', () => {
    expect(contractorDashboardSummary([], 0)).toEqual({
      totalProjects: 0,
      activeCount: 0,
      completedCount: 0,
      revenueCents: 0,
      rating: 0,
      reviewCount: 0,
      newMatches: 0,
    });
  });

  it("says where the revenue comes from: 'From N completed projects'", () => {
    expect(revenueCaption(0)).toBe('From 0 completed projects');
    expect(revenueCaption(2)).toBe('From 2 completed projects');
    expect(revenueCaption(1)).toBe('From 1 completed project');
  });

  it('puts in_progress in Active, matched in New Matches, completed in Completed, and nothing else anywhere', () => {
    const all = [job('pending'), job('matched'), job('in_progress'), job('completed'), job('cancelled')];
    const tabs = dashboardTabs(all);
    expect(tabs.active.map((p) => p.status)).toEqual(['in_progress']);
    expect(tabs.matched.map((p) => p.status)).toEqual(['matched']);
    expect(tabs.completed.map((p) => p.status)).toEqual(['completed']);
  });
});

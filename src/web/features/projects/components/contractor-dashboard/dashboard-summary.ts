// Relative imports only: the unit tests load this file without the bundler's aliases.
import type { Project } from '../../../../../domain/projects/schemas';

/** What the summary cards and tabs read of a project. */
export type SummaryProject = Pick<Project, 'status' | 'contractorPaymentAmount' | 'finalCost'>;

export interface DashboardSummary {
  totalProjects: number;
  activeCount: number;
  completedCount: number;
  /** Cents: the contractor's payouts paid, net of refunds (issue 25 #4; the payouts feature). */
  revenueCents: number;
  /** Out of 5.0, computed from the reviews; 0 when the contractor has none yet. */
  rating: number;
  /** The visible reviews the rating is computed from. */
  reviewCount: number;
  /** Matched projects waiting for the contractor's answer. */
  newMatches: number;
}

/** What a completed job paid the contractor: their payment amount, else the final cost; null when neither is known. */
export function contractorPaymentCents(
  p: Pick<Project, 'contractorPaymentAmount' | 'finalCost'>,
): number | null {
  return p.contractorPaymentAmount ?? p.finalCost ?? null;
}

/**
 * The four summary cards of the contractor dashboard (spec 2 §2). Revenue is what the contractor
 * was really paid (its payouts, net of refunds: issue 25 #4 overrides the spec's sum of project
 * amounts); the caption still counts the completed projects.
 */
export function contractorDashboardSummary(
  projects: readonly SummaryProject[],
  rating: number | null | undefined,
  reviewCount = 0,
  paidOutCents = 0,
): DashboardSummary {
  const completed = projects.filter((p) => p.status === 'completed');
  return {
    totalProjects: projects.length,
    activeCount: projects.filter((p) => p.status === 'in_progress').length,
    completedCount: completed.length,
    revenueCents: paidOutCents,
    rating: rating ?? 0,
    reviewCount,
    newMatches: projects.filter((p) => p.status === 'matched').length,
  };
}

/** The three tabs: Active Projects (in_progress), New Matches (matched), Completed. */
export function dashboardTabs<P extends Pick<Project, 'status'>>(projects: readonly P[]) {
  return {
    active: projects.filter((p) => p.status === 'in_progress'),
    matched: projects.filter((p) => p.status === 'matched'),
    completed: projects.filter((p) => p.status === 'completed'),
  };
}

/** The Revenue card's line: 'From N completed projects' (one project reads in the singular). */
export function revenueCaption(completedCount: number): string {
  return `From ${completedCount} completed ${completedCount === 1 ? 'project' : 'projects'}`;
}

/** The Rating card's figure, out of 5.0. */
export function ratingText(rating: number): string {
  return `${rating.toFixed(1)}/5.0`;
}

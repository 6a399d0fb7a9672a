import { contractorShareCents } from '@domain/projects/workflow';

/**
 * The admin dashboard's pure pieces (spec 2 §2), tested once. The cards' and panels' figures are
 * counted by the server (GET /api/admin/summary, issue 26 #2), not added up here.
 */

export type DashboardPanel = 'projects' | 'pending' | 'contractors' | 'verification' | 'users' | 'revenue';

/** The contractor's 88 % share of a budget typed in dollars, as a rounded dollar figure ('' when none). */
export function contractorShareDollars(budgetDollars: string): number | null {
  const cents = dollarsInputToCents(budgetDollars);
  if (cents === null) return null;
  return Math.round(contractorShareCents(cents) / 100);
}

/** '14,500' or '$14500.50' -> cents; '' or not a non-negative amount -> null. */
export function dollarsInputToCents(input: string): number | null {
  const cleaned = input.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

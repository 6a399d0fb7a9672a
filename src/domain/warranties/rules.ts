/**
 * Warranty periods and the claim rules (issue 25 #6, #7), pure so the server and the web share
 * them. The workmanship warranty is the contractor's: WORKMANSHIP_YEARS from the completion date
 * (the acceptance of the work when no completion date was recorded). The warranty exists from the
 * final payment (the terms: "your warranty starts on the date of the final payment"); a claim may
 * be opened while either the workmanship or the material warranty runs.
 */

export const WORKMANSHIP_YEARS = 10;

/** `years` whole years after `from` (Feb 29 becomes Mar 1 in a non-leap year, as Date does). */
export function addYears(from: Date, years: number): Date {
  const d = new Date(from.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/** Where the warranty periods start: the completion date, else the acceptance, else the final payment. */
export function warrantyStart(p: {
  completionDate: Date | null;
  workAcceptedAt: Date | null;
  receivedAt: Date;
}): Date {
  return p.completionDate ?? p.workAcceptedAt ?? p.receivedAt;
}

export interface WarrantyPeriods {
  startsAt: Date;
  workmanshipEndsAt: Date;
  /** Null when the installed material is unknown. */
  materialEndsAt: Date | null;
}

export function warrantyPeriods(startsAt: Date, materialYears: number | null): WarrantyPeriods {
  return {
    startsAt,
    workmanshipEndsAt: addYears(startsAt, WORKMANSHIP_YEARS),
    materialEndsAt: materialYears === null ? null : addYears(startsAt, materialYears),
  };
}

/** The end of the last running warranty (the claims' period, and the certificate's life). */
export function warrantyEndsAt(w: { workmanshipEndsAt: Date; materialEndsAt: Date | null }): Date {
  return w.materialEndsAt && w.materialEndsAt > w.workmanshipEndsAt ? w.materialEndsAt : w.workmanshipEndsAt;
}

/** Whether a claim may be opened at `now` (before the end of the last running warranty). */
export function claimWindowOpen(
  w: { workmanshipEndsAt: Date; materialEndsAt: Date | null },
  now: Date,
): boolean {
  return now.getTime() < warrantyEndsAt(w).getTime();
}

export const claimStatuses = ['open', 'scheduled', 'resolved'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];
export const claimStatusLabels: Record<ClaimStatus, string> = {
  open: 'Open',
  scheduled: 'Visit scheduled',
  resolved: 'Resolved',
};

/**
 * The status changes the contractor or an admin may make: schedule (or move) a visit, resolve,
 * reopen a resolved claim or put a scheduled one back to open. Setting the status it has is
 * refused, except a scheduled claim given a new date.
 */
export function claimTransitionAllowed(from: ClaimStatus, to: ClaimStatus): boolean {
  if (from === to) return from === 'scheduled';
  return true;
}

/** Days since `from`, whole (the admins' list ages open claims by it). */
export function ageInDays(from: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - from.getTime()) / 86_400_000));
}

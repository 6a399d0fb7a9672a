/** What the warranty certificate prints (issue 25 #6). */
export interface CertificateData {
  brandName: string;
  /** The project's SWRX job id. */
  reference: string;
  property: { line1: string; cityStateZip: string };
  owner: string;
  contractor: { company: string | null; licence: string | null };
  completionDate: Date | null;
  finalPaymentDate: Date;
  startsAt: Date;
  workmanshipYears: number;
  workmanshipEndsAt: Date;
  material: { name: string; stated: string; years: number; endsAt: Date; source: string } | null;
  /** The governing-law state of the terms. */
  supportEmail: string;
  publicUrl: string;
  generatedAt: Date;
}

export function longDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

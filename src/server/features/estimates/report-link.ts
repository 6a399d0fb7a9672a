import { REPORT_LINK_TTL_DAYS } from '../../../domain/estimates-report/schemas';
import { sign, verifySignature } from '../../platform/crypto';

const DAY_S = 24 * 3600;

function signedValue(reference: string, expires: number): string {
  return `report-download:${reference}:${expires}`;
}

export interface ReportLink {
  url: string;
  expiresAt: Date;
}

/**
 * A download link for a report that works without an account until it expires: the reference and
 * the expiry are signed with the session secret, so neither can be changed.
 */
export function reportDownloadLink(
  opts: { secret: string; baseUrl: string; reference: string },
  now = new Date(),
  ttlDays = REPORT_LINK_TTL_DAYS,
): ReportLink {
  const expires = Math.floor(now.getTime() / 1000) + ttlDays * DAY_S;
  const sig = sign(opts.secret, signedValue(opts.reference, expires));
  const url = `${opts.baseUrl}/api/reports/${encodeURIComponent(opts.reference)}.pdf?expires=${expires}&sig=${sig}`;
  return { url, expiresAt: new Date(expires * 1000) };
}

export type LinkCheck = 'valid' | 'invalid' | 'expired';

export function checkReportLink(
  secret: string,
  reference: string,
  expiresText: string | undefined,
  sig: string | undefined,
  now = new Date(),
): LinkCheck {
  if (!expiresText || !sig || !/^\d{1,15}$/.test(expiresText)) return 'invalid';
  const expires = Number(expiresText);
  // the signature first: an expiry nobody signed says nothing
  if (!verifySignature(secret, signedValue(reference, expires), sig)) return 'invalid';
  return expires * 1000 < now.getTime() ? 'expired' : 'valid';
}

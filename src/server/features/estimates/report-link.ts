import { REPORT_LINK_TTL_DAYS } from '../../../domain/estimates/report/schemas';
import { sign, verifySignature } from '../../platform/crypto';

const DAY_S = 24 * 3600;

/** Links of one version sign it too; links made before versions existed (no `v`) serve the latest. */
function signedValue(reference: string, expires: number, version?: number): string {
  return version === undefined
    ? `report-download:${reference}:${expires}`
    : `report-download:${reference}:v${version}:${expires}`;
}

export interface ReportLink {
  url: string;
  expiresAt: Date;
}

/**
 * A download link for a report that works without an account until it expires: the reference,
 * the version (when given) and the expiry are signed with the session secret, so none can be
 * changed: a link signed for version 1 cannot fetch version 2.
 */
export function reportDownloadLink(
  opts: { secret: string; baseUrl: string; reference: string; version?: number },
  now = new Date(),
  ttlDays = REPORT_LINK_TTL_DAYS,
): ReportLink {
  const expires = Math.floor(now.getTime() / 1000) + ttlDays * DAY_S;
  const sig = sign(opts.secret, signedValue(opts.reference, expires, opts.version));
  const v = opts.version === undefined ? '' : `v=${opts.version}&`;
  const url = `${opts.baseUrl}/api/reports/${encodeURIComponent(opts.reference)}.pdf?${v}expires=${expires}&sig=${sig}`;
  return { url, expiresAt: new Date(expires * 1000) };
}

export type LinkCheck = 'valid' | 'invalid' | 'expired';

/** A link's version text: a whole number from 1, or undefined for a link without one. */
export function linkVersion(versionText: string | undefined): number | undefined | null {
  if (versionText === undefined) return undefined;
  if (!/^[1-9]\d{0,5}$/.test(versionText)) return null;
  return Number(versionText);
}

export function checkReportLink(
  secret: string,
  reference: string,
  expiresText: string | undefined,
  sig: string | undefined,
  now = new Date(),
  versionText?: string,
): LinkCheck {
  if (!expiresText || !sig || !/^\d{1,15}$/.test(expiresText)) return 'invalid';
  const version = linkVersion(versionText);
  if (version === null) return 'invalid';
  const expires = Number(expiresText);
  // the signature first: an expiry nobody signed says nothing
  if (!verifySignature(secret, signedValue(reference, expires, version), sig)) return 'invalid';
  return expires * 1000 < now.getTime() ? 'expired' : 'valid';
}

import type { Estimate } from '../../../domain/estimates/estimate-types';
import {
  formatCentsWhole,
  formatLongDate,
  formatNumber,
  formatPitchRise,
  formatSqFt,
} from '../../../domain/estimates/report/format';
import { PRELIMINARY_MARK, versionNote } from '../../../domain/estimates/report/report-content';
import type { RoofMeasurement } from '../../../domain/estimates/types';
import type { OutgoingMail } from '../../platform/mail/types';
import type { QuoteRow } from './estimates.repo';

export type ReportRecipientRole = 'requester' | 'homeowner' | 'adjuster';

export interface ReportRecipient {
  role: ReportRecipientRole;
  email: string;
  firstName: string | null;
}

/** Requester, plus homeowner and adjuster when their e-mails are given; one mail per address. */
export function reportRecipients(q: QuoteRow): ReportRecipient[] {
  const out: ReportRecipient[] = [];
  const seen = new Set<string>();
  const add = (role: ReportRecipientRole, email: string | null, firstName: string | null) => {
    const e = email?.trim();
    if (!e || seen.has(e.toLowerCase())) return;
    seen.add(e.toLowerCase());
    out.push({ role, email: e, firstName: firstName?.trim() || null });
  };
  add('requester', q.requesterEmail, q.requesterFirstName);
  add('homeowner', q.homeownerEmail, q.homeownerFirstName);
  if (q.insuranceInvolved.trim().toLowerCase() === 'yes')
    add('adjuster', q.adjusterEmail, q.adjusterFirstName);
  return out;
}

export function propertyLine(q: QuoteRow): string {
  return [q.streetAddress, q.streetAddress2, `${q.city}, ${q.state} ${q.zipCode}`]
    .filter((p) => p && p.trim() !== '')
    .join(', ');
}

/** The PDF's file name; versions after the first carry their number (both stay valid, both are kept). */
export function reportFileName(brandName: string, reference: string, version = 1): string {
  const brand = brandName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'Report';
  return `${brand}-Fair-Market-Value-Report-${reference}${version > 1 ? `-v${version}` : ''}.pdf`;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function reportMail(opts: {
  brandName: string;
  supportEmail: string;
  quote: QuoteRow;
  recipient: ReportRecipient;
  measurement: RoofMeasurement;
  estimate: Estimate;
  link: { url: string; expiresAt: Date };
  pdf: Buffer;
  /** Version of the report of this order; 1 (the default) is the first. */
  version?: number;
}): OutgoingMail {
  const { brandName, quote: q, recipient: r, estimate: est, measurement: m, link } = opts;
  const version = opts.version && opts.version > 1 ? Math.floor(opts.version) : 1;
  const preliminary = est.basis === 'preliminary';
  const property = propertyLine(q);
  const why =
    r.role === 'adjuster'
      ? `You receive this report as the adjuster${q.claimNumber ? ` on claim ${q.claimNumber}` : ''}${q.carrierName ? ` (${q.carrierName})` : ''}.`
      : r.role === 'homeowner'
        ? `${q.requesterFirstName} ${q.requesterLastName} ordered this report for your property.`
        : 'Thank you for your order.';
  const figures = [
    `Project ID: ${q.reference}`,
    `Property: ${property}`,
    `Report version: ${version}${preliminary ? ` (${PRELIMINARY_MARK})` : ''}`,
    `${preliminary ? 'Preliminary' : 'Expected'} Fair Market Value: ${formatCentsWhole(est.range.expectedCents)} (range ${formatCentsWhole(est.range.lowCents)} to ${formatCentsWhole(est.range.highCents)})`,
    `Roof${preliminary ? ' (assumed, not measured)' : ''}: ${formatSqFt(m.totalAreaSqFt)} (${formatNumber(m.squares, 2, 2)} squares), ${preliminary ? 'pitch' : 'predominant pitch'} ${formatPitchRise(m.predominantPitch)}`,
  ];
  // a preliminary report says so, what it assumed and what happens next; a later version says it replaces nothing
  const preliminaryLines = preliminary
    ? [
        `${PRELIMINARY_MARK}: the roof has not been measured yet, so this price rests on the size below.`,
        `What we assumed: ${est.preliminary?.assumption ?? 'a typical roof size for the building height.'}`,
        `What happens next: ${est.preliminary?.nextSteps ?? 'our team measures the roof and mails the measured report as a new version.'}`,
      ]
    : [];
  const versionLine = versionNote(version, preliminary);
  const intro = preliminary
    ? `Your preliminary Fair Market Value roof report for ${property} is ready. It is attached to this e-mail as a PDF.`
    : `Your Fair Market Value roof report for ${property} is ready. It is attached to this e-mail as a PDF.`;
  const linkLine = `Download the report at any time until ${formatLongDate(link.expiresAt)}, no account needed:`;
  const disclaimer = `This report is an estimate of fair market value, not a bid. ${brandName} is a marketplace only: independent, verified, licensed contractors do the work.`;
  const questions = `Questions? Write to ${opts.supportEmail} and quote your Project ID ${q.reference}.`;
  const greeting = r.firstName ? `Hello ${r.firstName},` : 'Hello,';

  const text = [
    greeting,
    '',
    intro,
    why,
    ...(versionLine ? [versionLine] : []),
    '',
    ...(preliminaryLines.length > 0 ? [...preliminaryLines, ''] : []),
    ...figures,
    '',
    linkLine,
    link.url,
    '',
    disclaimer,
    questions,
    '',
    `The ${brandName} team`,
  ].join('\n');

  const html = `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:600px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro).replace(escapeHtml(property), `<strong>${escapeHtml(property)}</strong>`)}<br>${escapeHtml(why)}${versionLine ? `<br>${escapeHtml(versionLine)}` : ''}</p>
${preliminaryLines.length > 0 ? `<p style="border-left:4px solid #b42318;background:#fdeceb;padding:8px 12px"><strong style="color:#b42318">${escapeHtml(PRELIMINARY_MARK)}</strong><br>${preliminaryLines.map(escapeHtml).join('<br>')}</p>` : ''}
<table style="border-collapse:collapse;margin:12px 0">${figures
    .map((f) => {
      const [label, ...rest] = f.split(': ');
      return `<tr><td style="padding:3px 12px 3px 0;color:#5f6b7a">${escapeHtml(label ?? '')}</td><td style="padding:3px 0"><strong>${escapeHtml(rest.join(': '))}</strong></td></tr>`;
    })
    .join('')}</table>
<p>${escapeHtml(linkLine)}<br><a href="${escapeHtml(link.url)}" style="color:#16253d">Download the PDF report</a></p>
<p style="color:#5f6b7a;font-size:13px">${escapeHtml(disclaimer)}<br>${escapeHtml(questions)}</p>
<p>The ${escapeHtml(brandName)} team</p>
</body></html>`;

  return {
    to: r.email,
    subject: preliminary
      ? `Your preliminary roof report (${PRELIMINARY_MARK}) - Project ID ${q.reference}${version > 1 ? `, version ${version}` : ''}`
      : `Your Fair Market Value roof report - Project ID ${q.reference}${version > 1 ? `, version ${version} (measured)` : ''}`,
    text,
    html,
    replyTo: opts.supportEmail,
    // the signed link downloads the report without an account: never in the stored copy
    secrets: [link.url],
    attachments: [
      {
        filename: reportFileName(brandName, q.reference, version),
        contentType: 'application/pdf',
        content: opts.pdf,
      },
    ],
  };
}

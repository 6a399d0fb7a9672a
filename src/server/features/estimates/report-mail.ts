import type { Estimate, RoofMeasurement } from '../../../domain/estimate/types';
import {
  formatCentsWhole,
  formatLongDate,
  formatNumber,
  formatPitchRise,
  formatSqFt,
} from '../../../domain/estimates-report/format';
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

export function reportFileName(brandName: string, reference: string): string {
  const brand = brandName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'Report';
  return `${brand}-Fair-Market-Value-Report-${reference}.pdf`;
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
}): OutgoingMail {
  const { brandName, quote: q, recipient: r, estimate: est, measurement: m, link } = opts;
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
    `Expected Fair Market Value: ${formatCentsWhole(est.range.expectedCents)} (range ${formatCentsWhole(est.range.lowCents)} to ${formatCentsWhole(est.range.highCents)})`,
    `Roof: ${formatSqFt(m.totalAreaSqFt)} (${formatNumber(m.squares, 2, 2)} squares), predominant pitch ${formatPitchRise(m.predominantPitch)}`,
  ];
  const linkLine = `Download the report at any time until ${formatLongDate(link.expiresAt)}, no account needed:`;
  const disclaimer = `This report is an estimate of fair market value, not a bid. ${brandName} is a marketplace only: independent, verified, licensed contractors do the work.`;
  const questions = `Questions? Write to ${opts.supportEmail} and quote your Project ID ${q.reference}.`;
  const greeting = r.firstName ? `Hello ${r.firstName},` : 'Hello,';

  const text = [
    greeting,
    '',
    `Your Fair Market Value roof report for ${property} is ready. It is attached to this e-mail as a PDF.`,
    why,
    '',
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
<p>Your Fair Market Value roof report for <strong>${escapeHtml(property)}</strong> is ready. It is attached to this e-mail as a PDF.<br>${escapeHtml(why)}</p>
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
    subject: `Your Fair Market Value roof report - Project ID ${q.reference}`,
    text,
    html,
    replyTo: opts.supportEmail,
    attachments: [
      { filename: reportFileName(brandName, q.reference), contentType: 'application/pdf', content: opts.pdf },
    ],
  };
}

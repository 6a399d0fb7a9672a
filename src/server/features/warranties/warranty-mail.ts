import type { OutgoingMail } from '../../platform/mail/types';
import { type CertificateData, longDate } from './certificate/certificate-data';

/** Where the mails send people: the project, on its warranty panel. */
export const warrantyPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}#warranty`;

/**
 * The certificate's mail to the homeowner: the PDF attached (as the report mail attaches the
 * report; CONTRACT.md "Mail and chat") and the project's page, where it stays downloadable.
 */
export function certificateMail(
  c: CertificateData & { to: string; projectId: string; owner: string; pdf: Buffer },
): OutgoingMail {
  const link = `${c.publicUrl}${warrantyPath(c.projectId)}`;
  const material = c.material
    ? `Material warranty (the manufacturer's): ${c.material.name}, ${c.material.stated}, until ${longDate(c.material.endsAt)}.`
    : "Material warranty: the manufacturer's warranty of the installed product, as it states it.";
  return {
    to: c.to,
    subject: `Your roof warranty certificate: ${c.reference}`,
    text: [
      `Hello ${c.owner},`,
      '',
      `Thank you for your final payment on ${c.reference} (${c.property.line1}). Your warranty starts today; the certificate is attached.`,
      '',
      `Workmanship (labor) warranty: ${c.workmanshipYears} years, from ${longDate(c.startsAt)} until ${longDate(c.workmanshipEndsAt)}.`,
      material,
      '',
      `The certificate stays in your project's job file, and you can open a warranty claim there at any time during the period: ${link}`,
      '',
      `The ${c.brandName} team`,
    ].join('\n'),
    attachments: [
      { filename: `warranty-${c.reference}.pdf`, contentType: 'application/pdf', content: c.pdf },
    ],
  };
}

import type { CertificateData } from './certificate-data';
import { C, CONTENT_W, type Doc, FONT, FONT_BOLD, PAGE, room, sectionTitle, write } from './style';

/**
 * The conditions, in the words of the site's terms (src/web/features/site/pages/terms-page.tsx,
 * "Payment terms" and "Warranties"), and the exclusions, plainly.
 */
export function conditions(data: CertificateData): string[] {
  return [
    'Your warranty starts on the date of the final payment (our terms: "your warranty starts on the date of the final payment"); this certificate was issued when it was received.',
    `The ${data.workmanshipYears}-year labor (workmanship) warranty is given by the contractor named above and runs from the completion date. It covers leaks and failures caused by how the roof was installed: the contractor inspects and repairs them at no cost to you.`,
    "The material warranty is the manufacturer's, not ours or the contractor's. It lasts up to 50 years depending on the product; the manufacturer's own warranty document sets its terms, proration, transfer and any registration it requires.",
    `To make a claim, open a warranty claim on your project page at ${data.publicUrl} within the period, describe what happened and add photos. Your contractor and our team are told at once and answer in the claim's thread.`,
    'Please report a problem as soon as you notice it and take reasonable steps to limit further damage (a tarp, a bucket) until the visit.',
  ];
}

export const exclusions = [
  'Storms, hail, wind above the product’s rated speed, falling trees or limbs, fire, flood, earthquakes and other acts of nature (a matter for your home insurance).',
  'Damage by people or animals, foot traffic, and work done on the roof later by others (satellite dishes, solar panels, HVAC, antennas) or changes to the roof.',
  'Lack of reasonable upkeep: clogged gutters, debris, ice dams, moss or standing water left in place.',
  'Parts not installed in this job: chimneys, skylights, siding, walls, and existing decking or structure that was not replaced.',
  'Ordinary weathering and looks: colour changes, algae staining, granule shedding, unless the manufacturer’s warranty covers them.',
  "Defects of the material itself: covered by the manufacturer's warranty under its own terms, not by the workmanship warranty.",
  'Interior damage, mold and consequential losses, to the extent the law allows.',
];

function bullets(doc: Doc, items: readonly string[], y: number): number {
  let at = y;
  for (const item of items) {
    doc.font(FONT).fontSize(9.5);
    at = room(doc, at, doc.heightOfString(item, { width: CONTENT_W - 14, lineGap: 1.5 }));
    write(doc, '•', PAGE.left + 2, at, { width: 10, color: C.orange, font: FONT_BOLD });
    at = write(doc, item, PAGE.left + 14, at, { width: CONTENT_W - 14 }) + 4;
  }
  return at;
}

/** The conditions and exclusions; answers the y below them. */
export function termsSection(doc: Doc, data: CertificateData, y: number): number {
  let at = sectionTitle(doc, 'Conditions', room(doc, y, 60));
  at = bullets(doc, conditions(data), at) + 6;
  at = sectionTitle(doc, 'What the warranty does not cover', room(doc, at, 60));
  return bullets(doc, exclusions, at);
}

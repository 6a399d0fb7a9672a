import { type CertificateData, longDate } from './certificate-data';
import { brandMark, C, CONTENT_W, type Doc, FONT, FONT_BOLD, PAGE, sectionTitle, write } from './style';

/** The navy band with the brand, the title and the project id. */
function band(doc: Doc, data: CertificateData): number {
  doc.rect(0, 0, PAGE.width, 118).fill(C.navy);
  doc.rect(0, 118, PAGE.width, 4).fill(C.orange);
  brandMark(doc, PAGE.left, 34, 40);
  const leftW = CONTENT_W * 0.55 - 52;
  write(doc, data.brandName, PAGE.left + 52, 36, {
    width: leftW,
    font: FONT_BOLD,
    size: 22,
    color: '#ffffff',
  });
  write(doc, 'Warranty Certificate', PAGE.left + 52, 63, { width: leftW, size: 10.5, color: '#c9d3e0' });
  const rightX = PAGE.left + CONTENT_W * 0.55;
  const rightW = CONTENT_W * 0.45;
  write(doc, 'PROJECT ID', rightX, 38, { width: rightW, align: 'right', size: 8.5, color: '#c9d3e0' });
  write(doc, data.reference, rightX, 51, {
    width: rightW,
    align: 'right',
    font: FONT_BOLD,
    size: 16,
    color: '#ffffff',
  });
  write(doc, `Issued ${longDate(data.finalPaymentDate)}`, rightX, 74, {
    width: rightW,
    align: 'right',
    size: 9,
    color: '#c9d3e0',
  });
  return 146;
}

/** Label / value rows in two columns; answers the y below. */
function keyValues(doc: Doc, rows: [string, string][], y: number): number {
  let at = y;
  const labelW = 150;
  for (const [label, value] of rows) {
    write(doc, label, PAGE.left, at, { width: labelW, size: 9, color: C.muted });
    at =
      Math.max(
        at + 13,
        write(doc, value, PAGE.left + labelW, at, { width: CONTENT_W - labelW, font: FONT_BOLD }),
      ) + 4;
  }
  return at;
}

/** Two tiles: the workmanship period and the material warranty. */
function tiles(doc: Doc, data: CertificateData, y: number): number {
  const gap = 14;
  const w = (CONTENT_W - gap) / 2;
  const h = 92;
  const tile = (x: number, caps: string, figure: string, lines: string[]) => {
    doc.roundedRect(x, y, w, h, 6).fill(C.light);
    doc.rect(x, y, 4, h).fill(C.orange);
    write(doc, caps, x + 16, y + 12, { width: w - 28, size: 8.5, color: C.muted });
    let at = write(doc, figure, x + 16, y + 26, { width: w - 28, font: FONT_BOLD, size: 20, color: C.navy });
    for (const line of lines)
      at = write(doc, line, x + 16, at + 2, { width: w - 28, size: 8.5, color: C.ink });
  };
  tile(PAGE.left, 'WORKMANSHIP (LABOR) WARRANTY', `${data.workmanshipYears} years`, [
    `From ${longDate(data.startsAt)}`,
    `Until ${longDate(data.workmanshipEndsAt)}`,
  ]);
  const m = data.material;
  tile(
    PAGE.left + w + gap,
    'MATERIAL WARRANTY (MANUFACTURER)',
    m ? `${m.years} years` : 'As stated',
    m
      ? [m.name, `${m.stated}; until ${longDate(m.endsAt)}`]
      : ['The installed product was not recorded:', "its manufacturer's warranty applies as stated."],
  );
  return y + h + 18;
}

/** The certificate's first page: who, where, when, and the two warranties. */
export function certificatePage(doc: Doc, data: CertificateData): number {
  doc.addPage();
  let y = band(doc, data);
  y = write(doc, 'This certifies that the roofing work below is covered by these warranties.', PAGE.left, y, {
    width: CONTENT_W,
    size: 10,
    color: C.muted,
  });
  y = sectionTitle(doc, 'Property and parties', y + 12);
  y = keyValues(
    doc,
    [
      [
        'Property',
        `${data.property.line1}${data.property.cityStateZip ? `, ${data.property.cityStateZip}` : ''}`,
      ],
      ['Owner', data.owner],
      ['Contractor', data.contractor.company ?? 'Not recorded'],
      ['Contractor licence', data.contractor.licence ?? 'Not on file'],
      ['Project ID', data.reference],
      [
        'Completion date',
        data.completionDate
          ? longDate(data.completionDate)
          : 'Not recorded (the acceptance of the work is used)',
      ],
      ['Final payment received', longDate(data.finalPaymentDate)],
    ],
    y,
  );
  y = sectionTitle(doc, 'Your warranties', y + 10);
  y = tiles(doc, data, y);
  if (data.material) {
    y = write(doc, `Source of the material figure: ${data.material.source}`, PAGE.left, y - 8, {
      width: CONTENT_W,
      size: 8,
      color: C.muted,
      font: FONT,
    });
  }
  return y + 12;
}

import {
  formatFeet,
  formatNumber,
  formatPitchRise,
  formatSqFt,
} from '../../../../domain/estimates/report/format';
import { DRAWING_CAPTIONS, PRELIMINARY_MARK } from '../../../../domain/estimates/report/report-content';
import { drawRoof, hasOutlines } from './drawing';
import {
  BOTTOM,
  bullets,
  currentPageNumber,
  newPage,
  numberRows,
  plainPage,
  type SectionPages,
  sectionTitle,
} from './layout';
import { isPreliminary, type ReportData } from './report-data';
import { C, type Doc, PAGE } from './style';
import { CONTENT_W, say } from './text-styles';

/** The four figure tiles: never 'Not in file' in a headline position (a computed figure instead). */
export function measurementTiles(data: ReportData): [string, string][] {
  const m = data.measurement;
  const preliminary = isPreliminary(data);
  return [
    [preliminary ? 'Roof area (assumed)' : 'Total roof area', formatSqFt(m.totalAreaSqFt)],
    ['Squares', formatNumber(m.squares, 2, 2)],
    [preliminary ? 'Pitch (assumed)' : 'Predominant pitch', formatPitchRise(m.predominantPitch)],
    m.facetCount !== null
      ? ['Facets', String(m.facetCount)]
      : ['Pitch groups', String(Math.max(1, Object.keys(m.areaByPitch).length))],
  ];
}

/** Page 2: figures, drawing, lengths, areas by pitch, facets, the file's waste table and notes. Returns the y below. */
export function measurementPage(doc: Doc, data: ReportData, pages: SectionPages): number {
  const m = data.measurement;
  const preliminary = isPreliminary(data);
  const geometry = hasOutlines(m);
  const basis = 'Areas are sloped (true) roof areas; 1 square = 100 sq ft; waste is not included.';
  const intro = preliminary
    ? `${PRELIMINARY_MARK}: the size and pitch below are assumed, as stated on page 1; lengths are estimated from them. ${basis}`
    : data.measurementFileName
      ? `From the ${data.measurementSource} file "${data.measurementFileName}". ${basis}`
      : `Total area and predominant pitch entered by our estimating team; line lengths are estimated (see the notes below). ${basis}`;
  let y = newPage(doc, data, 'Roof measurements', intro);
  pages.set('measurements', currentPageNumber(doc));

  const tiles = measurementTiles(data);
  const gap = 10;
  const tw = (CONTENT_W - gap * 3) / 4;
  tiles.forEach(([label, value], i) => {
    const x = PAGE.left + i * (tw + gap);
    const tile = { x, y, width: tw, height: 50 };
    doc.roundedRect(x, y, tw, 50, 4).fill(C.light);
    say(doc, 'caps', label.toUpperCase(), x + 10, y + 10, {
      width: tw - 20,
      size: 8,
      characterSpacing: 0.6,
      oneLine: true,
      minSize: 6.5,
      container: tile,
    });
    say(doc, 'figure', value, x + 10, y + 25, {
      width: tw - 20,
      size: 15,
      oneLine: true,
      minSize: 9,
      container: tile,
    });
  });
  y += 64;

  // drawing
  const drawH = 250;
  doc.roundedRect(PAGE.left, y, CONTENT_W, drawH, 4).lineWidth(0.75).strokeColor(C.rule).stroke();
  drawRoof(
    doc,
    m,
    { x: PAGE.left + 1, y: y + 1, width: CONTENT_W - 2, height: drawH - 2 },
    data.measurementFileName !== null,
  );
  y += drawH + 6;
  // the schematic carries its own 'not to scale' label: the caption below adds only the note
  y =
    say(doc, 'caption', geometry ? DRAWING_CAPTIONS.toScale : DRAWING_CAPTIONS.schematicNote, PAGE.left, y, {
      width: CONTENT_W,
    }) + 12;

  // lengths and pitch tables side by side; numbers right-aligned in their own columns
  const colW = (CONTENT_W - 24) / 2;
  const lx = PAGE.left;
  const rx = PAGE.left + colW + 24;
  const L = m.lengths;
  const lengthRows: { label: string; values: string[] }[] = m.ridgesAndHipsCombined
    ? [{ label: 'Ridges and hips (combined in file)', values: [formatFeet(L.ridges + L.hips)] }]
    : [
        { label: 'Ridges', values: [formatFeet(L.ridges)] },
        { label: 'Hips', values: [formatFeet(L.hips)] },
      ];
  lengthRows.push(
    { label: 'Valleys', values: [formatFeet(L.valleys)] },
    { label: 'Rakes', values: [formatFeet(L.rakes)] },
    { label: 'Eaves', values: [formatFeet(L.eaves)] },
    { label: 'Drip edge (eaves + rakes)', values: [formatFeet(L.eaves + L.rakes)] },
    { label: 'Flashing (headwall / apron)', values: [formatFeet(L.flashing)] },
    { label: 'Step flashing', values: [formatFeet(L.stepFlashing)] },
  );
  let ly = sectionTitle(
    doc,
    preliminary ? 'Lengths (estimated from the assumed size)' : 'Lengths',
    lx,
    y,
    colW,
  );
  ly = numberRows(doc, lengthRows, lx, ly, colW, [80]);

  let ry = sectionTitle(doc, 'Area by pitch', rx, y, colW);
  const pitches = Object.entries(m.areaByPitch)
    .map(([label, area]) => ({ label, area, rise: Number.parseFloat(label) }))
    .sort((a, b) => a.rise - b.rise);
  const total = m.totalAreaSqFt || 1;
  ry = numberRows(
    doc,
    pitches.map((p) => ({
      label: `${p.label}${p.rise <= 2 ? '  (low slope)' : ''}`,
      values: [formatSqFt(p.area), `${formatNumber((p.area / total) * 100, 1, 1)}%`],
    })),
    rx,
    ry,
    colW,
    [72, 48],
  );
  const extra: { label: string; values: string[] }[] = [];
  if (m.suggestedWastePercent !== undefined)
    extra.push({
      label: 'Waste suggested by the file',
      values: [`${formatNumber(m.suggestedWastePercent, 1, 1)}%`],
    });
  extra.push({
    label: 'Waste applied in this estimate',
    values: [`${formatNumber(data.estimate.wastePercent, 1, 1)}%`],
  });
  if (m.stories) extra.push({ label: 'Stories (from file)', values: [m.stories] });
  ry = numberRows(doc, extra, rx, ry + 6, colW, [60]);
  y = Math.max(ly, ry) + 6;

  // every facet of a file with geometry, as labelled in the drawing
  const drawn = m.facets.filter((f) => (f.polygon?.length ?? 0) >= 3);
  const perRow = 4;
  const facetRows = Math.ceil(drawn.length / perRow);
  if (drawn.length > 0) {
    if (y + 30 + facetRows * 16 > BOTTOM) y = plainPage(doc, data);
    y = sectionTitle(doc, 'Facets', lx, y);
    const cw = CONTENT_W / perRow;
    drawn.forEach((f, i) => {
      const x = lx + (i % perRow) * cw;
      const ry2 = y + Math.floor(i / perRow) * 16;
      if (Math.floor(i / perRow) % 2 === 0) doc.rect(x, ry2 - 3, cw, 16).fill(C.zebra);
      say(doc, 'tableGroup', f.id ?? String(i + 1), x + 6, ry2, { width: 26, oneLine: true, minSize: 6 });
      say(doc, 'tableNumber', formatPitchRise(f.pitch), x + 32, ry2, {
        width: 34,
        align: 'right',
        oneLine: true,
      });
      say(doc, 'tableNumber', formatSqFt(f.areaSqFt), x + 66, ry2, {
        width: cw - 74,
        align: 'right',
        oneLine: true,
      });
    });
    y += facetRows * 16 + 8;
  }

  if (m.wasteTable && m.wasteTable.length > 0) {
    if (y > BOTTOM - 60) y = plainPage(doc, data);
    y = sectionTitle(doc, 'Waste table from the file', lx, y);
    const cw = CONTENT_W / m.wasteTable.length;
    m.wasteTable.forEach((row, i) => {
      const x = lx + i * cw;
      say(doc, 'tableNumberStrong', `${row.percent}%`, x, y, { width: cw, align: 'center', oneLine: true });
      say(doc, 'caption', formatSqFt(row.areaSqFt), x, y + 12, { width: cw, align: 'center', oneLine: true });
      say(doc, 'caption', `${formatNumber(row.squares, 2, 2)} sq`, x, y + 22, {
        width: cw,
        align: 'center',
        oneLine: true,
      });
    });
    y += 40;
  }
  if (m.warnings.length > 0) {
    // the notes are part of the estimate (a doubtful file is priced with them): never left out
    if (y >= BOTTOM - 60) y = plainPage(doc, data);
    y = sectionTitle(
      doc,
      data.measurementFileName ? 'Notes on the measurement file' : 'Notes on the measurements',
      lx,
      y,
    );
    y = bullets(doc, m.warnings, lx, y, CONTENT_W, () => plainPage(doc, data), 'small');
  }
  return y;
}

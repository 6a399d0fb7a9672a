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
  heading,
  headingHeight,
  NUMBER_ROW_H,
  newPage,
  numberRows,
  plainPage,
  type SectionPages,
  sectionTitle,
  sectionTitleHeight,
} from './layout';
import type { ContinuedBlock } from './order-details';
import { isPreliminary, type ReportData } from './report-data';
import { C, type Doc, PAGE } from './style';
import { CONTENT_W, heightOf, say } from './text-styles';

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

/** The roof drawing's height on a page of its own, and the least it is drawn at below other content. */
const DRAWING_H = 250;
const DRAWING_MIN_H = 180;
/** The figure tiles' band, and the space after the drawing, after its caption, and before the extra rows. */
const TILES_H = 64;
const AFTER_DRAWING = 6;
const AFTER_CAPTION = 12;
const EXTRA_ROWS_GAP = 6;

/**
 * Page 2: figures, drawing, lengths, areas by pitch, facets, the file's waste table and notes.
 * Order details that did not fit on the cover (`continued`) head the page, and the measurements
 * follow below them with the drawing shortened (not below `DRAWING_MIN_H`) so the tables stay on
 * the page; when even that does not fit, the measurements start on the next page as before.
 * Returns the y below.
 */
export function measurementPage(
  doc: Doc,
  data: ReportData,
  pages: SectionPages,
  continued: ContinuedBlock | null = null,
): number {
  const m = data.measurement;
  const preliminary = isPreliminary(data);
  const geometry = hasOutlines(m);
  const basis = 'Areas are sloped (true) roof areas; 1 square = 100 sq ft; waste is not included.';
  const intro = preliminary
    ? `${PRELIMINARY_MARK}: the size and pitch below are assumed, as stated on page 1; lengths are estimated from them. ${basis}`
    : data.measurementFileName
      ? `From the ${data.measurementSource} file "${data.measurementFileName}". ${basis}`
      : `Total area and predominant pitch entered by our estimating team; line lengths are estimated (see the notes below). ${basis}`;
  const colW = (CONTENT_W - 24) / 2;
  const lengthRows = lengthRowsOf(m);
  const lengthsTitle = preliminary ? 'Lengths (estimated from the assumed size)' : 'Lengths';
  const pitches = Object.entries(m.areaByPitch)
    .map(([label, area]) => ({ label, area, rise: Number.parseFloat(label) }))
    .sort((a, b) => a.rise - b.rise);
  const extra = extraRowsOf(data);
  const caption = geometry ? DRAWING_CAPTIONS.toScale : DRAWING_CAPTIONS.schematicNote;

  let y: number;
  let drawH = DRAWING_H;
  if (continued) {
    const below = continued.draw(plainPage(doc, data)) + 8;
    // everything down to the tables, with the drawing's height left out
    const fixedH =
      headingHeight(doc, 'Roof measurements', intro) +
      TILES_H +
      AFTER_DRAWING +
      heightOf(doc, 'caption', caption, CONTENT_W) +
      AFTER_CAPTION +
      Math.max(
        sectionTitleHeight(doc, lengthsTitle, colW) + lengthRows.length * NUMBER_ROW_H,
        sectionTitleHeight(doc, 'Area by pitch', colW) +
          (pitches.length + extra.length) * NUMBER_ROW_H +
          EXTRA_ROWS_GAP,
      );
    drawH = Math.min(DRAWING_H, Math.floor(BOTTOM - below - fixedH));
    if (drawH >= DRAWING_MIN_H) y = heading(doc, 'Roof measurements', intro, below);
    else {
      drawH = DRAWING_H;
      y = newPage(doc, data, 'Roof measurements', intro);
    }
  } else y = newPage(doc, data, 'Roof measurements', intro);
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
  y += TILES_H;

  // drawing
  doc.roundedRect(PAGE.left, y, CONTENT_W, drawH, 4).lineWidth(0.75).strokeColor(C.rule).stroke();
  drawRoof(
    doc,
    m,
    { x: PAGE.left + 1, y: y + 1, width: CONTENT_W - 2, height: drawH - 2 },
    data.measurementFileName !== null,
  );
  y += drawH + AFTER_DRAWING;
  // the schematic carries its own 'not to scale' label: the caption below adds only the note
  y =
    say(doc, 'caption', caption, PAGE.left, y, {
      width: CONTENT_W,
    }) + AFTER_CAPTION;

  // lengths and pitch tables side by side; numbers right-aligned in their own columns
  const lx = PAGE.left;
  const rx = PAGE.left + colW + 24;
  let ly = sectionTitle(doc, lengthsTitle, lx, y, colW);
  ly = numberRows(doc, lengthRows, lx, ly, colW, [80]);

  let ry = sectionTitle(doc, 'Area by pitch', rx, y, colW);
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
  ry = numberRows(doc, extra, rx, ry + EXTRA_ROWS_GAP, colW, [60]);
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

type Row = { label: string; values: string[] };

/** The table of line lengths. */
function lengthRowsOf(m: ReportData['measurement']): Row[] {
  const L = m.lengths;
  const rows: Row[] = m.ridgesAndHipsCombined
    ? [{ label: 'Ridges and hips (combined in file)', values: [formatFeet(L.ridges + L.hips)] }]
    : [
        { label: 'Ridges', values: [formatFeet(L.ridges)] },
        { label: 'Hips', values: [formatFeet(L.hips)] },
      ];
  rows.push(
    { label: 'Valleys', values: [formatFeet(L.valleys)] },
    { label: 'Rakes', values: [formatFeet(L.rakes)] },
    { label: 'Eaves', values: [formatFeet(L.eaves)] },
    { label: 'Drip edge (eaves + rakes)', values: [formatFeet(L.eaves + L.rakes)] },
    { label: 'Flashing (headwall / apron)', values: [formatFeet(L.flashing)] },
    { label: 'Step flashing', values: [formatFeet(L.stepFlashing)] },
  );
  return rows;
}

/** The waste and stories rows under the areas by pitch. */
function extraRowsOf(data: ReportData): Row[] {
  const m = data.measurement;
  const extra: Row[] = [];
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
  return extra;
}

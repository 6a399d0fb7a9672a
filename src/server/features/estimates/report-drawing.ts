import type { RoofLine, RoofMeasurement } from '../../../domain/estimate/types';
import { formatFeet, formatNumber, formatPitchRise } from '../../../domain/estimates-report/format';
import { ROOF_LINE_COLORS, ROOF_LINE_LABELS } from '../../../domain/estimates-report/report-content';
import { C, type Doc, FONT, FONT_BOLD } from './report-style';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Pt = [number, number];
type LineType = RoofLine['type'];

const LEGEND_W = 150;
const PAD = 16;

/** Facet fills by pitch: low slope warm, steeper facets darker blue. */
export function pitchFill(rise: number): string {
  if (rise <= 2) return '#fbe6c8';
  if (rise <= 5) return '#e3ecf6';
  if (rise <= 8) return '#cddcee';
  if (rise <= 11) return '#b7cbe4';
  return '#a2bad9';
}

/**
 * The roof drawing of the measurement page: a plan view to scale from the facet outlines when
 * the file has geometry, a labelled schematic of the totals otherwise.
 */
export function drawRoof(doc: Doc, m: RoofMeasurement, box: Box): void {
  const facets = m.facets.filter((f) => (f.polygon?.length ?? 0) >= 3);
  doc.save();
  if (facets.length > 0) drawToScale(doc, m, box);
  else drawSchematic(doc, m, box);
  doc.restore();
}

// ------------------------------------------------------------------ to scale

/** Plan outline of a polygon's points (x, y feet; z, the height, is dropped). */
function plan(points: readonly (readonly number[])[]): Pt[] {
  return points.map((p) => [p[0] ?? 0, p[1] ?? 0]);
}

function insidePolygon(p: Pt, pts: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i] as Pt;
    const [xj, yj] = pts[j] as Pt;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToEdges(p: Pt, pts: Pt[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < pts.length; i++) {
    const [ax, ay] = pts[i] as Pt;
    const [bx, by] = pts[(i + 1) % pts.length] as Pt;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / len2));
    best = Math.min(best, Math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy)));
  }
  return best;
}

/**
 * Where a label of this size (pt) fits inside a facet outline (pt): the inside point farthest
 * from the edges (so L-shaped and triangular facets get their label in their widest part), when
 * a box of that size around it stays inside the outline; null when the label does not fit.
 */
export function labelSpot(pts: Pt[], width: number, height: number): Pt | null {
  if (pts.length < 3) return null;
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const steps = 16;
  let best: Pt | null = null;
  let bestScore = -1;
  for (let i = 1; i < steps; i++) {
    for (let j = 1; j < steps; j++) {
      const p: Pt = [x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * j) / steps];
      if (!insidePolygon(p, pts)) continue;
      const hw = width / 2;
      const hh = height / 2;
      const corners: Pt[] = [
        [p[0] - hw, p[1] - hh],
        [p[0] + hw, p[1] - hh],
        [p[0] - hw, p[1] + hh],
        [p[0] + hw, p[1] + hh],
      ];
      if (!corners.every((c) => insidePolygon(c, pts))) continue;
      const score = distanceToEdges(p, pts);
      if (score > bestScore) {
        bestScore = score;
        best = p;
      }
    }
  }
  return best;
}

/** A round scale-bar length (ft) that draws between about 60 and 140 pt. */
export function scaleBarFeet(ptPerFoot: number): number {
  const candidates = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500];
  for (const c of candidates) if (c * ptPerFoot >= 60) return c;
  return candidates[candidates.length - 1] as number;
}

function drawToScale(doc: Doc, m: RoofMeasurement, box: Box): void {
  const facets = m.facets.filter((f) => (f.polygon?.length ?? 0) >= 3);
  const polys = facets.map((f) => plan(f.polygon ?? []));
  const lines = (m.lines ?? []).map((l) => ({
    type: l.type,
    a: plan([l.from])[0] as Pt,
    b: plan([l.to])[0] as Pt,
  }));
  const all = [...polys.flat(), ...lines.flatMap((l) => [l.a, l.b])];
  const minX = Math.min(...all.map((p) => p[0]));
  const maxX = Math.max(...all.map((p) => p[0]));
  const minY = Math.min(...all.map((p) => p[1]));
  const maxY = Math.max(...all.map((p) => p[1]));
  const area = {
    x: box.x + PAD,
    y: box.y + PAD,
    width: box.width - LEGEND_W - PAD * 2,
    height: box.height - PAD * 2 - 26,
  };
  const spanX = Math.max(maxX - minX, 1);
  const spanY = Math.max(maxY - minY, 1);
  const scale = Math.min(area.width / spanX, area.height / spanY);
  const offX = area.x + (area.width - spanX * scale) / 2;
  const offY = area.y + (area.height - spanY * scale) / 2;
  // file y grows north; PDF y grows down
  const toPt = (p: Pt): Pt => [offX + (p[0] - minX) * scale, offY + (maxY - p[1]) * scale];

  facets.forEach((f, i) => {
    const pts = (polys[i] ?? []).map(toPt);
    doc
      .polygon(...pts)
      .fillColor(pitchFill(f.pitch))
      .fill();
    doc
      .polygon(...pts)
      .lineWidth(0.6)
      .strokeColor('#7d8ca0')
      .stroke();
  });
  for (const l of lines) {
    const [a, b] = [toPt(l.a), toPt(l.b)];
    doc
      .moveTo(a[0], a[1])
      .lineTo(b[0], b[1])
      .lineWidth(1.8)
      .lineCap('round')
      .strokeColor(ROOF_LINE_COLORS[l.type])
      .stroke();
  }
  facets.forEach((f, i) => {
    const pts = (polys[i] ?? []).map(toPt);
    const id = f.id ?? `${i + 1}`;
    const detail = `${formatPitchRise(f.pitch)}  ${formatNumber(Math.round(f.areaSqFt), 0)} sf`;
    const detailW = doc.font(FONT).fontSize(7).widthOfString(detail);
    const idW = doc.font(FONT_BOLD).fontSize(7.5).widthOfString(id);
    const full = labelSpot(pts, Math.max(detailW, idW) + 10, 25);
    if (full) {
      const [x, y] = full;
      doc
        .font(FONT_BOLD)
        .fontSize(7.5)
        .fillColor(C.navy)
        .text(id, x - 40, y - 10, { width: 80, align: 'center', lineBreak: false });
      doc
        .font(FONT)
        .fontSize(7)
        .fillColor(C.ink)
        .text(detail, x - 40, y, { width: 80, align: 'center', lineBreak: false });
      return;
    }
    const small = labelSpot(pts, doc.font(FONT_BOLD).fontSize(6.5).widthOfString(id) + 2, 9);
    if (small) {
      doc
        .font(FONT_BOLD)
        .fontSize(6.5)
        .fillColor(C.navy)
        .text(id, small[0] - 15, small[1] - 3.5, { width: 30, align: 'center', lineBreak: false });
    }
  });

  // scale bar
  const ft = scaleBarFeet(scale);
  const barY = box.y + box.height - PAD - 8;
  const barX = box.x + PAD;
  const half = (ft * scale) / 2;
  doc.rect(barX, barY, half, 4).fill(C.navy);
  doc
    .rect(barX + half, barY, half, 4)
    .lineWidth(0.6)
    .fillAndStroke('#ffffff', C.navy);
  doc.font(FONT).fontSize(7).fillColor(C.muted);
  doc.text('0', barX - 2, barY - 10, { lineBreak: false });
  doc.text(`${ft} ft`, barX + ft * scale - 8, barY - 10, { lineBreak: false });
  doc.text(`Scale 1 in = ${formatNumber(72 / scale, 1)} ft`, barX + ft * scale + 18, barY - 1, {
    lineBreak: false,
  });

  const present = new Set(lines.map((l) => l.type));
  legend(
    doc,
    m,
    box,
    (t) => present.has(t) || lengthOf(m, t) > 0,
    facets.map((f) => f.pitch),
  );
}

// ------------------------------------------------------------------ schematic

function lengthOf(m: RoofMeasurement, t: LineType): number {
  const L = m.lengths;
  switch (t) {
    case 'ridge':
      return L.ridges;
    case 'hip':
      return L.hips;
    case 'valley':
      return L.valleys;
    case 'rake':
      return L.rakes;
    case 'eave':
      return L.eaves;
    case 'flashing':
      return L.flashing;
    case 'stepFlashing':
      return L.stepFlashing;
    default:
      return 0;
  }
}

function seg(doc: Doc, a: Pt, b: Pt, type: LineType, dashed = false): void {
  if (dashed) doc.dash(3, { space: 2 });
  doc
    .moveTo(a[0], a[1])
    .lineTo(b[0], b[1])
    .lineWidth(2)
    .lineCap('round')
    .strokeColor(ROOF_LINE_COLORS[type])
    .stroke();
  if (dashed) doc.undash();
}

function tag(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  color: string,
  align: 'left' | 'center' | 'right' = 'center',
): void {
  const w = 110;
  const left = align === 'center' ? x - w / 2 : align === 'right' ? x - w : x;
  doc
    .font(FONT_BOLD)
    .fontSize(7.5)
    .fillColor(color)
    .text(text, left, y, { width: w, align, lineBreak: false });
}

function drawSchematic(doc: Doc, m: RoofMeasurement, box: Box): void {
  const L = m.lengths;
  const combined = m.ridgesAndHipsCombined;
  const ridgeTotal = combined ? L.ridges + L.hips : L.ridges;
  const hasRakes = L.rakes > 0.05;
  const hasHips = combined ? !hasRakes && ridgeTotal > 0.05 : L.hips > 0.05;
  const hasRidge = ridgeTotal > 0.05;
  const hasValleys = L.valleys > 0.05;
  const leftHip = hasHips;
  const rightHip = hasHips && !hasRakes;

  // room: a summary line on top, the eave label above the roof, rake labels to its right
  const left = box.x + PAD + 8;
  const right = box.x + box.width - LEGEND_W - 16 - 64;
  const top = box.y + PAD + 34;
  const bottom = box.y + box.height - PAD - 16;
  const aw = right - left;
  const ah = bottom - top;
  const depth = hasValleys ? 1.62 : 1;
  const W = Math.min(aw, ah / (0.46 * depth));
  const H = W * 0.46;
  const wingD = hasValleys ? H * 0.62 : 0;
  const Lx = left + (aw - W) / 2;
  const T = top + (ah - H * depth) / 2;
  const R = Lx + W;
  const B = T + H;
  const ry = (T + B) / 2;
  const d = H / 2;

  // roof surface
  doc.rect(Lx, T, W, H).fillColor(pitchFill(m.predominantPitch)).fill();
  const cx = (Lx + R) / 2;
  const a = d * 0.75;
  if (hasValleys)
    doc
      .rect(cx - a, B, 2 * a, wingD)
      .fillColor(pitchFill(m.predominantPitch))
      .fill();

  // eaves
  if (hasValleys) {
    seg(doc, [Lx, B], [cx - a, B], 'eave');
    seg(doc, [cx + a, B], [R, B], 'eave');
    seg(doc, [cx - a, B], [cx - a, B + wingD], 'eave');
    seg(doc, [cx + a, B], [cx + a, B + wingD], 'eave');
  } else {
    seg(doc, [Lx, B], [R, B], 'eave');
  }
  seg(doc, [Lx, T], [R, T], 'eave');

  // ends of the main roof
  const ridgeL = leftHip ? Lx + d : Lx;
  const ridgeR = rightHip ? R - d : R;
  const end = (x: number, hip: boolean, inward: number) => {
    if (hip && hasRidge) {
      seg(doc, [x, T], [x + inward * d, ry], 'hip');
      seg(doc, [x, B], [x + inward * d, ry], 'hip');
      seg(doc, [x, T], [x, B], 'eave');
    } else if (hasRakes) seg(doc, [x, T], [x, B], 'rake');
    else seg(doc, [x, T], [x, B], 'eave');
  };
  end(Lx, leftHip, 1);
  end(R, rightHip, -1);
  if (hasRidge) seg(doc, [ridgeL, ry], [ridgeR, ry], combined ? 'ridge' : 'ridge');

  // wing with valleys
  if (hasValleys) {
    const meet: Pt = [cx, B - a];
    seg(doc, [cx - a, B], meet, 'valley');
    seg(doc, [cx + a, B], meet, 'valley');
    const wb = B + wingD;
    if (hasRakes || !hasHips) {
      seg(doc, meet, [cx, wb], 'ridge');
      seg(doc, [cx - a, wb], [cx + a, wb], hasRakes ? 'rake' : 'eave');
    } else {
      seg(doc, meet, [cx, wb - a], 'ridge');
      seg(doc, [cx - a, wb], [cx, wb - a], 'hip');
      seg(doc, [cx + a, wb], [cx, wb - a], 'hip');
      seg(doc, [cx - a, wb], [cx + a, wb], 'eave');
    }
  }

  // labels with the totals
  tag(doc, `Eaves ${formatFeet(L.eaves)}`, cx, T - 12, ROOF_LINE_COLORS.eave);
  if (hasRidge) {
    tag(
      doc,
      combined ? `Ridges + hips ${formatFeet(ridgeTotal)}` : `Ridges ${formatFeet(L.ridges)}`,
      hasValleys ? (ridgeL + cx) / 2 : (ridgeL + ridgeR) / 2,
      ry - 11,
      ROOF_LINE_COLORS.ridge,
    );
  }
  if (hasHips && !combined)
    tag(doc, `Hips ${formatFeet(L.hips)}`, Lx + d / 2 + 6, T + d / 2 - 12, ROOF_LINE_COLORS.hip, 'left');
  if (hasRakes) {
    doc.font(FONT_BOLD).fontSize(7.5).fillColor(ROOF_LINE_COLORS.rake);
    doc.text(`Rakes\n${formatFeet(L.rakes)}`, R + 6, ry - 9, { width: 58, lineGap: 1 });
  }
  if (hasValleys) {
    doc.font(FONT_BOLD).fontSize(7.5).fillColor(ROOF_LINE_COLORS.valley);
    doc.text(`Valleys\n${formatFeet(L.valleys)}`, cx - a - 66, B - 26, {
      width: 60,
      align: 'right',
      lineGap: 1,
    });
  }
  doc
    .font(FONT_BOLD)
    .fontSize(10)
    .fillColor(C.navy)
    .text(`${formatNumber(m.squares, 2, 2)} squares`, box.x + PAD, box.y + PAD, {
      continued: true,
      lineBreak: false,
    })
    .font(FONT)
    .fillColor(C.ink)
    .text(`   predominant pitch ${formatPitchRise(m.predominantPitch)}`, { lineBreak: false });
  doc
    .font(FONT)
    .fontSize(7.5)
    .fillColor(C.muted)
    .text('SCHEMATIC - NOT TO SCALE', box.x + PAD, box.y + box.height - PAD - 8, {
      lineBreak: false,
      characterSpacing: 0.8,
    });

  const pitches = Object.keys(m.areaByPitch).map((k) => Number.parseFloat(k));
  legend(doc, m, box, (t) => t !== 'parapet', pitches.length > 0 ? pitches : [m.predominantPitch]);
}

// ------------------------------------------------------------------ legend

function legend(
  doc: Doc,
  m: RoofMeasurement,
  box: Box,
  show: (t: LineType) => boolean,
  pitches: number[],
): void {
  const x = box.x + box.width - LEGEND_W;
  let y = box.y + PAD;
  doc
    .moveTo(x - 8, box.y + 10)
    .lineTo(x - 8, box.y + box.height - 10)
    .lineWidth(0.5)
    .strokeColor(C.rule)
    .stroke();
  doc.font(FONT_BOLD).fontSize(8).fillColor(C.navy).text('LINES', x, y, { characterSpacing: 0.8 });
  y += 14;
  const types: LineType[] = ['ridge', 'hip', 'valley', 'rake', 'eave', 'flashing', 'stepFlashing'];
  for (const t of types) {
    if (!show(t)) continue;
    if (m.ridgesAndHipsCombined && t === 'hip') continue;
    const label = m.ridgesAndHipsCombined && t === 'ridge' ? 'Ridges + hips' : ROOF_LINE_LABELS[t];
    const len = m.ridgesAndHipsCombined && t === 'ridge' ? m.lengths.ridges + m.lengths.hips : lengthOf(m, t);
    doc
      .moveTo(x, y + 4)
      .lineTo(x + 16, y + 4)
      .lineWidth(2.2)
      .strokeColor(ROOF_LINE_COLORS[t])
      .stroke();
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(C.ink)
      .text(label, x + 22, y, { width: 70, lineBreak: false });
    doc
      .font(FONT_BOLD)
      .fontSize(8)
      .fillColor(C.ink)
      .text(formatFeet(len), x + 80, y, { width: LEGEND_W - 88, align: 'right', lineBreak: false });
    y += 14;
  }
  y += 8;
  doc.font(FONT_BOLD).fontSize(8).fillColor(C.navy).text('PITCH', x, y, { characterSpacing: 0.8 });
  y += 14;
  const unique = [...new Set(pitches)].sort((p, q) => p - q);
  for (const p of unique) {
    doc
      .rect(x, y - 1, 16, 10)
      .fillColor(pitchFill(p))
      .fill();
    doc
      .rect(x, y - 1, 16, 10)
      .lineWidth(0.5)
      .strokeColor('#7d8ca0')
      .stroke();
    const area = m.areaByPitch[formatPitchRise(p)] ?? m.areaByPitch[`${p}/12`];
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(C.ink)
      .text(formatPitchRise(p), x + 22, y, { width: 40, lineBreak: false });
    if (area !== undefined) {
      doc
        .font(FONT)
        .fontSize(8)
        .fillColor(C.muted)
        .text(`${formatNumber(Math.round(area), 0)} sq ft`, x + 62, y, {
          width: LEGEND_W - 70,
          align: 'right',
          lineBreak: false,
        });
    }
    y += 14;
  }
}

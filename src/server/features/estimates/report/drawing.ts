import type { RoofLine, RoofMeasurement } from '../../../../domain/estimate/types';
import { formatFeet, formatNumber, formatPitchRise } from '../../../../domain/estimates-report/format';
import {
  DRAWING_CAPTIONS,
  ROOF_LINE_COLORS,
  ROOF_LINE_LABELS,
} from '../../../../domain/estimates-report/report-content';
import { C, type Doc } from './style';
import { type Box, say, widthOf } from './text-styles';

export type { Box } from './text-styles';

/** True when the file carries facet outlines (EagleView, GAF with polygons): drawn to scale. */
export function hasOutlines(m: RoofMeasurement): boolean {
  return m.facets.some((f) => (f.polygon?.length ?? 0) >= 3);
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
 * the file has geometry; otherwise a schematic LABELLED as such, which never invents geometry:
 * no lengths on single edges, only the kinds of lines the measurement has, a legend of exactly
 * what is drawn.
 */
export function drawRoof(doc: Doc, m: RoofMeasurement, box: Box, fromFile = true): void {
  doc.save();
  if (hasOutlines(m)) drawToScale(doc, m, box);
  else drawSchematic(doc, m, box, fromFile);
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
    const detailW = widthOf(doc, 'drawingSmall', detail);
    const idW = widthOf(doc, 'drawingLabel', id);
    const full = labelSpot(pts, Math.max(detailW, idW) + 10, 25);
    if (full) {
      const [x, y] = full;
      const w = Math.max(detailW, idW) + 8;
      say(doc, 'drawingLabel', id, x - w / 2, y - 10, {
        width: w,
        align: 'center',
        oneLine: true,
        container: box,
      });
      say(doc, 'drawingSmall', detail, x - w / 2, y, {
        width: w,
        align: 'center',
        oneLine: true,
        container: box,
      });
      return;
    }
    const smallW = widthOf(doc, 'drawingLabel', id, 6.5) + 2;
    const small = labelSpot(pts, smallW, 9);
    if (small) {
      say(doc, 'drawingLabel', id, small[0] - smallW / 2 - 1, small[1] - 3.5, {
        width: smallW + 2,
        size: 6.5,
        align: 'center',
        oneLine: true,
        container: box,
      });
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
  say(doc, 'drawingSmall', '0', barX - 2, barY - 10, {
    width: 10,
    color: C.muted,
    oneLine: true,
    container: box,
  });
  say(doc, 'drawingSmall', `${ft} ft`, barX + ft * scale - 8, barY - 10, {
    width: 30,
    color: C.muted,
    oneLine: true,
    container: box,
  });
  say(
    doc,
    'drawingSmall',
    `Scale 1 in = ${formatNumber(72 / scale, 1)} ft`,
    barX + ft * scale + 18,
    barY - 1,
    {
      width: 110,
      color: C.muted,
      oneLine: true,
      container: box,
    },
  );

  // the legend lists only what is drawn
  const present = new Set(lines.map((l) => l.type));
  legend(
    doc,
    m,
    box,
    (t) => present.has(t),
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

type Seg = (a: Pt, b: Pt, type: LineType) => void;

/**
 * A segment of the schematic: in its line colour when the measurement has that kind of line
 * (recorded for the legend), else as a plain outline (the shape needs an edge there, the
 * measurement has no such line).
 */
function segmentDrawer(doc: Doc, m: RoofMeasurement, drawn: Set<LineType>): Seg {
  return (a, b, type) => {
    const measured =
      lengthOf(m, type) > 0.05 || (type === 'ridge' && m.ridgesAndHipsCombined && m.lengths.hips > 0.05);
    if (measured) drawn.add(type);
    doc
      .moveTo(a[0], a[1])
      .lineTo(b[0], b[1])
      .lineWidth(measured ? 2 : 0.8)
      .lineCap('round')
      .strokeColor(measured ? ROOF_LINE_COLORS[type] : '#9aa5b4')
      .stroke();
  };
}

function drawSchematic(doc: Doc, m: RoofMeasurement, box: Box, fromFile: boolean): void {
  const L = m.lengths;
  const combined = m.ridgesAndHipsCombined;
  const ridgeTotal = combined ? L.ridges + L.hips : L.ridges;
  const hasRakes = L.rakes > 0.05;
  const hasHips = combined ? !hasRakes && ridgeTotal > 0.05 : L.hips > 0.05;
  const hasRidge = ridgeTotal > 0.05;
  const hasValleys = L.valleys > 0.05;
  const leftHip = hasHips;
  const rightHip = hasHips && !hasRakes;
  const drawn = new Set<LineType>();
  const seg = segmentDrawer(doc, m, drawn);

  // room: the label on top, the summary line at the bottom
  const left = box.x + PAD + 8;
  const right = box.x + box.width - LEGEND_W - 24;
  const top = box.y + PAD + 30;
  const bottom = box.y + box.height - PAD - 22;
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

  // roof surface, in the colour of the predominant pitch (the only pitch the legend names)
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
    seg([Lx, B], [cx - a, B], 'eave');
    seg([cx + a, B], [R, B], 'eave');
    seg([cx - a, B], [cx - a, B + wingD], 'eave');
    seg([cx + a, B], [cx + a, B + wingD], 'eave');
  } else {
    seg([Lx, B], [R, B], 'eave');
  }
  seg([Lx, T], [R, T], 'eave');

  // ends of the main roof
  const ridgeL = leftHip ? Lx + d : Lx;
  const ridgeR = rightHip ? R - d : R;
  const end = (x: number, hip: boolean, inward: number) => {
    if (hip && hasRidge) {
      seg([x, T], [x + inward * d, ry], combined ? 'ridge' : 'hip');
      seg([x, B], [x + inward * d, ry], combined ? 'ridge' : 'hip');
      seg([x, T], [x, B], 'eave');
    } else if (hasRakes) seg([x, T], [x, B], 'rake');
    else seg([x, T], [x, B], 'eave');
  };
  end(Lx, leftHip, 1);
  end(R, rightHip, -1);
  if (hasRidge) seg([ridgeL, ry], [ridgeR, ry], 'ridge');

  // wing with valleys
  if (hasValleys) {
    const meet: Pt = [cx, B - a];
    seg([cx - a, B], meet, 'valley');
    seg([cx + a, B], meet, 'valley');
    const wb = B + wingD;
    if (hasRakes || !hasHips) {
      if (hasRidge) seg(meet, [cx, wb], 'ridge');
      seg([cx - a, wb], [cx + a, wb], hasRakes ? 'rake' : 'eave');
    } else {
      seg(meet, [cx, wb - a], 'ridge');
      seg([cx - a, wb], [cx, wb - a], combined ? 'ridge' : 'hip');
      seg([cx + a, wb], [cx, wb - a], combined ? 'ridge' : 'hip');
      seg([cx - a, wb], [cx + a, wb], 'eave');
    }
  }

  // the label says what this is; no length is printed on any single edge
  const areaW = box.width - LEGEND_W - PAD * 2 - 8;
  doc.rect(box.x + PAD - 4, box.y + PAD - 4, areaW + 8, 18).fill('#fff4df');
  say(
    doc,
    'drawingLabel',
    fromFile ? DRAWING_CAPTIONS.schematicFile : DRAWING_CAPTIONS.schematicNoFile,
    box.x + PAD,
    box.y + PAD,
    {
      width: areaW,
      size: 8.5,
      color: C.alert,
      oneLine: true,
      minSize: 6.5,
      container: box,
    },
  );
  say(
    doc,
    'legend',
    `${formatNumber(m.squares, 2, 2)} squares, predominant pitch ${formatPitchRise(m.predominantPitch)}; line totals in the legend`,
    box.x + PAD,
    box.y + box.height - PAD - 9,
    { width: areaW, color: C.muted, oneLine: true, minSize: 6, container: box },
  );

  legend(doc, m, box, (t) => drawn.has(t), [m.predominantPitch], true);
}

// ------------------------------------------------------------------ legend

function legend(
  doc: Doc,
  m: RoofMeasurement,
  box: Box,
  show: (t: LineType) => boolean,
  pitches: number[],
  predominantOnly = false,
): void {
  const x = box.x + box.width - LEGEND_W;
  const w = LEGEND_W - 10;
  let y = box.y + PAD;
  doc
    .moveTo(x - 8, box.y + 10)
    .lineTo(x - 8, box.y + box.height - 10)
    .lineWidth(0.5)
    .strokeColor(C.rule)
    .stroke();
  const types: LineType[] = ['ridge', 'hip', 'valley', 'rake', 'eave', 'flashing', 'stepFlashing'];
  const shown = types.filter((t) => show(t) && !(m.ridgesAndHipsCombined && t === 'hip'));
  if (shown.length > 0) {
    say(doc, 'legendStrong', 'LINES (TOTAL LENGTH)', x, y, {
      width: w,
      characterSpacing: 0.8,
      oneLine: true,
      container: box,
    });
    y += 14;
  }
  for (const t of shown) {
    const label = m.ridgesAndHipsCombined && t === 'ridge' ? 'Ridges + hips' : ROOF_LINE_LABELS[t];
    const len = m.ridgesAndHipsCombined && t === 'ridge' ? m.lengths.ridges + m.lengths.hips : lengthOf(m, t);
    doc
      .moveTo(x, y + 4)
      .lineTo(x + 16, y + 4)
      .lineWidth(2.2)
      .strokeColor(ROOF_LINE_COLORS[t])
      .stroke();
    say(doc, 'legend', label, x + 22, y, { width: 66, oneLine: true, minSize: 6.5, container: box });
    say(doc, 'legend', formatFeet(len), x + 88, y, {
      width: w - 88,
      align: 'right',
      oneLine: true,
      container: box,
    });
    y += 14;
  }
  y += 8;
  say(doc, 'legendStrong', predominantOnly ? 'PREDOMINANT PITCH' : 'PITCH', x, y, {
    width: w,
    characterSpacing: 0.8,
    oneLine: true,
    container: box,
  });
  y += 14;
  const unique = [...new Set(pitches)].sort((p, q) => p - q);
  const room = Math.floor((box.y + box.height - PAD - y) / 14);
  const listed = unique.length > room ? unique.slice(0, Math.max(0, room - 1)) : unique;
  for (const p of listed) {
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
    say(doc, 'legend', formatPitchRise(p), x + 22, y, { width: 40, oneLine: true, container: box });
    if (area !== undefined && !predominantOnly) {
      say(doc, 'legend', `${formatNumber(Math.round(area), 0)} sq ft`, x + 62, y, {
        width: w - 62,
        align: 'right',
        color: C.muted,
        oneLine: true,
        container: box,
      });
    }
    y += 14;
  }
  if (listed.length < unique.length) {
    say(doc, 'legend', `and ${unique.length - listed.length} more (table below)`, x, y, {
      width: w,
      color: C.muted,
      oneLine: true,
      container: box,
    });
  }
}

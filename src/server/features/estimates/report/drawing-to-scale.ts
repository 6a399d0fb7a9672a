import { formatNumber, formatPitchRise } from '../../../../domain/estimates/report/format';
import { ROOF_LINE_COLORS } from '../../../../domain/estimates/report/report-content';
import type { RoofMeasurement } from '../../../../domain/estimates/types';
import { LEGEND_W, legend, PAD, type Pt, pitchFill } from './drawing-legend';
import { C, type Doc } from './style';
import { type Box, say, widthOf } from './text-styles';

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

export function drawToScale(doc: Doc, m: RoofMeasurement, box: Box): void {
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

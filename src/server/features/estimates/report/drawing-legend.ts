import { formatFeet, formatNumber, formatPitchRise } from '../../../../domain/estimates/report/format';
import { ROOF_LINE_COLORS, ROOF_LINE_LABELS } from '../../../../domain/estimates/report/report-content';
import type { RoofLine, RoofMeasurement } from '../../../../domain/estimates/types';
import { C, type Doc } from './style';
import { type Box, say } from './text-styles';

export type Pt = [number, number];
export type LineType = RoofLine['type'];

export const LEGEND_W = 150;
export const PAD = 16;

/** Facet fills by pitch: low slope warm, steeper facets darker blue. */
export function pitchFill(rise: number): string {
  if (rise <= 2) return '#fbe6c8';
  if (rise <= 5) return '#e3ecf6';
  if (rise <= 8) return '#cddcee';
  if (rise <= 11) return '#b7cbe4';
  return '#a2bad9';
}

// ------------------------------------------------------------------ legend

export function legend(
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

/** The measured total length of one kind of line. */
export function lengthOf(m: RoofMeasurement, t: LineType): number {
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

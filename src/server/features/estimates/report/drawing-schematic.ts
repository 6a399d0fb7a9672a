import { formatNumber, formatPitchRise } from '../../../../domain/estimates/report/format';
import { DRAWING_CAPTIONS, ROOF_LINE_COLORS } from '../../../../domain/estimates/report/report-content';
import type { RoofMeasurement } from '../../../../domain/estimates/types';
import { LEGEND_W, type LineType, legend, lengthOf, PAD, type Pt, pitchFill } from './drawing-legend';
import { C, type Doc } from './style';
import { type Box, say } from './text-styles';

// ------------------------------------------------------------------ schematic

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

export function drawSchematic(doc: Doc, m: RoofMeasurement, box: Box, fromFile: boolean): void {
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

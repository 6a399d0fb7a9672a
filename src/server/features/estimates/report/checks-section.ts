import type { Reconciliation } from '../../../../domain/estimates/estimate-types';
import {
  BOTTOM,
  currentPageNumber,
  heading,
  keyValues,
  newPage,
  plainPage,
  type SectionPages,
  sectionTitle,
} from './layout';
import type { ReportData } from './report-data';
import { C, type Doc, PAGE } from './style';
import { CONTENT_W, heightOf, say } from './text-styles';

const TOPIC_LABELS: Record<Reconciliation['topic'], string> = {
  stories: 'Stories',
  waste: 'Waste',
  area: 'Roof area',
  pitch: 'Pitch',
  plywood: 'Plywood',
  size: 'Roof size',
};

/** The parser's own notes: printed with the measurements ('Notes on the measurement file'), not twice. */
const MEASUREMENT_NOTE_CODES = new Set(['measurement-file', 'measurement-estimated']);

function modelWarnings(data: ReportData) {
  return data.estimate.warnings.filter((w) => !MEASUREMENT_NOTE_CODES.has(w.code));
}

export function hasChecks(data: ReportData): boolean {
  return modelWarnings(data).length > 0 || data.estimate.reconciliations.length > 0 || !!data.addressCheck;
}

/** Issue 24 #2: the file's address against the order's, and whether the customer confirmed it. */
function addressLine(data: ReportData): string | null {
  const check = data.addressCheck;
  if (!check) return null;
  if (check.kind === 'missing') return `Property address: ${check.message}`;
  return `Property address: ${check.message} ${
    check.confirmed
      ? 'Before paying, the customer confirmed that the file measures this property.'
      : 'The customer did not confirm that the file measures this property: check it before relying on this estimate.'
  }`;
}

const TITLE = 'Checks of the inputs';
const INTRO =
  'Inputs that look doubtful are listed as warnings instead of being priced silently; where the measurement file and the order disagree, the table says which figure the price uses and why.';

/** Warnings and 'How we settled differences'; below `y` when there is room, else on a new page. Returns the y below. */
export function checksSection(doc: Doc, data: ReportData, y: number, pages: SectionPages): number {
  const { reconciliations } = data.estimate;
  const address = addressLine(data);
  const warnings = [...(address ? [{ code: 'address', message: address }] : []), ...modelWarnings(data)];
  const next = () => plainPage(doc, data);
  y = y + 180 <= BOTTOM ? heading(doc, TITLE, INTRO, y + 24) : newPage(doc, data, TITLE, INTRO);
  pages.set('checks', currentPageNumber(doc));

  if (warnings.length > 0) {
    y = sectionTitle(doc, `Warnings: doubtful inputs (${warnings.length})`, PAGE.left, y);
    for (const w of warnings) {
      const h = heightOf(doc, 'body', w.message, CONTENT_W - 28) + 10;
      if (y + h > BOTTOM) y = next();
      doc.rect(PAGE.left, y, CONTENT_W, h).fill(C.warnBg);
      doc.rect(PAGE.left, y, 3, h).fill(C.alert);
      say(doc, 'bodyStrong', '!', PAGE.left + 10, y + 5, { width: 8, color: C.alert, oneLine: true });
      say(doc, 'body', w.message, PAGE.left + 22, y + 5, { width: CONTENT_W - 28 });
      y += h + 4;
    }
    y += 10;
  }

  if (reconciliations.length > 0) {
    if (y + 90 > BOTTOM) y = next();
    y = sectionTitle(doc, 'How we settled differences', PAGE.left, y);
    for (const r of reconciliations) {
      const rows: [string, string][] = [
        ['File says', r.fileSays],
        ['Order says', r.orderSays],
        ['Used', r.used],
        ['Why', r.reason],
      ];
      const labelW = 78;
      const h =
        18 +
        rows.reduce(
          (s, [, v]) => s + Math.max(12, heightOf(doc, 'value', v || '-', CONTENT_W - 16 - labelW)) + 4,
          0,
        );
      if (y + h > BOTTOM) y = next();
      doc.rect(PAGE.left, y, 3, h - 6).fill(C.orange);
      say(doc, 'h2', TOPIC_LABELS[r.topic] ?? r.topic, PAGE.left + 12, y, {
        width: CONTENT_W - 12,
        oneLine: true,
        size: 10,
      });
      y = keyValues(doc, rows, PAGE.left + 12, y + 16, CONTENT_W - 16, labelW) + 6;
    }
  }
  return y;
}

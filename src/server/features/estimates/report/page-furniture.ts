import { PRELIMINARY_MARK } from '../../../../domain/estimates/report/report-content';
import { isPreliminary, type ReportData, versionOf } from './report-data';
import { C, type Doc, PAGE } from './style';
import { CONTENT_W, SHEET_BOX, say } from './text-styles';

/** The footer of every page: brand, Project ID, version, the preliminary mark, page N of M. */
export function pageFurniture(doc: Doc, data: ReportData): void {
  const range = doc.bufferedPageRange();
  const preliminary = isPreliminary(data);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 38;
    doc
      .moveTo(PAGE.left, y - 8)
      .lineTo(PAGE.width - PAGE.right, y - 8)
      .lineWidth(0.5)
      .strokeColor(preliminary ? C.alert : C.rule)
      .stroke();
    const pageText = `Page ${i - range.start + 1} of ${range.count}`;
    const pageW = 70;
    const left = preliminary
      ? `${PRELIMINARY_MARK}  |  Project ID ${data.reference}  |  Version ${versionOf(data)}  |  An estimate, not a bid`
      : `${data.brandName}  |  Project ID ${data.reference}  |  Version ${versionOf(data)}  |  An estimate, not a bid`;
    say(doc, preliminary ? 'mark' : 'caption', left, PAGE.left, y, {
      width: CONTENT_W - pageW - 8,
      size: 8,
      oneLine: true,
      minSize: 6,
      container: SHEET_BOX,
    });
    say(doc, 'caption', pageText, PAGE.left + CONTENT_W - pageW, y, {
      width: pageW,
      align: 'right',
      oneLine: true,
      container: SHEET_BOX,
    });
    doc.page.margins.bottom = bottom;
  }
}

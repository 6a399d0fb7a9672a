/** The report renderer lives in ./report/ (one file per page, named text styles); this path stays for its callers. */
export { type ReportData, renderReportPdf, renderReportPdfWithLayout, type TextDraw } from './report/index';

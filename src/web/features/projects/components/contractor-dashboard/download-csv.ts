import type { Project } from '@domain/projects/schemas';

/**
 * Builds the CSV in the browser and hands it to the browser as a download. The CSV writer is
 * loaded on the first export, so it is not part of the dashboard's first load.
 */
export async function downloadProjectsCsv(projects: readonly Project[], jobId?: string): Promise<void> {
  const { projectsCsv, projectsCsvFileName } = await import('./projects-csv');
  // the byte-order mark makes spreadsheet programs read the file as UTF-8 (names, curly quotes)
  const blob = new Blob(['\uFEFF', projectsCsv(projects)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = projectsCsvFileName(new Date(), jobId);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // revoked on the next task: the click has handed the file to the browser by then
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

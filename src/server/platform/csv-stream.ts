import { Readable } from 'node:stream';
import Papa from 'papaparse';

/** A CSV column: its header and the cell of a row. */
export type CsvColumn<R> = readonly [header: string, value: (r: R) => string | number];

/** Rows written per page read (an export never holds the whole list in memory). */
export const CSV_PAGE = 100;

/**
 * A list as CSV, streamed page by page through its cursor: each page is read only when the
 * reply stream asks for more, so a slow client holds one page, never the table. Papa Parse
 * quotes what needs quoting and, with escapeFormulae, puts a ' before any cell starting with
 * = + - @ (or a tab or carriage return), so a spreadsheet never runs a name as a formula.
 */
export function csvStream<R>(
  columns: readonly CsvColumn<R>[],
  readPage: (cursor: string | undefined) => Promise<{ items: readonly R[]; nextCursor: string | null }>,
): Readable {
  const options = { escapeFormulae: true, newline: '\r\n' } as const;
  async function* lines() {
    yield '\uFEFF';
    yield `${Papa.unparse([columns.map(([header]) => header)], options)}\r\n`;
    let cursor: string | undefined;
    do {
      const page = await readPage(cursor);
      if (page.items.length > 0) {
        yield `${Papa.unparse(
          page.items.map((row) => columns.map(([, value]) => value(row))),
          options,
        )}\r\n`;
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return Readable.from(lines());
}

import type * as FastXmlParser from 'fast-xml-parser';
import type Papa from 'papaparse';
import { structureProblem } from '../../../domain/estimates/parsers/limits';
import type { SketchExtension } from '../../../domain/quotes/options';
import { sketchMessages } from '../../../domain/quotes/sketch-file';
import { lazyModule } from '../../platform/lazy-module';

// loaded with the first sketch upload rather than at start-up
const xmlParser = lazyModule<typeof FastXmlParser>('fast-xml-parser');
const papaparse = lazyModule<typeof Papa>('papaparse');

/**
 * Whether a sketch file's bytes are a well-formed document of its extension: UTF-8 text,
 * JSON that parses, well-formed XML, CSV with a consistent number of columns.
 * Returns the text, or the sentence that says what is wrong.
 */
export type SketchContentCheck = { ok: true; text: string } | { ok: false; message: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

function oneLine(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

export function checkSketchContent(extension: SketchExtension, data: Buffer): SketchContentCheck {
  let text: string;
  try {
    text = decoder.decode(data);
  } catch {
    return { ok: false, message: sketchMessages.notText };
  }
  if (text.includes('\u0000')) return { ok: false, message: sketchMessages.notText };
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { ok: false, message: sketchMessages.empty };
  // the measurement files' bounds (nesting, lines, columns), in one pass before a library parses
  const tooBig = structureProblem(extension.slice(1) as 'json' | 'xml' | 'csv', undefined, text);
  if (tooBig) return { ok: false, message: tooBig };

  switch (extension) {
    case '.json':
      try {
        JSON.parse(text);
        return { ok: true, text };
      } catch (err) {
        return { ok: false, message: sketchMessages.badJson(oneLine((err as Error).message)) };
      }
    case '.xml': {
      const result = xmlParser().XMLValidator.validate(text);
      if (result === true) return { ok: true, text };
      const { msg, line } = result.err;
      return { ok: false, message: sketchMessages.badXml(`${oneLine(msg)} (line ${line})`) };
    }
    case '.csv': {
      const { data: records, errors } = papaparse().parse<string[]>(text, {
        delimiter: ',',
        skipEmptyLines: true,
      });
      const [error] = errors;
      if (error) {
        const where = error.row === undefined ? '' : ` (row ${error.row + 1})`;
        return { ok: false, message: sketchMessages.badCsv(`${oneLine(error.message)}${where}`) };
      }
      if (records.length === 0) return { ok: false, message: sketchMessages.empty };
      const width = records[0]?.length ?? 0;
      const uneven = records.findIndex((record) => record.length !== width);
      if (uneven >= 0) {
        const got = records[uneven]?.length ?? 0;
        return {
          ok: false,
          message: sketchMessages.badCsv(
            `row ${uneven + 1} has ${got} column${got === 1 ? '' : 's'}, the first row has ${width}`,
          ),
        };
      }
      return { ok: true, text };
    }
  }
}

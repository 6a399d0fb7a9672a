import { parse as parseCsv } from 'csv-parse/sync';
import { XMLValidator } from 'fast-xml-parser';
import { structureProblem } from '../../../domain/estimate/parsers/limits';
import type { SketchExtension } from '../../../domain/quotes/options';
import { sketchMessages } from '../../../domain/quotes/sketch-file';

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
      const result = XMLValidator.validate(text);
      if (result === true) return { ok: true, text };
      const { msg, line } = result.err;
      return { ok: false, message: sketchMessages.badXml(`${oneLine(msg)} (line ${line})`) };
    }
    case '.csv':
      try {
        const records = parseCsv(text, { bom: true, skip_empty_lines: true }) as string[][];
        if (records.length === 0) return { ok: false, message: sketchMessages.empty };
        return { ok: true, text };
      } catch (err) {
        return { ok: false, message: sketchMessages.badCsv(oneLine((err as Error).message)) };
      }
  }
}

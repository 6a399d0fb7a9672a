import { NO_SKETCH_FILE, type SketchExtension, sourceExtension } from './options';

/**
 * Sketch (measurement) file rules of spec 1, sections 5 and 9, shared by the browser's
 * pre-check and the server's check, so both say the same thing.
 */

export const MAX_SKETCH_FILE_BYTES = 5_242_880;
export const SKETCH_EXTENSIONS: readonly SketchExtension[] = ['.json', '.xml', '.csv'];
/** The `accept` attribute of the file input. */
export const SKETCH_ACCEPT = '.json,.xml,.csv,application/json,application/xml,text/xml,text/csv';

export const sketchContentTypes: Record<SketchExtension, string> = {
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.csv': 'text/csv',
};

export const sketchMessages = {
  invalidType: 'Invalid file type. Only sketch data files are allowed: .json, .xml, .csv',
  tooLarge: (sizeMb: string) => `File size too large. Maximum allowed size is 5MB. Your file is ${sizeMb}MB.`,
  empty: 'The file is empty. Please choose your sketch data file.',
  notText:
    'The file is not a text data file. Please upload the .json, .xml or .csv file from your measurement provider.',
  badJson: (detail: string) => `The file is not valid JSON: ${detail}`,
  badXml: (detail: string) => `The file is not well-formed XML: ${detail}`,
  badCsv: (detail: string) => `The file is not a valid CSV file: ${detail}`,
  sourceMismatch: (source: string, extension: string, expected: string) =>
    `This is a ${extension} file, but the ${source} source needs a ${expected} file. Choose the matching measurement file source or upload the ${expected} file.`,
  noSourceForFile: `You chose "${NO_SKETCH_FILE}". Choose the measurement file source of this file first.`,
  missingFile: 'Please upload your sketch file, or choose "I don\'t have a sketch file available".',
  unknownUpload: 'The uploaded sketch file was not found. Please upload it again.',
  uploaded: 'File Uploaded Successfully.',
  uploadFailed: 'Upload Failed',
  noFile: 'Choose a sketch file to upload.',
} as const;

/** The file's extension in lower case (".json"), or "" when it has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 && !fileName.startsWith('.') ? '' : fileName.slice(dot).toLowerCase();
}

export function isSketchExtension(ext: string): ext is SketchExtension {
  return (SKETCH_EXTENSIONS as readonly string[]).includes(ext);
}

/**
 * The size in MB for the too-large message: rounded to at most two decimals (6.2 MB shows "6.2"),
 * never shown as 5 or less for a file that is over the limit.
 */
export function formatSizeMb(bytes: number): string {
  const mb = bytes / 1_048_576;
  let rounded = Math.round(mb * 100) / 100;
  if (bytes > MAX_SKETCH_FILE_BYTES && rounded <= 5) rounded = Math.ceil(mb * 100) / 100;
  return String(rounded);
}

export type SketchCheck =
  | { ok: true; extension: SketchExtension }
  | { ok: false; kind: 'type' | 'size' | 'empty'; message: string };

/** Name and size rules, checked before any upload and again on the server. Type first, then size. */
export function checkSketchFile(fileName: string, size: number): SketchCheck {
  const extension = fileExtension(fileName);
  if (!isSketchExtension(extension)) return { ok: false, kind: 'type', message: sketchMessages.invalidType };
  if (size > MAX_SKETCH_FILE_BYTES) {
    return { ok: false, kind: 'size', message: sketchMessages.tooLarge(formatSizeMb(size)) };
  }
  if (size === 0) return { ok: false, kind: 'empty', message: sketchMessages.empty };
  return { ok: true, extension };
}

/** Null when a file of this extension fits the chosen source, else the message to show. */
export function checkSketchMatchesSource(source: string, fileName: string): string | null {
  if (source === NO_SKETCH_FILE) return sketchMessages.noSourceForFile;
  const expected = sourceExtension[source as keyof typeof sourceExtension];
  const extension = fileExtension(fileName);
  if (!expected) return null;
  return expected === extension
    ? null
    : sketchMessages.sourceMismatch(source, extension || 'extension-less', expected);
}

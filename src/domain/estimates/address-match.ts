/**
 * Is the measurement file of this property (issue 24 #2)? The file's address against the order's:
 * street number, street name and ZIP code, each normalised (case, punctuation, USPS street suffix
 * and directional abbreviations, ordinal words, unit designators). Pure: the quote form runs it
 * live as the visitor types, the upload answer and the submission run it on the server, the report
 * states it.
 *
 * A small normaliser rather than a library: the npm candidates were tried (docs/estimate-model.md,
 * "The file must be of this property") and either still needed these rules on top or are
 * unmaintained; the comparison needs only these three parts, not a full address parser.
 */

/** USPS Publication 28, appendix C1: the common street suffixes (full word -> abbreviation). */
const SUFFIXES: Record<string, string> = {
  alley: 'aly',
  avenue: 'ave',
  av: 'ave',
  boulevard: 'blvd',
  circle: 'cir',
  court: 'ct',
  cove: 'cv',
  crossing: 'xing',
  drive: 'dr',
  expressway: 'expy',
  freeway: 'fwy',
  highway: 'hwy',
  lane: 'ln',
  loop: 'loop',
  parkway: 'pkwy',
  place: 'pl',
  plaza: 'plz',
  point: 'pt',
  road: 'rd',
  route: 'rte',
  square: 'sq',
  street: 'st',
  str: 'st',
  terrace: 'ter',
  trail: 'trl',
  turnpike: 'tpke',
  way: 'way',
};
const SUFFIX_SET = new Set(Object.values(SUFFIXES));

const DIRECTIONS: Record<string, string> = {
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
};
const DIRECTION_SET = new Set(Object.values(DIRECTIONS));

const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
];

/** Words that start the unit part of a street line (dropped: a file names the building). */
const UNIT_WORDS = new Set([
  'apt',
  'apartment',
  'unit',
  'suite',
  'ste',
  'bldg',
  'building',
  'fl',
  'floor',
  'rm',
  'room',
  'lot',
  'trlr',
]);

/** One word of a street line in its compared form: "Street" -> "st", "First" / "1st" -> "1". */
function word(w: string): string {
  if (SUFFIXES[w]) return SUFFIXES[w];
  if (DIRECTIONS[w]) return DIRECTIONS[w];
  const ordinal = ORDINAL_WORDS.indexOf(w);
  if (ordinal >= 0) return String(ordinal + 1);
  const numbered = /^(\d+)(?:st|nd|rd|th)$/.exec(w);
  return numbered ? (numbered[1] as string) : w;
}

export interface StreetParts {
  /** "1420", "12b"; null when the line does not start with a number. */
  number: string | null;
  /** The street's words in compared form, e.g. ["maple", "ridge", "dr"]. */
  name: string[];
}

/** The street number and name of a street line ("1420 Maple Ridge Drive, Apt 4" -> 1420, maple ridge dr). */
export function streetParts(line: string): StreetParts {
  const words = line
    .slice(0, 200)
    .toLowerCase()
    .replace(/#/g, ' # ')
    .replace(/[^a-z0-9#\s-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const unit = words.findIndex((w, i) => i > 0 && (w === '#' || UNIT_WORDS.has(w)));
  const kept = (unit >= 0 ? words.slice(0, unit) : words).map(word);
  const first = kept[0];
  const hasNumber = first !== undefined && /^\d+[a-z]?$|^\d+-\d+$/.test(first);
  return { number: hasNumber ? (first as string) : null, name: hasNumber ? kept.slice(1) : kept };
}

/** The name without a trailing suffix or leading/trailing directional: "n maple ridge dr" -> "maple ridge". */
function core(name: string[]): string {
  let words = [...name];
  if (words.length > 1 && DIRECTION_SET.has(words[0] as string)) words = words.slice(1);
  if (words.length > 1 && DIRECTION_SET.has(words[words.length - 1] as string)) words = words.slice(0, -1);
  if (words.length > 1 && SUFFIX_SET.has(words[words.length - 1] as string)) words = words.slice(0, -1);
  return words.join(' ');
}

/** The last ZIP code of an address text (its first five digits), or null. */
export function zipOf(text: string): string | null {
  const all = [...text.slice(0, 300).matchAll(/\b(\d{5})(?:-\d{4})?\b/g)];
  return all.length > 0 ? (all[all.length - 1]?.[1] ?? null) : null;
}

export type AddressPart = 'street number' | 'street name' | 'ZIP code';

export type AddressCheck =
  | { kind: 'match' }
  | { kind: 'missing'; message: string }
  | { kind: 'mismatch'; fileAddress: string; differs: AddressPart[]; message: string };

export const addressMessages = {
  missing:
    'The file does not give the property address, so we could not check that it measures this property. Make sure it is the file of this roof.',
  mismatch: (fileAddress: string, formAddress: string, differs: AddressPart[]) =>
    `The file is for "${fileAddress}", but this order is for "${formAddress}" (the ${joinParts(differs)} ${differs.length === 1 ? 'differs' : 'differ'}).`,
};

function joinParts(parts: AddressPart[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * The file's address (as the parser read it, e.g. "200 Sample Rd, Fictiona, TX 75000") against the
 * order's street line and ZIP code. A part the file does not give is not compared; a file with no
 * address at all is 'missing'.
 */
export function compareAddresses(
  fileAddress: string | null | undefined,
  form: { streetAddress: string; zipCode: string },
): AddressCheck {
  const text = (fileAddress ?? '').trim();
  const fileStreet = streetParts(text.split(',')[0] ?? '');
  const fileZip = zipOf(text);
  if (!text || (fileStreet.number === null && fileStreet.name.length === 0 && !fileZip))
    return { kind: 'missing', message: addressMessages.missing };
  const formStreet = streetParts(form.streetAddress);
  const formZip = zipOf(form.zipCode);
  const differs: AddressPart[] = [];
  if (fileStreet.number && formStreet.number && fileStreet.number !== formStreet.number)
    differs.push('street number');
  const fileName = core(fileStreet.name);
  const formName = core(formStreet.name);
  // without a comma the file's line runs on into the city: the order's street must start it
  const sameName = text.includes(',')
    ? fileName === formName
    : `${fileName} `.startsWith(`${formName} `) ||
      `${fileStreet.name.join(' ')} `.startsWith(`${formStreet.name.join(' ')} `);
  if (fileName && formName && !sameName) differs.push('street name');
  if (fileZip && formZip && fileZip !== formZip) differs.push('ZIP code');
  if (differs.length === 0) return { kind: 'match' };
  const formAddress = `${form.streetAddress.trim().slice(0, 120)}, ${form.zipCode.trim().slice(0, 10)}`;
  const shownFile = text.length > 120 ? `${text.slice(0, 117)}...` : text;
  return {
    kind: 'mismatch',
    fileAddress: shownFile,
    differs,
    message: addressMessages.mismatch(shownFile, formAddress, differs),
  };
}

import { z } from 'zod';

/**
 * Text that cannot be stored as it was typed. PostgreSQL refuses U+0000 in `text` ("invalid byte
 * sequence") and in `jsonb` (the `\u0000` escape), and a lone UTF-16 surrogate cannot be encoded:
 * in text it silently becomes U+FFFD, in jsonb `JSON.stringify` writes a `\udXXX` escape that
 * PostgreSQL refuses. The other C0 control characters (and DEL) are stored fine, but no form field
 * of the product legitimately holds one, and they corrupt what the text later becomes: mail
 * headers, CSV exports, PDF reports, log lines, a terminal showing the admin list. Tab, line feed
 * and carriage return stay allowed: messages and addresses are typed on several lines.
 */

export const controlCharacterMessage =
  'This text contains a control character (such as a NUL byte) that cannot be stored. Remove it and try again.';

/** True when `text` holds a character no field may store (see the rule above). */
export function hasForbiddenCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
    } else if (c === 0x7f) {
      return true;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/**
 * The paths (`address.street`, `items.0`) of every string, and of every object key, in `value`
 * that holds a forbidden character. Walks with its own stack, so a body nested thousands of
 * levels deep cannot overflow the call stack; stops after `limit` findings.
 */
export function findForbiddenText(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0 && found.length < limit) {
    const item = stack.pop() as { value: unknown; path: string };
    const v = item.value;
    if (typeof v === 'string') {
      if (hasForbiddenCharacter(v)) found.push(item.path || '_');
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: join(item.path, String(i)) });
    } else if (v !== null && typeof v === 'object' && !isBinaryOrStream(v)) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        // the key is shown with its bad characters escaped: it names the field, it must not carry them
        if (hasForbiddenCharacter(key)) found.push(join(item.path, JSON.stringify(key).slice(1, -1)));
        else stack.push({ value: (v as Record<string, unknown>)[key], path: join(item.path, key) });
      }
    }
  }
  return found;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * A raw body (a Buffer, as the Stripe webhook reads it) or a stream is not text to check. Parsed
 * JSON, query strings and params are checked whatever their prototype (the query string parser
 * makes objects with a prototype-less prototype).
 */
function isBinaryOrStream(v: object): boolean {
  return (
    ArrayBuffer.isView(v) || v instanceof ArrayBuffer || typeof (v as { pipe?: unknown }).pipe === 'function'
  );
}

/**
 * One-line fields (names, titles, company, phone, address lines, city, subject, carrier, licence
 * and policy numbers...) hold no line break and no text-direction control. A line break in a
 * name or subject splits a mail header, a CSV row or a log line and breaks the one-line layouts
 * that show it; a direction control (a right-to-left override, an isolate, an invisible mark)
 * makes what a reader sees differ from what is stored ("Invoice\u202Efdp.exe"). Multi-line fields
 * (messages, descriptions, notes) keep line breaks and the three invisible marks (U+200E, U+200F,
 * U+061C), which right-to-left writers' keyboards type and which only move punctuation next to
 * them; the embeddings, overrides and isolates, which reorder whole runs of text, are refused there too.
 */
export const textLayoutMessages = {
  lineBreak: 'Use a single line: line breaks are not allowed here.',
  directionControl:
    'Remove the text-direction control characters (invisible characters that change the order in which text is shown).',
} as const;

/** CR, LF, NEL and the Unicode line and paragraph separators (VT and FF are control characters, refused everywhere). */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;
/** Embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069): they reorder whole runs of text. */
const DIRECTION_RUN_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** The left-to-right, right-to-left and Arabic letter marks. */
const DIRECTION_MARK = /[\u200e\u200f\u061c]/;

export function hasLineBreak(text: string): boolean {
  return LINE_BREAK.test(text);
}

/** True when `text` holds a direction control; `marks: false` leaves the three invisible marks allowed. */
export function hasDirectionControl(text: string, opts: { marks: boolean } = { marks: true }): boolean {
  return DIRECTION_RUN_CONTROL.test(text) || (opts.marks && DIRECTION_MARK.test(text));
}

/** What a one-line field refuses in `text`, as messages (empty when it may be stored). */
export function oneLineProblems(text: string): string[] {
  const problems: string[] = [];
  if (hasLineBreak(text)) problems.push(textLayoutMessages.lineBreak);
  if (hasDirectionControl(text)) problems.push(textLayoutMessages.directionControl);
  return problems;
}

/** What a multi-line field refuses in `text` (empty when it may be stored). */
export function multiLineProblems(text: string): string[] {
  return hasDirectionControl(text, { marks: false }) ? [textLayoutMessages.directionControl] : [];
}

/** The check of a one-line text field: `z.string().trim().max(100).check(oneLine())`. */
export function oneLine() {
  return z.superRefine((value: string, ctx) => {
    for (const message of oneLineProblems(value)) ctx.addIssue({ code: 'custom', message });
  });
}

/** The check of a multi-line text field (a message, description, notes): line breaks stay. */
export function multiLine() {
  return z.superRefine((value: string, ctx) => {
    for (const message of multiLineProblems(value)) ctx.addIssue({ code: 'custom', message });
  });
}

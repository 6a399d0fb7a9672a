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

import { createHash } from 'node:crypto';

/**
 * What an Idempotency-Key stands for (src/domain/idempotency.ts): the same key with another body is
 * refused, so the body is kept as this hash: SHA-256 of its validated JSON (keys sorted) and a
 * file's bytes.
 */
export function requestHash(body: unknown, file?: Buffer): string {
  const h = createHash('sha256').update(stableJson(body));
  if (file) h.update('\0file\0').update(file);
  return h.digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

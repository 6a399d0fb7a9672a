import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_PREFIX } from '../../../domain/organizations/organizations';

/**
 * API keys: `rk_live_<8 characters>_<43 characters>`, 8 + 32 random bytes. The first part (the
 * prefix) is stored in clear to find the key and to show which key is which; of the whole key
 * only its SHA-256 is stored (the secret part has 256 bits of entropy: a fast hash is enough,
 * as for GitHub's tokens, and no server secret's rotation can invalidate every key).
 */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = `${API_KEY_PREFIX}${randomBytes(6).toString('base64url')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The prefix of a presented key, or null when it is not shaped like one of ours. */
export function prefixOf(key: string): string | null {
  if (!API_KEY_PATTERN.test(key)) return null;
  return key.slice(0, API_KEY_PREFIX.length + 8);
}

/** Whether `key` hashes to `storedHash`, compared in constant time. */
export function keyMatches(key: string, storedHash: string): boolean {
  const given = Buffer.from(hashApiKey(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The key of an `Authorization: Bearer <key>` header, or null. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S{1,200})[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

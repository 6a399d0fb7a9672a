import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '../../../domain/organizations/organizations';
import { bearerOf, hashApiKey, keyMatches, newApiKey, prefixOf } from './api-keys';

describe('API keys', () => {
  it('makes rk_live_ keys whose prefix finds them and whose hash alone is kept', () => {
    const { key, prefix, hash } = newApiKey();
    expect(key).toMatch(API_KEY_PATTERN);
    expect(key.startsWith(`${prefix}_`)).toBe(true);
    expect(prefixOf(key)).toBe(prefix);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).not.toContain(key.slice(prefix.length + 1));
    expect(keyMatches(key, hash)).toBe(true);
    expect(keyMatches(`${key.slice(0, -1)}x`, hash)).toBe(key.endsWith('x'));
    expect(newApiKey().key).not.toBe(key);
  });

  it('reads only a well-formed Bearer header', () => {
    expect(bearerOf('Bearer abc')).toBe('abc');
    expect(bearerOf('bearer  abc ')).toBe('abc');
    expect(bearerOf('Basic abc')).toBeNull();
    expect(bearerOf(undefined)).toBeNull();
    expect(prefixOf('rk_live_short')).toBeNull();
  });
});

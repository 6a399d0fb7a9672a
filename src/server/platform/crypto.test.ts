import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, lastFour, sign, verifySignature } from './crypto';

describe('secrets at rest', () => {
  const key = randomBytes(32);
  it('round-trips and never stores the clear text', () => {
    const stored = encryptSecret(key, '021000021');
    expect(stored).not.toContain('021000021');
    expect(stored.startsWith('v1.')).toBe(true);
    expect(decryptSecret(key, stored)).toBe('021000021');
    expect(encryptSecret(key, '021000021')).not.toBe(stored);
  });
  it('refuses another key and tampered data', () => {
    const stored = encryptSecret(key, '123456789');
    expect(() => decryptSecret(randomBytes(32), stored)).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'))).toThrow();
  });
  it('keeps the last four digits', () => {
    expect(lastFour('12-3456789')).toBe('6789');
  });
  it('signs and verifies', () => {
    const s = sign('secret', 'report:1');
    expect(verifySignature('secret', 'report:1', s)).toBe(true);
    expect(verifySignature('secret', 'report:2', s)).toBe(false);
    expect(verifySignature('other', 'report:1', s)).toBe(false);
  });
});

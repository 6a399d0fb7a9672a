import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireRole, requireUser } from './auth/guards';
import type { ResolvedSession } from './auth/session-store';
import { ForbiddenError, UnauthorizedError } from './errors';
import { isCrossSiteRequest } from './security';

const req = (headers: Record<string, string>) =>
  ({ headers: { host: 'app.example', ...headers } }) as unknown as FastifyRequest;

describe('isCrossSiteRequest', () => {
  it('trusts Sec-Fetch-Site when the browser sends it', () => {
    expect(isCrossSiteRequest(req({ 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isCrossSiteRequest(req({ 'sec-fetch-site': 'none' }))).toBe(false);
    expect(isCrossSiteRequest(req({ 'sec-fetch-site': 'cross-site' }))).toBe(true);
    expect(isCrossSiteRequest(req({ 'sec-fetch-site': 'same-site' }))).toBe(true);
  });
  it('falls back to Origin against Host', () => {
    expect(isCrossSiteRequest(req({ origin: 'https://app.example' }))).toBe(false);
    expect(isCrossSiteRequest(req({ origin: 'https://evil.example' }))).toBe(true);
    expect(isCrossSiteRequest(req({ origin: 'null' }))).toBe(true);
  });
  it('lets non-browser clients through (no provenance headers)', () => {
    expect(isCrossSiteRequest(req({}))).toBe(false);
  });
});

describe('guards', () => {
  const session = (userType: 'homeowner' | 'contractor' | 'admin') =>
    ({
      auth: { sessionId: 's', expiresAt: new Date(), user: { id: 'u', userType } } as ResolvedSession,
    }) as FastifyRequest;

  it('requireUser answers 401 when signed out', () => {
    expect(() => requireUser({ auth: null } as FastifyRequest)).toThrow(UnauthorizedError);
    expect(requireUser(session('homeowner')).id).toBe('u');
  });
  it('requireRole answers 401 signed out and 403 for another role', () => {
    expect(() => requireRole({ auth: null } as FastifyRequest, 'admin')).toThrow(UnauthorizedError);
    expect(() => requireRole(session('contractor'), 'admin')).toThrow(ForbiddenError);
    expect(requireRole(session('admin'), 'admin').userType).toBe('admin');
    expect(requireRole(session('contractor'), 'admin', 'contractor').userType).toBe('contractor');
  });
});

import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AnyFastify } from '../fastify-types';
import {
  type ResolvedSession,
  SESSION_COOKIE,
  type SessionStore,
  type SessionUser,
  type UserType,
} from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, or null. Set for every request that carries a valid session cookie. */
    auth: ResolvedSession | null;
  }
}

/** Reads the session cookie of every request; the store answers from memory when it can. */
export function registerSessionResolution(app: AnyFastify, sessions: SessionStore): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.auth = await sessions.resolve(token);
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth.user;
}

/** The signed-in user when their stored role is one of `roles`; 401 signed out, 403 otherwise. */
export function requireRole(request: FastifyRequest, ...roles: UserType[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.userType)) throw new ForbiddenError();
  return user;
}

/**
 * A route whose schema declares `security` (the OpenAPI document's "needs a session") requires a
 * signed-in user in onRequest, before its body is parsed or validated: a signed-out call answers
 * 401 whatever it sends, never a 400 about its body. Role checks stay with the route.
 */
export function requireSessionWhereDeclared(app: AnyFastify): void {
  app.addHook('onRoute', (route) => {
    const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
    // only the session's requirement: /api/v1 declares its Bearer keys, checked by its own hook
    if (!security?.some((s) => 'session' in s)) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [userGuard, ...own];
  });
}

/** Route-level forms of the guards, for `onRequest` (before the body is read) or `preHandler`. */
export const userGuard: preHandlerHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
  requireUser(request);
};

/**
 * The admins' routes' guard, for `onRequest`: it runs before the body is parsed and validated, so
 * a signed-out or non-admin call learns nothing from a 400 (401 signed out, 403 otherwise).
 */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireRole(request, 'admin');
}

export function roleGuard(...roles: UserType[]): preHandlerHookHandler {
  return async (request: FastifyRequest) => {
    requireRole(request, ...roles);
  };
}

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

/** Route-level forms of the guards, for `preHandler`. */
export const userGuard: preHandlerHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
  requireUser(request);
};

export function roleGuard(...roles: UserType[]): preHandlerHookHandler {
  return async (request: FastifyRequest) => {
    requireRole(request, ...roles);
  };
}

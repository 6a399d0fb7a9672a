import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import { SESSION_COOKIE } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import type { AuthService, NewSession, RequestMeta } from './auth.service';

export const messageSchema = z.object({ message: z.string() });

export const authErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * The session cookie of the auth routes: a call that signs in ends the session the browser had
 * (if any) and sets the new one; one that signs out ends it and clears the cookie. Secure when the
 * request came over https, or when the site is published over https (behind a proxy that speaks
 * http to us).
 */
export function sessionCookies(auth: Pick<AuthService, 'logout'>, config: Pick<Config, 'publicUrl'>) {
  const publicUrlIsHttps = config.publicUrl.startsWith('https://');
  const secure = (request: FastifyRequest) => request.protocol === 'https' || publicUrlIsHttps;
  return {
    secure,

    /** Who asks, from where, and the origin the links in mails point at. */
    meta(request: FastifyRequest): RequestMeta {
      return { ip: request.ip, userAgent: request.headers['user-agent'], baseUrl: config.publicUrl };
    },

    async startSession(request: FastifyRequest, reply: FastifyReply, session: NewSession): Promise<void> {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secure(request),
        expires: session.expiresAt,
      });
    },

    async endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secure(request),
      });
    },
  };
}

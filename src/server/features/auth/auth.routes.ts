import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, publicUserSchema, returnToQuerySchema } from '../../../domain/auth/schemas';
import { errorResponseSchema } from '../../../domain/errors';
import { arrayPageQuerySchema } from '../../../domain/lists';
import { safeReturnTo } from '../../../domain/routes';
import { adminOnly } from '../../platform/auth/guards';
import { SESSION_COOKIE } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import { setNextLink } from '../../platform/link-header';
import { bodyField, ipLimit, limitBy } from '../../platform/rate-limits';
import { type AuthService, LoginThrottledError, toPublicUser } from './auth.service';
import { authErrors, messageSchema, sessionCookies } from './auth-route-parts';

/**
 * Signing in and out, the signed-in user and the admins' list of accounts. The links mailed to an
 * address (registration, confirmation, reset) are registration.routes.ts's. `config` for the
 * cookies: Secure when the site is published over https.
 */
export function authRoutes(service: AuthService, config: Pick<Config, 'publicUrl'>): FastifyPluginAsyncZod {
  const { meta, startSession, endSession } = sessionCookies(service, config);

  return async (app) => {
    app.get(
      '/api/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Browser navigation to the sign-in page, keeping returnTo',
          querystring: returnToQuerySchema,
          response: { 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const returnTo = safeReturnTo(request.query.returnTo);
        if (request.auth) return reply.redirect(returnTo);
        const target = returnTo === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`;
        return reply.redirect(target);
      },
    );

    app.post(
      '/api/auth/login',
      {
        config: { rateLimit: ipLimit(app, 'auth') },
        preHandler: limitBy(app, 'login', bodyField('email')),
        schema: {
          summary: 'Sign in',
          tags: ['auth'],
          body: loginSchema,
          response: { 200: publicUserSchema, ...authErrors },
        },
      },
      async (request, reply) => {
        const { user, session } = await service
          .login(request.body.email, request.body.password, meta(request))
          .catch((err: unknown) => {
            if (err instanceof LoginThrottledError) {
              reply.header('retry-after', String(Math.ceil(err.retryAfterMs / 1000)));
            }
            throw err;
          });
        // a sign-in always starts a fresh session; the one the browser had (if any) ends
        await startSession(request, reply, session);
        return user;
      },
    );

    app.post(
      '/api/auth/logout',
      { schema: { summary: 'Sign out', tags: ['auth'], response: { 200: messageSchema } } },
      async (request, reply) => {
        await endSession(request, reply);
        return { message: 'You have been signed out.' };
      },
    );

    app.get(
      '/api/logout',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Browser navigation: signs out and goes home when the navigation comes from this site (or the ' +
            'address bar); from anywhere else, goes to /logout, which asks and signs out with POST /api/auth/logout',
        },
      },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (!token) return reply.redirect('/');
        // A link or image on another site must not sign anyone out: only the browser's own word
        // (Sec-Fetch-Site) that the navigation started here, or was typed, is trusted.
        const site = request.headers['sec-fetch-site'];
        if (site !== 'same-origin' && site !== 'none') return reply.redirect('/logout');
        await endSession(request, reply);
        return reply.redirect('/');
      },
    );

    app.get(
      '/api/auth/user',
      {
        schema: {
          summary: 'The signed-in user',
          tags: ['auth'],
          security: [{ session: [] }],
          response: { 200: publicUserSchema, 401: errorResponseSchema },
        },
      },
      async (request) => toPublicUser(service.requireCurrent(request.auth).user),
    );

    app.get(
      '/api/users',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Every account, newest first, 100 at most per answer: the next page is in the `Link` header (rel="next") (admins only)',
          security: [{ session: [] }],
          querystring: arrayPageQuerySchema,
          response: {
            200: z.array(publicUserSchema).meta({ id: 'Users' }),
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const page = await service.listUsers(request.query);
        setNextLink(request, reply, page.nextCursor);
        return page.items;
      },
    );
  };
}

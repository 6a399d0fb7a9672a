import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardPathByUserType,
  forgotPasswordSchema,
  loginSchema,
  publicUserSchema,
  registerSchema,
  resetPasswordSchema,
  returnToQuerySchema,
  setPasswordSchema,
} from '../../../domain/auth/schemas';
import { errorResponseSchema } from '../../../domain/errors';
import { safeReturnTo } from '../../../domain/routes';
import { adminOnly } from '../../platform/auth/guards';
import { SESSION_COOKIE } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import { bodyField, ipLimit, limitBy } from '../../platform/rate-limits';
import { CLAIM_TTL_MS } from './account-links';
import {
  type AuthService,
  authServiceMessages,
  type FollowOutcome,
  LoginThrottledError,
  type RequestMeta,
  toPublicUser,
} from './auth.service';
import type { RegistrationService } from './registration.service';

/**
 * Set on the 202 answer of a registration that mailed a claim link: only the browser holding it
 * may use the password chosen at registration when the link is followed.
 */
const CLAIM_NONCE_COOKIE = 'rl_claim';
const CLAIM_NONCE_PATH = '/api/auth';

/** The page that asks the follower of a mailed link for a password; the token rides in the fragment, which no server or log sees. */
function setPasswordPage(token: string): string {
  return `/confirm-email?status=set-password#token=${encodeURIComponent(token)}`;
}

function linkOutcomePage(outcome: Exclude<FollowOutcome, { status: 'claimed' }>, token: string): string {
  return outcome.status === 'set_password'
    ? setPasswordPage(token)
    : `/confirm-email?status=${outcome.status}`;
}

const messageSchema = z.object({ message: z.string() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** `config` for the cookies: Secure when the site is published over https. */
export function authRoutes(
  services: { auth: AuthService; registration: RegistrationService },
  config: Pick<Config, 'publicUrl'>,
): FastifyPluginAsyncZod {
  const { auth: service, registration } = services;
  function meta(request: FastifyRequest): RequestMeta {
    return {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      baseUrl: config.publicUrl,
    };
  }

  const publicUrlIsHttps = config.publicUrl.startsWith('https://');
  /** Secure when this request came over https, or when the site is published over https (behind a proxy that speaks http to us). */
  const secure = (request: FastifyRequest) => request.protocol === 'https' || publicUrlIsHttps;

  function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(request),
      expires: expiresAt,
    });
  }

  function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(request),
    });
  }

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
        schema: { tags: ['auth'], body: loginSchema, response: { 200: publicUserSchema, ...errors } },
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
        await service.logout(request.cookies[SESSION_COOKIE]);
        setSessionCookie(request, reply, session.token, session.expiresAt);
        return user;
      },
    );

    app.post(
      '/api/auth/register',
      {
        config: { rateLimit: ipLimit(app, 'auth') },
        preHandler: limitBy(app, 'email', bodyField('email')),
        schema: {
          tags: ['auth'],
          description:
            '201 creates the account and signs in. 202: the address has an account (with or without a ' +
            'password; the answer is the same): a link is mailed there, and nothing else changes.',
          body: registerSchema,
          response: { 201: publicUserSchema, 202: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await registration.register(request.body, meta(request));
        if (result.kind === 'link_sent') {
          reply.setCookie(CLAIM_NONCE_COOKIE, result.nonce, {
            path: CLAIM_NONCE_PATH,
            httpOnly: true,
            sameSite: 'lax',
            secure: secure(request),
            maxAge: Math.floor(CLAIM_TTL_MS / 1000),
          });
          return reply.status(202).send({ message: result.message });
        }
        await service.logout(request.cookies[SESSION_COOKIE]);
        setSessionCookie(request, reply, result.session.token, result.session.expiresAt);
        return reply.status(201).send(result.user);
      },
    );

    app.get(
      '/api/auth/claim-account',
      {
        config: { rateLimit: ipLimit(app, 'auth') },
        schema: {
          tags: ['auth'],
          summary:
            'Browser navigation from the mailed claim link: in the registering browser, sets the password ' +
            'chosen there and signs in; anywhere else, leads to the page that asks for a password',
          querystring: z.object({ token: z.string().max(200).default('') }),
        },
      },
      async (request, reply) => {
        const outcome = await registration.followClaimLink(
          request.query.token,
          request.cookies[CLAIM_NONCE_COOKIE],
          {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          },
        );
        if (outcome.status !== 'claimed')
          return reply.redirect(linkOutcomePage(outcome, request.query.token));
        reply.clearCookie(CLAIM_NONCE_COOKIE, { path: CLAIM_NONCE_PATH });
        await service.logout(request.cookies[SESSION_COOKIE]);
        setSessionCookie(request, reply, outcome.session.token, outcome.session.expiresAt);
        return reply.redirect(dashboardPathByUserType[outcome.user.userType]);
      },
    );

    app.post(
      '/api/auth/logout',
      { schema: { tags: ['auth'], response: { 200: messageSchema } } },
      async (request, reply) => {
        await service.logout(request.cookies[SESSION_COOKIE]);
        clearSessionCookie(request, reply);
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
        await service.logout(token);
        clearSessionCookie(request, reply);
        return reply.redirect('/');
      },
    );

    app.get(
      '/api/auth/user',
      {
        schema: {
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
          summary: 'Every account, newest first (admins only)',
          security: [{ session: [] }],
          response: {
            200: z.array(publicUserSchema).meta({ id: 'Users' }),
            401: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async () => service.listUsers(),
    );

    app.get(
      '/api/auth/confirm-email',
      {
        schema: {
          tags: ['auth'],
          summary:
            "Browser navigation from the mailed link: confirms in the registrant's own signed-in session; " +
            'anywhere else, leads to the page that asks for a password (the token is not used up)',
          querystring: z.object({ token: z.string().max(200).default('') }),
        },
      },
      async (request, reply) => {
        const outcome = await registration.followConfirmLink(request.query.token, request.auth?.user.id);
        if (outcome.status === 'claimed') throw new Error('a confirmation link never claims');
        return reply.redirect(linkOutcomePage(outcome, request.query.token));
      },
    );

    app.post(
      '/api/auth/confirm-email',
      {
        config: { rateLimit: ipLimit(app, 'auth') },
        schema: {
          tags: ['auth'],
          summary:
            'Sets the password of the account a mailed confirm, claim or set-password link belongs to: ' +
            'confirms the address, ends every other session of the account and signs in. Anyone holding the link may call it.',
          body: setPasswordSchema,
          response: { 200: publicUserSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user, session } = await registration.setPasswordFromLink(
          request.body.token,
          request.body.password,
          {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          },
        );
        await service.logout(request.cookies[SESSION_COOKIE]);
        reply.clearCookie(CLAIM_NONCE_COOKIE, { path: CLAIM_NONCE_PATH });
        setSessionCookie(request, reply, session.token, session.expiresAt);
        return user;
      },
    );

    app.post(
      '/api/auth/forgot-password',
      {
        config: { rateLimit: ipLimit(app, 'auth') },
        preHandler: limitBy(app, 'email', bodyField('email')),
        schema: {
          tags: ['auth'],
          summary:
            '"Forgot password?": mails a one-use link (valid one hour) to set a new password when the ' +
            'address has an account; the answer is the same whether or not it has one',
          body: forgotPasswordSchema,
          response: { 202: messageSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await registration.forgotPassword(request.body.email, meta(request));
        return reply.status(202).send({ message: authServiceMessages.resetSent(request.body.email) });
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: { rateLimit: ipLimit(app, 'auth') },
        schema: {
          tags: ['auth'],
          summary:
            'Sets a new password with the token of a mailed "Forgot password?" link: every session of the ' +
            "account ends (this browser's too) and the address is told; sign in afterwards",
          body: resetPasswordSchema,
          response: { 200: messageSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await registration.resetPassword(request.body.token, request.body.password, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        await service.logout(request.cookies[SESSION_COOKIE]);
        clearSessionCookie(request, reply);
        return { message: authServiceMessages.passwordReset };
      },
    );

    app.post(
      '/api/auth/resend-confirmation',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        preHandler: limitBy(app, 'email', (request) => request.auth?.user.email),
        schema: {
          tags: ['auth'],
          security: [{ session: [] }],
          response: { 200: messageSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => {
        const current = service.requireCurrent(request.auth);
        await registration.resendConfirmation(current, meta(request).baseUrl);
        return { message: `We sent a new confirmation link to ${current.user.email}.` };
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardPathByUserType,
  forgotPasswordSchema,
  publicUserSchema,
  registerSchema,
  resetPasswordSchema,
  setPasswordSchema,
} from '../../../domain/auth/schemas';
import { errorResponseSchema } from '../../../domain/errors';
import type { Config } from '../../platform/config';
import { bodyField, ipLimit, limitBy } from '../../platform/rate-limits';
import { CLAIM_TTL_MS } from './account-links';
import { type AuthService, authServiceMessages, type FollowOutcome } from './auth.service';
import { authErrors, messageSchema, sessionCookies } from './auth-route-parts';
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

/**
 * The links mailed to an address and the calls that follow them: registration (a new account, or a
 * claim of a known address), confirmation, set-password, "Forgot password?" and its reset, and the
 * resend of a confirmation. `config` for the cookies: Secure when the site is published over https.
 */
export function registrationRoutes(
  services: { auth: AuthService; registration: RegistrationService },
  config: Pick<Config, 'publicUrl'>,
): FastifyPluginAsyncZod {
  const { auth: service, registration } = services;
  const { meta, secure, startSession, endSession } = sessionCookies(service, config);

  return async (app) => {
    app.post(
      '/api/auth/register',
      {
        config: { rateLimit: ipLimit(app, 'auth') },
        preHandler: limitBy(app, 'email', bodyField('email')),
        schema: {
          summary: 'Create an account',
          tags: ['auth'],
          description:
            '201 creates the account and signs in. 202: the address has an account (with or without a ' +
            'password; the answer is the same): a link is mailed there, and nothing else changes.',
          body: registerSchema,
          response: { 201: publicUserSchema, 202: messageSchema, ...authErrors },
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
        await startSession(request, reply, result.session);
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
          meta(request),
        );
        if (outcome.status !== 'claimed')
          return reply.redirect(linkOutcomePage(outcome, request.query.token));
        reply.clearCookie(CLAIM_NONCE_COOKIE, { path: CLAIM_NONCE_PATH });
        await startSession(request, reply, outcome.session);
        return reply.redirect(dashboardPathByUserType[outcome.user.userType]);
      },
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
          response: { 200: publicUserSchema, ...authErrors },
        },
      },
      async (request, reply) => {
        const { user, session } = await registration.setPasswordFromLink(
          request.body.token,
          request.body.password,
          meta(request),
        );
        reply.clearCookie(CLAIM_NONCE_COOKIE, { path: CLAIM_NONCE_PATH });
        await startSession(request, reply, session);
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
        await registration.resetPassword(request.body.token, request.body.password, meta(request));
        await endSession(request, reply);
        return { message: authServiceMessages.passwordReset };
      },
    );

    app.post(
      '/api/auth/resend-confirmation',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        preHandler: limitBy(app, 'email', (request) => request.auth?.user.email),
        schema: {
          summary: 'Mail the e-mail confirmation link again',
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

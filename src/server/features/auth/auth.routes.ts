import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dashboardPathByUserType,
  loginSchema,
  publicUserSchema,
  registerSchema,
} from '../../../domain/auth/schemas';
import { errorResponseSchema } from '../../../domain/errors';
import { safeReturnTo } from '../../../domain/routes';
import { SESSION_COOKIE } from '../../platform/auth/session-store';
import type { Platform } from '../../platform/platform';
import { bodyField, ipLimit, limitBy } from '../../platform/rate-limits';
import { createAuthService, type RequestMeta, toPublicUser } from './auth.service';

const messageSchema = z.object({ message: z.string() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

export function authFeature(platform: Platform): FastifyPluginAsyncZod {
  const service = createAuthService(platform);
  const { config } = platform;

  function meta(request: FastifyRequest): RequestMeta {
    return {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      baseUrl: config.publicUrl,
    };
  }

  function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      expires: expiresAt,
    });
  }

  function clearSessionCookie(reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  return async (app) => {
    app.get(
      '/api/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Browser navigation to the sign-in page, keeping returnTo',
          querystring: z.object({ returnTo: z.string().max(2000).optional() }),
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
        const { user, session } = await service.login(
          request.body.email,
          request.body.password,
          meta(request),
        );
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
            '201 creates the account and signs in. 202: the address has an account without a password ' +
            '(made by an install request or a converted quote); a link to finish it is mailed there.',
          body: registerSchema,
          response: { 201: publicUserSchema, 202: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await service.register(request.body, meta(request));
        if (result.kind === 'claim_sent') return reply.status(202).send({ message: result.message });
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
          summary: 'Browser navigation from the mailed claim link: sets the password, signs in',
          querystring: z.object({ token: z.string().max(200).default('') }),
        },
      },
      async (request, reply) => {
        const outcome = await service.claimAccount(request.query.token, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        if (outcome.status !== 'claimed') return reply.redirect(`/confirm-email?status=${outcome.status}`);
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
        clearSessionCookie(reply);
        return { message: 'You have been signed out.' };
      },
    );

    app.get(
      '/api/logout',
      { schema: { tags: ['auth'], summary: 'Browser navigation: sign out, go home' } },
      async (request, reply) => {
        await service.logout(request.cookies[SESSION_COOKIE]);
        clearSessionCookie(reply);
        return reply.redirect('/');
      },
    );

    app.get(
      '/api/auth/user',
      { schema: { tags: ['auth'], response: { 200: publicUserSchema, 401: errorResponseSchema } } },
      async (request) => toPublicUser(service.requireCurrent(request.auth).user),
    );

    app.get(
      '/api/auth/confirm-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Browser navigation from the mailed link',
          querystring: z.object({ token: z.string().max(200).default('') }),
        },
      },
      async (request, reply) => {
        const status = await service.confirmEmail(request.query.token);
        return reply.redirect(`/confirm-email?status=${status}`);
      },
    );

    app.post(
      '/api/auth/resend-confirmation',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        preHandler: limitBy(app, 'email', (request) => request.auth?.user.email),
        schema: {
          tags: ['auth'],
          response: { 200: messageSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => {
        const current = service.requireCurrent(request.auth);
        await service.resendConfirmation(current, meta(request).baseUrl);
        return { message: `We sent a new confirmation link to ${current.user.email}.` };
      },
    );
  };
}

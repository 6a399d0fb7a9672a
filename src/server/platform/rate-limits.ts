import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Logger } from 'pino';
import type { Database } from './db/index';
import { TooManyRequestsError } from './errors';
import type { AnyFastify } from './fastify-types';
import type { RateLimitSettings } from './rate-limit-config';
import { pgRateLimitStore } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The numbers of the rate-limit policies (from config), for `ipLimit` and `limitBy`. */
    rateLimitSettings: RateLimitSettings;
  }
}

/**
 * The named rate-limit policies. Two kinds, because many people share one IP (an office, a
 * carrier's NAT) while abuse aims at one target:
 * - per-IP policies, generous (hundreds per window), set as a route's `config: { rateLimit }`;
 *   they run on `onRequest`, before the body is read;
 * - per-target policies (an e-mail address, an account, a quote), tight, added as a route's
 *   `preHandler` with `limitBy`, so they see the parsed, validated body.
 * The numbers come from config (RATE_LIMIT_* variables). Counters live in PostgreSQL when the
 * product runs on a PostgreSQL server (rate-limit-store.ts), so N processes share one limit
 * instead of allowing N times it; in this process's memory on the embedded database (one process).
 */

/** Registers @fastify/rate-limit (no global limit: every limited route names its policy). */
export async function registerRateLimits(
  app: AnyFastify,
  settings: RateLimitSettings,
  platform: { database: Database; logger: Logger },
): Promise<void> {
  app.decorate('rateLimitSettings', settings);
  if (platform.database.kind === 'postgres') {
    // skipOnError: a counter the database cannot give fails open (logged by the store), never a 500
    await app.register(fastifyRateLimit, {
      global: false,
      store: pgRateLimitStore(platform.database.db, platform.logger),
      skipOnError: true,
    });
  } else {
    await app.register(fastifyRateLimit, { global: false });
  }
}

type IpPolicy = 'publicForm' | 'search' | 'upload' | 'auth' | 'discountCheck' | 'webhook' | 'account';

/** A per-IP (or, for `account`, per signed-in account) policy for a route's `config.rateLimit`. */
export function ipLimit(app: AnyFastify, policy: IpPolicy): RateLimitOptions {
  const s = app.rateLimitSettings;
  const timeWindow = s.windowMs;
  switch (policy) {
    case 'publicForm':
      return { max: s.ipPublic, timeWindow };
    case 'search':
      return { max: s.ipSearch, timeWindow };
    case 'upload':
      return { max: s.ipUpload, timeWindow };
    case 'auth':
      return { max: s.ipAuth, timeWindow };
    case 'discountCheck':
      return { max: s.ipDiscount, timeWindow };
    case 'webhook':
      // the payment provider posts from a few addresses, in bursts after an outage
      return { max: s.ipPublic * 10, timeWindow };
    case 'account':
      // signed-in calls: the session is resolved on onRequest before this limit runs
      return {
        max: s.account,
        timeWindow,
        keyGenerator: (request) => (request.auth ? `account:${request.auth.user.id}` : `ip:${request.ip}`),
      };
  }
}

type TargetPolicy = 'email' | 'login' | 'quote';

/** A string field of the parsed body, or of an object inside it (`quoteData.requesterEmail`). */
export function bodyField(...path: string[]): (request: FastifyRequest) => string | undefined {
  return (request) => {
    let value: unknown = request.body;
    for (const key of path) {
      if (typeof value !== 'object' || value === null) return undefined;
      value = (value as Record<string, unknown>)[key];
    }
    return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined;
  };
}

/** The first key that a request has, e.g. a draft id, else the requester's e-mail. */
export function firstOf(
  ...keys: ((request: FastifyRequest) => string | undefined)[]
): (request: FastifyRequest) => string | undefined {
  return (request) => {
    for (const key of keys) {
      const k = key(request);
      if (k !== undefined) return k;
    }
    return undefined;
  };
}

function targetMax(s: RateLimitSettings, policy: TargetPolicy): number {
  return policy === 'email' ? s.email : policy === 'login' ? s.login : s.quote;
}

/**
 * A `preHandler` that counts calls per target (the key `keyOf` reads from the request) and
 * answers 429 in the contract form beyond the policy's limit. `login` counts per e-mail *and*
 * client IP: a count per e-mail alone would let anyone lock a person out of their own account.
 * A request without the key (a payload of another shape) is not counted here: its per-IP
 * limit still applies, and a tight limit per IP is what this module avoids.
 */
export function limitBy(
  app: AnyFastify,
  policy: TargetPolicy,
  keyOf: (request: FastifyRequest) => string | undefined,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: targetMax(app.rateLimitSettings, policy),
    timeWindow: app.rateLimitSettings.windowMs,
    // the route is part of the key: each route counts apart (the memory store keeps one map per
    // limiter, the shared store one table for all)
    keyGenerator: (request: FastifyRequest) => {
      const key = keyOf(request) as string;
      const route = `${request.routeOptions.method} ${request.routeOptions.url}`;
      return policy === 'login' ? `${policy}:${route}:${key}:${request.ip}` : `${policy}:${route}:${key}`;
    },
  });
  return async (request, reply) => {
    if (keyOf(request) === undefined) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new TooManyRequestsError();
    }
  };
}

/**
 * Which quote a payment call is for: the browser's draft id, else the PaymentIntent. The shared
 * "free_submission" intent id names no quote, so it is skipped. Not the requester's e-mail: an
 * adjuster or a seller orders many quotes in a row under one address.
 */
export const quoteKey = firstOf(bodyField('draftId'), (request) => {
  const id = bodyField('paymentIntentId')(request);
  return id === 'free_submission' ? undefined : id;
});

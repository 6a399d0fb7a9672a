import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { SESSION_COOKIE } from './auth/session-store';
import { ForbiddenError } from './errors';
import type { AnyFastify } from './fastify-types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery protection for cookie-authenticated calls, by the request's own
 * provenance headers (the approach of Go's net/http CrossOriginProtection and OWASP's
 * "verify origin"): browsers always send Sec-Fetch-Site or Origin on a state-changing call,
 * so a call from another site is refused; a non-browser client sends neither and is not a
 * CSRF vector. The SameSite=Lax cookie is the second layer.
 */
export function isCrossSiteRequest(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export function registerCsrfProtection(app: AnyFastify): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.cookies[SESSION_COOKIE]) return;
    if (isCrossSiteRequest(request)) {
      throw new ForbiddenError('Cross-site request refused. Reload the page and try again.');
    }
  });
}

/** The Content-Security-Policy the built app runs under (no inline scripts). */
export function contentSecurityPolicy(extraConnect: string[] = []): HelmetOptions['contentSecurityPolicy'] {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com', ...extraConnect],
      // the service worker, /sw.js (docs/pwa.md)
      workerSrc: ["'self'"],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  };
}

/**
 * helmet's security headers, computed once: they do not depend on the request (no CSP nonces),
 * and running helmet per request re-parses the whole policy every time.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

export function registerSecurityHeaders(app: AnyFastify, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

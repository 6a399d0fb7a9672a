import type { FastifyRequest } from 'fastify';
import { errorResponseSchema } from '../../../domain/errors';
import { type ApiKeyScope, organizationMessages } from '../../../domain/organizations/organizations';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../platform/errors';
import type { AnyFastify } from '../../platform/fastify-types';
import { bearerOf } from './api-keys';
import type { ApiCaller, OrganizationsService } from './organizations.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The organisation's key of an /api/v1 call (null elsewhere: keys authenticate nothing else). */
    apiCaller: ApiCaller | null;
  }
  interface FastifyContextConfig {
    /** The scope an /api/v1 route needs. */
    apiScope?: ApiKeyScope;
  }
}

/** The security requirement /api/v1 routes declare in the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The error answers every /api/v1 route declares: 400, 404 and the key check's 401, 403 and 429. */
export const apiV1Errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * `Authorization: Bearer <key>` for the routes of the plugin it is registered in (/api/v1 only):
 * in onRequest, before the body is read, the key is checked (401 when missing, unknown or
 * revoked), counted against its own per-minute limit (429 with Retry-After) and its route's scope
 * checked (403). A session cookie authenticates nothing here: the session resolved for the rest of
 * the API is dropped, so a browser's ambient cookie can never order on an organisation's account.
 */
export function registerApiKeyAuth(app: AnyFastify, organizations: OrganizationsService): void {
  app.decorateRequest('apiCaller', null);
  const limit = app.createRateLimit({
    timeWindow: 60_000,
    max: (request: FastifyRequest) => request.apiCaller?.rateLimitPerMinute ?? 1,
    keyGenerator: (request: FastifyRequest) => `apikey:${request.apiCaller?.apiKeyId ?? 'none'}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    request.auth = null;
    const key = bearerOf(request.headers.authorization);
    const caller = key ? await organizations.authenticate(key) : null;
    if (!caller) {
      reply.header('www-authenticate', 'Bearer realm="api"');
      throw new UnauthorizedError(organizationMessages.badKey);
    }
    request.apiCaller = caller;
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new TooManyRequestsError('Too many calls with this API key. Wait and try again.');
    }
    const scope = request.routeOptions.config.apiScope;
    if (scope && !caller.scopes.includes(scope)) throw new ForbiddenError(organizationMessages.scope(scope));
  });
}

/** The caller of an /api/v1 route (set by the hook above). */
export function apiCallerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new UnauthorizedError(organizationMessages.badKey);
  return request.apiCaller;
}

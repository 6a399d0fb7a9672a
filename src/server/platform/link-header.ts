import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The next page of a spec list call that answers a plain JSON array (issue 26 #1): an RFC 8288
 * `Link: <path?cursor=...>; rel="next"` header on the answer, the request's own query kept with
 * its cursor replaced; none on the last page. The URI is relative to the request's (never built
 * from Host or X-Forwarded-Host).
 */
export function setNextLink(request: FastifyRequest, reply: FastifyReply, nextCursor: string | null): void {
  if (!nextCursor) return;
  const url = new URL(request.url, 'http://local.invalid');
  url.searchParams.set('cursor', nextCursor);
  reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
}

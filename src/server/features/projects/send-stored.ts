import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFileBody } from './project-files.service';

/**
 * The policy of a file shown on its own (an image, or a PDF in the browser's viewer) instead of
 * the app's: nothing may load but the file itself, and `object-src 'self'` lets the PDF viewer
 * show it (the app's `object-src 'none'` can leave a PDF blank).
 */
const FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/**
 * Sends a stored file: the access check ran for this very request, so the browser may keep a
 * copy (`private`) but asks again each time (`no-cache`); one that has it gets a 304 cheaply.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFileBody,
  disposition: 'attachment' | 'inline',
): Promise<FastifyReply> {
  reply
    .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
    .header('cache-control', 'private, no-cache')
    .header('etag', file.etag)
    .header('content-disposition', contentDisposition(file.fileName, { type: disposition }));
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  const body = await file.read();
  const size = Buffer.isBuffer(body) ? body.length : file.size;
  if (size !== undefined) reply.header('content-length', size);
  return reply.type(file.contentType).send(body);
}

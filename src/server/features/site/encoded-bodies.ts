import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A body kept in memory with its compressed forms, made once (at start, or at the first request). */
export interface EncodedBody {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
}

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** `text` with its brotli (best) and gzip (best) forms, for a body served many times. */
export function encodeBody(text: string): EncodedBody {
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: etagOf(identity),
  };
}

/**
 * Sends `body` in the best encoding the client accepts (brotli, gzip, or none) with `Vary`, and a
 * 304 when the client already holds it. The compression hook leaves a body that carries its
 * Content-Encoding alone, so nothing is compressed per request.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  reply.header('vary', 'accept-encoding').header('etag', body.etag);
  if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? encodings.negotiate(accepted) : null;
  const encoded = encoding ? body[encoding] : undefined;
  if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded);
  return reply.send(body.identity);
}

/**
 * The built app's hashed assets (`dist/web/assets`), read into memory at start with the brotli and
 * gzip files the build wrote beside them: an asset request costs no file system call. The folder
 * holds a few megabytes, and its names change with their content.
 */
export function readBuiltAssets(dir: string): Map<string, EncodedBody & { type: string }> {
  const assets = new Map<string, EncodedBody & { type: string }>();
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const file = path.join(dir, name);
    const identity = readFileSync(file);
    const variant = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
    const type = send.mime.getType(name) ?? 'application/octet-stream';
    assets.set(name, {
      identity,
      br: variant('.br'),
      gzip: variant('.gz'),
      etag: etagOf(identity),
      type: type.startsWith('text/') || type === 'application/javascript' ? `${type}; charset=utf-8` : type,
    });
  }
  return assets;
}

import type { FastifyInstance } from 'fastify';

/** Any Fastify instance, whatever its logger and type provider: for platform hooks that add behaviour to it. */
// biome-ignore lint/suspicious/noExplicitAny: the hooks work on every instance type
export type AnyFastify = FastifyInstance<any, any, any, any, any>;

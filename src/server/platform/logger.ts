import { type LoggerOptions, stdSerializers } from 'pino';

/** Fields that must never reach a log line, wherever they sit in a logged object. */
const SECRET_FIELDS = [
  'password',
  'confirmPassword',
  'newPassword',
  'passwordHash',
  'accountNumber',
  'confirmAccountNumber',
  'routingNumber',
  'ein',
  'ssn',
  'token',
  'tokenHash',
  'sessionSecret',
  'encryptionKey',
  'clientSecret',
  'secret',
  'cookie',
  'authorization',
];

/**
 * SQL parameters: Drizzle's query errors carry `params` (the values of the failed statement, e.g.
 * a password hash or a token hash), node-postgres' errors `parameters` and `detail` (the value of a
 * violated key); an error logged as `err` (a 500, a pg-boss "job queue error") keeps them all.
 */
const SQL_FIELDS = ['params', 'parameters', 'detail'];
const ERROR_KEYS = ['err', 'error'];

/** Removes the query string (tokens of confirmation and signed links) from a logged URL. */
export function withoutQuery(url: unknown): unknown {
  return typeof url === 'string' ? url.split('?')[0] : url;
}

/** Drizzle's "Failed query: ...\nparams: a,b" message (and stack): keep the statement, drop the values. */
function scrubParams(text: unknown): unknown {
  return typeof text === 'string'
    ? text.replace(/\nparams: [^\n]*(?:\n(?!\s+at )[^\n]*)*/, '\nparams: [redacted]')
    : text;
}

function serializeError(err: Error): Record<string, unknown> {
  const out = stdSerializers.err(err) as unknown as Record<string, unknown>;
  out.message = scrubParams(out.message);
  out.stack = scrubParams(out.stack);
  return out;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["stripe-signature"]',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        'headers["set-cookie"]',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((f) => `*.${f}`),
        ...SECRET_FIELDS.map((f) => `*.*.${f}`),
        ...SECRET_FIELDS.map((f) => `*.*.*.${f}`),
        ...ERROR_KEYS.flatMap((e) =>
          SQL_FIELDS.flatMap((f) => [`${e}.${f}`, `${e}.cause.${f}`, `*.${e}.${f}`, `*.${e}.cause.${f}`]),
        ),
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        // query strings can carry tokens (e-mail confirmation, signed links): log the path only
        return { method: req.method, url: withoutQuery(req.url), ip: req.ip, id: req.id };
      },
      url: withoutQuery,
      err: serializeError,
      error: serializeError,
    },
  };
}

import { type LoggerOptions, stdSerializers } from 'pino';

/** Fields that must never reach a log line, wherever they sit in a logged object. */
const SECRET_FIELDS = [
  'password',
  'confirmPassword',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'accountNumber',
  'confirmAccountNumber',
  'routingNumber',
  'accountNumberEncrypted',
  'routingNumberEncrypted',
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
  'set-cookie',
  'stripe-signature',
];

const SECRET_KEYS = new Set(SECRET_FIELDS.map((f) => f.toLowerCase()));
const CENSOR = '[redacted]';
/** Deep enough for a job's payload inside a logged error context; deeper values are cut. */
const MAX_DEPTH = 6;

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a log record's plain objects and arrays with every secret field censored, at any
 * depth. Errors and other class instances are left to their serializers (`serializeError` drops
 * the SQL values). Runs only for lines that are written: pino's own `redact` would also run on
 * every child logger's bindings (one per request), which cost ~5 % of a signed-in read's
 * throughput with these paths.
 */
function censorSecrets(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => censorSecrets(v, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? CENSOR : censorSecrets(v, depth + 1);
  }
  return out;
}

/**
 * SQL parameters: Drizzle's query errors carry `params` (the values of the failed statement, e.g.
 * a password hash or a token hash), node-postgres' errors `parameters` and `detail` (the value of a
 * violated key); an error logged as `err` (a 500, a pg-boss "job queue error") keeps them all.
 */
const SQL_FIELDS = ['params', 'parameters', 'detail'];

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

/** An error (and its causes) without the values of a failed statement, and with secrets censored. */
function scrubError(out: Record<string, unknown>): Record<string, unknown> {
  out.message = scrubParams(out.message);
  out.stack = scrubParams(out.stack);
  for (const field of SQL_FIELDS) if (field in out) out[field] = CENSOR;
  for (const [key, v] of Object.entries(out)) {
    if (SECRET_KEYS.has(key.toLowerCase())) out[key] = CENSOR;
    else if (key === 'cause' && typeof v === 'object' && v !== null) scrubError(v as Record<string, unknown>);
    else if (typeof v === 'object' && v !== null) out[key] = censorSecrets(v, 1);
  }
  return out;
}

function serializeError(err: Error): Record<string, unknown> {
  return scrubError(stdSerializers.err(err) as unknown as Record<string, unknown>);
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    formatters: { log: (record) => censorSecrets(record) as Record<string, unknown> },
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

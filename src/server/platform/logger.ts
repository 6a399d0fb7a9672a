import type { LoggerOptions } from 'pino';

/** Fields that must never reach a log line, wherever they sit in a logged object. */
const SECRET_FIELDS = [
  'password',
  'confirmPassword',
  'passwordHash',
  'accountNumber',
  'confirmAccountNumber',
  'routingNumber',
  'ein',
  'ssn',
  'token',
  'sessionSecret',
  'encryptionKey',
  'clientSecret',
];

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
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((f) => `*.${f}`),
        ...SECRET_FIELDS.map((f) => `*.*.${f}`),
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        // query strings can carry tokens (e-mail confirmation, signed links): log the path only
        return { method: req.method, url: req.url.split('?')[0], ip: req.ip, id: req.id };
      },
    },
  };
}

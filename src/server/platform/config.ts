import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type RateLimitSettings, rateLimitEnv, rateLimitSettings } from './rate-limit-config';

/**
 * The one place that reads process.env. Everything else receives a Config.
 * A bad value stops the start with a message naming the variable.
 */

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url('must be a URL').optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const secretText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().min(32, 'must be at least 32 characters').optional())
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must start with postgres:// or postgresql://',
  }),
  SESSION_SECRET: secretText,
  ENCRYPTION_KEY: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
        .optional(),
    )
    .optional(),
  ADMIN_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'must be a domain such as ridgeline.test')
    .default('ridgeline.test'),
  BRAND_NAME: z.string().trim().min(1).default('Ridgeline'),
  PUBLIC_URL: optionalUrl.refine((v) => v === undefined || /^https?:\/\//.test(v), {
    message: 'must start with http:// or https://',
  }),
  GOVERNING_LAW_STATE: z.string().trim().min(2).default('Delaware'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalUrl,
  SMTP_URL: optionalUrl.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: 'must start with smtp:// or smtps://',
  }),
  MAIL_FROM: optionalText,
  SUPPORT_EMAIL: z.string().trim().email('must be an e-mail address').default('support@ridgeline.test'),
  SLACK_WEBHOOK_URL: optionalUrl,
  /** Web Push's VAPID pair (base64url); unset, one is made and kept in DATA_DIR/secrets.json. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  // no default here: unset means "on" outside production and "off" in production (see loadConfig)
  SEED_DEMO: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.enum(['0', '1', 'true', 'false'], 'must be 0 or 1').optional())
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How many reverse proxies stand in front of the server: the client IP is the address that many
  // hops from the right of X-Forwarded-For. Never "trust all", which would let a client choose its
  // own IP. `true`/`false` (the old form) mean 1 and 0.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .transform((v) => (v === 'true' ? '1' : v === 'false' || v === '' ? '0' : v))
    .pipe(
      z
        .string()
        .regex(/^\d{1,2}$/, 'must be a number of proxy hops (0, 1, 2...)')
        .transform(Number)
        .pipe(z.number().int().min(0).max(10, 'must be a number of proxy hops (0 to 10)')),
    ),
  ...rateLimitEnv,
  // The account-wide sign-in cap (features/auth/login-throttle.ts): failed password checks on one
  // account, from every client, per window; beyond it every attempt answers 429 without hashing.
  LOGIN_ACCOUNT_FAILURE_LIMIT: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000)
    .default(20),
  LOGIN_ACCOUNT_WINDOW_MINUTES: z.coerce.number().int('must be a whole number').min(1).max(1440).default(60),
  /** Hours a contractor has to accept or decline a new match before the admins are told (issue 23). */
  MATCH_RESPONSE_HOURS: z.coerce.number().int('must be a whole number').min(1).max(720).default(24),
  /** The share of the approved budget asked when work begins (issue 25 #3), whole percent. */
  JOB_FIRST_PAYMENT_PERCENT: z.coerce.number().int('must be a whole number').min(1).max(100).default(50),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  encryptionKey: Buffer;
  adminEmailDomain: string;
  brandName: string;
  /** Origin of every link in mail and of sitemap/robots: PUBLIC_URL, else http://localhost:PORT. */
  publicUrl: string;
  governingLawState: string;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  slackWebhookUrl: string | undefined;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when both are set (else the push feature keeps its own pair). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  seedDemo: boolean;
  logLevel: string;
  /** Number of trusted reverse-proxy hops (0: the socket's address is the client). */
  trustProxy: number;
  rateLimits: RateLimitSettings;
  /** The account-wide cap on failed sign-in checks (LOGIN_ACCOUNT_FAILURE_LIMIT per LOGIN_ACCOUNT_WINDOW_MINUTES). */
  loginAccountCap: { failureLimit: number; windowMs: number };
  /** Hours a contractor has to answer a new match (MATCH_RESPONSE_HOURS): past it, the match is overdue. */
  matchResponseHours: number;
  /** The share of a job's approved budget asked when work begins (JOB_FIRST_PAYMENT_PERCENT, whole percent). */
  jobFirstPaymentPercent: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

interface StoredSecrets {
  sessionSecret: string;
  encryptionKey: string;
}

/** Generates the two secrets once and keeps them under DATA_DIR, so restarts keep sessions and data readable. */
function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  const file = path.join(dataDir, 'secrets.json');
  // other keys of the file (the push feature's VAPID pair) are kept
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>) : {};
  if (stored.sessionSecret && stored.encryptionKey) return stored as StoredSecrets;
  const secrets: StoredSecrets = {
    sessionSecret: randomBytes(32).toString('hex'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...stored, ...secrets }, null, 2), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production') {
    // PUBLIC_URL too: links in mail must never come from a request's Host header
    const missing = (['SESSION_SECRET', 'ENCRYPTION_KEY', 'PUBLIC_URL'] as const).filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${missing.map((k) => `${k}: is required when NODE_ENV=production`).join('\n  ')}`,
      );
    }
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together',
    );
  }
  const generated = e.SESSION_SECRET && e.ENCRYPTION_KEY ? undefined : loadOrCreateSecrets(dataDir);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? (generated as StoredSecrets).sessionSecret,
    encryptionKey: Buffer.from(e.ENCRYPTION_KEY ?? (generated as StoredSecrets).encryptionKey, 'hex'),
    adminEmailDomain: e.ADMIN_EMAIL_DOMAIN,
    brandName: e.BRAND_NAME,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${e.PORT}`,
    governingLawState: e.GOVERNING_LAW_STATE,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.BRAND_NAME} <no-reply@${e.ADMIN_EMAIL_DOMAIN}>`,
    supportEmail: e.SUPPORT_EMAIL,
    slackWebhookUrl: e.SLACK_WEBHOOK_URL,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    // demo data (and its well-known password) only in production when asked for explicitly
    seedDemo:
      e.SEED_DEMO === undefined ? e.NODE_ENV !== 'production' : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: rateLimitSettings(e),
    loginAccountCap: {
      failureLimit: e.LOGIN_ACCOUNT_FAILURE_LIMIT,
      windowMs: e.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000,
    },
    matchResponseHours: e.MATCH_RESPONSE_HOURS,
    jobFirstPaymentPercent: e.JOB_FIRST_PAYMENT_PERCENT,
  };
}

/**
 * TRUST_PROXY as Fastify's trustProxy: the socket's peer and the next `hops - 1` addresses of
 * X-Forwarded-For (read from the right) are our proxies; the next one is the client. A function,
 * because Fastify 5 treats a bare number as "trust nothing" (it cannot check the peer), and
 * `true` would trust whatever address a client writes into the header.
 */
export function trustProxyHops(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false;
}

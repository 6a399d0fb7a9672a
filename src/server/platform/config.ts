import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  PUBLIC_URL: optionalUrl,
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
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
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
  publicUrl: string | undefined;
  governingLawState: string;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  slackWebhookUrl: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
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
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
    if (stored.sessionSecret && stored.encryptionKey) return stored as StoredSecrets;
  }
  const secrets: StoredSecrets = {
    sessionSecret: randomBytes(32).toString('hex'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
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
    const missing = (['SESSION_SECRET', 'ENCRYPTION_KEY'] as const).filter((k) => !e[k]);
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
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
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
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}

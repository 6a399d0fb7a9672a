import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_LOCK_FAILURES } from '../features/auth/login-throttle';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function tempDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'rl-config-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('applies the defaults of CONTRACT.md', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(5000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminEmailDomain).toBe('ridgeline.test');
    expect(config.seedDemo).toBe(true);
    expect(config.encryptionKey).toHaveLength(32);
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.trustProxy).toBe(0);
    expect(config.rateLimits).toMatchObject({ windowMs: 600_000, ipPublic: 600, email: 10 });
    expect(config.loginAccountCap).toEqual({ failureLimit: 20, windowMs: 3_600_000 });
  });

  it('reads the account-wide sign-in cap, above one client lock by default', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      LOGIN_ACCOUNT_FAILURE_LIMIT: '50',
      LOGIN_ACCOUNT_WINDOW_MINUTES: '30',
    });
    expect(config.loginAccountCap).toEqual({ failureLimit: 50, windowMs: 1_800_000 });
    expect(loadConfig({ DATA_DIR: tempDir() }).loginAccountCap.failureLimit).toBeGreaterThan(
      CLIENT_LOCK_FAILURES,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), LOGIN_ACCOUNT_FAILURE_LIMIT: '0' })).toThrow(
      /LOGIN_ACCOUNT_FAILURE_LIMIT: must be at least 1/,
    );
  });

  it('makes links from PUBLIC_URL, else from http://localhost:PORT', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '5302' }).publicUrl).toBe('http://localhost:5302');
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://roofs.example//' }).publicUrl).toBe(
      'https://roofs.example',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'ftp://roofs.example' })).toThrow(
      /PUBLIC_URL: must start with http/,
    );
  });

  const production = () => ({
    NODE_ENV: 'production',
    DATA_DIR: tempDir(),
    SESSION_SECRET: 'x'.repeat(40),
    ENCRYPTION_KEY: 'a'.repeat(64),
    PUBLIC_URL: 'https://roofs.example',
  });

  it('refuses to start in production without PUBLIC_URL, naming it', () => {
    expect(() => loadConfig({ ...production(), PUBLIC_URL: '' })).toThrow(
      /PUBLIC_URL: is required when NODE_ENV=production/,
    );
    expect(loadConfig(production()).publicUrl).toBe('https://roofs.example');
  });

  it('loads demo data in production only when SEED_DEMO=1 is given', () => {
    expect(loadConfig(production()).seedDemo).toBe(false);
    expect(loadConfig({ ...production(), SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ ...production(), SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).seedDemo).toBe(true);
  });

  it.each([
    ['0', 0],
    ['1', 1],
    ['2', 2],
    ['true', 1],
    ['false', 0],
  ])('reads TRUST_PROXY=%s as %i proxy hops', (value, hops) => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy).toBe(hops);
  });

  it('reads the rate limits and refuses a limit of 0', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      RATE_LIMIT_WINDOW_MINUTES: '15',
      RATE_LIMIT_EMAIL: '3',
      RATE_LIMIT_IP_PUBLIC: '1000',
    });
    expect(config.rateLimits).toMatchObject({ windowMs: 900_000, email: 3, ipPublic: 1000 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_QUOTE: '0' })).toThrow(/RATE_LIMIT_QUOTE/);
  });

  it('generates the secrets once and keeps them under DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(true);
    expect(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).toContain(first.sessionSecret);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
  });

  it('requires the secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      /SESSION_SECRET: is required/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir(), SESSION_SECRET: 'x'.repeat(40) }),
    ).toThrow(/ENCRYPTION_KEY: is required/);
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must start with postgres/],
    ['ENCRYPTION_KEY', 'short', /ENCRYPTION_KEY: must be 64 hexadecimal/],
    ['SESSION_SECRET', 'short', /SESSION_SECRET: must be at least 32/],
    ['SMTP_URL', 'http://mail', /SMTP_URL: must start with smtp/],
    ['SUPPORT_EMAIL', 'nope', /SUPPORT_EMAIL: must be an e-mail/],
    ['PUBLIC_URL', 'not a url', /PUBLIC_URL/],
    ['SLACK_WEBHOOK_URL', 'hooks', /SLACK_WEBHOOK_URL/],
    ['ADMIN_EMAIL_DOMAIN', 'no domain', /ADMIN_EMAIL_DOMAIN/],
    ['TRUST_PROXY', 'all', /TRUST_PROXY: must be a number of proxy hops/],
    ['TRUST_PROXY', '-1', /TRUST_PROXY/],
    ['SEED_DEMO', 'yes', /SEED_DEMO/],
    ['RATE_LIMIT_EMAIL', 'many', /RATE_LIMIT_EMAIL/],
  ])('names the variable when %s=%s is bad', (name, value, pattern) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(pattern);
  });

  it('wants both Stripe keys or neither', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', SMTP_URL: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });
});

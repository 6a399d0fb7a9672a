import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { serverScript } from '../../../tests/helpers/server-script';
import { freshDatabase, testDbKind } from '../../../tests/helpers/test-context';
import { verifyPassword } from '../platform/auth/passwords';
import { type Database, openDatabase } from '../platform/db/index';
import { mailOutbox, users } from '../platform/db/schema';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-cli-'));
const fresh = testDbKind === 'postgres' ? await freshDatabase() : undefined;
await fresh?.database.close();

afterAll(async () => {
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function createAdmin(...args: string[]) {
  return createAdminWith({}, ...args);
}

async function createAdminWith(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, [...serverScript('create-admin'), ...args], {
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      DATABASE_URL: fresh?.url ?? '',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      ...env,
    },
  });
}

async function withDatabase<T>(fn: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = fresh?.url
    ? await openDatabase({ databaseUrl: fresh.url })
    : await openDatabase({ pgliteDir: path.join(dataDir, 'db'), lockDir: dataDir });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run create-admin', () => {
  it('creates a confirmed admin with the given password, then promotes an existing account', async () => {
    const created = await createAdmin('Ops@Example.com', '--password', 'a-strong-password');
    expect(created.stdout).toContain('Created admin ops@example.com.');
    const row = await withDatabase(
      async (db) => (await db.select().from(users).where(eq(users.email, 'ops@example.com')))[0],
    );
    expect(row).toMatchObject({ userType: 'admin', isVerified: true });
    expect(await verifyPassword(row?.passwordHash ?? '', 'a-strong-password')).toBe(true);
    // a password set here is told to the address, like every other way of setting one
    const notices = await withDatabase((db) =>
      db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ops@example.com')),
    );
    expect(notices.map((m) => m.subject)).toEqual(['Your Ridgeline password was changed']);
    expect(notices[0]?.text).toContain('set by one of our operators');

    await withDatabase((db) =>
      db.insert(users).values({ email: 'staff@example.com', userType: 'homeowner' }),
    );
    const promoted = await createAdmin('staff@example.com');
    expect(promoted.stdout).toContain('staff@example.com is now an admin.');
    expect(promoted.stdout).toMatch(/Generated password: \S{12,}/);
    const staff = await withDatabase(
      async (db) => (await db.select().from(users).where(eq(users.email, 'staff@example.com')))[0],
    );
    expect(staff?.userType).toBe('admin');
  });

  it('refuses a bad address and a short password without touching the database', async () => {
    await expect(createAdmin('not-an-email')).rejects.toMatchObject({ code: 2 });
    await expect(createAdmin('x@example.com', '--password', 'short')).rejects.toMatchObject({ code: 2 });
  });

  it('refuses the published demo password in production', async () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: 'a'.repeat(64),
      PUBLIC_URL: 'https://roofs.example',
    };
    await expect(
      createAdminWith(production, 'ops2@example.com', '--password', 'ridgeline-demo'),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/demo password/) });
  });
});

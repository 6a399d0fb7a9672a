import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inArray, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_HOMEOWNER_EMAIL, DEMO_PASSWORD } from '../../src/server/features/seed/demo-data';
import { demoAccountEmails } from '../../src/server/features/seed/seed.service';
import { SESSION_COOKIE } from '../../src/server/platform/auth/session-store';
import { users } from '../../src/server/platform/db/schema';
import { createPlatform } from '../../src/server/platform/platform';
import { createServices } from '../../src/server/services';
import { exitOf, startApp, stopApp, waitHealthy } from '../helpers/app-process';
import { serverScript } from '../helpers/server-script';
import { freshDatabase, testConfig, testDbKind } from '../helpers/test-context';

/** Issue 8, items 2 and 3, on a real process started with NODE_ENV=production. */

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const secrets = {
  SESSION_SECRET: randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-prod-'));
const fresh = testDbKind === 'postgres' ? await freshDatabase() : undefined;
await fresh?.database.close();

afterAll(async () => {
  await fresh?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a production start', () => {
  it('refuses to start without PUBLIC_URL, naming it', async () => {
    const app = await startApp('no-public-url', {
      env: { NODE_ENV: 'production', ...secrets, PUBLIC_URL: '' },
    });
    expect(await exitOf(app)).toBe(1);
    expect(app.output.join('')).toMatch(/PUBLIC_URL: is required when NODE_ENV=production/);
    await stopApp(app);
  });

  it('`npm run seed` refuses in production without SEED_DEMO=1', async () => {
    const seeded = run(process.execPath, serverScript('seed'), {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...secrets,
        PUBLIC_URL: 'https://roofs.example',
        DATA_DIR: dataDir,
        DATABASE_URL: fresh?.url ?? '',
        SEED_DEMO: '',
        LOG_LEVEL: 'silent',
      },
    });
    await expect(seeded).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/SEED_DEMO=1/) });
  });

  it('removes the demo password from demo accounts loaded earlier, and signs them out', async () => {
    // demo data loaded by an earlier (development) start of the same database, with a live session
    const platform = await createPlatform(
      testConfig({ DATA_DIR: dataDir, DATABASE_URL: fresh?.url ?? '', ...secrets }),
      { runWorkers: false },
    );
    let cookie: string;
    try {
      expect(await createServices(platform).seed.seedDemoDataIfEmpty()).toBe(true);
      const [homeowner] = await platform.db
        .select()
        .from(users)
        .where(inArray(users.email, [DEMO_HOMEOWNER_EMAIL]));
      const session = await platform.sessions.create(homeowner?.id as string);
      cookie = `${SESSION_COOKIE}=${session.token}`;
    } finally {
      await platform.close();
    }

    const app = await startApp('production', {
      dataDir,
      databaseUrl: fresh?.url,
      env: { NODE_ENV: 'production', ...secrets, PUBLIC_URL: 'https://roofs.example', SEED_DEMO: '' },
    });
    try {
      await waitHealthy(app);
      const base = `http://127.0.0.1:${app.port}`;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_HOMEOWNER_EMAIL, password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(401);
      const me = await fetch(`${base}/api/auth/user`, { headers: { cookie } });
      expect(me.status).toBe(401);
      expect(app.output.join('')).toMatch(/Removed the demo password/);
    } finally {
      await stopApp(app);
    }

    const check = await createPlatform(
      testConfig({ DATA_DIR: dataDir, DATABASE_URL: fresh?.url ?? '', ...secrets }),
      { runWorkers: false },
    );
    try {
      const withPassword = await check.db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, demoAccountEmails('ridgeline.test')));
      expect(withPassword.length).toBeGreaterThan(20);
      const stillSet = await check.db
        .select({ email: users.email })
        .from(users)
        .where(isNotNull(users.passwordHash));
      expect(stillSet).toEqual([]);
    } finally {
      await check.close();
    }
  });
});

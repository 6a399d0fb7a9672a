import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppProcess, exitOf, startApp, stopApp, waitHealthy } from '../helpers/app-process';
import { testDbKind } from '../helpers/test-context';

/** PGlite has no lock between processes: the server holds DATA_DIR for its whole life. */
describe.skipIf(testDbKind === 'postgres')('one server per DATA_DIR on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-lock-'));
  const apps: AppProcess[] = [];
  afterAll(async () => {
    await Promise.allSettled(apps.map((a) => stopApp(a, 'SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server with a clear message, and a crash does not block the restart', async () => {
    const first = await startApp('first', { dataDir });
    apps.push(first);
    await waitHealthy(first);

    const second = await startApp('second', { dataDir });
    apps.push(second);
    expect(await exitOf(second)).toBe(1);
    const said = second.output.join('');
    expect(said).toContain(
      `DATA_DIR ${dataDir} is in use by another Ridgeline server (pid ${first.child.pid}`,
    );
    expect(said).toContain('set DATABASE_URL to share a PostgreSQL server');
    // the first server is unharmed
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);

    // killed without a chance to release the lock: the next start takes the stale lock over
    await stopApp(first, 'SIGKILL');
    const third = await startApp('third', { dataDir });
    apps.push(third);
    await waitHealthy(third);
  });
});

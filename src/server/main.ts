import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { DataDirLockedError } from './platform/db/data-dir-lock';
import { registerMailWorker } from './platform/mail/create-mailer';
import { createPlatform } from './platform/platform';
import { createServices } from './services';
import { startHousekeeping, startWorkers } from './workers';

/**
 * Start-up (docs/decisions/006-start-up-off-the-critical-path.md): the database (a new DATA_DIR is
 * copied from the build's migrated template), the migrations, the demo data (or the removal of
 * the demo passwords), the routes; then the server listens, and /api/health answers ok. Only then
 * do the job workers and the hourly clean-ups start: nothing a request needs waits on them (a job
 * sent before its worker starts waits in the queue).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const platform = await createPlatform(config, { runWorkers: false });
  // LOG_LEVEL=debug shows where start-up spends its time (ms since the process started, and of CPU)
  const phase = (name: string) => {
    const cpu = process.cpuUsage();
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    platform.logger.debug({ phase: name, ms: Math.round(performance.now()), cpuMs }, 'start-up');
  };
  phase('database ready');
  const services = createServices(platform);
  // before the server listens: a signed-in demo is there at the first sign-in, and in production
  // no account may sign in with the published demo password
  if (config.seedDemo) await services.seed.seedDemoDataIfEmpty();
  else if (config.nodeEnv === 'production') await services.seed.removeDemoPasswords();
  phase('demo data');
  // registers every route; the features' workers start below, once the server listens
  const app = await buildApp(platform, { services, startWorkers: false });
  phase('routes');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    platform.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await platform.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  platform.logger.info(
    { database: platform.database.kind, dataDir: config.dataDir },
    `${config.brandName} is listening on http://localhost:${config.port}`,
  );
  phase('listening');
  try {
    await registerMailWorker(platform);
    await startWorkers(platform, services);
    await startHousekeeping(platform, services);
  } catch (err) {
    // a stop signal during this last step closes the job queue under it: not a failed start
    if (closing) return;
    throw err;
  }
  phase('workers started');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Ridgeline could not start:', err);
  }
  process.exit(1);
});

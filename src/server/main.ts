import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { DataDirLockedError } from './platform/db/data-dir-lock';
import { createPlatform } from './platform/platform';
import { createServices, startHousekeeping } from './services';

async function main(): Promise<void> {
  const config = loadConfig();
  const platform = await createPlatform(config);
  const services = createServices(platform);
  if (config.seedDemo) await services.seed.seedDemoDataIfEmpty();
  else if (config.nodeEnv === 'production') await services.seed.removeDemoPasswords();
  await startHousekeeping(platform, services);
  // registers every route and starts the features' workers (services.ts)
  const app = await buildApp(platform, { services });

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
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Ridgeline could not start:', err);
  }
  process.exit(1);
});

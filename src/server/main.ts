import { buildApp } from './app';
import { registerUploadCleanup } from './features/quotes/upload-cleanup';
import { removeDemoPasswords, seedDemoDataIfEmpty } from './features/seed/seed.service';
import { ConfigError, loadConfig } from './platform/config';
import { DataDirLockedError } from './platform/db/data-dir-lock';
import { registerMaintenance } from './platform/maintenance';
import { createPlatform } from './platform/platform';

async function main(): Promise<void> {
  const config = loadConfig();
  const platform = await createPlatform(config);
  if (config.seedDemo) await seedDemoDataIfEmpty(platform);
  else if (config.nodeEnv === 'production') await removeDemoPasswords(platform);
  await registerMaintenance(platform);
  await registerUploadCleanup(platform);
  const app = await buildApp(platform);

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

/**
 * npm run seed
 * Loads the demo data on demand. Safe on a seeded database: only missing rows are added.
 */

import { DEMO_PASSWORD } from '../features/seed/demo-data';
import { demoLogins, summarizeData } from '../features/seed/seed.service';
import { loadConfig } from '../platform/config';
import { createPlatform } from '../platform/platform';
import { createServices } from '../services';
import { runCli } from './run-cli';

function line(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key.replaceAll('_', ' ')} ${n}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.nodeEnv === 'production' && !config.seedDemo) {
    // the demo accounts share a published password: never by accident on a live site
    console.error('Refusing to load demo data with NODE_ENV=production: set SEED_DEMO=1 to load it anyway.');
    return 2;
  }
  const platform = await createPlatform(config, { runWorkers: false });
  try {
    await createServices(platform).seed.seedDemoData();
    const summary = await summarizeData(platform.db);
    const where =
      platform.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
    console.log(`Demo data is loaded (${where}).`);
    console.log(`  users:          ${line(summary.users)}`);
    console.log(`  contractors:    ${line(summary.contractors)}`);
    console.log(`  projects:       ${line(summary.projects)}`);
    console.log(`  messages:       ${summary.messages}`);
    console.log(`  discount codes: ${summary.discountCodes} active`);
    console.log(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const login of demoLogins(config.adminEmailDomain)) {
      console.log(`  ${login.email.padEnd(32)} ${login.role}`);
    }
    return 0;
  } finally {
    await platform.close();
  }
}

runCli(main, 'npm run seed');

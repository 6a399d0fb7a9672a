import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2ePort, startE2eServer, TEMPLATE_DIR_ENV } from './e2e-server';

/**
 * Seeds the demo data once: a server started with SEED_DEMO=1 on a fresh data folder (PGlite data,
 * stored files, secrets.json), stopped when it answers. Every worker copies that folder (fixtures.ts).
 * The workers inherit process.env from here.
 */
export default async function globalSetup() {
  const template = mkdtempSync(path.join(os.tmpdir(), 'ridgeline-e2e-template-'));
  // the workers use E2E_PORT+1, +2...; the seeding server takes the base port
  const server = await startE2eServer(template, await e2ePort(0));
  await server.stop();
  process.env[TEMPLATE_DIR_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}

import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The processes integration tests start (the server, the CLIs, the queue child) run from one
 * esbuild bundle made by global-setup.ts at the start of every run, not from source under tsx:
 * tsx transforms the whole server again in every process (about 2 s of CPU more per start,
 * measured). Built fresh each run (well under a second), so it is never older than the source.
 * The bundle sits inside the repository (node_modules/.cache) so that the server finds the
 * project root, migrations and dist/ from it as it does from dist/server/, and its packages.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's server bundle. */
    serverBundleDir: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

const entryPoints = {
  main: 'src/server/main.ts',
  seed: 'src/server/cli/seed.ts',
  'create-admin': 'src/server/cli/create-admin.ts',
  'migrate-files': 'src/server/cli/migrate-files.ts',
  // the worker threads are loaded by URL beside the bundle that starts them
  'parse-worker': 'src/server/features/estimates/parse-worker.ts',
  'pdf-check-worker': 'src/server/platform/files/pdf-check-worker.ts',
  'queue-child': 'tests/helpers/queue-child.ts',
  'payout-child': 'tests/helpers/payout-child.ts',
};

export type BundledEntry = keyof typeof entryPoints;

/** Bundles the entries into a folder of this run; answers the folder and how to remove it. */
export async function buildServerBundle(): Promise<{ dir: string; remove(): void }> {
  const dir = path.join(repoRoot, 'node_modules/.cache/ridgeline-test-server', String(process.pid));
  rmSync(dir, { recursive: true, force: true });
  await build({
    absWorkingDir: repoRoot,
    entryPoints: Object.fromEntries(
      Object.entries(entryPoints).map(([name, file]) => [name, path.join(repoRoot, file)]),
    ),
    outdir: dir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

import path from 'node:path';
import { inject } from 'vitest';
import type { BundledEntry } from './server-bundle';

/**
 * The node arguments that run one of the server's entries (main, a CLI, the queue child) from
 * this run's bundle, made by global-setup.ts from the current source. `--enable-source-maps`
 * keeps the stack traces of a failing process pointing at the TypeScript files.
 */
export function serverScript(entry: BundledEntry): string[] {
  return ['--enable-source-maps', path.join(inject('serverBundleDir'), `${entry}.js`)];
}

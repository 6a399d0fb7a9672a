import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found from this file whether it runs from src/ or from the dist/ bundle. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findRoot();
export const migrationsDir = path.join(projectRoot, 'migrations');
export const webDistDir = path.join(projectRoot, 'dist', 'web');
/** The public pages' HTML prerendered by the build (scripts/build.mjs), beside the web app, not served as a file. */
export const prerenderedPagesFile = path.join(projectRoot, 'dist', 'prerendered-pages.json');
/** Each route's page code beyond the entry's, listed by the build (scripts/lib/web-manifest.mjs) for modulepreload. */
export const routePreloadsFile = path.join(projectRoot, 'dist', 'route-preloads.json');
/**
 * The migrated database a new embedded DATA_DIR starts from, written by the build
 * (platform/db/data-template.ts): copying it skips PGlite's initdb.
 */
export const dataTemplateDir = path.join(projectRoot, 'dist', 'data-template');

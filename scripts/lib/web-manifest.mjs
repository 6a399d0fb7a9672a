// The built web app's Vite manifest (dist/web/.vite/manifest.json): which chunk files a module loads
// at once. Used by the JS budgets (check-js-budgets.mjs) and by the build's route preloads (build.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function readWebManifest(webDir) {
  return JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'));
}

/** The one entry chunk's manifest key. */
export function entryKey(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1)
    throw new Error(`Expected one entry chunk, found ${entries.join(', ') || 'none'}`);
  return entries[0];
}

/** The chunk files a manifest key loads at once: itself and its static imports, transitively. */
export function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/**
 * Route -> the JS files its page loads beyond the entry's (the page's chunk first), from the
 * lazy imports of src/web/app/routes.ts: `'/route': page(() => import('@web/...'), ...)`, or
 * `const Name = page(() => import('./...'), ...)` and `'/route': Name,`. The server lists them as
 * <link rel="modulepreload"> in that route's HTML, so the browser fetches the page's code with the
 * entry's instead of after it (src/server/features/site/page-html.ts).
 */
export function routePreloads(manifest, routesSource) {
  const entryFiles = staticClosure(manifest, entryKey(manifest));
  const moduleKey = (specifier) => {
    const module = specifier.startsWith('@web/')
      ? specifier.slice(5)
      : `app/${specifier.replace(/^\.\//, '')}`;
    const key = [`${module}.tsx`, `${module}.ts`].find((k) => manifest[k]);
    if (!key) throw new Error(`${specifier} (src/web/app/routes.ts) is not in the build manifest`);
    return key;
  };
  const lazyImport = String.raw`page\(\s*\(\)\s*=>\s*import\('([^']+)'\)`;
  const named = new Map();
  for (const [, name, specifier] of routesSource.matchAll(
    new RegExp(String.raw`const (\w+) = ${lazyImport}`, 'g'),
  ))
    named.set(name, specifier);
  const preloads = {};
  const add = (route, specifier) => {
    preloads[route] = [...staticClosure(manifest, moduleKey(specifier))].filter(
      (file) => !entryFiles.has(file),
    );
  };
  for (const [, route, specifier] of routesSource.matchAll(
    new RegExp(String.raw`'(\/[^']*)':\s*${lazyImport}`, 'g'),
  ))
    add(route, specifier);
  for (const [, route, name] of routesSource.matchAll(/'(\/[^']*)':\s*(\w+),/g))
    if (named.has(name)) add(route, named.get(name));
  return preloads;
}

// Builds the web app (Vite) and the server bundle (esbuild), then precompresses web assets.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { readWebManifest, routePreloads } from './lib/web-manifest.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2]; // 'web' | 'server' | undefined (both)
const quiet = process.env.BUILD_QUIET === '1';
const started = performance.now();

/** One line per build step, so a first `npm start` shows what it is doing (BUILD_QUIET=1: none). */
function step(text) {
  const now = performance.now();
  if (!quiet) console.log(`build: ${text} (${((now - started) / 1000).toFixed(1)} s)`);
}

if (!only || only === 'web') {
  step('pricing the marketing sample quote');
  // the marketing sample quote, priced by the engine (scripts/generate-sample-quote.mjs)
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/generate-sample-quote.mjs')],
    { cwd: root, stdio: 'inherit' },
  );
  step('bundling the web app (vite)');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  step('building the service worker');
  await buildServiceWorker(path.join(root, 'dist/web'));
  step('prerendering the public pages');
  await prerenderPublicPages();
  // each route's page code, listed in its HTML as modulepreload (src/server/features/site/page-html.ts)
  writeFileSync(
    path.join(root, 'dist/route-preloads.json'),
    `${JSON.stringify(
      routePreloads(
        readWebManifest(path.join(root, 'dist/web')),
        readFileSync(path.join(root, 'src/web/app/routes.ts'), 'utf8'),
      ),
    )}\n`,
  );
  step('precompressing the web assets (gzip, brotli)');
  precompress(path.join(root, 'dist/web'));
}

if (!only || only === 'server') {
  step('bundling the server (esbuild)');
  await build({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      seed: path.join(root, 'src/server/cli/seed.ts'),
      'create-admin': path.join(root, 'src/server/cli/create-admin.ts'),
      'migrate-files': path.join(root, 'src/server/cli/migrate-files.ts'),
      // writes dist/data-template.tar, run below
      'make-data-template': path.join(root, 'src/server/cli/make-data-template.ts'),
      // the measurement parse pool's worker thread, loaded by URL beside main.js
      'parse-worker': path.join(root, 'src/server/features/estimates/parse-worker.ts'),
      // the uploaded-PDF check's worker thread (platform/files/pdf-check.ts), also beside main.js
      'pdf-check-worker': path.join(root, 'src/server/platform/files/pdf-check-worker.ts'),
    },
    outdir: path.join(root, 'dist/server'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // the migrated database a new DATA_DIR starts from (src/server/platform/db/data-template.ts)
  step('building the template database for new data folders');
  execFileSync(process.execPath, [path.join(root, 'dist/server/make-data-template.js')], {
    cwd: root,
    stdio: 'inherit',
  });
}
step('done');

/**
 * Renders every public page (the indexable ones of src/domain/site/seo.ts) to HTML with Preact's
 * renderer (preact-render-to-string; the app is built on preact/compat, vite.config.ts): a server
 * build of src/web/prerender.tsx, run here, then thrown away. The server reads
 * dist/prerendered-pages.json and puts each page's HTML inside #root (src/server/features/site/page-html.ts); the browser hydrates it.
 */
async function prerenderPublicPages() {
  const outDir = path.join(root, 'dist/prerender');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'prerender.tsx',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  const { renderPage, prerenderRoutes } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);
  const pages = {};
  for (const route of prerenderRoutes) pages[route] = await renderPage(route);
  writeFileSync(path.join(root, 'dist/prerendered-pages.json'), `${JSON.stringify(pages)}\n`);
  rmSync(outDir, { recursive: true, force: true });
}

/**
 * The service worker (src/web/sw.ts) as dist/web/sw.js, with the precache list injected: the app
 * shell (index.html), every hashed asset of this build, the logo and the app icons (docs/pwa.md).
 * Its version is a hash of those files, so each deploy that changes them installs a new worker.
 */
async function buildServiceWorker(webDir) {
  const files = [
    'index.html',
    'favicon.svg',
    ...readdirSync(path.join(webDir, 'icons')).map((name) => `icons/${name}`),
    ...readdirSync(path.join(webDir, 'assets')).map((name) => `assets/${name}`),
  ].filter((file) => !/\.(map|gz|br)$/.test(file));
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(path.join(webDir, file)));
  const version = hash.digest('hex').slice(0, 16);
  await build({
    entryPoints: [path.join(root, 'src/web/sw.ts')],
    outfile: path.join(webDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    define: {
      __PRECACHE__: JSON.stringify(files.map((file) => `/${file}`)),
      __SW_VERSION__: JSON.stringify(version),
    },
    logLevel: 'warning',
  });
}

function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(name)) continue;
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

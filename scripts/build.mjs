// Builds the web app (Vite) and the server bundle (esbuild), then precompresses web assets.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2]; // 'web' | 'server' | undefined (both)

if (!only || only === 'web') {
  // the marketing sample quote, priced by the engine (scripts/generate-sample-quote.mjs)
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/generate-sample-quote.mjs')],
    { cwd: root, stdio: 'inherit' },
  );
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  precompress(path.join(root, 'dist/web'));
}

if (!only || only === 'server') {
  await build({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      seed: path.join(root, 'src/server/cli/seed.ts'),
      'create-admin': path.join(root, 'src/server/cli/create-admin.ts'),
      'migrate-files': path.join(root, 'src/server/cli/migrate-files.ts'),
      // the measurement parse pool's worker thread, loaded by URL beside main.js
      'parse-worker': path.join(root, 'src/server/features/estimates/parse-worker.ts'),
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

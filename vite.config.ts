import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));
// npm run dev: the API server listens on PORT (default 5000)
const apiTarget = `http://localhost:${process.env.PORT ?? '5000'}`;
const zodJitless = fromRoot('./src/web/lib/zod-jitless.ts');

/** Every browser import of 'zod' goes through zod-jitless.ts (CSP: no eval), except that file's own. */
function zodWithoutEval(): Plugin {
  return {
    name: 'ridgeline-zod-without-eval',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'zod' && importer && importer !== zodJitless) return zodJitless;
      return null;
    },
  };
}

/**
 * The app runs on Preact's React compatibility layer instead of React (a smaller first load:
 * scripts/check-js-budgets.mjs; docs/decisions/007-react-on-preact.md): in the browser, in the
 * build-time prerender (vite build --ssr, src/web/prerender.tsx), so the HTML is the one Preact
 * hydrates (the same useId values), and in the unit tests that render components
 * (vitest.config.ts). Type checking uses React's types.
 */
export const reactToPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig(({ isSsrBuild }) => ({
  // the prerender bundles its packages too, so that their 'react' is Preact's as well
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  root: fromRoot('./src/web'),
  plugins: [zodWithoutEval(), react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@domain', replacement: fromRoot('./src/domain') },
      { find: '@web', replacement: fromRoot('./src/web') },
      ...reactToPreact,
    ],
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // VITE_NO_MINIFY=1: readable function names in a CPU profile (docs/pwa.md); never for a release
    minify: process.env.VITE_NO_MINIFY ? false : undefined,
    // which chunks each page loads: scripts/check-js-budgets.mjs sums them
    manifest: true,
    rollupOptions: {
      // Preact (the core, hooks, compat, the JSX runtime) in one chunk, as every page loads all of
      // it. Left to the automatic split, the JSX runtime was a chunk of its own, and a change of the
      // chunk graph elsewhere (issue 27 #5: the step form loaded on demand) moved the bundler's
      // runtime out of this chunk too: one more request on every page
      output: { codeSplitting: { groups: [{ name: 'compat', test: /[\\/]node_modules[\\/]preact[\\/]/ }] } },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
    },
  },
}));

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

export default defineConfig({
  root: fromRoot('./src/web'),
  plugins: [zodWithoutEval(), react(), tailwindcss()],
  resolve: {
    alias: {
      '@domain': fromRoot('./src/domain'),
      '@web': fromRoot('./src/web'),
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // which chunks each page loads: scripts/check-js-budgets.mjs sums them
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
    },
  },
});

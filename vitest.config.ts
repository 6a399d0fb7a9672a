import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactToPreact } from './vite.config';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        // the browser's path aliases (vite.config.ts), so components can be rendered in unit tests,
        // and its runtime: 'react' is preact/compat, as in the app the build ships
        resolve: {
          alias: [
            { find: '@domain', replacement: fromRoot('./src/domain') },
            { find: '@web', replacement: fromRoot('./src/web') },
            ...reactToPreact,
            // wouter's useSyncExternalStore comes from this CommonJS shim, whose require('react') no
            // alias reaches: Preact's own, as in the app the build ships
            { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: 'preact/compat' },
            // its "node" export is CommonJS, whose require('react') no alias reaches: the ESM build
            {
              find: /^lucide-react$/,
              replacement: fromRoot('./node_modules/lucide-react/dist/esm/lucide-react.mjs'),
            },
          ],
        },
        test: {
          name: 'unit',
          // the packages that import 'react' go through the aliases too (not loaded by Node as they are)
          server: {
            deps: {
              inline: [
                /@tanstack\/react-query/,
                /wouter/,
                /@radix-ui\//,
                /lucide-react/,
                /react-hook-form/,
                /@hookform\//,
                /@stripe\/react-stripe-js/,
              ],
            },
          },
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          // a safety net, not a speed check: property tests and renders share 2 cores with the rest of CI
          testTimeout: 20_000,
          // one worker per core (Vitest's default leaves one core idle: 1 worker on this 2-core
          // machine), and a worker keeps the modules it loaded for its next file: importing them
          // again for each of the 115 files was most of the time (a clean run here: 120 s -> 49 s).
          // So no unit test may leave state behind: vi.stubGlobal and fake timers are undone in
          // afterEach, and no file uses vi.mock (page-guard.test.tsx renders in a wouter <Router>).
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          globalSetup: ['tests/helpers/global-setup.ts'],
          include: ['src/**/*.int.test.ts', 'tests/integration/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          // a worker runs its files one after another in one process and keeps the modules it
          // loaded (fastify, drizzle, pdf.js, the app's own...) for the next file instead of
          // loading them again: about 2.6 s of CPU less per file (8 files: 83 s -> 62 s of CPU).
          // So no module-level state may belong to one test file: each file makes its own
          // database and app (test-context.ts); process-wide pools (parse-pool.ts, pdf-check.ts)
          // are shared on purpose. vi.mock (login-throttle.int.test.ts) still applies to its file.
          isolate: false,
        },
      },
    ],
  },
});

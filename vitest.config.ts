import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        // the browser's path aliases (vite.config.ts), so components can be rendered in unit tests
        resolve: { alias: { '@domain': fromRoot('./src/domain'), '@web': fromRoot('./src/web') } },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          // a safety net, not a speed check: property tests and renders share 2 cores with the rest of CI
          testTimeout: 20_000,
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
        },
      },
    ],
  },
});

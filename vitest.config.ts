import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
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

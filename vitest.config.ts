import { defineConfig } from 'vitest/config';

// Two Node-side projects: `unit` (pure logic, fake-indexeddb at most) and `server` (the sync
// service on real workerd, spawned by tests/server/global-setup.ts). Browser tests are Playwright's.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

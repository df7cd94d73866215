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
          // The default 5 s is too short for the IndexedDB-heavy tests (fake-indexeddb) when the
          // 2-core CI machine runs several test files at once; no test here waits on a timer.
          testTimeout: 20_000,
          // Vitest's default is one worker fewer than the cores: ONE on the 2-core CI machine,
          // which then sat half idle while integration files waited on the service.
          maxWorkers: 2,
          // One sync service for the whole run (the integration files used to start one each).
          globalSetup: ['tests/unit/support/syncServiceSetup.ts'],
          // solid-js goes through Vite's transform, so a test may vi.mock it with the browser
          // build (Node resolves the server build, where effects never run); untouched otherwise.
          server: { deps: { inline: [/solid-js/] } },
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

import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--enable-features=WebMCP,WebMCPTesting,DevToolsWebMCPSupport',
];
// E2E_PORT and E2E_DIST let two people run the suite at once on one machine
// (`vite build --outDir dist-x && E2E_DIST=dist-x E2E_PORT=4180 npx playwright test`).
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? 'dist';
// The built app talks to this sync service address by default (VITE_SYNC_URL, docs/sync-client.md).
const SYNC_PORT = Number(process.env.E2E_SYNC_PORT ?? 8787);

// The built PWA (npm run build) served by `vite preview`, in Debian's Chromium: a desktop
// project and a phone project (390x844, touch).
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: DIST === 'dist' ? 'test-results' : `test-results-${DIST}`,
  workers: 2,
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  // A 2-core CI machine runs two browsers, the preview server and the worker bundles at once.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: chromium, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      // The three-device specs (merge rules, records crossing devices) do not depend on the screen
      // and take minutes to set up: they run on desktop only. The phone's sync screens are covered
      // by the other sync specs (set-up, join, link, errors, recovery key), which run on both.
      testIgnore: /sync-(conflicts|three-devices)\.spec\.ts$/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
  ],
  webServer: [
    {
      command: `npx vite preview --port ${PORT} --strictPort --outDir ${DIST}`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // The real sync service on workerd (fresh local D1/R2 state each run) for the two-device
      // tests: the app's default service address, this preview's origin allowed, test accounts
      // (@x.test) answered with their sign-in code as development accounts are.
      command: `node scripts/server-dev.mjs --port ${SYNC_PORT} --persist-to .tmp/e2e-sync-${Date.now()} --var ALLOWED_ORIGINS:http://127.0.0.1:${PORT} --var DEV_ACCOUNTS:dev@cairn.local,@x.test`,
      url: `http://127.0.0.1:${SYNC_PORT}/sync/status`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ],
});

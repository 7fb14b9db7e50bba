import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

// e2e runs against the production build, the thing users get, not the dev server.
// 5818 is an unusual fixed port: --strictPort makes a clash fail loudly instead of
// silently testing some other server that already holds the port.
// E2E_PORT lets several engineers run the suite at once on one machine: each port gets its own
// build folder and output folder, so parallel runs never clobber each other.
const PORT = Number(process.env.E2E_PORT ?? 5818);
const BASE_URL = `http://localhost:${PORT}`;
const OWN = process.env.E2E_PORT !== undefined;
const BUILD_DIR = OWN ? `.e2e-dist/${PORT}` : 'dist';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The dev server's smoke spec has its own config (playwright.dev.config.ts) and server.
  testIgnore: '**/dev-smoke.spec.ts',
  // Playwright empties outputDir at start; keep it a subfolder so vitest.json and the
  // named screenshots in test-results/screens/ survive a playwright run.
  outputDir: OWN ? `test-results/playwright-${PORT}` : 'test-results/playwright',
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI only: a test that fails twice fails the build; one that passes on its retry is
  // counted as passed but named as FLAKY in the summary (scripts/test-all.mjs), so it gets fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: OWN ? `test-results/playwright-${PORT}.json` : 'test-results/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `npx vite build --outDir ${BUILD_DIR} --emptyOutDir && npx vite preview --outDir ${BUILD_DIR} --port ${PORT} --strictPort`,
    url: BASE_URL,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

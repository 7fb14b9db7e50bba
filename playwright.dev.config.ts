import { defineConfig } from '@playwright/test';
import build from './playwright.config';

// The README's first command, `npm run dev`, gets one smoke spec of its own: Vite's dev server
// serves Monaco through its dependency pre-bundle, split and ordered unlike the production build,
// so a page that is clean in the build is no proof for the dev server. Same browser, same guard
// fixture; its own fixed port (5819, or E2E_PORT) so it never meets the build's preview server
// or a developer's `npm run dev` on 5817.
const PORT = Number(process.env.E2E_PORT ?? 5819);
const BASE_URL = `http://localhost:${PORT}`;
const OWN = process.env.E2E_PORT !== undefined;

export default defineConfig({
  ...build,
  testMatch: '**/dev-smoke.spec.ts',
  testIgnore: [],
  outputDir: OWN ? `test-results/playwright-dev-${PORT}` : 'test-results/playwright-dev',
  reporter: [['list'], ['json', { outputFile: OWN ? `test-results/playwright-dev-${PORT}.json` : 'test-results/playwright-dev.json' }]],
  use: { ...build.use, baseURL: BASE_URL },
  webServer: {
    command: `npx vite --port ${PORT} --strictPort`,
    url: BASE_URL,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

import { defineConfig } from 'vitest/config';
import { profileCataloguePlugin } from './src/build/profile-catalogue-plugin.ts';

// Unit and contract tests run in Node: the engine is DOM-free by design, so a browser-like
// environment here would only hide accidental DOM use.
export default defineConfig({
  // The page's profile catalogue (src/app/profile-catalogue.ts imports it), as the app build makes it.
  plugins: [profileCataloguePlugin()],
  test: {
    environment: 'node',
    // Tests live beside their code (docs/decisions.md); tests/ holds only the shared kit and fixtures,
    // and scripts/test-layout.test.ts fails if a test file appears there (it would never run).
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // scripts/test-all.mjs counts results from the JSON file; the default reporter is for people.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // An empty suite is a valid state while the tree is being scaffolded; test-all.mjs
    // still fails the run when the grand total of tests is zero.
    passWithNoTests: true,
    // CI runs on a busy 2-core machine: a property test sized by runs can take several seconds
    // there. Timeouts catch hangs, not slowness (speed is measured by npm run bench).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { profileCataloguePlugin } from './src/build/profile-catalogue-plugin.ts';

// Tests live beside their code (docs/decisions.md); tests/ holds only the shared kit and fixtures,
// and scripts/test-layout.test.ts fails if a test file appears there (it would never run).
const ROOTS = ['src', 'scripts', 'bench'];
const HERE = fileURLToPath(new URL('.', import.meta.url));
const TEST_FILE = /\.test\.tsx?$/;

// A file that replaces a module or a global (vi.mock, vi.stubGlobal, fake timers, …) needs a fresh
// module graph of its own. Every other file shares one per worker: importing the engine again for
// each of ~270 files cost ~120 s of a ~300 s run on the 2-core CI machine (docs/decisions.md).
const REPLACES = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|spyOn|resetModules)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(`${HERE}/${dir}`, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

const isolated = ROOTS.flatMap((root) => testFiles(root)).filter((file) =>
  REPLACES.test(readFileSync(`${HERE}/${file}`, 'utf8')),
);

// Unit and contract tests run in Node: the engine is DOM-free by design, so a browser-like
// environment here would only hide accidental DOM use.
export default defineConfig({
  // The page's profile catalogue (src/app/profile-catalogue.ts imports it), as the app build makes it.
  plugins: [profileCataloguePlugin()],
  test: {
    environment: 'node',
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
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`), exclude: [...isolated, 'node_modules/**'], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: isolated.length > 0 ? isolated : ['no-such-file'] } },
    ],
  },
});

#!/usr/bin/env node
// The CLI launcher. In a checkout (src/ is here) it runs the TypeScript source through tsx, so
// `npx edit-playground`, the tests and the e2e always run the code as it is in src/, never a
// build that may be stale. The installed package has no src/ and no tsx: it runs the build,
// dist-node/cli/main.mjs (`npm run build` makes it; scripts/build-cli.mjs).
// EDIT_PLAYGROUND_CLI=built (or =source) forces one of the two, for the start-up benchmark.
import { existsSync } from 'node:fs';

const SOURCE = new URL('../src/cli/main.ts', import.meta.url);
const BUILT = new URL('../dist-node/cli/main.mjs', import.meta.url);

const forced = process.env.EDIT_PLAYGROUND_CLI;
const fromSource = (forced === 'source' || (forced !== 'built' && existsSync(SOURCE))) && (await registerTsx(forced === 'source'));
if (!fromSource && !existsSync(BUILT)) {
  process.stderr.write('edit-playground: no build at dist-node/cli/main.mjs: run "npm run build" first.\n');
  process.exit(2);
}
const { main } = await import(fromSource ? SOURCE.href : BUILT.href);
process.exitCode = await main(process.argv.slice(2));

// tsx is a devDependency: a checkout installed without it (say, from git with --omit=dev) falls
// back to the build when there is one.
async function registerTsx(required) {
  try {
    const { register } = await import('tsx/esm/api');
    register();
    return true;
  } catch (error) {
    if (required || !existsSync(BUILT)) throw error;
    return false;
  }
}

#!/usr/bin/env node
// `npm run conformance [-- options]`: installs the references (conformance/package.json, its own
// lock) on first use, then runs conformance/run.ts under tsx (the app's devDependency). The
// app's own `npm ci` never installs them. Options: see run.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const exportOnly = args.includes('--export-anthropic');

if (!exportOnly && !existsSync(join(here, 'node_modules'))) {
  process.stdout.write('Installing the reference packages into conformance/node_modules (first use)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // No install scripts and no optional packages: the references are only imported, never built.
  const r = spawnSync(npm, ['ci', '--prefix', here, '--ignore-scripts', '--omit=optional', '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write('conformance: npm ci --prefix conformance failed\n');
    process.exit(r.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
const script = join(here, 'run.ts');
process.argv = [process.argv[0], script, ...args];
await import(pathToFileURL(script).href);

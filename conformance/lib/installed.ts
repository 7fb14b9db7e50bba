// Where the references are: conformance/node_modules, installed by `npm run conformance` on first use.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONFORMANCE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MODULES = join(CONFORMANCE_DIR, 'node_modules');

/** The installed version of a package (or npm alias) under conformance/node_modules, or null. */
export function installedVersion(pkg: string): string | null {
  const file = join(MODULES, pkg, 'package.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

export function packageVersion(pkg: string): string {
  const v = installedVersion(pkg);
  if (v === null) throw new Error(`${pkg} is not installed in conformance/node_modules (run npm ci --prefix conformance)`);
  return v;
}

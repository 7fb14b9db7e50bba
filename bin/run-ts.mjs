#!/usr/bin/env node
// Runs a TypeScript file under tsx: `node bin/run-ts.mjs path/to/file.ts args...`.
// The script sees itself as process.argv[1] and its own args after it, as if run directly.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const [file, ...args] = process.argv.slice(2);
if (file === undefined) {
  process.stderr.write('usage: node bin/run-ts.mjs path/to/file.ts [args...]\n');
  process.exit(2);
}

register();
const scriptPath = resolve(file);
process.argv = [process.argv[0], scriptPath, ...args];
await import(pathToFileURL(scriptPath).href);

#!/usr/bin/env node
// The CLI ships as TypeScript source and runs under tsx, so the engine the CLI uses is
// byte-for-byte the one the browser worker bundles: there is no separate build to drift.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));

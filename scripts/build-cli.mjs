#!/usr/bin/env node
// The CLI's build, the second half of `npm run build` (Vite builds the app to dist/ first): one
// ES module for Node, dist-node/cli/main.mjs, with the engine, contracts, sessions, workspace
// code and their npm dependencies (zod, diff, re2js) bundled in, so the installed package
// resolves nothing from node_modules at run time and starts by reading one file. Beside it, the
// Playwright helper users import as `edit-playground/playwright`: dist-node/playwright/index.mjs
// and its types, index.d.ts. Nothing of Playwright is bundled: the helper imports its types
// only, and `test --browser` loads playwright-core (an optional peer dependency) when run.
//
// Invariant: the bundle sits two folders below the package root, as src/cli/main.ts does, so
// the paths the CLI takes relative to its own module (`../../package.json` for --version,
// `../../dist/` for `serve`) mean the same thing from source and from the build.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(root, 'dist-node');
const SAMPLES = join(root, 'src', 'sessions', 'samples');

rmSync(OUT_DIR, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { 'cli/main': 'src/cli/main.ts', 'playwright/index': 'src/playwright/playground.ts' },
  outdir: OUT_DIR,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Whitespace and syntax only: identifiers keep their names, so an internal error's stack
  // trace still names the functions (full minification would save another 2 to 5 ms).
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'eof',
  metafile: true,
  logLevel: 'warning',
  plugins: [zodEnglishOnly()],
  external: ['playwright-core', 'playwright'],
});

// The helper's types, from its source alone (isolatedDeclarations: every export is annotated),
// so the build needs no type-check of the program; it names playwright-core's types only.
{
  const source = 'src/playwright/playground.ts';
  const out = ts.transpileDeclaration(readFileSync(join(root, source), 'utf8'), {
    fileName: source,
    compilerOptions: { isolatedDeclarations: true, declaration: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    reportDiagnostics: true,
  });
  if (out.diagnostics?.length) {
    for (const d of out.diagnostics) process.stderr.write(`${source}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}\n`);
    process.exit(1);
  }
  writeFileSync(join(OUT_DIR, 'playwright', 'index.d.ts'), out.outputText);
}

// The sample transcripts (the app inlines them) ship as files, so `replay` has something to
// replay right after an install: dist-node/samples/claude-code.jsonl and the others.
mkdirSync(join(OUT_DIR, 'samples'));
for (const name of readdirSync(SAMPLES)) {
  if (/\.jsonl?$/.test(name)) cpSync(join(SAMPLES, name), join(OUT_DIR, 'samples', name));
}

// zod's namespace re-exports its 40-odd locales (`z.locales`), a quarter of the bundle that Node
// would parse on every start; the CLI never switches locale (zod's classic API imports `en` on
// its own), so the namespace keeps English only: about 10 ms less per start. Should zod move the
// file, the filter stops matching and the bundle simply keeps every locale.
function zodEnglishOnly() {
  return {
    name: 'zod-english-only',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
        contents: 'export { default as en } from "./en.js";',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

for (const [file, { bytes }] of Object.entries(result.metafile.outputs)) {
  process.stdout.write(`${relative(root, join(root, file))}  ${(bytes / 1024).toFixed(0)} KB\n`);
}

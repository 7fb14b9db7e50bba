// STYLE.md's dependency direction, enforced by reading the source: the engine and the contract
// runner are pure TypeScript that runs unchanged in the worker, in Node and in Vitest, so they
// import nothing from the layers above them, no UI library, no Node built-in, and touch no
// browser global. Files are parsed with the TypeScript compiler, so comments, strings and
// property names (`options.window`) never count, while `import()`, `require()` and
// `typeof import('x')` do.

import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The pure layers and what each may not reach. */
const PURE_LAYERS: Record<string, { forbiddenDirs: string[] }> = {
  'src/engine': { forbiddenDirs: ['src/app', 'src/worker', 'src/cli', 'src/workspace', 'src/contracts', 'src/sessions', 'src/share'] },
  'src/contracts': { forbiddenDirs: ['src/app', 'src/worker', 'src/cli', 'src/workspace'] },
  // Transcript parsing and replay (issue 10): beside the engine, never imported by it.
  'src/sessions': { forbiddenDirs: ['src/app', 'src/worker', 'src/cli', 'src/workspace', 'src/contracts'] },
  // Share links and bundles (issue 11): read by the app, the worker and the CLI alike.
  'src/share': { forbiddenDirs: ['src/app', 'src/worker', 'src/cli', 'src/workspace', 'src/contracts'] },
};

const FORBIDDEN_PACKAGES = ['react', 'react-dom', 'monaco-editor', '@monaco-editor/react', 'zustand'];

const BROWSER_GLOBALS = new Set(['document', 'window', 'localStorage', 'navigator']);

/**
 * Test files may use the in-memory workspace as a fixture: it is how the engine's own tests give
 * a profile files to read, and importing it creates no dependency of shipped engine code.
 */
const TEST_FIXTURES = new Set(['src/workspace/memory-fs']);

/**
 * The contract runner runs every case on its own in-memory workspace (SPEC 7). MemoryFs is pure
 * (it imports only the engine's interface), so contracts may use it; nothing else of src/workspace.
 */
const PURE_WORKSPACE = new Set(['src/workspace/memory-fs']);

/**
 * A dialect's folder holds its tests (issue 18), those of how its calls replay from a transcript
 * included: a test file in a profile folder may import the transcript readers and the replay
 * (src/sessions). Tests ship nothing, so the engine's shipped code still never reaches them.
 */
const PROFILE_FOLDER_TEST = /^src\/engine\/profiles\/[^/]+\/[^/]+\.test\.(ts|tsx|mts|cts)$/;
const PROFILE_FOLDER_TEST_MAY_IMPORT = ['src/sessions'];

const SOURCE_EXT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const TEST_FILE = /\.test\.(ts|tsx|mts|cts)$/;

interface Found {
  line: number;
  text: string;
}

interface Analysis {
  imports: Found[];
  globals: Found[];
}

/** Module specifiers and browser-global uses in one source text. */
function analyze(fileName: string, text: string): Analysis {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const imports: Found[] = [];
  const globals: Found[] = [];
  const at = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const addSpec = (expr: ts.Node | undefined) => {
    if (expr && ts.isStringLiteralLike(expr)) imports.push({ line: at(expr), text: expr.text });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) addSpec(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) addSpec(node.moduleReference.expression);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) addSpec(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) addSpec(node.argument.literal);
    else if (ts.isIdentifier(node) && BROWSER_GLOBALS.has(node.text) && !isNamePosition(node)) globals.push({ line: at(node), text: node.text });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { imports, globals };
}

/** An identifier that names a member or a key, not a variable: `a.window`, `{ window: 1 }`, `window(): void`. */
function isNamePosition(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p)) return p.name === id;
  if (ts.isQualifiedName(p)) return p.right === id;
  if (
    ts.isPropertyAssignment(p) ||
    ts.isPropertyDeclaration(p) ||
    ts.isPropertySignature(p) ||
    ts.isMethodDeclaration(p) ||
    ts.isMethodSignature(p) ||
    ts.isGetAccessorDeclaration(p) ||
    ts.isSetAccessorDeclaration(p) ||
    ts.isEnumMember(p) ||
    ts.isJsxAttribute(p)
  ) {
    return p.name === id;
  }
  if (ts.isBindingElement(p)) return p.propertyName === id;
  return false;
}

function isNodeBuiltin(spec: string): boolean {
  if (spec.startsWith('node:')) return true;
  return builtinModules.includes(spec) || builtinModules.includes(spec.split('/')[0]!);
}

function isForbiddenPackage(spec: string): boolean {
  return FORBIDDEN_PACKAGES.some((p) => spec === p || spec.startsWith(`${p}/`));
}

/** Repo-relative, `/`-separated target of a relative or `src/...` specifier, without extension. */
function localTarget(file: string, spec: string): string | null {
  let abs: string;
  if (spec.startsWith('.')) abs = resolve(REPO, dirname(file), spec);
  else if (spec.startsWith('src/') || spec.startsWith('/src/')) abs = resolve(REPO, spec.replace(/^\//, ''));
  else return null;
  return relative(REPO, abs).split(sep).join('/').replace(SOURCE_EXT, '');
}

function within(target: string, dir: string): boolean {
  return target === dir || target.startsWith(`${dir}/`);
}

/** Every rule broken by one file (repo-relative `file`), as `file:line: why`. */
function violations(file: string, text: string): string[] {
  const layer = Object.keys(PURE_LAYERS).find((dir) => within(file, dir));
  if (layer === undefined) return [];
  const isTest = TEST_FILE.test(file);
  const { imports, globals } = analyze(file, text);
  const out: string[] = [];
  for (const { line, text: spec } of imports) {
    const where = `${file}:${line}`;
    if (isForbiddenPackage(spec)) out.push(`${where}: imports UI/state package '${spec}'`);
    else if (isNodeBuiltin(spec)) {
      // Engine tests run in Node and may read fixtures from disk; shipped engine code may not.
      if (!(isTest && layer !== 'src/contracts')) out.push(`${where}: imports Node built-in '${spec}'`);
    } else {
      const target = localTarget(file, spec);
      if (target === null) continue;
      if (isTest && TEST_FIXTURES.has(target)) continue;
      if (PROFILE_FOLDER_TEST.test(file) && PROFILE_FOLDER_TEST_MAY_IMPORT.some((d) => within(target, d))) continue;
      if (layer === 'src/contracts' && PURE_WORKSPACE.has(target)) continue;
      const dir = PURE_LAYERS[layer]!.forbiddenDirs.find((d) => within(target, d));
      if (dir !== undefined) out.push(`${where}: imports '${spec}' from ${dir}, a layer above ${layer}`);
    }
  }
  if (layer === 'src/engine') {
    for (const { line, text: name } of globals) out.push(`${file}:${line}: uses the browser global '${name}'`);
  }
  return out;
}

function sourceFilesUnder(dir: string): string[] {
  const abs = join(REPO, dir);
  let entries: string[];
  try {
    entries = readdirSync(abs, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries
    .map((e) => `${dir}/${e.split(sep).join('/')}`)
    .filter((f) => SOURCE_EXT.test(f) && !f.includes('/node_modules/'))
    .sort();
}

describe('layering: the checker itself', () => {
  const engine = (text: string, file = 'src/engine/x.ts') => violations(file, text);

  it('flags UI and state packages, with subpaths', () => {
    expect(engine(`import React from 'react';\nimport { create } from 'zustand/middleware';\nimport type * as M from 'monaco-editor';`)).toEqual([
      "src/engine/x.ts:1: imports UI/state package 'react'",
      "src/engine/x.ts:2: imports UI/state package 'zustand/middleware'",
      "src/engine/x.ts:3: imports UI/state package 'monaco-editor'",
    ]);
    expect(engine(`export { Editor } from '@monaco-editor/react';\nimport 'react-dom/client';`)).toHaveLength(2);
  });

  it('flags node: and bare Node built-ins, in every import form', () => {
    const src = [
      `import { readFile } from 'node:fs/promises';`,
      `import path from 'path';`,
      `import * as fsp from 'fs/promises';`,
      `const cp = require('child_process');`,
      `const m = await import('node:os');`,
      `type Fs = typeof import('fs');`,
      `import crypto = require('crypto');`,
    ].join('\n');
    expect(engine(src).map((v) => v.split(': ')[0])).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `src/engine/x.ts:${n}`));
  });

  it('flags imports from the layers above, relative or repo-rooted', () => {
    expect(engine(`import { x } from '../app/app';`)).toEqual(["src/engine/x.ts:1: imports '../app/app' from src/app, a layer above src/engine"]);
    expect(engine(`export * from '../worker/client';`)).toHaveLength(1);
    expect(engine(`import { run } from '../cli/main.ts';`)).toHaveLength(1);
    expect(engine(`import { NodeFs } from '../workspace/node-fs';`)).toHaveLength(1);
    expect(engine(`import { suite } from '../contracts/suite';`)).toHaveLength(1);
    expect(engine(`import { a } from 'src/app/a';`)).toHaveLength(1);
    expect(engine(`import { suite } from './suite';`, 'src/contracts/runner.ts')).toEqual([]);
    expect(engine(`import { runCall } from '../engine/run';`, 'src/contracts/runner.ts')).toEqual([]);
    expect(engine(`import { x } from '../workspace/memory-fs';`, 'src/contracts/runner.ts')).toEqual([]);
    expect(engine(`import { x } from '../workspace/node-fs';`, 'src/contracts/runner.ts')).toHaveLength(1);
  });

  it('flags browser globals used as variables, not as property names, strings or comments', () => {
    const src = [
      `const w = window.innerWidth;`,
      `document.title = 'x';`,
      `const lang = navigator.language;`,
      `localStorage.setItem('k', 'v');`,
      `const ok = { window: 1, document: 2 }.window;`,
      `interface O { navigator: string; localStorage(): void }`,
      `// window, document`,
      `const s = 'navigator';`,
      `const { window: w2 } = opts;`,
    ].join('\n');
    expect(engine(src)).toEqual([
      "src/engine/x.ts:1: uses the browser global 'window'",
      "src/engine/x.ts:2: uses the browser global 'document'",
      "src/engine/x.ts:3: uses the browser global 'navigator'",
      "src/engine/x.ts:4: uses the browser global 'localStorage'",
    ]);
  });

  it('lets engine test files import Node built-ins and the in-memory fixture, nothing else above', () => {
    const test = 'src/engine/commit.test.ts';
    expect(engine(`import { readFileSync } from 'node:fs';\nimport { MemoryFs } from '../workspace/memory-fs';`, test)).toEqual([]);
    expect(engine(`import { NodeFs } from '../workspace/node-fs';`, test)).toHaveLength(1);
    expect(engine(`import React from 'react';`, test)).toHaveLength(1);
    expect(engine(`import { readFileSync } from 'node:fs';`, 'src/contracts/runner.test.ts')).toHaveLength(1);
  });

  it("lets a profile folder's test files, and only them, import the transcript readers and the replay", () => {
    const spec = `import { replaySession } from '../../../sessions/replay';`;
    expect(engine(spec, 'src/engine/profiles/aider/sessions.test.ts')).toEqual([]);
    expect(engine(spec, 'src/engine/profiles/aider/hooks.ts')).toEqual(["src/engine/profiles/aider/hooks.ts:1: imports '../../../sessions/replay' from src/sessions, a layer above src/engine"]);
    expect(engine(`import { replaySession } from '../sessions/replay';`, 'src/engine/run.test.ts')).toHaveLength(1);
    expect(engine(`import { NodeFs } from '../../../workspace/node-fs';`, 'src/engine/profiles/aider/sessions.test.ts')).toHaveLength(1);
  });

  it('ignores files outside the pure layers', () => {
    expect(violations('src/app/app.tsx', `import React from 'react'; document.title = '';`)).toEqual([]);
    expect(violations('src/workspace/node-fs.ts', `import { stat } from 'node:fs/promises';`)).toEqual([]);
  });
});

describe('layering: the source tree (STYLE.md "Dependencies point one way")', () => {
  it('finds the engine sources to check', () => {
    const files = sourceFilesUnder('src/engine');
    expect(files).toContain('src/engine/commit.ts');
    expect(files).toContain('src/engine/profiles/registry.ts');
  });

  it.each(Object.keys(PURE_LAYERS))('%s respects the dependency direction', (layer) => {
    const broken = sourceFilesUnder(layer).flatMap((f) => violations(f, readFileSync(join(REPO, f), 'utf8')));
    expect(broken).toEqual([]);
  });
});

/**
 * The UI reaches the engine only through the worker: files under src/app may take types from
 * src/engine and src/contracts, the pure constants of src/engine/types and the small helpers of
 * src/engine/helpers (a plain-object guard, a thrown value's message: no engine logic), but no
 * engine or contract-runner code (it would run on the page's thread instead of the worker's).
 */
function appViolations(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteralLike(st.moduleSpecifier)) continue;
    const target = localTarget(file, st.moduleSpecifier.text);
    if (target === null || !(within(target, 'src/engine') || within(target, 'src/contracts'))) continue;
    if (target === 'src/engine/types' || target === 'src/engine/helpers') continue;
    const clause = st.importClause;
    const typeOnly =
      clause !== undefined &&
      (clause.isTypeOnly ||
        (clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly)));
    if (!typeOnly) out.push(`${file}:${sf.getLineAndCharacterOfPosition(st.getStart(sf)).line + 1}: imports engine code from '${st.moduleSpecifier.text}'; go through the worker`);
  }
  return out;
}

describe('layering: the app reaches the engine only through the worker', () => {
  it('flags a runtime import of engine code and allows types, src/engine/types and src/engine/helpers', () => {
    expect(appViolations('src/app/x.tsx', `import { engine } from './engine';`)).toEqual([]); // the worker client
    expect(appViolations('src/app/x.tsx', `import { runCall } from '../engine/run';`)).toHaveLength(1);
    expect(appViolations('src/app/state/x.ts', `import { runCall } from '../../engine/run';`)).toHaveLength(1);
    expect(appViolations('src/app/state/x.ts', `import type { RunOutcome } from '../../engine/types';`)).toEqual([]);
    expect(appViolations('src/app/state/x.ts', `import { type Suite } from '../../contracts/suite-schema';`)).toEqual([]);
    expect(appViolations('src/app/state/x.ts', `import { PROFILE_IDS } from '../../engine/types';`)).toEqual([]);
    expect(appViolations('src/app/state/x.ts', `import { errorMessage, isRecord } from '../../engine/helpers';`)).toEqual([]);
    expect(appViolations('src/app/state/x.ts', `import { errorMessage } from '../../engine/helpers/more';`)).toHaveLength(1);
  });

  it('holds for every non-test file under src/app', () => {
    const files = sourceFilesUnder('src/app').filter((f) => !TEST_FILE.test(f));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((f) => appViolations(f, readFileSync(join(REPO, f), 'utf8')))).toEqual([]);
  });
});

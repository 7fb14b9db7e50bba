// Where tests live (issue 18, docs/decisions.md): beside the code they test, under src/ (plus the
// tests of scripts/ and bench/ beside theirs). tests/ holds only the shared test kit and fixtures, so
// a test file put there would silently never run (vitest.config.ts does not look there): this test
// fails instead. And no test kit ships: no non-test file under src/ imports from tests/ or from a
// test file, so nothing of the kit can reach the built app, worker or CLI. Imports are read with
// the TypeScript compiler (comments and strings never count; `import()` and `import type` do).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const TEST_FILE = /\.test\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** Repo-relative, `/`-separated paths of every file under `dir`, node_modules left out. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(REPO, dir), { recursive: true, encoding: 'utf8' })
    .map((e) => `${dir}/${e.split(sep).join('/')}`)
    .filter((f) => !f.split('/').includes('node_modules'))
    .sort();
}

/** Every module specifier a source text names: import/export declarations, `import()`, `require()`, `import('x')` types. */
export function moduleSpecifiers(fileName: string, text: string): { line: number; spec: string }[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { line: number; spec: string }[] = [];
  const add = (node: ts.Node | undefined): void => {
    if (node !== undefined && ts.isStringLiteralLike(node)) out.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, spec: node.text });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** `file:line: why` for each import of a non-test file (repo-relative `file`) that reaches the test kit or a test file. */
export function kitImports(file: string, text: string): string[] {
  const out: string[] = [];
  for (const { line, spec } of moduleSpecifiers(file, text)) {
    if (!spec.startsWith('.')) continue;
    const target = relative(REPO, resolve(REPO, dirname(file), spec)).split(sep).join('/');
    if (target === 'tests' || target.startsWith('tests/')) out.push(`${file}:${line}: imports the test kit '${spec}'`);
    else if (/\.test(\.[a-z]+)?$/.test(target)) out.push(`${file}:${line}: imports the test file '${spec}'`);
  }
  return out;
}

describe('test layout: the checks themselves', () => {
  it('flag an import of tests/ or of a test file, in every import form, and nothing else', () => {
    const text = [
      `import { run } from '../../tests/support/harness';`,
      `export { x } from '../../tests/support/x';`,
      `const m = await import('../../tests/support/cli-run');`,
      `type K = typeof import('../../tests/sessions/replay-kit');`,
      `import { runClineCase } from './cases.test';`,
      `import { a } from './tests-of-mine';`,
      `import { b } from '../engine/run';`,
      `// import { c } from '../../tests/support/harness';`,
      `const s = '../../tests/support/harness';`,
      `import fc from 'fast-check';`,
    ].join('\n');
    expect(kitImports('src/engine/x.ts', text)).toEqual([
      "src/engine/x.ts:1: imports the test kit '../../tests/support/harness'",
      "src/engine/x.ts:2: imports the test kit '../../tests/support/x'",
      "src/engine/x.ts:3: imports the test kit '../../tests/support/cli-run'",
      "src/engine/x.ts:4: imports the test kit '../../tests/sessions/replay-kit'",
      "src/engine/x.ts:5: imports the test file './cases.test'",
    ]);
  });
});

describe('test layout: the tree', () => {
  it('tests/ holds no test file, only the kit and fixtures', () => {
    const files = filesUnder('tests');
    expect(files).toContain('tests/support/harness.ts');
    expect(files.filter((f) => TEST_FILE.test(f))).toEqual([]);
  });

  it('every test file outside e2e/ is under src/, scripts/ or bench/, where vitest.config.ts looks', () => {
    const roots = readdirSync(REPO, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !['node_modules', '.git', 'dist', 'dist-node', 'e2e', 'test-results', 'playwright-report'].includes(e.name))
      .map((e) => e.name);
    const stray = roots.flatMap((r) => filesUnder(r)).filter((f) => TEST_FILE.test(f) && !/^(src|scripts|bench)\//.test(f));
    expect(stray).toEqual([]);
    const config = readFileSync(join(REPO, 'vitest.config.ts'), 'utf8');
    expect(config).toContain(`const ROOTS = ['src', 'scripts', 'bench'];`);
  });

  it('a test file that replaces a module or a global runs in a module graph of its own; the rest share one', async () => {
    const { default: config } = await import('../vitest.config.ts');
    type Project = { test: { name: string; include: string[]; exclude: string[]; isolate?: boolean } };
    const [shared, isolated] = config.test?.projects as [Project, Project];
    expect(shared.test).toMatchObject({ name: 'shared', isolate: false, include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,tsx}', 'bench/**/*.test.{ts,tsx}'] });
    // node-fs.test.ts replaces node:fs/promises with vi.mock; runner.test.ts spies with vi.spyOn.
    expect(isolated.test.name).toBe('isolated');
    expect(isolated.test.include).toEqual(expect.arrayContaining(['src/workspace/node-fs.test.ts', 'src/contracts/runner.test.ts']));
    expect(isolated.test.include).not.toContain('scripts/test-layout.test.ts');
    expect(shared.test.exclude).toEqual(expect.arrayContaining(isolated.test.include));
  });

  it('no non-test file under src/ imports the test kit or a test file', () => {
    const shipped = filesUnder('src').filter((f) => SOURCE.test(f) && !TEST_FILE.test(f) && !f.endsWith('.d.ts'));
    expect(shipped.length).toBeGreaterThan(100);
    expect(shipped.flatMap((f) => kitImports(f, readFileSync(join(REPO, f), 'utf8')))).toEqual([]);
  });
});

// STYLE.md's size budget, measured: no source file over 400 lines, no function over 100.
// A function's size is the lines its node spans, from its first line (the signature, or the
// arrow's parameters) to its last (the closing brace), nested functions included, as ESLint's
// max-lines-per-function counts them. Files are parsed with the TypeScript compiler, so a
// brace in a string or a comment never counts.
//
//   node bin/run-ts.mjs scripts/size-limits.ts [folder...]   (default: src)
//
// prints every file and function over budget and exits 1 if there is any.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 100;

export interface Oversize {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  /** The function's name as written (`create`, `Stepper`, `<arrow>`); absent for a whole file. */
  name?: string;
  /** 1-based first line of the function (1 for a whole file). */
  line: number;
  lines: number;
}

const SOURCE_EXT = /\.(ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.(ts|mts|cts)$/;

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(full));
    else if (SOURCE_EXT.test(entry.name) && !DECLARATION.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** Lines in a text as an editor numbers them: a final newline does not start another line. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

/** The name a reader would search for: the declaration's own, or what it is assigned to. */
function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name !== undefined) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText();
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    return `<argument of ${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee}>`;
  }
  return ts.isArrowFunction(node) ? '<arrow>' : '<function>';
}

/** Every function in one source text that spans more than `maxLines` lines. */
export function oversizedFunctions(fileName: string, text: string, maxLines = MAX_FUNCTION_LINES): Omit<Oversize, 'file'>[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found: Omit<Oversize, 'file'>[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = sf.getLineAndCharacterOfPosition(fn.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = last - first + 1;
      if (lines > maxLines) found.push({ name: functionName(fn), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Files and functions over budget under the given folders of `root`. */
export function findOversized(root: string, folders: string[] = ['src']): Oversize[] {
  const out: Oversize[] = [];
  for (const folder of folders) {
    for (const path of listSources(resolve(root, folder))) {
      const file = relative(root, path).split(sep).join('/');
      const text = readFileSync(path, 'utf8');
      const lines = lineCount(text);
      if (lines > MAX_FILE_LINES) out.push({ file, line: 1, lines });
      for (const fn of oversizedFunctions(path, text)) out.push({ file, ...fn });
    }
  }
  return out;
}

export function formatOversize(o: Oversize): string {
  return o.name === undefined
    ? `${o.file}: file has ${o.lines} lines (budget ${MAX_FILE_LINES})`
    : `${o.file}:${o.line}: function ${o.name} has ${o.lines} lines (budget ${MAX_FUNCTION_LINES})`;
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  const folders = process.argv.slice(2);
  const found = findOversized(process.cwd(), folders.length > 0 ? folders : ['src']);
  for (const o of found) process.stdout.write(`${formatOversize(o)}\n`);
  process.exitCode = found.length > 0 ? 1 : 0;
}

// Which files code an agent ran through an interpreter may have written (`python3 - <<'PY'`,
// `python -c`, `node -e`, `node <<'JS'`): the replay cannot run it, so it reads the code for the
// calls that write, rename or delete files, and for each the path it writes. A target that is a
// string literal (`Path('a.txt')`, `open('a.txt', 'w')`, `fs.writeFileSync('a.txt', …)`), or a
// name given one literal once (`p = Path('a.txt')`), is named; any other (a path built while the
// code runs, a loop over a folder, a library that writes as it likes) makes the code's reach
// unknowable, so it may have changed any file (`wide`). Code that only reads changes nothing. A
// script run from a file (`python3 tools/gen.py`) is not read: the transcript does not hold it.

import { commandName, type ScriptStep, type SimpleCommand } from './shell-script';
import { wordsOf } from './shell-class';
import { INTERPRETERS, stringLiterals } from './shell-code';

/** `to.push(...items)` without spreading `items` into arguments: a huge command would overflow the stack. */
const append = <T>(to: T[], items: readonly T[]): void => {
  for (const x of items) to.push(x);
};

/** Code given to an interpreter: a here-document, or the argument of `-c` / `-e` / `--eval`. */
export function codeOf(c: SimpleCommand): { code: string; language: string } | null {
  const { words } = wordsOf(c);
  const name = commandName(words[0] ?? '');
  if (!INTERPRETERS.test(name)) return null;
  const flag = words.findIndex((w) => /^(?:-c|-e|-p|--eval|--print|-E)$/.test(w));
  if (flag !== -1 && words[flag + 1] !== undefined) return { code: words[flag + 1]!, language: name };
  if (c.heredoc !== null) return { code: c.heredoc, language: name };
  return null;
}

/** The code of each interpreter a script runs, a here-document piped into it (`cat <<'PY' | python3`) included. */
export function interpreterCode(steps: readonly ScriptStep[]): { code: string; language: string }[] {
  const out: { code: string; language: string }[] = [];
  for (const [k, step] of steps.entries()) {
    const found = codeOf(step.command);
    if (found !== null) out.push(found);
    else if (step.joinedBy === '|' && steps[k - 1]!.command.heredoc !== null && INTERPRETERS.test(commandName(wordsOf(step.command).words[0] ?? ''))) {
      out.push({ code: steps[k - 1]!.command.heredoc!, language: commandName(wordsOf(step.command).words[0]!) });
    }
  }
  return out;
}

export interface CodeWrites {
  /** Literal paths the code writes, renames or deletes, as written. */
  paths: string[];
  /** It writes somewhere the code does not spell out: any file may have changed. */
  wide: boolean;
}

/** Calls that write the file their first argument names, however they are reached. */
const WRITERS = new Set(['writeFileSync', 'writeFile', 'appendFileSync', 'appendFile', 'createWriteStream', 'writeTextFile', 'unlinkSync', 'rmSync', 'truncateSync', 'file_put_contents']);
/** Calls that write both files their first two arguments name (a copy or a rename). */
const MOVERS = new Set(['copyFileSync', 'copyFile', 'renameSync', 'cpSync']);
/** Names that are file calls only on a file module (`os.remove`, `shutil.move`, `File.write`, `Bun.write`). */
const MODULE_CALLS: Record<string, 'one' | 'two'> = { write: 'one', remove: 'one', delete: 'one', unlink: 'one', truncate: 'one', rm: 'one', copy: 'two', copy2: 'two', copyfile: 'two', move: 'two', replace: 'two', rename: 'two',  };
const FILE_MODULES = /^(?:os|shutil|fs|fsp|promises|fs\.promises|File|Bun|Deno|io|codecs)$/;
/** Any call, with the module it is reached through: `fs.writeFileSync(`, `open(`, `os.remove(`, `require('fs').rmSync(`. */
const CALLS = /(?<![\w$])(?:([A-Za-z_$][\w$]*(?:\.promises)?)\.)?([A-Za-z_$][\w$]*)\s*\(/g;
/** Methods whose receiver is the file they write: pathlib's `p.write_text(…)`, `p.unlink()`, `p.open('w')`
 * (not `replace`: a string's is far more common than a path's). */
const WRITE_METHODS = /\.(write_text|write_bytes|unlink|rename|touch|open)\s*\(/g;
/** Calls that change a whole tree, whatever path they name. */
const TREE_CALLS = /\b(?:rmtree|copytree|fileinput\.input|FileUtils\.\w+|rmdirSync|removedirs)\b/;

/** The top-level arguments of the call whose `(` is at `open`, each trimmed. */
function argumentsAt(code: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = open + 1; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === '"' || ch === "'" || ch === '`') {
      const end = literalEnd(code, i);
      cur += code.slice(i, end);
      i = end - 1;
    } else if ('([{'.includes(ch)) {
      depth++;
      cur += ch;
    } else if (')]}'.includes(ch) && depth > 0) {
      depth--;
      cur += ch;
    } else if (ch === ')' || (ch === ',' && depth === 0)) {
      args.push(cur.trim());
      cur = '';
      if (ch === ')') break;
    } else cur += ch;
  }
  return args.filter((a) => a !== '');
}

/** Where the string literal starting at `i` ends (just past its closing quote). */
function literalEnd(code: string, i: number): number {
  const q = code[i]!;
  const close = q !== '`' && code.startsWith(q.repeat(3), i) ? q.repeat(3) : q;
  for (let j = i + close.length; j < code.length; j++) {
    if (code[j] === '\\') j++;
    else if (code.startsWith(close, j)) return j + close.length;
  }
  return code.length;
}

/** The path an expression stands for, when the code spells it out; else null. */
function literalPath(expr: string, code: string, depth = 0): string | null {
  const e = expr.trim().replace(/^await\s+/, '');
  const literal = /^[rbu]{0,2}(['"`])/i.exec(e);
  if (literal !== null) {
    const all = stringLiterals(e);
    const only = all.length === 1 && literalEnd(e, literal[0].length - 1) === e.length ? all[0]! : null;
    return only !== null && !only.interpolated && only.text !== '' && !/[\n*?{}$~]/.test(only.text) ? only.text : null;
  }
  const wrapped = /^(?:new\s+)?(?:pathlib\.)?(?:Path|PurePath|URL|String)\s*\(([\s\S]*)\)$/.exec(e);
  if (wrapped !== null) {
    const args = argumentsAt(e, e.indexOf('('));
    return args.length === 1 ? literalPath(args[0]!, code, depth) : null;
  }
  if (!/^[A-Za-z_$][\w$]*$/.test(e) || depth > 3) return null;
  // A name given a value once (not a loop's, not a `with … as` handle): `p = Path('a.txt')`, `const f = 'a.txt'`.
  const name = e.replace(/\$/g, '\\$');
  const assignments = [...code.matchAll(new RegExp(`(?:^|[\\n;])\\s*(?:const\\s+|let\\s+|var\\s+)?${name}\\s*(?::[^=\\n]+)?=(?!=)([^\\n;]+)`, 'g'))];
  if (assignments.length !== 1 || new RegExp(`\\bfor\\s+\\(?\\s*(?:const\\s+|let\\s+)?${name}\\b|\\bas\\s+${name}\\b`).test(code)) return null;
  return literalPath(assignments[0]![1]!, code, depth + 1);
}

/** The receiver of the method call whose `.` is at `dot`: `p`, `Path('a.txt')`. */
function receiverAt(code: string, dot: number): string {
  let i = dot;
  if (code[i - 1] === ')') {
    let depth = 0;
    for (i = dot - 1; i >= 0; i--) {
      if (code[i] === ')') depth++;
      else if (code[i] === '(' && --depth === 0) break;
    }
  }
  const name = /[\w$.]*$/.exec(code.slice(0, i))![0];
  return code.slice(i - name.length, dot);
}

/**
 * A mode or flags argument that writes: Python's `'w'`, `'a'`, `'x'`, `'r+'`, Node's `'w'`, `'a+'`;
 * a mode the code computes may write too. None, or `'r'` / `'rb'`, reads.
 */
function writesMode(arg: string | undefined): boolean {
  if (arg === undefined) return false;
  const mode = arg.replace(/^(?:mode|flags?)\s*=\s*/, '');
  const literal = /^(['"])([^'"]*)\1$/.exec(mode);
  if (literal === null) return !/^(?:encoding|newline|errors|buffering)\s*=/.test(mode);
  return /^[rwxabt+]{1,4}$/.test(literal[2]!) && /[wxa+]/.test(literal[2]!);
}

/** The targets of the file-changing calls of `code` (null: a target the code does not spell out). */
function writeTargets(code: string): (string | null)[] {
  const targets: (string | null)[] = [];
  for (const m of code.matchAll(CALLS)) {
    const [, module, fn] = m as unknown as [string, string | undefined, string];
    const args = argumentsAt(code, m.index + m[0].length - 1);
    // `open(` of any module (`open`, `io.open`, `gzip.open`, `fs.openSync`) writes when its mode does.
    const rule = WRITERS.has(fn) ? 'one' : MOVERS.has(fn) ? 'two' : fn === 'open' || fn === 'openSync' ? 'open' : module !== undefined && FILE_MODULES.test(module) ? MODULE_CALLS[fn] : undefined;
    if (rule === undefined || (rule === 'open' && !writesMode(args[1]))) continue;
    const named = rule === 'two' ? args.slice(0, 2) : args.slice(0, 1);
    // `fs.rmSync(dir, { recursive: true })`, `fs.cpSync(a, b, { recursive: true })`: a whole tree.
    const tree = args.slice(named.length).some((a) => /\brecursive\b/.test(a));
    append(targets, (named.length === 0 || tree ? [null] : named.map((a) => literalPath(a, code))));
  }
  for (const m of code.matchAll(WRITE_METHODS)) {
    const receiver = receiverAt(code, m.index);
    if (receiver === '' || FILE_MODULES.test(receiver) || /(?:^|\.)(?:fs|promises|os|shutil)$/.test(receiver)) continue;
    if (m[1] === 'open' && !writesMode(argumentsAt(code, m.index + m[0].length - 1)[0])) continue;
    targets.push(literalPath(receiver, code));
  }
  return targets;
}

/** What code run through an interpreter may change: null when it only reads. */
export function codeWrites(code: string): CodeWrites | null {
  const targets = writeTargets(code);
  const tree = TREE_CALLS.test(code);
  if (targets.length === 0 && !tree) return null;
  return { paths: [...new Set(targets.filter((t): t is string => t !== null))], wide: tree || targets.includes(null) };
}

/**
 * Script files a command runs through an interpreter or a shell (`python3 tools/gen.py`, `node
 * scripts/sync.mjs`, `bash ./build.sh`), as named: the replay reads one whose text it knows (the
 * session wrote it, or the transcript showed it whole) for its writes, as it reads code given
 * inline. A module run (`python -m pytest`) or inline code (`-c`) is no script file.
 */
export function scriptFiles(steps: readonly ScriptStep[]): { path: string; shell: boolean }[] {
  const out: { path: string; shell: boolean }[] = [];
  for (const { command } of steps) {
    const { words, expands } = wordsOf(command);
    const name = commandName(words[0] ?? '');
    const shell = /^(?:ba|z|da)?sh$/.test(name);
    if (!shell && !INTERPRETERS.test(name)) continue;
    const k = words.findIndex((w, j) => j > 0 && !w.startsWith('-'));
    // Inline code or a module instead of the file (`-c`, `-e`, `-m`), or the file only checked,
    // never run (`bash -n`, `node --check`, `php -l`). A shell's `-e`, `-x`, `-l` still run it.
    const notRun = (w: string): boolean => (shell ? /^-\w*[cn]/.test(w) : /^-(?:m|c|e|p|E|l|-eval|-print|-check)$/.test(w));
    if (k === -1 || expands(k) || words.slice(1, k).some(notRun)) continue;
    if (/\.(?:py|js|mjs|cjs|ts|mts|rb|pl|php|sh|bash)$/.test(words[k]!)) out.push({ path: words[k]!, shell });
  }
  return out;
}

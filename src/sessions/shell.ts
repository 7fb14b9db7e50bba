// What a shell call did, as far as a transcript can tell without running it. Codex (and other
// agents) send apply_patch through their shell tool as often as through a tool of its own
// (`["apply_patch", patch]`, `bash -lc "apply_patch <<'EOF' … EOF"`, after `cd dir &&`, as the
// alias `applypatch`, inside python or JavaScript), and read files with `cat`, `sed -n`, `head`,
// `nl -ba` or PowerShell's `Get-Content`. This module tells those apart:
// - `patch`: the patch text, the directory its relative paths are relative to, and what else ran;
// - `read`: the file and which of its lines the output shows;
// - `unsupported`: apply_patch runs, but its patch cannot be taken out of the command (piped in,
//   read from a file, built by code), with why;
// - `other`: anything else.
// It also reads the wrappers Codex puts around a command's output (`Exit code: …\nWall time: …\n
// Output:\n`, the `{"output", "metadata"}` JSON, the unified exec header) and its truncation marks.

import { INTERPRETERS, stringLiterals } from './shell-code';
import { commandName, parseScript, withoutPrefixes, type Dialect, type ScriptStep, type SimpleCommand } from './shell-script';
import type { SessionCall, ShellRead } from './types';
import { isRecord, own, type JsonObject } from './values';
import { isProgram, PROGRAM_NAMES } from './dialects';

export type ShellClass =
  | {
      kind: 'patch';
      patch: string;
      /** A `cd` before apply_patch: the directory its relative paths are relative to (null: none). */
      dir: string | null;
      /** What else the call did that the recorded output may show, in words (null: nothing). */
      note: string | null;
    }
  | { kind: 'read'; read: ShellRead; dir: string | null }
  | { kind: 'unsupported'; reason: string }
  | { kind: 'other' };

const OTHER: ShellClass = { kind: 'other' };
const BEGIN_PATCH = '*** Begin Patch';
const MENTIONS_APPLY = /\bapply_?patch\b/;

/** A `cd` whose target cannot be known without the shell (`cd`, `cd ~`, `cd $DIR`, `cd -`). */
const UNKNOWN_DIR = '\u0000unknown';

/** Joins a directory and a path as a shell would (an absolute path, POSIX or Windows, replaces). */
export function joinDir(base: string | null | undefined, rel: string): string {
  if (base === null || base === undefined || base === '' || rel.startsWith('/') || /^[A-Za-z]:(?:[\\/]|$)/.test(rel)) return rel;
  const b = base.replace(/[\\/]+$/, '');
  return rel === '.' ? b || '/' : `${b}/${rel.replace(/^\.\//, '')}`;
}

/** The script of a shell invocation (`bash -lc S`, `pwsh -NoProfile -Command S`, `cmd /c S`), or null. */
function invokedScript(argv: readonly string[]): { script: string; dialect: Dialect } | null {
  const name = commandName(argv[0] ?? '').toLowerCase();
  if (/^(?:ba|z|da|k)?sh$/.test(name) && argv.length === 3 && /^-[a-z]*c[a-z]*$/.test(argv[1]!)) return { script: argv[2]!, dialect: 'sh' };
  if (name === 'pwsh' || name === 'powershell') {
    let k = 1;
    while (k < argv.length - 1 && /^-(?:noprofile|nologo|noninteractive|executionpolicy|bypass)$/i.test(argv[k]!)) k += /^-executionpolicy$/i.test(argv[k]!) ? 2 : 1;
    if (k === argv.length - 2 && /^-(?:c|command)$/i.test(argv[k]!)) return { script: argv[k + 1]!, dialect: 'powershell' };
  }
  if (name === 'cmd' && argv.length === 3 && /^\/c$/i.test(argv[1]!)) return { script: argv[2]!, dialect: 'sh' };
  return null;
}

/** PowerShell or a POSIX shell: a cmdlet name (`Get-Content`) says PowerShell. */
function dialectOf(script: string): Dialect {
  return /(?:^|[\s;|(])(?:Get|Set|Select|Remove|New|Add|Out|Write|Test|ForEach|Where)-[A-Z][A-Za-z]+\b/.test(script) ? 'powershell' : 'sh';
}

/** A directory no `cd` could be followed to: the class without it, saying so. */
function settled(c: ShellClass): ShellClass {
  if (c.kind === 'read' && c.dir === UNKNOWN_DIR) return OTHER;
  if (c.kind !== 'patch' || c.dir !== UNKNOWN_DIR) return c;
  const why = 'The command changes to a directory only the shell could tell (`cd ~`, `cd $DIR`), so the patch\'s relative paths are read against the call\'s own directory.';
  return { ...c, dir: null, note: [c.note, why].filter((n) => n !== null).join(' ') };
}

/** How one tool input runs commands: `command` (argv or a script), `cmd` (the same), `commands` (scripts). */
export function classifyShellInput(input: JsonObject): ShellClass {
  return settled(classifyInput(input));
}

/** apply_patch called from code (the Codex `exec` tool's JavaScript): see patchFromCode. */
export function classifyCode(code: string, language: string): ShellClass {
  return MENTIONS_APPLY.test(code) ? settled(patchFromCode(code, language)) : OTHER;
}

function classifyInput(input: JsonObject): ShellClass {
  const command = own(input, 'command') ?? own(input, 'cmd');
  if (Array.isArray(command)) {
    if (!command.every((w): w is string => typeof w === 'string') || command.length === 0) return OTHER;
    return argvClass(command);
  }
  if (typeof command === 'string') return scriptClass(command, dialectOf(command));
  const commands = own(input, 'commands');
  if (Array.isArray(commands) && commands.length > 0 && commands.every((w): w is string => typeof w === 'string')) {
    const script = commands.join('\n');
    return scriptClass(script, dialectOf(script));
  }
  return OTHER;
}

/** An argv command (`["apply_patch", patch]`, `["bash", "-lc", script]`). */
export function classifyArgv(argv: readonly string[]): ShellClass {
  return settled(argvClass(argv));
}

/** A command line, as a shell reads it. */
export function classifyScript(script: string, dialect: Dialect = 'sh'): ShellClass {
  return settled(scriptClass(script, dialect));
}

function argvClass(argv: readonly string[]): ShellClass {
  const invoked = invokedScript(argv);
  if (invoked !== null) return scriptClass(invoked.script, invoked.dialect);
  const command: SimpleCommand = { words: [...argv], expanding: new Set(), heredoc: null, heredocClosed: false, hereString: null, stdinFile: null };
  return classifySteps([{ command, joinedBy: '' }], argv.join(' '), true);
}

function scriptClass(script: string, dialect: Dialect): ShellClass {
  const steps = parseScript(script, dialect);
  if (steps === null) {
    return MENTIONS_APPLY.test(script) && script.includes(BEGIN_PATCH)
      ? { kind: 'unsupported', reason: 'it runs apply_patch in a shell script the parser cannot read (an unclosed quote or substitution), so its patch cannot be taken out' }
      : OTHER;
  }
  return classifySteps(steps, script);
}

interface Words {
  words: string[];
  /** Whether word k (of `words`) holds an expansion. */
  expands: (k: number) => boolean;
}

function wordsOf(c: SimpleCommand): Words {
  const words = withoutPrefixes(c.words);
  const offset = c.words.length - words.length;
  return { words, expands: (k) => c.expanding.has(k + offset) };
}

const shown = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 60)}…` : one;
};

/** The directory a run of `cd` commands before step `k` leads to (null: none; UNKNOWN_DIR: unknowable). */
function dirBefore(steps: readonly ScriptStep[], k: number): string | null {
  let dir: string | null = null;
  for (let j = 0; j < k; j++) {
    const { words, expands } = wordsOf(steps[j]!.command);
    const name = commandName(words[0] ?? '');
    if (!/^(?:cd|pushd|chdir|Set-Location|sl)$/i.test(name)) continue;
    const args = words.slice(1).filter((w) => !/^-(?:Path|LiteralPath|L|P)$/i.test(w));
    const target = args[0];
    if (args.length !== 1 || target === undefined || expands(words.indexOf(target)) || target === '-' || target.startsWith('~')) dir = UNKNOWN_DIR;
    else if (dir !== UNKNOWN_DIR || target.startsWith('/') || /^[A-Za-z]:/.test(target)) dir = joinDir(dir === UNKNOWN_DIR ? null : dir, target);
  }
  return dir;
}

const isCd = (c: SimpleCommand): boolean => /^(?:cd|pushd|chdir|Set-Location|sl)$/i.test(commandName(withoutPrefixes(c.words)[0] ?? ''));

function classifySteps(steps: readonly ScriptStep[], text: string, fromArgv = false): ShellClass {
  const applying: number[] = [];
  steps.forEach((s, k) => {
    if (PROGRAM_NAMES.has(commandName(wordsOf(s.command).words[0] ?? ''))) applying.push(k);
  });
  if (applying.length > 1) return { kind: 'unsupported', reason: `it runs apply_patch ${applying.length} times in one command; each patch would need a call of its own` };
  if (applying.length === 1) return patchStep(steps, applying[0]!, fromArgv);
  // A shell run inside the shell (`bash -lc "…"` as one step of a script): its own script decides.
  for (const [k, s] of steps.entries()) {
    const nested = invokedScript(wordsOf(s.command).words);
    if (nested === null || !MENTIONS_APPLY.test(nested.script)) continue;
    const inner = scriptClass(nested.script, nested.dialect);
    if (inner.kind === 'patch') return withDir(inner, dirBefore(steps, k), steps.length > 1 ? otherCommands(steps, k) : null);
    return inner;
  }
  if (MENTIONS_APPLY.test(text)) {
    const code = codeClass(steps);
    if (code !== null) return code;
  }
  return readClass(steps) ?? OTHER;
}

function withDir(c: Extract<ShellClass, { kind: 'patch' }>, outer: string | null, outerNote: string | null): ShellClass {
  const dir = outer === null ? c.dir : c.dir === null ? outer : outer === UNKNOWN_DIR ? UNKNOWN_DIR : joinDir(outer, c.dir);
  const note = [c.note, outerNote].filter((n) => n !== null).join(' ') || null;
  return { kind: 'patch', patch: c.patch, dir, note };
}

/** Commands other than `cd` and the one at `k` (and its pipe source `source`), for the note. */
function otherCommands(steps: readonly ScriptStep[], k: number, source = -1): string | null {
  const others = steps.filter((s, j) => j !== k && j !== source && !isCd(s.command)).map((s) => s.command.words.join(' '));
  if (others.length === 0) return null;
  return `The shell also ran ${others.map((o) => `\`${shown(o)}\``).join(', ')}; the recorded output may include theirs.`;
}

function patchStep(steps: readonly ScriptStep[], k: number, fromArgv: boolean): ShellClass {
  const step = steps[k]!;
  const { words, expands } = wordsOf(step.command);
  let patch: string | null = null;
  let source = -1;
  if (step.command.heredoc !== null) patch = step.command.heredoc;
  else if (step.command.hereString !== null) patch = step.command.hereString;
  else if (words.length === 2) {
    if (expands(1)) return { kind: 'unsupported', reason: `apply_patch is given its patch as \`${shown(words[1]!)}\`, which only the shell could expand` };
    patch = words[1]!;
  } else if (words.length > 2) return { kind: 'unsupported', reason: `apply_patch is given ${words.length - 1} arguments; it takes one patch` };
  else if (step.command.stdinFile !== null) return { kind: 'unsupported', reason: `apply_patch reads its patch from the file ${step.command.stdinFile}, which the transcript does not hold` };
  else if (step.joinedBy === '|' && k > 0) {
    source = k - 1;
    const up = steps[source]!.command;
    const upWords = wordsOf(up);
    const name = commandName(upWords.words[0] ?? '');
    if (name === 'cat' && upWords.words.length === 1 && up.heredoc !== null) patch = up.heredoc;
    else if (name === 'echo' && upWords.words.length === 2 && !upWords.expands(1)) patch = `${upWords.words[1]}\n`;
    else if (name === 'printf' && upWords.words.length === 3 && upWords.words[1] === '%s' && !upWords.expands(2)) patch = upWords.words[2]!;
    else return { kind: 'unsupported', reason: `apply_patch reads its patch through a pipe from \`${shown(up.words.join(' '))}\`, whose output the transcript does not hold` };
  } else return { kind: 'unsupported', reason: 'apply_patch runs without a patch argument or here-document' };
  const notes = [steps.length > 1 ? otherCommands(steps, k, source) : null];
  if (step.command.heredoc !== null && !step.command.heredocClosed) notes.push('Its here-document is not closed: bash read the patch to the end of the command and warned about it.');
  if (!intercepted(steps, k, fromArgv)) notes.push(NOT_INTERCEPTED);
  return { kind: 'patch', patch, dir: dirBefore(steps, source >= 0 ? source : k), note: notes.filter((n) => n !== null).join(' ') || null };
}

const NOT_INTERCEPTED =
  'Codex takes only `apply_patch <<EOF` alone, or after one `cd dir &&`, as its apply_patch tool; this form ran through the shell, so the output is the apply_patch program\'s own (paths as the patch wrote them, no `apply_patch verification failed: ` prefix).';

/**
 * Whether Codex would run this as its apply_patch tool rather than through the shell: the argv
 * `["apply_patch", patch]`, or a script that is only `apply_patch <<EOF … EOF`, or only
 * `cd <one word> && apply_patch <<EOF … EOF` (openai/codex apply-patch `invocation.rs`).
 */
function intercepted(steps: readonly ScriptStep[], k: number, fromArgv: boolean): boolean {
  const apply = steps[k]!.command;
  if (apply.heredoc === null) return fromArgv && steps.length === 1 && apply.words.length === 2;
  if (!apply.heredocClosed || apply.words.length !== 1) return false;
  if (steps.length === 1) return true;
  const cd = steps[0]!.command;
  return steps.length === 2 && k === 1 && steps[1]!.joinedBy === '&&' && cd.words.length === 2 && cd.words[0] === 'cd' && cd.expanding.size === 0 && cd.heredoc === null;
}

/** Code given to an interpreter: a here-document, or the argument of `-c` / `-e` / `--eval`. */
function codeOf(c: SimpleCommand): { code: string; language: string } | null {
  const { words } = wordsOf(c);
  const name = commandName(words[0] ?? '');
  if (!INTERPRETERS.test(name)) return null;
  const flag = words.findIndex((w) => /^(?:-c|-e|-p|--eval|--print|-E)$/.test(w));
  if (flag !== -1 && words[flag + 1] !== undefined) return { code: words[flag + 1]!, language: name };
  if (c.heredoc !== null) return { code: c.heredoc, language: name };
  return null;
}

/** apply_patch called from code the shell ran: the patch when it is one literal, else why not. */
function codeClass(steps: readonly ScriptStep[]): ShellClass | null {
  for (const [k, s] of steps.entries()) {
    const code = codeOf(s.command);
    if (code === null || !MENTIONS_APPLY.test(code.code)) continue;
    const found = patchFromCode(code.code, code.language);
    if (found.kind !== 'patch') return found;
    const others = steps.length > 1 ? otherCommands(steps, k) : null;
    return { kind: 'patch', patch: found.patch, dir: dirBefore(steps, k), note: [found.note, others].filter((n) => n !== null).join(' ') || null };
  }
  return null;
}

/**
 * The patch a program passes to apply_patch, when it is one string literal of its code (or one
 * literal shell command that runs apply_patch); otherwise why it cannot be taken out.
 */
export function patchFromCode(code: string, language: string): ShellClass {
  const literals = stringLiterals(code).filter((l) => l.text.includes(BEGIN_PATCH));
  const what = language === 'exec' ? 'JavaScript the exec tool ran' : `${language} code`;
  if (literals.length === 0) return { kind: 'unsupported', reason: `apply_patch is called from ${what}, and no string literal of it holds a patch: the patch is built while it runs` };
  if (literals.length > 1) return { kind: 'unsupported', reason: `apply_patch is called from ${what} that holds ${literals.length} patches; each would need a call of its own` };
  const literal = literals[0]!;
  if (literal.interpolated) return { kind: 'unsupported', reason: `apply_patch is called from ${what}, and its patch is an interpolated string (filled in while it runs), not a literal` };
  const note = `The patch was taken from a string literal in the ${what}; the recorded output is the program's.`;
  if (literal.text.trimStart().startsWith(BEGIN_PATCH)) return { kind: 'patch', patch: literal.text, dir: null, note };
  // A literal shell command that runs apply_patch (`tools.exec_command({cmd: "apply_patch <<'EOF'…"})`).
  const inner = scriptClass(literal.text, dialectOf(literal.text));
  if (inner.kind === 'patch') return { ...inner, note: [note, inner.note].filter((n) => n !== null).join(' ') };
  return inner.kind === 'unsupported' ? inner : { kind: 'unsupported', reason: `apply_patch is called from ${what}, and the patch it holds is not passed to apply_patch as one literal` };
}

// ---------------------------------------------------------------------------------------------
// Reads: commands whose output is a file's text, whole or some of its lines.

const FILE_READ_SHOWS_WHOLE = { from: 1, to: null } as const;

interface Stage {
  kind: 'cat' | 'sed' | 'head' | 'nl' | 'get-content' | 'select';
  file: string | null;
  from: number;
  to: number | null;
  numbered: boolean;
}

/** A `sed -n` script of one range: `12,80p`, `12p`, `12,$p`. */
function sedRange(expr: string): { from: number; to: number | null } | null {
  const m = /^\s*(\d+)(?:\s*,\s*(\d+|\$))?\s*p\s*;?\s*$/.exec(expr);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : m[2] === '$' ? null : Number(m[2]);
  if (from < 1 || (to !== null && to < from)) return null;
  return { from, to };
}

/** One command of a read pipeline, with the file it names (null: it reads its input). */
function readStage(c: SimpleCommand): Stage | null {
  const { words, expands } = wordsOf(c);
  if (words.some((_, k) => expands(k)) || c.heredoc !== null || c.hereString !== null) return null;
  const name = commandName(words[0] ?? '');
  const args = words.slice(1);
  const file = (rest: string[]): string | null | undefined => (rest.length === 0 ? null : rest.length === 1 && !rest[0]!.startsWith('-') ? rest[0]! : undefined);
  const stdin = c.stdinFile;
  switch (name) {
    case 'cat': {
      const numbered = args[0] === '-n';
      const f = file(numbered ? args.slice(1) : args);
      if (f === undefined) return null;
      return { kind: 'cat', file: f ?? stdin, numbered, ...FILE_READ_SHOWS_WHOLE };
    }
    case 'nl': {
      let k = 0;
      let all = false;
      for (; k < args.length && args[k]!.startsWith('-'); k++) {
        if (args[k] === '-ba' || args[k] === '--body-numbering=a') all = true;
        else if (args[k] === '-b' && args[k + 1] === 'a') {
          all = true;
          k++;
        } else return null;
      }
      const f = file(args.slice(k));
      // Without -ba, nl leaves empty lines unnumbered, so line positions cannot be told.
      if (!all || f === undefined) return null;
      return { kind: 'nl', file: f ?? stdin, numbered: true, ...FILE_READ_SHOWS_WHOLE };
    }
    case 'sed': {
      const rest = [...args];
      if (rest[0] === '-n') rest.shift();
      else if (rest[0] === '-ne') rest[0] = '-e';
      else return null;
      if (rest[0] === '-e') rest.shift();
      const range = rest[0] === undefined ? null : sedRange(rest[0]);
      const f = file(rest.slice(1));
      if (range === null || f === undefined) return null;
      return { kind: 'sed', file: f ?? stdin, numbered: false, ...range };
    }
    case 'head': {
      let n = 10;
      let k = 0;
      const a0 = args[0];
      if (a0 === '-n' && args[1] !== undefined && /^\d+$/.test(args[1])) {
        n = Number(args[1]);
        k = 2;
      } else if (a0 !== undefined && /^-n?\d+$/.test(a0)) {
        n = Number(a0.replace(/^-n?/, ''));
        k = 1;
      } else if (a0 !== undefined && /^--lines=\d+$/.test(a0)) {
        n = Number(a0.slice(8));
        k = 1;
      }
      const f = file(args.slice(k));
      if (f === undefined || n < 1) return null;
      return { kind: 'head', file: f ?? stdin, numbered: false, from: 1, to: n };
    }
    case 'Get-Content':
    case 'gc': {
      let f: string | null = null;
      let to: number | null = null;
      for (let k = 0; k < args.length; k++) {
        const a = args[k]!;
        if (/^-(?:Path|LiteralPath)$/i.test(a)) f = args[++k] ?? null;
        else if (/^-(?:TotalCount|Head|First)$/i.test(a)) to = Number(args[++k]);
        else if (/^-(?:Raw|Encoding)$/i.test(a)) k += /^-Encoding$/i.test(a) ? 1 : 0;
        else if (a.startsWith('-')) return null;
        else if (f === null) f = a;
        else return null;
      }
      if (f === null || (to !== null && !(to >= 1))) return null;
      return { kind: 'get-content', file: f, numbered: false, from: 1, to };
    }
    case 'Select-Object':
    case 'select': {
      let first: number | null = null;
      let skip = 0;
      for (let k = 0; k < args.length; k++) {
        const a = args[k]!;
        const v = Number(args[k + 1]);
        if (/^-First$/i.test(a) && v >= 1) first = v;
        else if (/^-Skip$/i.test(a) && v >= 0) skip = v;
        else return null;
        k++;
      }
      return { kind: 'select', file: null, numbered: false, from: skip + 1, to: first === null ? null : skip + first };
    }
    default:
      return null;
  }
}

/** A window applied to what came before it in the pipeline (`| sed -n 'a,bp'`, `| head -n N`). */
function narrow(prev: Stage, next: Stage): Stage | null {
  if (next.file !== null) return null;
  if (next.kind === 'nl' || next.kind === 'get-content' || next.kind === 'cat') return next.kind === 'cat' && !next.numbered ? prev : null;
  // Line k of the input is line prev.from + k − 1 of the file.
  const from = prev.from + next.from - 1;
  const toOfNext = next.to === null ? null : prev.from + next.to - 1;
  const to = prev.to === null ? toOfNext : toOfNext === null ? prev.to : Math.min(prev.to, toOfNext);
  return { ...prev, from, to };
}

/** A read of one file: one command, or a pipeline that only narrows it, after any `cd`s. */
function readClass(steps: readonly ScriptStep[]): ShellClass | null {
  let k = 0;
  while (k < steps.length && isCd(steps[k]!.command) && steps[k + 1]?.joinedBy !== '|') k++;
  if (k === steps.length) return null;
  if (steps.slice(k + 1).some((s) => s.joinedBy !== '|')) return null;
  let stage = readStage(steps[k]!.command);
  if (stage === null || stage.file === null) return null;
  for (const s of steps.slice(k + 1)) {
    const next = readStage(s.command);
    stage = next === null ? null : narrow(stage, next);
    if (stage === null) return null;
  }
  const read: ShellRead = { path: stage.file!, from: stage.from, to: stage.to, numbered: stage.numbered, ...(stage.kind === 'get-content' && { relined: true }) };
  return { kind: 'read', read, dir: dirBefore(steps, k) };
}

// ---------------------------------------------------------------------------------------------
// Outputs: the text the tool printed, out of Codex's wrappers.

export interface ExecOutput {
  /** The command's own output. */
  text: string;
  /** The exit code a wrapper recorded (the outermost one that has one), or null. */
  exitCode: number | null;
  /** Codex cut the output (a `Total output lines:` header or a truncation mark): `text` is not all of it. */
  truncated: boolean;
}

/** Codex's marks where it cut the middle of an output out. */
export const TRUNCATION_MARK = /…\d+ (?:tokens|chars) truncated…|\[…\d+ (?:tokens|bytes) truncated…\]|\[\.\.\. omitted \d+ of \d+ lines \.\.\.\]|\[\.\.\. output truncated to fit \d+ bytes \.\.\.\]|\[\.\.\. removed \d+ bytes to fit \d+ byte limit \.\.\.\]/;

const HEADER_LINE = /^(?:Exit code: -?\d+|Wall time: [\d.]+(?: seconds)?|Total output lines: \d+|Chunk ID: \S*|Process exited with code -?\d+|Process running with (?:session|command) ID \S+|Original token count: \d+)$/;

const SANDBOX_DENIED = /^failed in sandbox \w+ with execution error: sandbox denied exec error, exit code: (-?\d+), stdout: ([\s\S]*?), stderr: ([\s\S]*)$/;

/** One layer of a wrapper off `text`, or null when it has none. */
function unwrapOnce(text: string): { text: string; exitCode: number | null; truncated: boolean } | null {
  // A command the sandbox stopped: `failed in sandbox <kind> with execution error: sandbox denied
  // exec error, exit code: N, stdout: <out>, stderr: <err>` (Codex's own words around them).
  const denied = SANDBOX_DENIED.exec(text);
  if (denied) return { text: `${denied[2]}${denied[3]}`, exitCode: Number(denied[1]), truncated: false };
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') && text.includes('"output"')) {
    try {
      const v: unknown = JSON.parse(text);
      const output = own(v, 'output');
      if (isRecord(v) && typeof output === 'string' && isRecord(own(v, 'metadata'))) {
        const code = own(own(v, 'metadata'), 'exit_code');
        return { text: output, exitCode: typeof code === 'number' ? code : null, truncated: false };
      }
    } catch {
      return null;
    }
    return null;
  }
  // `Exit code: N\nWall time: T seconds\n[Total output lines: N\n]Output:\n…` (the exec tool), or
  // `[Chunk ID: …\n]Wall time: …\n[Process exited with code N\n]…Output:\n…` (unified exec).
  const lines: string[] = [];
  let at = 0;
  for (let k = 0; k < 8; k++) {
    const nl = text.indexOf('\n', at);
    const line = text.slice(at, nl === -1 ? text.length : nl).replace(/\r$/, '');
    if (line === 'Output:') {
      if (lines.length === 0) return null;
      let exitCode: number | null = null;
      for (const l of lines) {
        const m = /^(?:Exit code: |Process exited with code )(-?\d+)$/.exec(l);
        if (m && exitCode === null) exitCode = Number(m[1]);
      }
      // `Original token count` is given for every unified exec output, cut or not; only the line count marks a cut.
      const truncated = lines.some((l) => l.startsWith('Total output lines:'));
      return { text: nl === -1 ? '' : text.slice(nl + 1), exitCode, truncated };
    }
    if (!HEADER_LINE.test(line) || nl === -1) return null;
    lines.push(line);
    at = nl + 1;
  }
  return null;
}

/** A command's output as the tool printed it, out of every wrapper Codex put around it. */
export function unwrapExecOutput(recorded: string): ExecOutput {
  let text = recorded;
  let exitCode: number | null = null;
  let truncated = false;
  for (let layer = 0; layer < 4; layer++) {
    const next = unwrapOnce(text);
    if (next === null) break;
    exitCode ??= next.exitCode;
    truncated ||= next.truncated;
    text = next.text;
  }
  // The note Codex puts above a cut output: `Warning: truncated output (original token count: N)\n
  // Total output lines: N\n\n`, or its older form without the warning line.
  const cut = /^(?:Warning: truncated output \(original token count: \d+\)\n)?Total output lines: \d+\n\n/.exec(text);
  if (cut) {
    text = text.slice(cut[0].length);
    truncated = true;
  }
  if (TRUNCATION_MARK.test(text)) truncated = true;
  return { text, exitCode, truncated };
}

/**
 * The recorded text of an apply_patch call as the apply_patch tool itself printed it: Codex's exec
 * wrapper (`Exit code: 0\nWall time: 0.1 seconds\nOutput:\n`, the unified exec header, the
 * `{"output", "metadata"}` JSON, nested ones) and its truncation note taken off. Text without a
 * wrapper is returned as it is.
 */
export function patchOutputOf(recordedText: string): string {
  return unwrapExecOutput(recordedText).text.replace(HEREDOC_WARNING, '');
}

/** bash's warning when a here-document runs to the end of the script: the shell's, not the tool's. */
const HEREDOC_WARNING = /^(?:(?:ba|z|da)?sh): line \d+: warning: here-document at line \d+ delimited by end-of-file \(wanted [`'][^\n]*\)\n/gm;

/** Texts only a failed patch prints (the handler's, the program's, across Codex releases). */
const PATCH_FAILED = /^(?:error:|Failed to (?:find|read|write|delete|apply)|Invalid patch|invalid patch|invalid hunk|patch rejected|apply_patch verification failed|[^\n]*verification failed)/i;
const PATCH_SUCCEEDED = /^(?:Success\. Updated the following files:|Done!)/;

/**
 * Whether an apply_patch call's recorded output says it failed: an exit code in a wrapper wins;
 * else the text (`Success. Updated the following files:` succeeded; `error:`, `Failed to find
 * expected lines`, `Invalid patch`, `… verification failed` failed). Null: the text says neither.
 */
export function patchOutcome(recordedText: string): { isError: boolean; by: 'exit-code' | 'text' } | null {
  const out = unwrapExecOutput(recordedText);
  if (out.exitCode !== null) return { isError: out.exitCode !== 0, by: 'exit-code' };
  const text = out.text.replace(HEREDOC_WARNING, '').trimStart();
  if (PATCH_SUCCEEDED.test(text)) return { isError: false, by: 'text' };
  if (PATCH_FAILED.test(text)) return { isError: true, by: 'text' };
  return null;
}

/**
 * Once every result is in: a shell read counts as a read only when its command succeeded (exit
 * code 0), and an apply_patch call's recorded outcome is read as patchOutcome says, unless the
 * format itself flagged it (`is_error`, an `apply_patch_call_output` status, a JSON-RPC error).
 */
export function settleCalls(calls: SessionCall[]): void {
  const banner = sessionBanner(calls);
  for (const call of calls) {
    const result = call.result;
    if (call.shellRead !== undefined && (result === null || result.isError)) {
      call.kind = 'other';
      delete call.shellRead;
    }
    if (banner !== null && call.shellRead !== undefined && result !== null && unwrapExecOutput(result.text).text.startsWith(banner)) call.shellRead.banner = banner;
    if (result === null || call.profile === null || !isProgram(call.profile)) continue;
    if (result.errorSource === 'flag' || result.errorSource === 'status' || result.errorSource === 'jsonrpc-error') continue;
    const outcome = patchOutcome(result.text);
    if (outcome === null || (result.errorSource === 'exit-code' && outcome.by !== 'exit-code')) continue;
    result.isError = outcome.isError;
    result.errorSource = outcome.by;
  }
}

/** Tools that run a command line, by the names Codex and the Responses API give them. */
export const SHELL_TOOL_NAMES: ReadonlySet<string> = new Set(['shell', 'container.exec', 'exec_command', 'shell_command', 'local_shell', 'bash', 'exec']);

/**
 * A line most shell outputs of the session start with (at least three, and four in five), one that
 * a command other than a read printed too: what the login shell prints before any command (nvm's
 * `Now using node …` under `bash -lc`), never a file's text. Null when there is none.
 */
function sessionBanner(calls: readonly SessionCall[]): string | null {
  const firsts = new Map<string, { count: number; others: number }>();
  let outputs = 0;
  for (const call of calls) {
    if (call.result === null || (call.shellRead === undefined && !(SHELL_TOOL_NAMES.has(call.toolName) && call.via === undefined))) continue;
    const text = unwrapExecOutput(call.result.text).text;
    const nl = text.indexOf('\n');
    if (text === '') continue;
    outputs++;
    if (nl <= 0) continue;
    const first = text.slice(0, nl + 1);
    const seen = firsts.get(first) ?? { count: 0, others: 0 };
    seen.count++;
    if (call.shellRead === undefined) seen.others++;
    firsts.set(first, seen);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [line, { count, others }] of firsts) {
    if (others > 0 && count > bestCount) {
      best = line;
      bestCount = count;
    }
  }
  return best !== null && bestCount >= 3 && bestCount * 5 >= outputs * 4 ? best : null;
}

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
// Reads are told in shell-reads.ts, outputs read in shell-output.ts; the class and the directory
// bookkeeping they share are in shell-class.ts.

import { stringLiterals } from './shell-code';
import { codeOf } from './code-writes';
import { commandName, newCommand, parseScript, type Dialect, type ScriptStep, type SimpleCommand } from './shell-script';
import { joinDir, OTHER, UNKNOWN_DIR, dirBefore, isCd, wordsOf, type ShellClass } from './shell-class';
import { readClass, readsClass } from './shell-reads';
import { psListing } from './shell-ps-listing';
import { inlinePsVariables } from './shell-ps-vars';
import { wholeWrites } from './shell-writes';
import { own, type JsonObject } from './values';
import { PROGRAM_NAMES } from './dialects';

const BEGIN_PATCH = '*** Begin Patch';
const MENTIONS_APPLY = /\bapply_?patch\b/;

/** The script of a shell invocation (`bash -lc S`, `pwsh -NoProfile -Command S`, `cmd /c S`), or null. */
function invokedScript(argv: readonly string[]): { script: string; dialect: Dialect } | null {
  const name = commandName(argv[0] ?? '').toLowerCase();
  if (/^(?:ba|z|da|k)?sh$/.test(name) && argv.length === 3 && /^-[a-z]*c[a-z]*$/.test(argv[1]!)) return { script: argv[2]!, dialect: 'sh' };
  if (name === 'pwsh' || name === 'powershell') {
    let k = 1;
    while (k < argv.length - 1 && /^-(?:noprofile|nologo|noninteractive|executionpolicy|bypass)$/i.test(argv[k]!)) k += /^-executionpolicy$/i.test(argv[k]!) ? 2 : 1;
    if (k === argv.length - 2 && /^-(?:c|command)$/i.test(argv[k]!)) return { script: argv[k + 1]!, dialect: 'powershell' };
  }
  if (name === 'cmd' && argv.length === 3 && /^\/c$/i.test(argv[1]!)) {
    // cmd's own `type F`: a backslash is no escape there, so the path is quoted for the sh reading,
    // which reads `cmd /c type F` as shell-reads.ts does from PowerShell.
    const typed = /^\s*type\s+("[^"]+"|[^\s"&|<>^]+)\s*$/i.exec(argv[2]!);
    if (typed !== null) return { script: `cmd /c type '${typed[1]!.replace(/^"|"$/g, '').replaceAll("'", "'\\''")}'`, dialect: 'sh' };
    return { script: argv[2]!, dialect: 'sh' };
  }
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

/**
 * How one tool input runs commands: `command` (argv or a script), `cmd` (the same), `commands`
 * (scripts). `shell`: the shell the session says runs a script (Codex's `<shell>` on Windows);
 * without it a cmdlet name in the script says PowerShell.
 */
export function classifyShellInput(input: JsonObject, shell?: Dialect): ShellClass {
  return settled(classifyInput(input, shell));
}

/** apply_patch called from code (the Codex `exec` tool's JavaScript): see patchFromCode. */
export function classifyCode(code: string, language: string): ShellClass {
  return callsApplyPatch(code, language) ? settled(patchFromCode(code, language)) : OTHER;
}

/** JavaScript's comments (`//` to the line's end, or a block one), or the `#` ones of Python, Ruby, Perl and the rest. */
const COMMENT = { js: /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/y, hash: /#[^\n]*/y };

/**
 * `code` without its comments (`kept`), and without its comments and string literals (`bare`): a
 * name left in `bare` is one the code itself uses. Literals are told as stringLiterals tells them
 * (`'…'`, `"…"`, triple quotes, `` `…` ``; a one-line quote left open ends at its line).
 */
function codeWithout(code: string, language: string): { kept: string; bare: string } {
  const comment = /^(?:node|nodejs|deno|bun|exec)$/.test(language) ? COMMENT.js : COMMENT.hash;
  let kept = '';
  let bare = '';
  let i = 0;
  while (i < code.length) {
    const ch = code[i]!;
    comment.lastIndex = i;
    const skipped = ch === '#' || ch === '/' ? comment.exec(code) : null;
    if (skipped !== null && skipped[0] !== '') {
      kept += ' ';
      bare += ' ';
      i += skipped[0].length;
    } else if (ch === '"' || ch === "'" || ch === '`') {
      const close = ch !== '`' && code.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
      let j = i + close.length;
      while (j < code.length && !code.startsWith(close, j) && (code[j] !== '\n' || close !== ch || ch === '`')) j += code[j] === '\\' ? 2 : 1;
      const end = Math.min(code.length, code.startsWith(close, j) ? j + close.length : j);
      kept += code.slice(i, end);
      bare += ' ';
      i = end;
    } else {
      kept += ch;
      bare += ch;
      i++;
    }
  }
  return { kept, bare };
}

/**
 * Whether code calls apply_patch, rather than only mentioning it: the name in the code itself
 * (`tools.apply_patch(p)`), a string literal that is the program's name (`["apply_patch", p]`), or
 * one holding a shell command that runs it. The name inside any other literal (a Codex rollout's
 * python heredoc editing AGENTS.md: `needle = '- Use \`apply_patch\` for manual edits.\n'`) or in
 * a comment is text the code handles, not a call.
 */
function callsApplyPatch(code: string, language: string): boolean {
  if (!MENTIONS_APPLY.test(code)) return false;
  const { kept, bare } = codeWithout(code, language);
  if (MENTIONS_APPLY.test(bare)) return true;
  return stringLiterals(kept).some((l) => MENTIONS_APPLY.test(l.text) && (PROGRAM_NAMES.has(l.text.trim()) || scriptClass(l.text, dialectOf(l.text)).kind !== 'other'));
}

function classifyInput(input: JsonObject, shell?: Dialect): ShellClass {
  const command = own(input, 'command') ?? own(input, 'cmd');
  if (Array.isArray(command)) {
    if (!command.every((w): w is string => typeof w === 'string') || command.length === 0) return OTHER;
    return argvClass(command);
  }
  if (typeof command === 'string') return scriptClass(command, shell ?? dialectOf(command));
  const commands = own(input, 'commands');
  if (Array.isArray(commands) && commands.length > 0 && commands.every((w): w is string => typeof w === 'string')) {
    const script = commands.join('\n');
    return scriptClass(script, shell ?? dialectOf(script));
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
  const command: SimpleCommand = newCommand([...argv]);
  return classifySteps([{ command, joinedBy: '' }], argv.join(' '), true);
}

/**
 * PowerShell's lines of a read taken by index, as Codex on Windows runs it (MythologIQ/Zo-Qore's
 * rollouts, 0.58-0.104): `(Get-Content F)[1180..1260]`, `$c = Get-Content F; $c[360..520]`, or
 * the read in parentheses alone. Indexes count from 0; an index past the end prints nothing.
 */
const PS_INDEXED = /^\s*\(\s*([^()]+?)\s*\)\s*(?:\[\s*(\d+)\s*\.\.\s*(\d+)\s*\])?\s*;?\s*$/;
const PS_VAR_INDEXED = /^\s*\$(\w+)\s*=\s*([^;()]+?)\s*;\s*\$\1\s*\[\s*(\d+)\s*\.\.\s*(\d+)\s*\]\s*;?\s*$/;

function psIndexed(script: string): ShellClass | null {
  const m = PS_INDEXED.exec(script);
  const v = m === null ? PS_VAR_INDEXED.exec(script) : null;
  const [inner, a, b] = m !== null ? [m[1]!, m[2], m[3]] : v !== null ? [v[2]!, v[3], v[4]] : [null, undefined, undefined];
  if (inner === null || !/^Get-Content\b/i.test(inner)) return null;
  const found = scriptClass(inner, 'powershell');
  if (found.kind !== 'read' || found.more !== undefined) return null;
  if (a === undefined || b === undefined) return found;
  const [from, last] = [Number(a), Number(b)];
  if (last < from) return null;
  const { read } = found;
  const start = read.from + from;
  const end = read.from + last;
  if (read.to !== null && start > read.to) return null;
  return { ...found, read: { ...read, from: start, to: read.to === null ? end : Math.min(read.to, end) } };
}

function scriptClass(given: string, dialect: Dialect): ShellClass {
  const script = dialect === 'powershell' ? inlinePsVariables(given) : given;
  const guarded = dialect === 'powershell' ? psIfExists(script) : null;
  if (guarded !== null) return guarded;
  const listing = dialect === 'powershell' ? (psListing(script) ?? psIndexed(script)) : null;
  if (listing !== null) return listing;
  const steps = parseScript(script, dialect);
  if (steps === null) {
    return MENTIONS_APPLY.test(script) && script.includes(BEGIN_PATCH)
      ? { kind: 'unsupported', reason: 'it runs apply_patch in a shell script the parser cannot read (an unclosed quote or substitution), so its patch cannot be taken out' }
      : OTHER;
  }
  return classifySteps(steps, script);
}

/**
 * `if (Test-Path F) { <a read of F> } else { Write-Output 'NO F' }` (Elektriker-Edgar/PV-Projekt's
 * and Gordondalos/mail-agent's Codex rollouts on Windows): the read, unless the output is the mark
 * (or, with no else, empty).
 */
const PS_IF_EXISTS = /^\s*if\s*\(\s*Test-Path\s+(?:-(?:Literal)?Path\s+)?("[^"$`]+"|'[^']+'|[^\s"'()$`]+)\s*\)\s*\{([^{}]*)\}\s*(?:else\s*\{\s*(?:(?:Write-Output|Write-Host|echo)\s+)?("[^"$`]*"|'[^']*')\s*;?\s*\}\s*)?$/i;

function psIfExists(script: string): ShellClass | null {
  const m = PS_IF_EXISTS.exec(script);
  if (m === null) return null;
  const unquote = (s: string) => (/^["']/.test(s) ? s.slice(1, -1) : s);
  const inner = scriptClass(m[2]!, 'powershell');
  if (inner.kind !== 'read' || inner.more !== undefined || inner.dir !== null || inner.read.path !== unquote(m[1]!)) return null;
  // With no else, a missing file prints nothing: an empty output is no empty file.
  return { ...inner, read: { ...inner.read, missingMark: m[3] === undefined ? '' : unquote(m[3]) } };
}

const shown = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 60)}…` : one;
};

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
  return readClass(steps) ?? readsClass(steps) ?? OTHER;
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
  else if (step.command.stdinFile !== null) {
    // The file a here-document earlier in the same command wrote (`cat > /tmp/p.diff <<'EOF' … EOF`, then `apply_patch < /tmp/p.diff`).
    const file = step.command.stdinFile;
    const written = wholeWrites(steps.slice(0, k)).filter((w) => w.path === file && w.dir === dirBefore(steps, k)).at(-1);
    if (written === undefined || written.append) return { kind: 'unsupported', reason: `apply_patch reads its patch from the file ${file}, which the transcript does not hold` };
    patch = written.text;
  }
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

/** apply_patch called from code the shell ran: the patch when it is one literal, else why not. */
function codeClass(steps: readonly ScriptStep[]): ShellClass | null {
  for (const [k, s] of steps.entries()) {
    const code = codeOf(s.command);
    if (code === null || !callsApplyPatch(code.code, code.language)) continue;
    const found = patchFromCode(code.code, code.language);
    if (found.kind !== 'patch') return found;
    const others = steps.length > 1 ? otherCommands(steps, k) : null;
    return { kind: 'patch', patch: found.patch, dir: dirBefore(steps, k), note: [found.note, others].filter((n) => n !== null).join(' ') || null };
  }
  return null;
}

/**
 * Whether the one patch literal of `code` is what its apply_patch call is given: the call's
 * argument is the literal itself, or a name bound to it once and never changed (`const patch =
 * "…"; apply_patch(patch)`). A name bound to something made from it (`const p2 =
 * patch.replace(…); apply_patch(p2)`, a Codex 0.144 code-mode script) is not. Code that calls
 * apply_patch otherwise (a program's argv, a nested shell command) is left to the other checks.
 */
function literalReachesApply(code: string, language: string): boolean {
  const { bare } = codeWithout(code, language);
  const calls = [...bare.matchAll(/apply_patch\s*\(\s*([^,)]*?)\s*[,)]/g)];
  if (calls.length === 0) return true;
  return calls.some(([, arg]) => {
    if (arg === '') return true;
    if (!/^[A-Za-z_$][\w$]*$/.test(arg!)) return false;
    const assignments = [...bare.matchAll(new RegExp(`(?<![\\w$.])${arg!.replace(/\$/g, '\\$')}\\s*([-+*/|&]?)=(?!=)([^;\\n]*)`, 'g'))];
    // Bound once, to a literal (left as a blank in `bare`), with no operator before the `=`.
    return assignments.length === 1 && assignments[0]![1] === '' && assignments[0]![2]!.trim() === '';
  });
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
  if (literal.text.trimStart().startsWith(BEGIN_PATCH)) {
    if (!literalReachesApply(code, language)) return { kind: 'unsupported', reason: `apply_patch is called from ${what}, and what it is given is made from the literal while it runs, not the literal itself` };
    return { kind: 'patch', patch: literal.text, dir: null, note };
  }
  // A literal shell command that runs apply_patch (`tools.exec_command({cmd: "apply_patch <<'EOF'…"})`).
  const inner = scriptClass(literal.text, dialectOf(literal.text));
  if (inner.kind === 'patch') return { ...inner, note: [note, inner.note].filter((n) => n !== null).join(' ') };
  return inner.kind === 'unsupported' ? inner : { kind: 'unsupported', reason: `apply_patch is called from ${what}, and the patch it holds is not passed to apply_patch as one literal` };
}

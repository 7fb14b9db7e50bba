// Which files a shell command an agent ran may have changed behind the edit tools' back: `rm`,
// `mv`, `sed -i`, a redirection, `git checkout`, a formatter. The replay cannot run the command, so
// after it the named files (or, for a command whose reach it cannot tell, every file) are of
// unknown state until the transcript shows them again. Reading commands (`cat`, `grep`, `ls`,
// `git diff`, test runners) change nothing and are not listed. The rule is deliberately wide: a
// call judged on a state the replay cannot vouch for reads `cannot judge`, with this command as
// the evidence, rather than a `differs` that is the replay's own doing.

import { own } from './values';
import { PROGRAM_NAMES } from './dialects';
import { SHELL_TOOL_NAMES } from './shell-output';
import { parseScript } from './shell-script';
import { codeWrites, interpreterCode } from './code-writes';
import { wholeWrites, type WholeWrite } from './shell-writes';

export interface ShellEffect {
  /** The command as the agent sent it, on one line. */
  command: string;
  /** Paths the command names as targets, as written (relative ones against `cwd`). */
  paths: string[];
  /** The command may change files it does not name (a formatter over a folder, `git stash`). */
  wide: boolean;
  /** The folder a `cd` moved to before the changing part, when the command has one. */
  cwd?: string;
  /** Files it writes whole with text the transcript holds (shell-writes.ts), in order; not in `paths`. */
  writes: WholeWrite[];
}

/**
 * Tools that run a shell command, by the name agents give them: Codex's and the Responses API's
 * (`shell`, `exec_command`, `shell_command`, …, the one list the readers use too) and the others'.
 */
const SHELL_TOOLS: ReadonlySet<string> = new Set([...SHELL_TOOL_NAMES, 'Bash', 'run_shell_command', 'execute_command', 'execute_bash', 'run_terminal_cmd', 'terminal', 'BashOutput']);

/** The command text of a shell call's input, or null for any other call. */
export function shellCommandOf(toolName: string, input: Record<string, unknown> | null): string | null {
  if (!SHELL_TOOLS.has(toolName) || input === null) return null;
  const command = own(input, 'command') ?? own(input, 'cmd');
  if (typeof command === 'string') return command;
  if (Array.isArray(command) && command.every((p) => typeof p === 'string')) {
    const parts = command as string[];
    // `bash -lc "script"`: the script is the command.
    if (parts.length >= 3 && /(?:^|\/)(?:ba|z|da)?sh$/.test(parts[0]!) && /^-\w*c\w*$/.test(parts[1]!)) return parts.slice(2).join(' ');
    return parts.map((p) => (/[\s'"]/.test(p) ? JSON.stringify(p) : p)).join(' ');
  }
  return null;
}

/** Commands that only read (or only build and test): they change no file an edit call names. */
const READERS = new Set([
  'cat', 'less', 'more', 'head', 'tail', 'nl', 'wc', 'grep', 'egrep', 'rg', 'ag', 'ls', 'tree', 'find', 'fd', 'pwd', 'echo', 'printf',
  'which', 'type', 'file', 'stat', 'du', 'df', 'diff', 'cmp', 'sort', 'uniq', 'cut', 'awk', 'jq', 'true', 'false', 'test', '[', 'env',
  'date', 'whoami', 'uname', 'ps', 'sleep', 'curl', 'wget', 'ping', 'Get-Content', 'Get-ChildItem', 'Select-String', 'type',
  'node', 'python', 'python3', 'deno', 'bun', 'ruby', 'go', 'cargo', 'npm', 'npx', 'pnpm', 'yarn', 'make', 'pytest', 'jest', 'vitest',
  'tsc', 'mypy', 'pyright', 'java', 'javac', 'mvn', 'gradle', 'dotnet', 'docker', 'kubectl', 'gh', 'sqlite3', 'psql', 'mysql', 'cd', 'source', 'export', 'set', 'exit',
]);

/** Commands that change the files they name (their non-option arguments). */
const CHANGERS = new Set(['rm', 'unlink', 'mv', 'cp', 'truncate', 'touch', 'tee', 'patch', 'dos2unix', 'unix2dos', 'shred', 'ln', 'install', 'chmod', 'Remove-Item', 'Move-Item', 'Set-Content', 'Add-Content', 'Out-File', 'Copy-Item', 'New-Item']);

/** Formatters and fixers: they rewrite the files they name, or a whole tree when they name none. */
const FORMATTERS = /^(?:prettier|black|ruff|isort|autopep8|yapf|gofmt|goimports|rustfmt|clang-format|eslint|biome|stylelint|rubocop|standardrb|swiftformat|ktlint|dart|mix|terraform|shfmt|sqlfluff|djlint|pre-commit)$/;
const FORMAT_FLAGS = /(?:^|\s)(?:--write|-w|--fix|-i|--in-place|format|fmt|--apply|run --all-files|-a|--autocorrect)(?=\s|$)/;

/** Scripts whose name says they rewrite sources (`npm run format`, `make lint-fix`, `cargo fmt`). */
const FIXING_SCRIPT = /^(?:(?:npm|pnpm|yarn|bun)(?: run)?|make|just|cargo|go|dotnet|poetry run|uv run|npx|bunx|task)\s+(?:[\w:-]*(?:format|fmt|fix|prettier|lint:fix|codegen|generate)[\w:-]*)\b/;

const GIT_CHANGERS = /^git\s+(?:-C\s+\S+\s+)?(?:checkout|restore|reset|stash|apply|am|merge|rebase|pull|cherry-pick|revert|switch|mv|rm|clean)\b/;

/** Splits a command line into its simple commands (`&&`, `||`, `;`, `|`, newlines), keeping quotes whole. */
function simpleCommands(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote !== null) {
      cur += ch;
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && i + 1 < line.length) cur += line[++i];
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      cur += ch;
    } else if (ch === '\n' || ch === ';' || ch === '|' || (ch === '&' && line[i + 1] === '&')) {
      out.push(cur);
      cur = '';
      if ((ch === '&' || ch === '|') && line[i + 1] === ch) i++;
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

/** Words of one simple command, quotes removed; a `$(…)` or a backquoted command stays in its word. */
function words(command: string): string[] {
  const out: string[] = [];
  // A bare word: plain characters, `$` not opening a substitution, `$(…)` or `…` (at most 200
  // characters inside, so an unclosed one costs a bounded look ahead), or a lone backquote.
  for (const m of command.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|((?:[^\s$`]+|\$(?!\()|\$\([^)]{0,200}\)|`[^`]{0,200}`|`|\$)+)/g)) out.push(m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3]!);
  return out;
}

/** Words before a command that leave it the command: wrappers, and a loop's or an if's keywords. */
const PREFIXES = new Set(['sudo', 'command', 'time', 'nohup', 'do', 'then', 'else']);

const operands = (ws: readonly string[]): string[] => ws.slice(1).filter((w) => !w.startsWith('-') && !/^[<>]/.test(w));

/** What makes the shell expand a word: a variable or a command's output (`$`, a backquote), a glob. */
const EXPANSION = /[$`*]/;

/**
 * A path the shell expands before the command sees it (a variable, a command's output, a glob):
 * which files it names is not known here, so the command may change any file. A home folder's
 * or /tmp's path is outside any workspace whatever it expands to.
 */
function expands(path: string): boolean {
  if (/^(?:~|\$\{?HOME\b|\/tmp\/|\/dev\/)/.test(path)) return false;
  return EXPANSION.test(path);
}

/** The files a redirection writes: `> f`, `>> f`, `2> f` (not `2>&1`, not /dev/null). */
function redirected(command: string): string[] {
  const out: string[] = [];
  for (const m of command.matchAll(/(?:^|[^<>&\d])\d?>>?\s*("[^"]+"|'[^']+'|[^\s;&|<>]+)/g)) {
    const target = m[1]!.replace(/^["']|["']$/g, '');
    if (!target.startsWith('&') && !target.startsWith('/dev/')) out.push(target);
  }
  return out;
}

/**
 * What a shell command may have changed, or null when it only reads. Heredocs are taken as the
 * command that receives them (`cat > f <<EOF` writes `f`): one whose text is literal, copied
 * whole into a file nothing else in the command names, is a whole write (`writes`, with its text;
 * shell-writes.ts), any other leaves the file in `paths`. An `apply_patch` heredoc is an edit call
 * of its own and is left to the parser. Code run through an interpreter (`python3 - <<'PY'`,
 * `node -e`) changes the files its write calls name, or any file when one writes to a path the
 * code does not spell out (code-writes.ts).
 */
export function shellEffect(commandLine: string): ShellEffect | null {
  const body = commandLine.replace(/<<-?\s*['"]?(\w+)['"]?([^\n]*)\n[\s\S]*?\n\s*\1\s*(?=\n|$)/g, (_m, _tag: string, rest: string) => rest);
  const paths: string[] = [];
  let wide = false;
  let cwd: string | undefined;
  for (const simple of simpleCommands(body)) {
    const ws = words(simple);
    // Assignments, wrappers, and the keywords a loop's or an if's body starts with (`do sed -i …`).
    while (ws.length > 0 && (/^\w+=/.test(ws[0]!) || PREFIXES.has(ws[0]!))) ws.shift();
    const head = ws[0];
    if (head === undefined) continue;
    paths.push(...redirected(simple));
    if (head === 'cd' && ws[1] !== undefined) {
      cwd = ws[1];
      continue;
    }
    if (PROGRAM_NAMES.has(head)) continue;
    if (CHANGERS.has(head)) paths.push(...operands(ws));
    else if ((head === 'sed' || head === 'perl') && ws.some((w) => /^-\w*i/.test(w) || w === '--in-place')) paths.push(...operands(ws).slice(head === 'sed' && !ws.includes('-e') ? 1 : 0));
    else if (GIT_CHANGERS.test(simple)) wide = true;
    else if (FORMATTERS.test(head.replace(/^.*\//, '')) && (FORMAT_FLAGS.test(simple) || /^(?:gofmt|goimports|black|isort|autopep8|rustfmt|shfmt)$/.test(head))) {
      const named = operands(ws).filter((w) => /[./]/.test(w) && w !== '.');
      if (named.length > 0 && !ws.includes('.')) paths.push(...named);
      else wide = true;
    } else if (FIXING_SCRIPT.test(simple)) wide = true;
    else if (!READERS.has(head) && /^(?:python3?|node|ruby|perl|bash|sh|pwsh|powershell)$/.test(head) && /(?:open\(|writeFile|write_text|\.write\(|Set-Content|Out-File|>)/.test(simple)) wide = true;
  }
  const steps = parseScript(commandLine) ?? [];
  for (const { code } of interpreterCode(steps)) {
    const writes = codeWrites(code);
    if (writes === null) continue;
    paths.push(...writes.paths);
    wide ||= writes.wide;
  }
  const whole = wholeWrites(steps);
  if (paths.some(expands) || whole.some((w) => expands(w.path))) wide = true;
  const writes = wide || commandLine.includes('\r') ? [] : ownWrites(whole, paths);
  const written = new Set(writes.map((w) => w.path));
  const unique = [...new Set(paths)].filter((p) => p !== '' && p !== '/dev/null' && !written.has(p) && !EXPANSION.test(p));
  if (unique.length === 0 && !wide && writes.length === 0) return null;
  return { command: commandLine.replace(/\s+/g, ' ').trim().slice(0, 300), paths: unique, wide, ...(cwd !== undefined && { cwd }), writes };
}

/**
 * The whole writes whose file nothing else in the command names: a path named more often than
 * it is written whole (`cat > f <<'EOF' … EOF && sed -i … f`) may hold anything after it.
 */
function ownWrites(writes: readonly WholeWrite[], named: readonly string[]): WholeWrite[] {
  const count = (list: readonly string[], p: string): number => list.filter((x) => x === p).length;
  const paths = writes.map((w) => w.path);
  return writes.filter((w) => count(named, w.path) <= count(paths, w.path));
}

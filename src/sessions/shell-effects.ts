// Which files a shell command an agent ran may have changed behind the edit tools' back: `rm`,
// `mv`, `sed -i`, a redirection, `git checkout`, a formatter. The replay cannot run the command, so
// after it the named files (or, for a command whose reach it cannot tell, every file) are of
// unknown state until the transcript shows them again. Reading commands (`cat`, `grep`, `ls`,
// `git diff`, test runners) change nothing and are not listed. The rule is deliberately wide: a
// call judged on a state the replay cannot vouch for reads `cannot judge`, with this command as
// the evidence, rather than a `differs` that is the replay's own doing.

import { own, type JsonObject } from './values';
import { PROGRAM_NAMES } from './dialects';
import { manifestChanges, unwrapRunner } from './shell-runners';
import { sweAgentShellCommand } from './swe-agent';
import { SHELL_TOOL_NAMES } from './shell-output';
import { parseScript } from './shell-script';
import { codeWrites, interpreterCode } from './code-writes';
import { codeModeCommands } from './code-mode';
import { EXPANSION, expands, globFolder } from './shell-globs';
import { dotnetWrites, scriptDialect } from './shell-ps-writes';
import { inlinePsVariables } from './shell-ps-vars';
import { wholeWrites, type WholeWrite } from './shell-writes';

/** `to.push(...items)` without spreading `items` into arguments: a huge command would overflow the stack. */
const append = <T>(to: T[], items: readonly T[]): void => items.forEach((x) => to.push(x));

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
  /**
   * Folders any of whose files it may change: a glob's literal folder (`cp src/*.js dest/` names
   * `dest/*.js`, `rm build/*`), as written (relative ones against `cwd`).
   */
  folders?: string[];
}

/**
 * Tools that run a shell command, by the name agents give them: Codex's and the Responses API's
 * (`shell`, `exec_command`, `shell_command`, …, the one list the readers use too) and the others'.
 */
const SHELL_TOOLS: ReadonlySet<string> = new Set([...SHELL_TOOL_NAMES, 'Bash', 'PowerShell', 'run_shell_command', 'execute_command', 'execute_bash', 'run_terminal_cmd', 'terminal', 'BashOutput']);

/** The command text of a shell call's input, or null for any other call. */
export function shellCommandOf(toolName: string, input: Record<string, unknown> | null): string | null {
  if (input === null) return null;
  if (!SHELL_TOOLS.has(toolName)) return sweAgentShellCommand(toolName, input as JsonObject);
  const command = own(input, 'command') ?? own(input, 'cmd');
  if (typeof command === 'string') return command;
  const code = own(input, 'input');
  if (toolName === 'exec' && command === undefined && typeof code === 'string') return codeModeCommands(code);
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

/** Commands that change the files they name (their non-option arguments); `del` and `erase`: cmd's and PowerShell's. */
const CHANGERS = new Set(['rm', 'del', 'erase', 'unlink', 'mv', 'truncate', 'touch', 'tee', 'patch', 'dos2unix', 'unix2dos', 'shred', 'Remove-Item', 'Move-Item', 'Set-Content', 'Add-Content', 'Out-File', 'Copy-Item', 'New-Item']);

/** Commands that change only their destination (the last operand): a copy's, a link's, an install's source is read. */
const COPIERS = new Set(['cp', 'ln', 'install']);

/** Formatters and fixers: they rewrite the files they name, or a whole tree when they name none. */
const FORMATTERS = /^(?:prettier|black|ruff|isort|autopep8|yapf|gofmt|goimports|golangci-lint|rustfmt|clang-format|eslint|biome|stylelint|rubocop|standardrb|swiftformat|ktlint|dart|mix|terraform|shfmt|sqlfluff|djlint|pre-commit)$/;
const FORMAT_FLAGS = /(?:^|\s)(?:--write|-w|--fix|-i|--in-place|format|fmt|--apply|run --all-files|-a|--autocorrect)(?=\s|$)/;

/** A formatter or linter asked only to check or to show what it would change (`cargo fmt --all -- --check`, `prettier --check .`, `gofmt -l`). */
const CHECKS_ONLY = /(?:^|\s)(?:--check|--dry-run|--diff|--list-different|-l)(?=\s|$)/;
const WRITES_TOO = /(?:^|\s)(?:--write|-w|--fix|-i|--in-place|--apply)(?=\s|$)/;

/** Scripts whose name says they rewrite sources (`npm run format`, `make lint-fix`, `cargo fmt`). */
const FIXING_SCRIPT = /^(?:(?:npm|pnpm|yarn|bun)(?: run)?|make|just|cargo|go|dotnet|poetry run|uv run|npx|bunx|task|mise(?: run| r)?)\s+(?:[\w:-]*(?:format|fmt|fix|prettier|lint:fix|codegen|generate)[\w:-]*)\b/;

const GIT_CHANGERS = /^git\s+(?:-C\s+\S+\s+)?(?:checkout|restore|reset|stash|apply|am|merge|rebase|pull|cherry-pick|revert|switch|mv|rm|clean)\b/;

/** Whether position `i` of `text` starts a word: a `#` there starts a comment (`a#b` is one word). */
const wordStart = (text: string, i: number): boolean => i === 0 || /[\s;&|()]/.test(text[i - 1]!);

/**
 * Splits a command line into its simple commands (`&&`, `||`, `;`, `|`, newlines), keeping quotes
 * whole; a comment (a `#` starting a word outside quotes, to its line's end) is left out.
 */
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
    } else if (ch === '\\' && i + 1 < line.length) cur += ch + line[++i];
    else if (ch === '#' && wordStart(line, i)) {
      while (i + 1 < line.length && line[i + 1] !== '\n') i++;
    } else if (ch === '\n' || ch === ';' || ch === '|' || (ch === '&' && line[i + 1] === '&')) {
      out.push(cur);
      cur = '';
      if ((ch === '&' || ch === '|') && line[i + 1] === ch) i++;
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

/** Where the bracketed text opening at `i` (`$(…)`, `${…}`, `<(…)`) closes, quotes inside kept whole; just past it. */
function closing(text: string, i: number, open: string, close: string): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const ch = text[j]!;
    if (ch === '\\') j++;
    else if (ch === "'" || ch === '"' || ch === '`') {
      const end = text.indexOf(ch, j + 1);
      j = end === -1 ? text.length : end;
    } else if (ch === open) depth++;
    else if (ch === close && --depth === 0) return j + 1;
  }
  return text.length;
}

/**
 * The word starting at `i`, quotes removed: it ends at a blank or, outside quotes, at a `<` or `>`
 * (unless `angles`, inside `[[ … ]]`, where they compare). A `$(…)`, `${…}` or backquoted command
 * stays in it as written, so a word the shell expands still shows its `$`.
 */
function wordAt(text: string, i: number, angles: boolean): { word: string; end: number } {
  let word = '';
  let j = i;
  while (j < text.length) {
    const ch = text[j]!;
    const next = text[j + 1];
    if (/\s/.test(ch) || (!angles && (ch === '<' || ch === '>' || (ch === '&' && next === '>')))) break;
    let end = j + 1;
    if (ch === "'" || (ch === '$' && next === "'")) {
      const from = ch === '$' ? j + 2 : j + 1;
      const close = text.indexOf("'", from);
      end = close === -1 ? text.length : close + 1;
      word += text.slice(from, close === -1 ? text.length : close);
    } else if (ch === '"') {
      let k = j + 1;
      for (; k < text.length && text[k] !== '"'; k++) word += text[k] === '\\' && /["\\$`]/.test(text[k + 1] ?? '') ? text[++k] : text[k];
      end = k + 1;
    } else if (ch === '\\') {
      word += next === '\n' ? '' : (next ?? '');
      end = j + 2;
    } else if (ch === '$' && (next === '(' || next === '{')) {
      end = closing(text, j + 1, next, next === '(' ? ')' : '}');
      word += text.slice(j, end);
    } else if (ch === '`') {
      const close = text.indexOf('`', j + 1);
      end = close === -1 ? text.length : close + 1;
      word += text.slice(j, end);
    } else word += ch;
    j = end;
  }
  return { word, end: Math.min(j, text.length) };
}

/** A redirection's operator at the start of a word: `>`, `>>`, `>|`, `2>`, `&>`, `&>>`, `>&`, and the reading ones. */
const REDIRECTION = /(\d*|&)(>>|>\||>&|>|<<<|<<-?|<>|<&|<)/y;

/**
 * One simple command read as the shell reads it: its words, quotes removed, and the files its
 * redirections write (`> f`, `>> "my file.txt"`, `2> err.log`, `&> log`; not `2>&1`, not what a
 * `<` reads). A `<` or `>` inside quotes, in a comment, in `[[ … ]]` or `(( … ))` is no redirection.
 */
function readSimple(command: string): { words: string[]; writes: string[] } {
  const words: string[] = [];
  const writes: string[] = [];
  let i = 0;
  while (i < command.length) {
    // Blanks, and a line continuation (a backslash ending a line) between words.
    if (/\s/.test(command[i]!) || command.startsWith('\\\n', i)) {
      i += command[i] === '\\' ? 2 : 1;
      continue;
    }
    const angles = words[0] === '[[' && !words.includes(']]');
    if (command[i] === '#') break;
    if (command.startsWith('((', i) || /^[<>]\(/.test(command.slice(i, i + 2))) {
      const end = closing(command, command[i] === '(' ? i : i + 1, '(', ')');
      words.push(command.slice(i, end));
      i = end;
      continue;
    }
    REDIRECTION.lastIndex = i;
    const op = angles ? null : REDIRECTION.exec(command);
    if (op === null) {
      const { word, end } = wordAt(command, i, angles);
      words.push(word);
      i = Math.max(end, i + 1);
      continue;
    }
    let j = i + op[0].length;
    while (command[j] === ' ' || command[j] === '\t') j++;
    const { word, end } = wordAt(command, j, false);
    i = Math.max(end, j);
    const writing = op[2]!.startsWith('>') && (op[2] !== '>&' || (op[1] === '' && !/^(?:\d+|-)$/.test(word)));
    // The null devices: `/dev/null` (and the other devices), PowerShell's `$null`, cmd's `NUL`.
    if (writing && word !== '' && !word.startsWith('/dev/') && !/^(?:\$null|nul)$/i.test(word)) writes.push(word);
  }
  return { words, writes };
}

/** Words before a command that leave it the command: wrappers, and a loop's or an if's keywords. */
const PREFIXES = new Set(['sudo', 'command', 'time', 'nohup', 'do', 'then', 'else']);

const operands = (ws: readonly string[]): string[] => ws.slice(1).filter((w) => !w.startsWith('-') && !/^[<>]/.test(w));

/**
 * The files `sed -i` or `perl -i` edits in place: its operands after its options, less the script
 * when no `-e` or `-f` gave one; BSD sed's backup suffix is a word of its own (`sed -i '' 's/a/b/' f`,
 * `sed -i .bak …`), GNU's is joined (`-i.bak`). Null when it does not edit in place.
 */
function inPlaceFiles(ws: readonly string[]): string[] | null {
  const sed = ws[0] === 'sed';
  let inPlace = false;
  let script = false;
  const found: string[] = [];
  for (let k = 1; k < ws.length; k++) {
    const w = ws[k]!;
    if (w === '--') {
      append(found, ws.slice(k + 1));
      break;
    }
    if (/^--in-place(?:=|$)/.test(w)) inPlace = true;
    else if (/^--(?:expression|file)$/.test(w)) [script, k] = [true, k + 1];
    else if (/^--(?:expression|file)=/.test(w)) script = true;
    else if (w.startsWith('-') && w.length > 1 && !w.startsWith('--')) {
      for (let c = 1; c < w.length; c++) {
        const flag = w[c]!;
        if (flag === 'i') {
          inPlace = true;
          if (sed && c === w.length - 1 && /^(?:|\.[\w.~-]*)$/.test(ws[k + 1] ?? '-')) k++;
          break;
        }
        // A flag that takes a value: the rest of the word, or the next word.
        if (flag === 'e' || flag === 'f' || (!sed && flag === 'E') || (sed && flag === 'l') || (!sed && flag === 'I')) {
          script ||= flag !== 'l' && flag !== 'I';
          if (c === w.length - 1) k++;
          break;
        }
      }
    } else if (!w.startsWith('-')) found.push(w);
  }
  if (!inPlace) return null;
  return script ? found : found.slice(1);
}

/** The name a path's file keeps when copied into a folder. */
const baseName = (path: string): string => path.replace(/\/+$/, '').replace(/^.*\//, '');

/**
 * What `cp`, `ln` or `install` changes: its destination only, the last operand (a source is only
 * read). Into a folder (`-t dir`, a last operand ending in `/`, or several sources) it writes each
 * source's name there.
 */
function destinations(ws: readonly string[]): string[] {
  const valued = ws[0] === 'install' ? /[tSmog]/ : /[tS]/;
  let folder: string | null = null;
  const named: string[] = [];
  for (let k = 1; k < ws.length; k++) {
    const w = ws[k]!;
    if (w === '--') {
      append(named, ws.slice(k + 1));
      break;
    }
    if (w.startsWith('--target-directory=')) folder = w.slice('--target-directory='.length);
    else if (/^--(?:target-directory|suffix|mode|owner|group)$/.test(w)) {
      if (w === '--target-directory') folder = ws[k + 1] ?? null;
      k++;
    } else if (w.startsWith('-') && w.length > 1 && !w.startsWith('--')) {
      const at = [...w.slice(1)].findIndex((c) => valued.test(c));
      if (at === -1) continue;
      const value = w.slice(at + 2) || ws[++k];
      if (w[at + 1] === 't' && value !== undefined) folder = value;
    } else if (!w.startsWith('-')) named.push(w);
  }
  if (folder === null && named.length < 2) return [];
  const sources = folder === null ? named.slice(0, -1) : named;
  const dest = folder ?? named[named.length - 1]!;
  if (folder === null && !dest.endsWith('/') && sources.length === 1) return [dest];
  return sources.map((s) => (/^\.{0,2}$/.test(baseName(s)) ? dest : `${dest.replace(/\/+$/, '')}/${baseName(s)}`));
}

/**
 * What a shell command may have changed, or null when it only reads. Heredocs are taken as the
 * command that receives them (`cat > f <<EOF` writes `f`): one whose text is literal, copied
 * whole into a file nothing else in the command names, is a whole write (`writes`, with its text;
 * shell-writes.ts), any other leaves the file in `paths`. An `apply_patch` heredoc is an edit call
 * of its own and is left to the parser. Code run through an interpreter (`python3 - <<'PY'`,
 * `node -e`) changes the files its write calls name, or any file when one writes to a path the
 * code does not spell out (code-writes.ts). PowerShell's `$p = 'F'; … | Set-Content $p` changes F.
 */
export function shellEffect(commandLine: string): ShellEffect | null {
  try {
    const effect = readEffect(inlinePsVariables(commandLine));
    return effect && { ...effect, command: oneLine(commandLine) };
  } catch {
    // A command this reader cannot take (a bug of its own, or a shape past its limits) must not
    // stop the replay: what it changed is not known, so it may have changed any file.
    return { command: oneLine(commandLine), paths: [], wide: true, writes: [] };
  }
}

const oneLine = (commandLine: string): string => commandLine.replace(/\s+/g, ' ').trim().slice(0, 300);

function readEffect(commandLine: string): ShellEffect | null {
  const body = commandLine.replace(/<<-?\s*['"]?(\w+)['"]?([^\n]*)\n[\s\S]*?\n\s*\1\s*(?=\n|$)/g, (_m, _tag: string, rest: string) => rest);
  const paths: string[] = [];
  let wide = false;
  let cwd: string | undefined;
  for (const simple of simpleCommands(body)) {
    const { words, writes: redirected } = readSimple(simple);
    append(paths, redirected);
    // Assignments, wrappers, and the keywords a loop's or an if's body starts with (`do sed -i …`).
    while (words.length > 0 && (/^\w+=/.test(words[0]!) || PREFIXES.has(words[0]!))) words.shift();
    // A tool a runner runs (`uv run ruff check --fix f.py`) changes what the tool changes.
    const ws = unwrapRunner(words);
    const head = ws[0];
    if (head === undefined) continue;
    if (head === 'cd' && ws[1] !== undefined) {
      cwd = ws[1];
      continue;
    }
    const manifest = manifestChanges(ws);
    if (manifest !== null) {
      append(paths, manifest);
      continue;
    }
    if (PROGRAM_NAMES.has(head)) continue;
    const inPlace = head === 'sed' || head === 'perl' ? inPlaceFiles(ws) : null;
    if (CHANGERS.has(head)) append(paths, operands(ws));
    else if (COPIERS.has(head)) append(paths, destinations(ws));
    else if (inPlace !== null) append(paths, inPlace);
    else if (GIT_CHANGERS.test(simple)) wide = true;
    else if ((FORMATTERS.test(head.replace(/^.*\//, '')) || FIXING_SCRIPT.test(simple)) && CHECKS_ONLY.test(simple) && !WRITES_TOO.test(simple)) continue;
    else if (FORMATTERS.test(head.replace(/^.*\//, '')) && (FORMAT_FLAGS.test(simple) || /^(?:gofmt|goimports|black|isort|autopep8|rustfmt|shfmt)$/.test(head))) {
      const named = operands(ws).filter((w) => /[./]/.test(w) && w !== '.');
      // `./...`: Go's pattern for every package below, a tree.
      // A folder it names (`ruff format src/`) may have any file below it changed: taken as a glob of it.
      if (named.length > 0 && !ws.includes('.') && !named.some((w) => w.endsWith('/...'))) append(paths, named.map((w) => (w.endsWith('/') ? `${w}*` : w)));
      else wide = true;
    } else if (FIXING_SCRIPT.test(simple)) wide = true;
    else if (!READERS.has(head) && /^(?:python3?|node|ruby|perl|bash|sh|pwsh|powershell)$/.test(head) && /(?:open\(|writeFile|write_text|\.write\(|Set-Content|Out-File|>)/.test(simple)) wide = true;
  }
  const steps = parseScript(commandLine, scriptDialect(commandLine)) ?? [];
  // What code run by an interpreter writes, and PowerShell's .NET file calls.
  for (const writes of [...interpreterCode(steps).map(({ code }) => codeWrites(code)), dotnetWrites(commandLine)]) {
    if (writes === null) continue;
    append(paths, writes.paths);
    wide ||= writes.wide;
  }
  const whole = wholeWrites(steps);
  const folders: string[] = [];
  for (const p of paths.filter(expands)) {
    const folder = globFolder(p);
    if (folder === null) wide = true;
    else if (!folders.includes(folder)) folders.push(folder);
  }
  if (whole.some((w) => expands(w.path))) wide = true;
  const writes = wide || commandLine.includes('\r') ? [] : ownWrites(whole, paths);
  const written = new Set(writes.map((w) => w.path));
  const unique = [...new Set(paths)].filter((p) => p !== '' && p !== '/dev/null' && !written.has(p) && !EXPANSION.test(p));
  if (unique.length === 0 && !wide && writes.length === 0 && folders.length === 0) return null;
  return { command: oneLine(commandLine), paths: unique, wide, ...(cwd !== undefined && { cwd }), writes, ...(!wide && folders.length > 0 && { folders }) };
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

// Files a shell command writes whole with text the transcript holds: a here-document copied into a
// file (`cat <<'EOF' > f`, `cat > f <<EOF`, `cat <<-'EOF' >> f`, `tee f <<'EOF'`, `cat <<'EOF' |
// tee f`). Agents write new files this way as often as with their edit tool, and later edit them
// with it; the file's text after such a command is exactly known when the body is literal (a
// quoted delimiter, or an unquoted one whose body holds no `$`, backtick or backslash, which bash
// would expand), so the replay takes it rather than leaving the file unknown. Anything the shell
// would have to work out (an expansion in the target or the body, a `cd` to an unknown folder, a
// write under `||` or in a loop, a pipe into anything but `tee`) is no whole write: the file stays
// of unknown state, as for any other command that changes it (shell-effects.ts).

import { wordsOf, dirBefore, UNKNOWN_DIR } from './shell-class';
import { commandName, type ScriptStep, type SimpleCommand } from './shell-script';
import { unwrapExecOutput } from './shell-output';

export interface WholeWrite {
  /** The file as the command names it (a relative one against `dir`). */
  path: string;
  /** The text written: the here-document's lines, each with its newline (`<<-` strips their leading tabs). */
  text: string;
  /** `>>` or `tee -a`: the text goes after the file's own. */
  append: boolean;
  /** The folder a `cd` earlier in the command moved to (null: none). */
  dir: string | null;
}

/** The text a command reads from its here-document, when bash feeds it as written. */
function literalInput(c: SimpleCommand): string | null {
  if (c.heredocInput === null || !c.heredocClosed || c.hereString !== null || c.stdinFile !== null) return null;
  return c.heredocQuoted || !/[$`\\]/.test(c.heredocInput) ? c.heredocInput : null;
}

const isStdout = (fd: number | 'all'): boolean => fd === 1 || fd === 'all';

/** `cat` or `cat -`: copies its input to its output. */
function isPlainCat(c: SimpleCommand): boolean {
  const { words } = wordsOf(c);
  return commandName(words[0] ?? '') === 'cat' && words.slice(1).every((w) => w === '-');
}

/** The files `tee` writes, and whether it appends; null when an option or an expansion makes it other. */
function teeTargets(c: SimpleCommand): { files: string[]; append: boolean } | null {
  const { words, expands } = wordsOf(c);
  if (commandName(words[0] ?? '') !== 'tee') return null;
  let append = false;
  const files: string[] = [];
  for (const [k, w] of words.entries()) {
    if (k === 0) continue;
    if (expands(k)) return null;
    if (w === '-a' || w === '--append') append = true;
    else if (w === '-i' || w === '-p' || w === '--ignore-interrupts') continue;
    else if (w.startsWith('-')) return null;
    else files.push(w);
  }
  return files.length > 0 ? { files, append } : null;
}

/** The one file a `cat` sends its output to (`> f`, `>> f`, `&> f`), or null. */
function catTarget(c: SimpleCommand): { file: string; append: boolean } | null {
  const out = c.outputs.filter((o) => isStdout(o.fd));
  const o = out[0];
  if (out.length !== 1 || o === undefined || o.expands || o.target.startsWith('&') || o.target.startsWith('/dev/') || o.target === '') return null;
  return { file: o.target, append: o.append };
}

/**
 * The whole writes of a script, in order. A write under `||` (anywhere in the script: it decides
 * what runs without changing the exit code), in the background, or inside a compound command
 * (`then cat > f`, `do cat > f`: the first word is not `cat`) is left out.
 */
export function wholeWrites(steps: readonly ScriptStep[]): WholeWrite[] {
  if (steps.some((s) => s.joinedBy === '||' || s.joinedBy === '&')) return [];
  const out: WholeWrite[] = [];
  for (const [k, { command, joinedBy }] of steps.entries()) {
    const text = literalInput(command);
    if (text === null || joinedBy === '|') continue;
    const next = steps[k + 1];
    const dir = dirBefore(steps, k);
    const piped = next?.joinedBy === '|';
    const targets = isPlainCat(command) && !piped ? catTarget(command) : null;
    if (targets !== null) {
      if (dir !== UNKNOWN_DIR) out.push({ path: targets.file, text, append: targets.append, dir });
      continue;
    }
    // `tee f <<'EOF'`, or `cat <<'EOF' | tee f` (a cat whose output goes nowhere else).
    const teeStep = piped && isPlainCat(command) && !command.outputs.some((o) => isStdout(o.fd)) ? next.command : piped ? null : command;
    const tee = teeStep === null || (teeStep !== command && (teeStep.heredocInput !== null || teeStep.stdinFile !== null || teeStep.hereString !== null)) ? null : teeTargets(teeStep);
    if (tee === null || dir === UNKNOWN_DIR) continue;
    for (const file of tee.files) out.push({ path: file, text, append: tee.append, dir });
  }
  return out;
}

/**
 * Whether a shell call's recorded result shows its whole writes done: it ended with exit code 0
 * (or, where the tool records none, not as an error), and no line of its output is the shell's
 * complaint about one of the files (`bash: line 1: f: No such file or directory` after a `;`
 * leaves the exit code to the commands after it).
 */
export function writesDone(writes: readonly WholeWrite[], result: { isError: boolean; text: string } | null): boolean {
  if (result === null) return false;
  const out = unwrapExecOutput(result.text);
  if (out.exitCode !== null ? out.exitCode !== 0 : result.isError) return false;
  return !writes.some((w) => out.text.includes(`${w.path}: `));
}

// SWE-agent 0.x's windowed commands as its shell functions run them (config/commands/defaults.sh
// and edit_linting.sh at 5b143857, the version behind its published 0.x trajectories): what each
// prints, how it moves the window, what `edit` writes. Every text here is what the function
// echoes, byte for byte, LF-terminated as echo terminates it. These functions exit 0 whatever
// they print; `refused` marks the answers that changed nothing because the command could not do
// its job (a usage line, no open file, a lint failure), which the playground shows as an error.

import { lintPython, LINT_SCOPE } from './python-check';
import { WINDOWED_REFERENCE, type WindowedRelease } from './releases';
import { centreFor, constrainLine, fileLines, OVERLAP, printWindow, WINDOW } from './window';

/** CURRENT_FILE (an absolute call path, or null before any `open`) and CURRENT_LINE. */
export interface WindowState {
  file: string | null;
  line: number;
}

export const INITIAL_STATE: WindowState = { file: null, line: 0 };

export type Opened =
  | { kind: 'file'; lines: string[]; view: string }
  | { kind: 'missing' }
  | { kind: 'directory' }
  | { kind: 'unreadable'; message: string };

/** What the commands may ask of the workspace. */
export interface Env {
  /** A path as the command got it, made absolute against the working directory; null when it leaves the workspace. */
  absolute(path: string): string | null;
  load(absPath: string): Promise<Opened>;
  /** Whether a folder exists (`create` writes into an existing folder only). */
  isFolder(absPath: string): Promise<boolean>;
}

export interface Write {
  absPath: string;
  /** null: the command creates the file. */
  before: string | null;
  after: string;
}

export interface CommandResult {
  output: string;
  /** Why nothing happened (an error code), or null. */
  refused: string | null;
  state: WindowState;
  write: Write | null;
  warnings: string[];
}

const answer = (state: WindowState, output: string, refused: string | null = null, warnings: string[] = []): CommandResult => ({ output, refused, state, write: null, warnings });
const NUMBER = /^[0-9]+$/;
const NO_FILE = 'No file open. Use the open command first.\n';

/** `open <path> [<line_number>]`. */
export async function open(args: readonly string[], state: WindowState, env: Env): Promise<CommandResult> {
  const [path = '', line = ''] = args;
  if (path === '') return answer(state, 'Usage: open <file>\n', 'usage');
  if (line !== '' && !NUMBER.test(line)) return answer(state, 'Usage: open <file> [<line_number>]\nError: <line_number> must be a number\n', 'usage');
  const abs = env.absolute(path);
  const opened: Opened = abs === null ? { kind: 'missing' } : await env.load(abs);
  if (opened.kind === 'unreadable') return answer(state, '', 'unreadable', [opened.message]);
  if (opened.kind !== 'file') {
    const text = opened.kind === 'directory' ? `Error: ${path} is a directory. You can only open files. Use cd or ls to navigate directories.\n` : `File ${path} not found\n`;
    const note = line === '' ? [] : [`The reference first counts the lines of ${path} with awk, so its answer also holds awk's and bash's complaints about it (not reproduced)`];
    return answer(state, text, opened.kind, note);
  }
  const total = opened.lines.length;
  let notes = '';
  let centre = WINDOW / 2;
  if (line !== '') {
    const n = Number(line);
    if (n > total) {
      notes = `Warning: <line_number> (${line}) is greater than the number of lines in the file (${total})\nWarning: Setting <line_number> to ${total}\n`;
      centre = total;
    } else if (n < 1) {
      notes = `Warning: <line_number> (${line}) is less than 1\nWarning: Setting <line_number> to 1\n`;
      centre = 1;
    } else centre = centreFor(n, WINDOW);
  }
  const next = { file: abs, line: constrainLine(centre, total, WINDOW) };
  return answer(next, notes + printWindow(abs!, opened.lines, next.line, WINDOW));
}

/** The open file, or the answer to give when there is none or it cannot be read. */
async function current(state: WindowState, env: Env, none: string): Promise<{ ok: true; abs: string; lines: string[]; view: string } | { ok: false; result: CommandResult }> {
  if (state.file === null) return { ok: false, result: answer(state, none, 'no_file_open') };
  const opened = await env.load(state.file);
  if (opened.kind === 'file') return { ok: true, abs: state.file, lines: opened.lines, view: opened.view };
  const why = opened.kind === 'unreadable' ? opened.message : `the open file ${state.file} is ${opened.kind === 'directory' ? 'now a folder' : 'gone'}`;
  return { ok: false, result: answer(state, '', 'unreadable', [`${why}; the reference's answer (errors from awk and grep) is not reproduced`]) };
}

/** `goto <line_number>`. */
export async function goto(args: readonly string[], state: WindowState, env: Env): Promise<CommandResult> {
  if (args.length > 1) return answer(state, 'goto allows only one line number at a time.\n', 'usage');
  const cur = await current(state, env, NO_FILE);
  if (!cur.ok) return cur.result;
  const [line = ''] = args;
  if (line === '') return answer(state, 'Usage: goto <line>\n', 'usage');
  if (!NUMBER.test(line)) return answer(state, 'Usage: goto <line>\nError: <line> must be a number\n', 'usage');
  const total = cur.lines.length;
  if (Number(line) > total) return answer(state, `Error: <line> must be less than or equal to ${total}\n`, 'usage');
  const next = { file: cur.abs, line: constrainLine(centreFor(Number(line), WINDOW), total, WINDOW) };
  return answer(next, printWindow(cur.abs, cur.lines, next.line, WINDOW));
}

/** `scroll_down` (+1) and `scroll_up` (-1): a window less the overlap. */
export async function scroll(direction: 1 | -1, state: WindowState, env: Env): Promise<CommandResult> {
  const cur = await current(state, env, NO_FILE);
  if (!cur.ok) return cur.result;
  const next = { file: cur.abs, line: constrainLine(state.line + direction * (WINDOW - OVERLAP), cur.lines.length, WINDOW) };
  return answer(next, printWindow(cur.abs, cur.lines, next.line, WINDOW));
}

/** `create <filename>`: a file holding one empty line, then opened; an existing file is only opened. */
export async function create(args: readonly string[], state: WindowState, env: Env): Promise<CommandResult> {
  const [path = ''] = args;
  if (path === '') return answer(state, 'Usage: create <filename>\n', 'usage');
  const abs = env.absolute(path);
  const existing: Opened = abs === null ? { kind: 'missing' } : await env.load(abs);
  if (existing.kind === 'unreadable') return answer(state, '', 'unreadable', [existing.message]);
  if (existing.kind !== 'missing') {
    const shown = await open([path], state, env);
    return { ...shown, output: `Error: File '${path}' already exists.\n${shown.output}`, refused: 'exists' };
  }
  const parent = abs === null ? null : abs.slice(0, abs.lastIndexOf('/')) || '/';
  if (parent === null || !(await env.isFolder(parent))) {
    return answer(state, `File ${path} not found\n`, 'missing', [`The reference's redirection fails first (bash: ${path}: No such file or directory), a line not reproduced here`]);
  }
  const lines = [''];
  const next = { file: abs, line: constrainLine(WINDOW / 2, lines.length, WINDOW) };
  return { output: printWindow(abs!, lines, next.line, WINDOW), refused: null, state: next, write: { absPath: abs!, before: null, after: '\n' }, warnings: [] };
}

const EDIT_USAGE = 'Usage: edit <start_line>:<end_line>\n';
const SUCCESS = 'File updated. Please review the changes and make sure they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.\n';
const RULE = '-------------------------------------------------\n';

/** The lines `edit` replaces: `from` (0-based, inclusive) to `to` (exclusive), or its usage answer. */
export type EditRange = { ok: true; from: number; to: number } | { ok: false; output: string; warnings: string[] };

/** `edit`'s first word as the command reads it: `echo $1: | cut -d: -f1` and `-f2`, the fields around the first colon. */
export function editRange(args: readonly string[]): EditRange {
  const [start = '', end = ''] = `${args[0] ?? ''}:`.split(':');
  const usage = (output: string, warnings: string[] = []): EditRange => ({ ok: false, output, warnings });
  if (start === '' || end === '') return usage(EDIT_USAGE);
  if (!NUMBER.test(start)) return usage(`${EDIT_USAGE}Error: start_line must be a number\n`);
  if (!NUMBER.test(end)) return usage(`${EDIT_USAGE}Error: end_line must be a number\n`);
  if (Number(start) === 0) return usage('', ["edit 0:N: the reference's bash stops on a negative array length (`substring expression < 0`), an answer not reproduced here"]);
  return { ok: true, from: Number(start) - 1, to: Number(end) };
}

/**
 * The file's lines after an edit of lines from..to (as `editRange` gives them) by `body`: the
 * lines before `from`, the body, the lines from `to` on (an end before the start repeats lines,
 * as the reference's array slices do). printf "%s\n" writes one empty line when none is left.
 */
export function editedLines(lines: readonly string[], from: number, to: number, body: readonly string[]): string[] {
  const spliced = [...lines.slice(0, from), ...body, ...lines.slice(to)];
  return spliced.length === 0 ? [''] : spliced;
}

/** `edit <start>:<end>` with its lines: replace lines start..end (1-based, inclusive), linted for Python files; a refusal worded as `release` words it. */
export async function edit(args: readonly string[], body: readonly string[], state: WindowState, env: Env, release: WindowedRelease = WINDOWED_REFERENCE): Promise<CommandResult> {
  const cur = await current(state, env, 'No file open. Use the `open` command first.\n');
  if (!cur.ok) return cur.result;
  const range = editRange(args);
  if (!range.ok) return answer(state, range.output, 'usage', range.warnings);
  const { from, to } = range;
  const lines = editedLines(cur.lines, from, to, body);
  const after = `${lines.join('\n')}\n`;
  const python = cur.abs.endsWith('.py');
  const errors = python ? lintPython(after) : [];
  const warnings = python ? [LINT_SCOPE] : [];
  if (errors.length === 0) {
    const next = { file: cur.abs, line: constrainLine(from, lines.length, WINDOW) };
    return { output: printWindow(cur.abs, lines, next.line, WINDOW) + SUCCESS, refused: null, state: next, write: { absPath: cur.abs, before: cur.view, after }, warnings };
  }
  const n = body.length;
  const appliedCentre = Math.trunc(n / 2) + from;
  const applied = printWindow(cur.abs, lines, constrainLine(appliedCentre, lines.length, n + 10), n + 10);
  const originalWindow = to - from + 10;
  const originalCentre = Math.trunc((to - from + 1) / 2) + from;
  const original = printWindow(cur.abs, cur.lines, constrainLine(originalCentre, cur.lines.length, originalWindow), originalWindow);
  const output = [
    `${release.lintHeader}\n\nERRORS:\n`,
    ...errors.map((e) => `- ${e.problem.split(/\s+/).filter((w) => w !== '').join(' ')}\n`),
    `\nThis is how your edit would have looked if applied\n${RULE}${applied}${RULE}\n`,
    `This is the original code before your edit\n${RULE}${original}${RULE}`,
    'Your changes have NOT been applied. Please fix your edit command and try again.\n',
    'You either need to 1) Specify the correct start/end line arguments or 2) Correct your edit code.\n',
    'DO NOT re-run the same failed edit command. Running it again will lead to the same error.\n',
  ].join('');
  return answer(state, output, 'lint_failed', warnings);
}

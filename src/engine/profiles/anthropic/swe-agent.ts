// SWE-agent 1.x's port of the text editor: `tools/edit_anthropic/bin/str_replace_editor`
// (SWE-agent/SWE-agent, the same texts in v1.0.0, v1.0.1, v1.1.0 and after). SWE-agent renders the
// model's arguments into a command line (`str_replace_editor <command> <path> --old_str '…' …`,
// each value shell-quoted), the script parses it with argparse, prints its answer and exits; the
// observation is what the shell session printed (stdout and stderr together, through a pty).
//
// What it changes against anthropic-quickstarts (src/engine/profiles/anthropic/str_replace_editor.md, "Variants"):
// - str_replace's snippet starts one line earlier and ends one line earlier: `max(1, r - 4)` to
//   `min(r + 4 + new_str.count("\n"), len(new_text.splitlines()))`, 1-based, r the 0-based line of
//   old_str; and an old_str equal to new_str is refused.
// - create refuses a missing parent folder with its own text; a relative path's suggestion joins
//   the shell's working folder; the unknown-command text quotes the commands.
// - undo_edit always answers `No edit history found for {path}.`: its history is read from the
//   registry and never written back (fixed only after 1.1.0, on a branch no release carries).
// - errors are printed like any answer (the exit code is the only mark); arguments that argparse
//   refuses answer with its usage text.
// - delivery: every answer ends with print's newline; SWE-ReX up to 1.2.x hands over the pty's
//   text (every LF a CRLF) stripped of surrounding whitespace; 1.3.0 and later turn CRLF back into
//   LF and strip nothing.

import { isAbsolute } from '../../paths';
import type { RunOutcome } from '../../types';
import { EMPTY_STAGE, fail, succeed, type ProfileContext } from '../profile';
import { emptiedWarning, insert } from './edit';
import { MemoryEditHistory } from './history';
import { catN, pyPath } from './output';
import { pyEncodeError, universalNewlines } from './python-io';
import { pySplitlines, pyStrip } from './python-str';
import { codePoints, countChar, countUpTo2, expandTabs, linesContaining, pyList, pyScalar } from './python-text';
import { createStage, readFile, writeStage } from './stage';
import { viewDirectory } from './view';
import { outsideWarning, probe, readText, toolError, type Target } from './workspace';

export type SweAgentDelivery = 'pty-stripped' | 'lf';

export interface PortOptions {
  /** The folder the agent's shell is in (a relative path's suggestion joins it); default: the mount. */
  cwd?: string;
}

type Found = Extract<Target, { resolved: unknown }>;

const SNIPPET_LINES = 4;

/** argparse's usage for the script's parser, as printed at a terminal 80 columns wide (the pty's). */
export const SWE_AGENT_USAGE =
  'usage: str_replace_editor [-h] [--file_text FILE_TEXT]\n' +
  '                          [--view_range VIEW_RANGE VIEW_RANGE]\n' +
  '                          [--old_str OLD_STR] [--new_str NEW_STR]\n' +
  '                          [--insert_line INSERT_LINE]\n' +
  '                          command path\n';

export const SWE_AGENT_TRACEBACK_WARNING =
  "SWE-agent's tool stops here with a Python exception: the model reads its traceback (file paths and line numbers of the tool's script), which the playground does not reproduce byte for byte";

const ANSI = /\x1B[@-_][0-?]*[ -/]*[@-~]/g;

/** What the model reads of `printed` (the script's output, print's newline included). */
export function sweAgentDeliver(printed: string, delivery: SweAgentDelivery): string {
  const plain = printed.replace(ANSI, '');
  return delivery === 'lf' ? plain : pyStrip(plain.replaceAll('\n', '\r\n'));
}

interface Cli {
  command: string;
  path: string;
  file_text?: string;
  view_range?: [number, number];
  old_str?: string;
  new_str?: string;
  insert_line?: number;
}

/** Python's `int()` of a command-line word (ASCII digits; underscores between digits). */
function pyInt(word: string): number | null {
  const m = /^[ \t\n\r\f\v]*([+-]?\d+(?:_\d+)*)[ \t\n\r\f\v]*$/.exec(word);
  return m ? Number(m[1]!.replaceAll('_', '')) : null;
}

/** Jinja's rendering of a JSON value that SWE-agent does not quote (numbers, booleans). */
function rendered(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  return null;
}

/** argparse takes a word for an option, not a value, when it starts with `-` (and is no negative number or spaced text). */
const looksLikeOption = (w: string): boolean => w.length > 1 && w.startsWith('-') && !w.includes(' ') && !/^-\d+$|^-\d*\.\d+$/.test(w);

const argparseError = (message: string): string => `${SWE_AGENT_USAGE}str_replace_editor: error: ${message}\n`;

const NOT_THE_TOOL =
  "SWE-agent refuses such a call before running its tool (the model reads SWE-agent's format-error message, and the trajectory records no step for it)";

type Bound = { ok: true; cli: Cli } | { ok: false; printed: string } | { ok: false; outcome: RunOutcome };

/** The model's arguments as SWE-agent renders them into the command line, and as argparse reads that back. */
function bindCli(raw: unknown): Bound {
  const invalid = (message: string): Bound => ({ ok: false, outcome: fail({ code: 'InvalidInput', message: `Invalid input: ${message}` }, EMPTY_STAGE, [NOT_THE_TOOL]) });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid('input: expected an object of arguments');
  const record = raw as Record<string, unknown>;
  const missing = (['command', 'path'] as const).filter((k) => !Object.hasOwn(record, k));
  if (missing.length > 0) return invalid(`Required argument(s) missing: ${missing.join(', ')}`);
  const command = rendered(record.command);
  const path = rendered(record.path);
  if (command === null || path === null) return invalid('command and path must be strings');
  const cli: Cli = { command, path };
  const extra: string[] = [];
  // The signature's order: str_replace_editor <command> <path> [<file_text>] [<view_range>] [<old_str>] [<new_str>] [<insert_line>]
  for (const key of ['file_text', 'view_range', 'old_str', 'new_str', 'insert_line'] as const) {
    if (!Object.hasOwn(record, key)) continue;
    const v = record[key];
    if (key === 'view_range') {
      let words: string[];
      if (Array.isArray(v)) {
        const items = v.map(rendered);
        if (items.some((w) => w === null)) return invalid('view_range: expected a list of integers');
        words = items.join(' ').split(/[ \t\n]+/).filter((w) => w !== '');
      } else if (v === null) words = [];
      else if (typeof v === 'string') words = [v];
      else return invalid('view_range: expected a list of integers');
      const taken: string[] = [];
      while (taken.length < 2 && words.length > 0 && !looksLikeOption(words[0]!)) taken.push(words.shift()!);
      if (taken.length < 2) return { ok: false, printed: argparseError('argument --view_range: expected 2 arguments') };
      const ints = taken.map(pyInt);
      const bad = ints.findIndex((n) => n === null);
      if (bad !== -1) return { ok: false, printed: argparseError(`argument --view_range: invalid int value: '${taken[bad]!}'`) };
      cli.view_range = [ints[0]!, ints[1]!];
      extra.push(...words);
      continue;
    }
    const word = v === null ? null : rendered(v);
    if (v !== null && word === null) return invalid(`${key}: expected a string`);
    if (word === null || looksLikeOption(word)) return { ok: false, printed: argparseError(`argument --${key}: expected one argument`) };
    if (key === 'insert_line') {
      const n = pyInt(word);
      if (n === null) return { ok: false, printed: argparseError(`argument --insert_line: invalid int value: '${word}'`) };
      cli.insert_line = n;
    } else cli[key] = word;
  }
  if (extra.length > 0) return { ok: false, printed: argparseError(`unrecognized arguments: ${extra.join(' ')}`) };
  return { ok: true, cli };
}

/** `str(Path.cwd() / path)`. */
function joinCwd(cwd: string, rel: string): string {
  return pyPath(cwd.endsWith('/') ? cwd + rel : `${cwd}/${rel}`);
}

/** `str(Path(p).parent)` of an absolute `str(Path)`. */
const parentOf = (shown: string): string => {
  const i = shown.lastIndexOf('/');
  return i <= 0 ? '/' : shown.slice(0, i);
};

/** `Path.suffix` of the last component. */
function suffixOf(shown: string): string {
  const name = shown.slice(shown.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot);
}

const LATIN1_WARNING = (shown: string): string =>
  `${shown} is not valid UTF-8: SWE-agent's tool then reads it as Latin-1 (every byte a character) and writes it back as Latin-1`;

const latin1 = new TextDecoder('latin1');

export async function runSweAgentEditor(raw: unknown, ctx: ProfileContext, delivery: SweAgentDelivery, options: PortOptions = {}): Promise<RunOutcome> {
  const bound = bindCli(raw);
  if (!bound.ok && 'outcome' in bound) return bound.outcome;
  const answer = (printed: string, warnings: string[] = []): RunOutcome => fail(toolError(sweAgentDeliver(printed, delivery)), EMPTY_STAGE, warnings);
  /** print(text) and exit non-zero. */
  const refuse = (text: string, warnings: string[] = []): RunOutcome => answer(`${text}\n`, warnings);
  if (!bound.ok) return answer(bound.printed);
  const { cli } = bound;
  const { command } = cli;
  const shown = pyPath(cli.path);

  // validate_path
  if (!isAbsolute(shown)) return refuse(`The path ${shown} is not an absolute path, it should start with \`/\`. Maybe you meant ${joinCwd(options.cwd ?? ctx.mount, shown)}?`);
  const target = await probe(shown, ctx);
  const exists = target.kind !== 'missing' && target.kind !== 'outside';
  const outside = target.kind === 'outside' ? [outsideWarning(shown, ctx.mount, target)] : [];
  if (!exists && command !== 'create') return refuse(`The path ${shown} does not exist. Please provide a valid path.`, outside);
  if (exists && command === 'create') return refuse(`File already exists at: ${shown}. Cannot overwrite files using command \`create\`.`);
  if (target.kind === 'directory' && command !== 'view') return refuse(`The path ${shown} is a directory and only the \`view\` command can be used on directories`);
  const found = target.kind === 'outside' || target.kind === 'missing' ? null : target;

  const ok = (text: string, stage = EMPTY_STAGE, warnings: string[] = [], writes = true): RunOutcome =>
    succeed({ output: sweAgentDeliver(`${text}\n`, delivery) }, stage, warnings, writes);

  if (command === 'view' && found) return view(found, cli.view_range, ctx, ok, refuse);
  if (command === 'create') {
    if (cli.file_text === undefined) return refuse('Parameter `file_text` is required for command: create');
    const parent = parentOf(shown);
    const up = await probe(parent, ctx);
    if (up.kind === 'missing' || up.kind === 'outside') return refuse(`The parent directory ${parent} does not exist. Please create it first.`, outside);
    if (up.kind === 'file') return refuse(`Ran into [Errno 20] Not a directory: '${shown}' while trying to write to ${shown}`);
    if (up.kind === 'denied' || target.kind === 'outside') return refuse(`Ran into [Errno 13] Permission denied: '${shown}' while trying to write to ${shown}`, outside);
    const encodeError = pyEncodeError(cli.file_text);
    if (encodeError !== null) return refuse(`Ran into ${encodeError} while trying to write to ${shown}`, [emptiedWarning(shown)]);
    return ok(`File created successfully at: ${shown}`, { files: [createStage(target.resolved, cli.file_text, ctx.diffContext)] });
  }
  if (command === 'str_replace' && found) {
    if (cli.old_str === undefined) return refuse('Parameter `old_str` is required for command: str_replace');
    return strReplace(found, cli.old_str, cli.new_str, ctx, ok, refuse);
  }
  if (command === 'insert' && found) {
    if (cli.insert_line === undefined) return refuse('Parameter `insert_line` is required for command: insert');
    if (cli.new_str === undefined) return refuse('Parameter `new_str` is required for command: insert');
    const pre = await readable(found, ctx);
    if (pre !== null) return pre;
    // The quickstarts insert, text for text: the same reading, line count, range check, snippet and answer.
    const outcome = await insert(found, cli.insert_line, cli.new_str, ctx, new MemoryEditHistory());
    if (outcome.ok) return { ...outcome, result: { output: sweAgentDeliver(`${(outcome.result as { output: string }).output}\n`, delivery) } };
    return outcome.error.code === 'ToolError' ? { ...outcome, error: toolError(sweAgentDeliver(`${outcome.error.message}\n`, delivery)) } : outcome;
  }
  if (command === 'undo_edit') {
    return refuse(`No edit history found for ${shown}.`, [
      "SWE-agent's tool never saves its edit history (each edit appends to a copy it then drops), so undo_edit always answers this in SWE-agent 1.x",
    ]);
  }
  return refuse(`Unrecognized command ${command}. The allowed commands for the str_replace_editor tool are: "view", "create", "str_replace", "insert", "undo_edit"`);
}

type Ok = (text: string, stage?: RunOutcome['stage'], warnings?: string[], writes?: boolean) => RunOutcome;
type Refuse = (text: string, warnings?: string[]) => RunOutcome;

/** Null when the file reads as UTF-8; else the answer to an edit of a file SWE-agent would read as Latin-1 (or could not read). */
async function readable(target: Found, ctx: ProfileContext): Promise<RunOutcome | null> {
  const rd = await readText(target, ctx);
  if (rd.ok) return null;
  return unreadable(rd, target.shown);
}

function unreadable(rd: Extract<Awaited<ReturnType<typeof readText>>, { ok: false }>, shown: string): RunOutcome {
  if (rd.reason === 'too-large') return fail(rd.error);
  if (rd.reason === 'undecodable') {
    return fail(
      { code: 'Unsupported', message: `${shown} is not valid UTF-8: SWE-agent's tool would edit it as Latin-1 text and write Latin-1 back, which the playground does not stage` },
      EMPTY_STAGE,
      [LATIN1_WARNING(shown)],
    );
  }
  // PermissionError and the like are no UnicodeDecodeError: read_file lets them escape.
  const why = rd.error.message.replace(/^Ran into /, '').replace(/ while trying to read .*$/s, '');
  return fail({ code: rd.reason === 'denied' ? 'PermissionError' : 'OSError', message: why }, EMPTY_STAGE, [SWE_AGENT_TRACEBACK_WARNING]);
}

async function view(target: Found, range: [number, number] | undefined, ctx: ProfileContext, ok: Ok, refuse: Refuse): Promise<RunOutcome> {
  if (target.kind === 'directory') {
    // view_range is never empty here (argparse takes two values), so a directory with one is refused.
    if (range !== undefined) return refuse('The `view_range` parameter is not allowed when `path` points to a directory.');
    const listed = await viewDirectory(target, ctx);
    if (!listed.ok) {
      // find wrote to stderr: the tool prints nothing at all and exits 0.
      return succeed({ output: '' }, EMPTY_STAGE, [`find reported: ${listed.error.message.trim()}; SWE-agent's tool then prints nothing`], false);
    }
    return ok((listed.result as { output: string }).output, EMPTY_STAGE, [], false);
  }
  const rd = await readText(target, ctx);
  const warnings: string[] = [];
  let raw: string;
  if (rd.ok) raw = rd.raw;
  else if (rd.reason === 'undecodable' && rd.bytes !== undefined) {
    raw = latin1.decode(rd.bytes);
    warnings.push(LATIN1_WARNING(target.shown));
  } else return unreadable(rd, target.shown);
  const text = universalNewlines(raw);
  const { shown } = target;
  if (range === undefined) {
    if (suffixOf(shown) === '.py' && codePoints(text) > 16000) {
      warnings.push(
        "SWE-agent's default configuration (USE_FILEMAP) shows a .py file longer than 16,000 characters as a map with long function bodies elided (parsed with tree-sitter); the playground shows the file itself",
      );
    }
    return ok(catN(text, shown, 1), EMPTY_STAGE, warnings, false);
  }
  const [init, final] = range;
  const n = countChar(text, '\n') + 1;
  if (init < 1 || init > n) {
    return refuse(`Invalid \`view_range\`: ${pyList(range)}. Its first element \`${pyScalar(init)}\` should be within the range of lines of the file: ${pyList([1, n])}`);
  }
  if (final > n) {
    return refuse(`Invalid \`view_range\`: ${pyList(range)}. Its second element \`${pyScalar(final)}\` should be smaller than the number of lines in the file: \`${n}\``);
  }
  if (final !== -1 && final < init) {
    return refuse(`Invalid \`view_range\`: ${pyList(range)}. Its second element \`${pyScalar(final)}\` should be larger or equal than its first \`${pyScalar(init)}\``);
  }
  const lines = text.split('\n');
  const shownLines = lines.slice(init - 1, final === -1 ? n : final).join('\n');
  return ok(catN(shownLines, shown, init), EMPTY_STAGE, warnings, false);
}

async function strReplace(target: Found, oldArg: string, newArg: string | undefined, ctx: ProfileContext, ok: Ok, refuse: Refuse): Promise<RunOutcome> {
  const rd = await readText(target, ctx);
  if (!rd.ok) return unreadable(rd, target.shown);
  const { shown } = target;
  const file = readFile(rd.bytes, rd.raw);
  const expanded = expandTabs(file.text);
  const content = expanded.text;
  const find = expandTabs(oldArg).text;
  const put = newArg === undefined ? '' : expandTabs(newArg).text;
  const count = countUpTo2(content, find);
  if (count === 0) return refuse(`No replacement was performed, old_str \`${find}\` did not appear verbatim in ${shown}.`);
  if (count === 2) {
    return refuse(`No replacement was performed. Multiple occurrences of old_str \`${find}\` in lines ${pyList(linesContaining(content, find))}. Please ensure it is unique`);
  }
  if (put === find) return refuse(`No replacement was performed, old_str \`${find}\` is the same as new_str \`${put}\`.`);
  const at = content.indexOf(find);
  const encodeError = pyEncodeError(put, () => codePoints(content, 0, at));
  if (encodeError !== null) return refuse(`Ran into ${encodeError} while trying to write to ${shown}`, [emptiedWarning(shown)]);
  const end = at + find.length;
  const after = content.slice(0, at) + put + content.slice(end);
  const written = `The reference would have written ${shown} before failing`;
  if (find === '') {
    // Only an empty file gets here: the file is written, then `split('')` raises.
    return fail({ code: 'ValueError', message: 'empty separator' }, EMPTY_STAGE, [SWE_AGENT_TRACEBACK_WARNING, written]);
  }

  // The snippet: 1-based lines start..stop of the new text, checked as WindowExpander asserts them.
  const r = countChar(content, '\n', 0, at);
  const start = Math.max(1, r - SNIPPET_LINES);
  const stop = Math.min(r + SNIPPET_LINES + countChar(put, '\n'), pySplitlines(after).length);
  const lines = after.split('\n');
  if (!(start <= stop && stop <= lines.length)) {
    return fail({ code: 'AssertionError', message: `(${start}, ${stop}, ${lines.length})` }, EMPTY_STAGE, [SWE_AGENT_TRACEBACK_WARNING, written]);
  }
  const snippet = lines.slice(start - 1, stop).join('\n');
  const text =
    `The file ${shown} has been edited. ` +
    catN(snippet, `a snippet of ${shown}`, start) +
    'Review the changes and make sure they are as expected. Edit the file again if necessary.';
  const editRange = { start: r + 1, end: r + 1 + countChar(content, '\n', at, end - 1) };
  const { stage, warnings } = writeStage({ file, resolved: target.resolved, shown, diffContext: ctx.diffContext, expanded, edit: { start: at, end, text: put }, editRange });
  return ok(text, { files: [stage] }, [...warnings, ...tabWarnings(oldArg, newArg)]);
}

function tabWarnings(oldArg: string, newArg: string | undefined): string[] {
  const out: string[] = [];
  const o = countChar(oldArg, '\t');
  const n = newArg === undefined ? 0 : countChar(newArg, '\t');
  if (o > 0) out.push(`old_str: the tool expands its ${o} tab${o === 1 ? '' : 's'} to spaces before matching (expandtabs())`);
  if (n > 0) out.push(`new_str: the tool expands its ${n} tab${n === 1 ? '' : 's'} to spaces (expandtabs())`);
  return out;
}

// What the host asks `swe_agent_windowed` beyond running it: which calls are its own (SWE-agent's
// command names in a trajectory, the action pasted as the model wrote it), which only read, the
// files a call names and creates, what a window shows of a file (a session seeds files from it),
// and for what-if the change a call makes as a plain find/replace, and a plain find/replace
// written as an `edit` of whole lines.

import { normalize } from '../../paths';
import type { Converted, FindReplace, NotPlain, Shown } from '../profile';
import { parseAction, WINDOWED_COMMANDS, type ParsedAction } from './action';
import { editedLines, editRange } from './commands';
import { checkedProblem } from './python-check';
import { WINDOWED_RELEASES } from './releases';
import { fileLines } from './window';

export const PROFILE_ID = 'swe_agent_windowed';

/**
 * An action pasted as the model wrote it (the composer's bare text): one of the six commands, an
 * edit with its lines and `end_of_edit`.
 */
export const BARE_ACTION = /^\s*(?:(?:open|create) [^\n]+|goto [^\n]+|scroll_(?:up|down)|edit [^\n]*\n[\s\S]*\nend_of_edit[ \t]*)\s*$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function actionOf(input: unknown): ParsedAction | null {
  if (!isRecord(input) || typeof input.action !== 'string') return null;
  const parsed = parseAction(input.action);
  return parsed.ok ? parsed.action : null;
}

/**
 * Its own name, or a command name of SWE-agent's (how a trajectory names the call) with that
 * command as the action. An `edit` must be the 0.x windowed one (`edit <start>:<end>`), not 1.x's
 * search/replace `edit`, which this profile is not.
 */
export function claimsCall(toolName: string, input: unknown): boolean {
  if (toolName === PROFILE_ID) return true;
  if (!(WINDOWED_COMMANDS as readonly string[]).includes(toolName)) return false;
  const action = actionOf(input);
  if (action === null || action.name !== toolName) return false;
  return action.name !== 'edit' || /^\d+:\d+$/.test(action.args[0] ?? '');
}

/** open, goto, scroll_up and scroll_down only move the window. */
export function readsOnly(input: unknown): boolean {
  const name = actionOf(input)?.name;
  return name !== undefined && name !== 'create' && name !== 'edit';
}

const stateOf = (input: Record<string, unknown>): Record<string, unknown> => (isRecord(input.state) ? input.state : {});

/** A path of the action, absolute when the call carries its working directory (as a trajectory step does). */
function callPath(input: Record<string, unknown>, path: string): string {
  const cwd = stateOf(input).working_dir;
  return path.startsWith('/') || typeof cwd !== 'string' ? path : normalize(`${cwd}/${path}`);
}

function openFile(input: Record<string, unknown>): string | null {
  const file = stateOf(input).open_file;
  return typeof file === 'string' && file !== '' && file !== 'n/a' ? file : null;
}

/** The file the command works on: `open`'s and `create`'s argument, else the open file the call carries. */
export function paths(input: Record<string, unknown>): string[] {
  const action = actionOf(input);
  if (action === null) return [];
  if ((action.name === 'open' || action.name === 'create') && action.args[0] !== undefined) return [callPath(input, action.args[0])];
  const file = openFile(input);
  return file === null ? [] : [file];
}

export function createdPaths(input: Record<string, unknown>): string[] {
  const action = actionOf(input);
  return action?.name === 'create' && action.args[0] !== undefined ? [callPath(input, action.args[0])] : [];
}

/**
 * A window (`[File: …]`, then `n:text` lines) shows those lines of its file; only a read's answer
 * shows the file as it was. A window that shows every line the header counts (`(N lines total)`,
 * lines 1 to N, nothing above or below) shows the file whole: with a final newline, which `grep -n`
 * cannot show (certain when the last line is empty: awk counts no empty last line without one).
 */
export function shows(input: unknown, recordedText: string): Shown | null {
  if (!readsOnly(input) || !recordedText.startsWith('[File: ')) return null;
  const rows = recordedText.split('\n');
  const total = /\((\d+) lines total\)\]$/.exec(rows[0]!)?.[1];
  const lines = new Map<number, string>();
  let more = false;
  for (const line of rows.slice(1)) {
    const m = /^(\d+):(.*)$/.exec(line);
    if (m) lines.set(Number(m[1]), m[2]!);
    else if (/^\(\d+ more lines (?:above|below)\)$/.test(line)) more = true;
    else if (line !== '') break;
  }
  const whole = total !== undefined && !more && lines.size === Number(total) && [...lines.keys()].every((n, i) => n === i + 1);
  if (whole) return { kind: 'whole', text: lines.size === 0 ? '' : `${[...lines.values()].join('\n')}\n` };
  return lines.size === 0 ? null : { kind: 'partial', lines };
}

/**
 * One find/replace as SWE-agent's `edit`: the lines the found text spans, replaced by those lines
 * with the text replaced, in the file opened by the call's `state`. The text must occur once.
 */
export function fromFindReplace(plain: FindReplace, fileText: string | null): Converted {
  if (plain.edits.length !== 1) return { ok: false, message: `swe_agent_windowed's edit replaces one range of lines; this call makes ${plain.edits.length} edits.` };
  const one = plain.edits[0]!;
  if (one.replaceAll) return { ok: false, message: "swe_agent_windowed's edit replaces one range of lines; this edit replaces every occurrence." };
  if (fileText === null) return { ok: false, message: `The text of ${plain.path} before the call is unknown, so its lines cannot be numbered for an edit.` };
  const at = fileText.indexOf(one.old);
  if (one.old === '' || at === -1 || fileText.indexOf(one.old, at + 1) !== -1) {
    return { ok: false, message: `The text to replace must occur exactly once in ${plain.path} to be written as an edit of its lines.` };
  }
  const lineStart = fileText.lastIndexOf('\n', at - 1) + 1;
  const lastNl = fileText.indexOf('\n', at + one.old.length - 1);
  const lineEnd = lastNl === -1 ? fileText.length : lastNl + 1;
  const lines = fileText.slice(lineStart, lineEnd);
  const start = fileText.slice(0, lineStart).split('\n').length;
  const end = start + lines.split('\n').length - (lines.endsWith('\n') ? 2 : 1);
  const replaced = fileText.slice(lineStart, at) + one.new + fileText.slice(at + one.old.length, lineEnd);
  if (lineEnd < fileText.length && replaced !== '' && !replaced.endsWith('\n')) {
    return { ok: false, message: `The replacement joins line ${end} of ${plain.path} with the next one; an edit writes whole lines.` };
  }
  const body = replaced === '' || replaced.endsWith('\n') ? replaced : `${replaced}\n`;
  return { ok: true, input: { action: `edit ${start}:${end}\n${body}end_of_edit`, state: { open_file: plain.path } } };
}

/** Where each line of `text` starts, then its length: one more entry than it has lines. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  if (text !== '') starts.push(text.length);
  return starts;
}

const occursOnce = (text: string, part: string): boolean => {
  const at = text.indexOf(part);
  return part !== '' && at !== -1 && text.indexOf(part, at + 1) === -1;
};

/**
 * An `edit` as the find/replace that makes its change on `text` (the open file before it): the
 * lines it replaces and its lines, widened a line at a time (after, then before, in turn) until
 * the text to find occurs once in the file, so that a tool that matches strings finds the place
 * the line numbers named. The new text is as the command writes it (every line LF-ended).
 */
function editAsPlain(path: string, args: readonly string[], body: readonly string[], text: string): FindReplace | NotPlain {
  const range = editRange(args);
  if (!range.ok) return { ok: false, message: `the command refuses its line range (${args[0] ?? 'none'}), so it changes nothing` };
  const after = `${editedLines(fileLines(text), range.from, range.to, body).join('\n')}\n`;
  const starts = lineStarts(text);
  const n = starts.length - 1;
  const at = (line: number): number => starts[line]!;
  let lo = Math.min(range.from, n);
  let hi = Math.max(lo, Math.min(range.to, n));
  // The lines after the edited ones are the same before and after, unless the file's last line
  // has no newline (the command writes one): then the edit reaches the end of the file.
  if (!after.endsWith(text.slice(at(hi)))) hi = n;
  // One line a side at a time, then more (a quarter of the lines added so far), so that a file of
  // like lines takes a few dozen searches, not one per line.
  for (let down = true, grown = 0; !occursOnce(text, text.slice(at(lo), at(hi))) && (lo > 0 || hi < n); down = !down) {
    const step = Math.max(1, Math.floor(grown / 4));
    if (hi < n && (down || lo === 0)) hi = Math.min(n, hi + step);
    else lo = Math.max(0, lo - step);
    grown += step;
  }
  return { path, edits: [{ old: text.slice(at(lo), at(hi)), new: after.slice(at(lo), after.length - (text.length - at(hi))), replaceAll: false }] };
}

/**
 * The change a call makes, as a plain find/replace on `fileText` (its file before the call; null:
 * unknown or absent): an `edit` of the open file's lines (`editAsPlain`), or a `create` of an
 * absent file, which writes one empty line. The other commands only move the window (null).
 */
export function toFindReplace(input: Record<string, unknown>, path: string, fileText: string | null): FindReplace | NotPlain | null {
  const action = actionOf(input);
  if (action?.name === 'create') {
    return fileText === null ? { path, edits: [{ old: '', new: '\n', replaceAll: false }] } : { ok: false, message: `${path} exists, and create only opens an existing file: it changes nothing` };
  }
  if (action?.name !== 'edit') return null;
  if (fileText === null) return { ok: false, message: `the text of ${path} before the call is unknown, so the lines it names cannot be read` };
  return editAsPlain(path, action.args, action.body ?? [], fileText);
}

/** The problems a lint refusal lists (`- <problem>` under `ERRORS:`), of any release; null for another answer. */
function lintProblems(text: string): string[] | null {
  if (!WINDOWED_RELEASES.some((r) => text.startsWith(`${r.lintHeader}\n\nERRORS:\n`))) return null;
  const rows = text.slice(text.indexOf('\n\nERRORS:\n') + 10).split('\n');
  const end = rows.indexOf('');
  return (end === -1 ? rows : rows.slice(0, end)).map((row) => row.replace(/^- /, ''));
}

/**
 * A recorded lint refusal that lists a problem ours does not and that this profile's linter
 * never reports (F821, the grammar, another Python's words): the evidence, in words, that the
 * recording rests on a check the playground does not perform; else null.
 */
export function unreproduced(recorded: string, ours: string): string | null {
  const problems = lintProblems(recorded);
  if (problems === null) return null;
  const ourProblems = new Set(lintProblems(ours) ?? []);
  const beyond = problems.find((p) => !ourProblems.has(p) && !checkedProblem(p));
  return beyond === undefined ? null : `the recorded refusal lists flake8's "${beyond}", a check the playground's linter does not perform (python-check.ts)`;
}

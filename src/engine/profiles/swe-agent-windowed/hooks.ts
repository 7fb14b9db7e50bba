// What the host asks `swe_agent_windowed` beyond running it: which calls are its own (SWE-agent's
// command names in a trajectory, the action pasted as the model wrote it), which only read, the
// files a call names and creates, what a window shows of a file (a session seeds files from it),
// and a plain find/replace written as an `edit` of whole lines (what-if).

import { normalize } from '../../paths';
import type { Converted, FindReplace, Shown } from '../profile';
import { parseAction, WINDOWED_COMMANDS, type ParsedAction } from './action';

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

/** A window (`[File: …]`, then `n:text` lines) shows those lines of its file; only a read's answer shows the file as it was. */
export function shows(input: unknown, recordedText: string): Shown | null {
  if (!readsOnly(input) || !recordedText.startsWith('[File: ')) return null;
  const lines = new Map<number, string>();
  for (const line of recordedText.split('\n').slice(1)) {
    const m = /^(\d+):(.*)$/.exec(line);
    if (m) lines.set(Number(m[1]), m[2]!);
    else if (!/^\(\d+ more lines (?:above|below)\)$/.test(line) && line !== '') break;
  }
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

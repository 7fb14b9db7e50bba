// What the host asks a dialect besides running it (issue 18's profile hooks): the tool names a
// call may come under, the files a call names and creates, a pasted reply's form, and the call as
// a plain find/replace and back (What if). Pure functions over the input, set on the
// registered profile object (aider.ts).

import { aiderSchema, type AiderInput } from './input';
import { fromFindReplace, sessionBlockInput, toFindReplace } from './convert';
import { udiffPaths } from './udiff-apply';
import { findWholeEdits } from './wholefile';
import { fenceOf } from './fence';
import { asRead } from './reasoning';

/** The name the transcript reader gives each reply with edits (src/sessions/aider.ts): its input is this profile's. */
export const SESSION_REPLY_TOOL = 'aider_reply';
/** The name an earlier transcript reader gave each SEARCH/REPLACE block, as `{ path, search, replace }`. */
export const SESSION_BLOCK_TOOL = 'aider_search_replace';

export function claimsCall(toolName: string, input: unknown): boolean {
  if (toolName === 'aider_edit') return true;
  if (toolName === SESSION_REPLY_TOOL) return aiderSchema.safeParse(input).success;
  return toolName === SESSION_BLOCK_TOOL && sessionBlockInput(input) !== null;
}

/** A pasted reply with a SEARCH marker line is a `diff` reply (`freeform.bareText`). */
export const BARE_TEXT = /^[ \t]*<{5,9} SEARCH>?[ \t]*$/m;

/** The input as aider reads it (its reply without the model's thinking), or null. */
function parsed(input: unknown): AiderInput | null {
  const r = aiderSchema.safeParse(input);
  const a = r.success ? r.data : sessionBlockInput(input);
  return a === null ? null : asRead(a);
}

/** The files a call names, as it names them. */
export function paths(input: unknown): string[] {
  const a = parsed(input);
  if (a === null) return [];
  const format = a.format ?? 'diff';
  if (format === 'udiff') return udiffPaths(a.reply);
  if (format === 'whole') {
    const w = findWholeEdits(a.reply, fenceOf(a.fence), a.chat_files ?? []);
    return w.ok ? [...new Set(w.edits.map((e) => e.path))] : [];
  }
  return [...new Set((toFindReplace(a) ?? []).map((b) => b.path))];
}

/** The files a call's blocks create (an empty SEARCH). */
export function createdPaths(input: unknown): string[] {
  const a = parsed(input);
  const blocks = a === null ? null : toFindReplace(a);
  return [...new Set((blocks ?? []).filter((b) => b.search.trim() === '').map((b) => b.path))];
}

export interface PlainFindReplace {
  path: string;
  edits: { old: string; new: string; replaceAll: boolean }[];
}

/** The blocks of a `diff` reply for `path` as plain edits, or null (another format, no block for it). */
export function toPlain(input: unknown, path: string): PlainFindReplace | null {
  const a = parsed(input);
  const blocks = (a === null ? null : toFindReplace(a))?.filter((b) => b.path === path) ?? [];
  return blocks.length === 0 ? null : { path, edits: blocks.map((b) => ({ old: b.search, new: b.replace, replaceAll: false })) };
}

/** Plain edits as a `diff` reply; aider replaces the first occurrence only, so "replace all" has no block. */
export function fromPlain(plain: PlainFindReplace): { ok: true; input: Record<string, unknown> } | { ok: false; message: string } {
  if (plain.edits.some((e) => e.replaceAll)) return { ok: false, message: "aider's SEARCH/REPLACE blocks replace the first occurrence only: a replace-all edit has no block" };
  return { ok: true, input: { ...fromFindReplace(plain.edits.map((e) => ({ path: plain.path, search: e.old, replace: e.new }))) } };
}

/** aider's sentences that name a file (base_coder.py apply_updates, editblock_coder.py apply_edits): the prefix, the path, the end. */
const PATH_LINES: readonly RegExp[] = [
  /^(Applied edit to )(.+)()$/,
  /^(## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in )(.+)()$/,
  /^(Did you mean to match some of these actual lines from )(.+)(\?)$/,
  /^(The REPLACE lines are already in )(.+)(!)$/,
];

function withSlashes(line: string): string {
  for (const re of PATH_LINES) {
    const m = re.exec(line);
    if (m !== null) return `${m[1]}${m[2]!.replaceAll('\\', '/')}${m[3]}`;
  }
  return line;
}

/**
 * aider names a file as its chat does, with backslashes on Windows, in `Applied edit to <path>`
 * and in its failure messages; and prints the `Applied edit to` lines from a Python set, in no
 * fixed order. A recorded answer is ours when its lines are, those paths' separators aside, and
 * a success's lines in any order.
 */
export function sameOutput(ours: string, recorded: string): boolean {
  const a = ours.split('\n').map(withSlashes);
  const b = recorded.split('\n').map(withSlashes);
  const applied = (lines: readonly string[]): boolean => lines.every((l) => l.startsWith('Applied edit to '));
  if (applied(a) && applied(b)) return [...a].sort().join('\n') === [...b].sort().join('\n');
  return a.join('\n') === b.join('\n');
}

// What a host asks a Cline dialect besides running it (issue 18's profile hooks, written here so
// registering the profiles is one line): what a recorded answer shows of the file, which calls
// create files, and replace_in_file as a plain find/replace and back (what-if). The shapes are
// the hooks' (profile.ts once the hooks land), restated structurally.

import { isReplaceEnd, isSearchEnd, isSearchStart } from './construct';

export interface PlainEdit {
  old: string;
  new: string;
  replaceAll: boolean;
}
export interface PlainFindReplace {
  path: string;
  edits: PlainEdit[];
}
export type PlainConverted = { ok: true; input: Record<string, unknown> } | { ok: false; message: string };

const FINAL = /<final_file_content path="[^"]*">\n([\s\S]*)\n<\/final_file_content>/;

/** A successful answer shows the whole file as saved (trailing whitespace trimmed, one line break). */
export function shownFile(recordedText: string): { kind: 'whole'; text: string } | null {
  const m = FINAL.exec(recordedText);
  return m ? { kind: 'whole', text: m[1]! } : null;
}

const REVERTED = /The file was reverted to its original state:\n\n<file_content path="([^"]*)">\n/;

/**
 * The file as replace_in_file read it, quoted by a failed call's answer (formatResponse.diffError:
 * `<file_content path="…">`, the file as read, `</file_content>`), or null. Cline quotes
 * DiffViewProvider's originalContent, the file as read from disk before the diff was applied, so
 * the quote is exact. Empty or `undefined` (the diff view never opened) cannot tell an empty file
 * from a missing one, and a notebook's quote has its outputs stripped: neither is the file.
 */
export function quotedOriginal(_input: unknown, recorded: { isError: boolean; text: string }): { text: string; endKnown: boolean } | null {
  if (!recorded.isError) return null;
  const m = REVERTED.exec(recorded.text);
  if (m === null || m[1]!.toLowerCase().endsWith('.ipynb')) return null;
  const from = m.index + m[0].length;
  const end = recorded.text.lastIndexOf('\n</file_content>');
  if (end < from) return null;
  const text = recorded.text.slice(from, end);
  return text === '' || text === 'undefined' ? null : { text, endKnown: true };
}

const NEW_PROBLEMS = '\n\nNew problems detected after saving the file:\n';

/**
 * A recorded answer without the editor's diagnostics Cline appends after saving
 * (`\n\nNew problems detected after saving the file:\n…`, DiffViewProvider's newProblemsMessage):
 * the playground has no editor to ask, so the rest of the answer is what it compares.
 */
export function withoutNewProblems(recorded: string): string {
  const from = recorded.lastIndexOf('</final_file_content>');
  const at = recorded.indexOf(NEW_PROBLEMS, from === -1 ? 0 : from);
  return at === -1 ? recorded : recorded.slice(0, at);
}

/** Answers agree once Cline's diagnostics are taken off the recorded one (line breaks at the end aside). */
export const sameClineOutput = (ours: string, recorded: string): boolean => ours.replace(/\n+$/, '') === withoutNewProblems(recorded).replace(/\n+$/, '');

const USER_EDITS = 'The user made the following updates to your content:';
const FORMATTED = ["Along with your edits, the user's editor applied the following auto-formatting to your content:", "The user's editor also applied the following auto-formatting to your content:"];

/**
 * What Cline's answer says changed the file besides the tool (responses.ts fileEditWithUserChanges
 * and the auto-formatting paragraph): the user's edits in the diff view, or the editor's
 * formatting on save. Either comes before the saved file's content.
 */
export function clineChangedBeyondTool(recorded: string): { reason: 'user-modified' | 'changed-outside'; evidence: string } | null {
  if (recorded.startsWith(USER_EDITS)) return { reason: 'user-modified', evidence: `Cline's answer says "${USER_EDITS}" (the user edited the change in the diff view before it was saved)` };
  const content = recorded.indexOf('<final_file_content');
  const head = content === -1 ? recorded : recorded.slice(0, content);
  if (FORMATTED.some((p) => head.includes(p))) return { reason: 'changed-outside', evidence: "Cline's answer says the user's editor auto-formatted the content on save" };
  return null;
}

/** The diff's blocks as Cline reads them, or null when a block is not closed in order. */
export function blocksOf(diff: string): { search: string; replace: string }[] | null {
  const blocks: { search: string; replace: string }[] = [];
  let state: 'out' | 'search' | 'replace' = 'out';
  let search = '';
  let replace = '';
  for (const line of diff.split('\n')) {
    if (isSearchStart(line) && state === 'out') [state, search, replace] = ['search', '', ''];
    else if (isSearchEnd(line) && state === 'search') state = 'replace';
    else if (isReplaceEnd(line) && state === 'replace') {
      blocks.push({ search, replace });
      state = 'out';
    } else if (isSearchStart(line) || isSearchEnd(line) || isReplaceEnd(line)) return null;
    else if (state === 'search') search += `${line}\n`;
    else if (state === 'replace') replace += `${line}\n`;
  }
  return state === 'out' ? blocks : null;
}

/** replace_in_file creates the file when its first block's SEARCH section is empty. */
export function replaceInFileCreates(input: Record<string, unknown>): 'named' | readonly string[] {
  const blocks = typeof input.diff === 'string' ? blocksOf(input.diff) : null;
  return blocks !== null && blocks.length > 0 && blocks[0]!.search === '' ? 'named' : [];
}

/** Each block is an exact replacement of its SEARCH text (line breaks included), first match. */
export function replaceInFileToFindReplace(input: Record<string, unknown>, path: string): PlainFindReplace | null {
  const blocks = typeof input.diff === 'string' ? blocksOf(input.diff) : null;
  return blocks === null ? null : { path, edits: blocks.map((b) => ({ old: b.search, new: b.replace, replaceAll: false })) };
}

/**
 * An edit as whole lines of `text`: the lines its first match touches, before and after. Cline
 * and Roo Code match lines, so a part of a line is widened to its lines. They cannot take the
 * file's last line break away. Null when not found.
 */
export function wholeLines(text: string, edit: PlainEdit, nonBlankFirst = false): { search: string; replace: string; line: number; next: string } | null {
  const at = text.indexOf(edit.old);
  if (at === -1 || edit.old === '') return null;
  let start = at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1;
  // Roo Code's block pattern takes leading blank lines of a section as part of the marker line's
  // `\s*`: widen upwards until both sections start with a line that is not blank.
  const blankFirst = (s: string): boolean => s !== '' && s.split('\n')[0]!.trim() === '';
  while (nonBlankFirst && start > 0 && (blankFirst(text.slice(start, at + edit.old.length)) || blankFirst(text.slice(start, at) + edit.new))) {
    start = start < 2 ? 0 : text.lastIndexOf('\n', start - 2) + 1;
  }
  const lineEnd = (p: number): number => {
    const nl = text.indexOf('\n', p);
    return nl === -1 ? text.length : nl + 1;
  };
  // An edit that ends with a line break takes the next line too, so that it can join lines.
  const after = at + edit.old.length;
  const end = edit.old.endsWith('\n') ? (after >= text.length ? text.length : lineEnd(after)) : lineEnd(after - 1);
  const replaced = text.slice(start, at) + edit.new + text.slice(at + edit.old.length, end);
  const line = text.slice(0, start).split('\n').length;
  return { search: text.slice(start, end), replace: replaced, line, next: text.slice(0, start) + replaced + text.slice(end) };
}

const withBreak = (s: string): string => (s === '' || s.endsWith('\n') ? s : `${s}\n`);
const MARKER_LINE = (s: string): boolean => s.split('\n').some((l) => isSearchStart(l) || isSearchEnd(l) || isReplaceEnd(l));

/** A plain find/replace as replace_in_file blocks, widened to whole lines of the file when it is known. */
export function replaceInFileFromFindReplace(plain: PlainFindReplace, fileText: string | null): PlainConverted {
  if (plain.edits.some((e) => e.replaceAll)) return { ok: false, message: 'replace_in_file replaces the first match of each block; an edit here replaces all of them.' };
  const blocks: string[] = [];
  let text = fileText;
  for (const e of plain.edits) {
    const lines = text !== null && e.old !== '' ? wholeLines(text, e) : null;
    if (text !== null && e.old !== '' && lines === null) return { ok: false, message: 'an edit\'s old text is not in the file, so it cannot be widened to the lines replace_in_file searches' };
    const search = lines ? lines.search : withBreak(e.old);
    const replace = lines ? lines.replace : withBreak(e.new);
    if (MARKER_LINE(search) || MARKER_LINE(replace)) return { ok: false, message: 'a line of the edit reads as one of replace_in_file\'s markers' };
    blocks.push(`------- SEARCH\n${withBreak(search)}=======\n${withBreak(replace)}+++++++ REPLACE`);
    if (lines) text = lines.next;
  }
  return { ok: true, input: { path: plain.path, diff: blocks.join('\n') } };
}

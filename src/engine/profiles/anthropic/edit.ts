// `str_replace` and `insert`: the file read with universal newlines, every tab of it (and of
// old_str/new_str) expanded, the edit made, and the result text with a `cat -n` snippet of the
// lines around it. Offsets are found once; nothing splits the whole file into lines.

import type { RunOutcome } from '../../types';
import { EMPTY_STAGE, fail, succeed, type ProfileContext } from '../profile';
import type { EditHistory } from './history';
import { catN } from './output';
import { pyEncodeError } from './python-io';
import { codePoints, countChar, expandTabs, findUpTo2, linesContaining, pyList, pyScalar } from './python-text';
import { readPieces, strReplaceOnPieces } from './edit-pieces';
import { readFile, writeStage } from './stage';
import { uncaught } from './uncaught';
import { readText, toolError, type Target } from './workspace';

type Found = Extract<Target, { resolved: unknown }>;

export const SNIPPET_LINES = 4;

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Warnings for the tabs of old_str/new_str that expandtabs() turned into spaces. */
export function argumentTabs(name: string, value: string | undefined, matched: boolean): string[] {
  const tabs = value === undefined ? 0 : countChar(value, '\t');
  if (tabs === 0) return [];
  return [`${name}: the reference expands its ${plural(tabs, 'tab')} to spaces${matched ? ' before matching' : ''} (expandtabs())`];
}

/** What the reference leaves when write_text fails to encode: the file opened for writing, so emptied. */
export const emptiedWarning = (shown: string): string =>
  `The reference would have left ${shown} empty: write_text opens the file for writing (emptying or creating it) before the text fails to encode`;

/** Offset of the start of the line `k` lines above the line holding `pos`. */
function startOfLineAbove(text: string, pos: number, k: number): number {
  let nl = pos > 0 ? text.lastIndexOf('\n', pos - 1) : -1;
  for (let j = 0; j < k && nl !== -1; j++) nl = nl > 0 ? text.lastIndexOf('\n', nl - 1) : -1;
  return nl + 1;
}

/** End (before its `\n`) of the line `k` lines below the line holding `pos`. */
function endOfLineBelow(text: string, pos: number, k: number): number {
  let nl = text.indexOf('\n', pos);
  for (let j = 0; j < k && nl !== -1; j++) nl = text.indexOf('\n', nl + 1);
  return nl === -1 ? text.length : nl;
}

/** str_replace's answer: the snippet, numbered from `firstLine`. */
export const replacedOutput = (shown: string, snippet: string, firstLine: number): string =>
  `The file ${shown} has been edited. ` + catN(snippet, `a snippet of ${shown}`, firstLine) + 'Review the changes and make sure they are as expected. Edit the file again if necessary.';

export async function strReplace(target: Found, oldStr: string, newStr: string | undefined, ctx: ProfileContext, history: EditHistory): Promise<RunOutcome> {
  // A file a session keeps in pieces is searched there (the same answer, without its 5 MB joined).
  const pieces = await readPieces(target, ctx);
  const onPieces = pieces === null ? null : strReplaceOnPieces(target, pieces, oldStr, newStr, ctx, history);
  if (onPieces !== null) return onPieces;
  const rd = await readText(target, ctx);
  if (!rd.ok) return fail(rd.error);
  const { shown } = target;
  const file = readFile(rd.bytes, rd.raw);
  const expanded = expandTabs(file.text);
  const content = expanded.text;
  const find = expandTabs(oldStr).text;
  const put = newStr === undefined ? '' : expandTabs(newStr).text;
  const argWarnings = [...argumentTabs('old_str', oldStr, true), ...argumentTabs('new_str', newStr, false)];
  const { count, first: at } = findUpTo2(content, find);
  if (count === 0) return fail(toolError(`No replacement was performed, old_str \`${find}\` did not appear verbatim in ${shown}.`), EMPTY_STAGE, argWarnings);
  if (count === 2) {
    const lines = pyList(linesContaining(content, find));
    return fail(toolError(`No replacement was performed. Multiple occurrences of old_str \`${find}\` in lines ${lines}. Please ensure it is unique`), EMPTY_STAGE, argWarnings);
  }
  const encodeError = pyEncodeError(put, () => codePoints(content, 0, at));
  if (encodeError !== null) return fail(toolError(`Ran into ${encodeError} while trying to write to ${shown}`), EMPTY_STAGE, [...argWarnings, emptiedWarning(shown)]);
  if (find === '') {
    // Only an empty file gets here (an empty old_str occurs len + 1 times). The reference writes
    // new_str as the file, then fails to split the content on an empty separator.
    return uncaught('ValueError', 'empty separator', [`The reference would have written ${shown} with new_str as its whole content before raising`]);
  }

  const line = countChar(content, '\n', 0, at);
  const end = at + find.length;
  const above = Math.min(SNIPPET_LINES, line);
  const from = startOfLineAbove(content, at, above);
  const to = endOfLineBelow(content, end, SNIPPET_LINES);
  const snippet = content.slice(from, at) + put + content.slice(end, to);
  const output = replacedOutput(shown, snippet, line - above + 1);

  const editRange = { start: line + 1, end: line + 1 + countChar(content, '\n', at, end - 1) };
  const { stage, warnings } = writeStage({ file, resolved: target.resolved, shown, diffContext: ctx.diffContext, expanded, edit: { start: at, end, text: put }, editRange });
  history.push(shown, content);
  return succeed({ output }, { files: [stage] }, [...warnings, ...argWarnings]);
}

export async function insert(target: Found, insertLine: number, newStr: string, ctx: ProfileContext, history: EditHistory): Promise<RunOutcome> {
  const rd = await readText(target, ctx);
  if (!rd.ok) return fail(rd.error);
  const { shown } = target;
  const file = readFile(rd.bytes, rd.raw);
  const expanded = expandTabs(file.text);
  const content = expanded.text;
  const put = expandTabs(newStr).text;
  const argWarnings = argumentTabs('new_str', newStr, false);
  const n = countChar(content, '\n') + 1;
  const k = insertLine;
  if (k < 0 || k > n) {
    return fail(toolError(`Invalid \`insert_line\` parameter: ${pyScalar(k)}. It should be within the range of lines of the file: ${pyList([0, n])}`), EMPTY_STAGE, argWarnings);
  }
  // Line starts of lines first..k+SNIPPET_LINES; a line past the last starts one past the end.
  const first = Math.max(0, k - SNIPPET_LINES);
  const last = Math.min(k + SNIPPET_LINES, n);
  const starts: number[] = [];
  let pos = 0;
  for (let l = 0; l <= last; l++) {
    if (l >= first) starts.push(pos);
    if (l < last) {
      const nl = content.indexOf('\n', pos);
      pos = nl === -1 ? content.length + 1 : nl + 1;
    }
  }
  const startOf = (l: number): number => starts[l - first]!;
  const parts: string[] = [];
  if (k > first) parts.push(content.slice(startOf(first), startOf(k) - 1));
  parts.push(put);
  if (k < n) parts.push(content.slice(startOf(k), startOf(last) - 1));
  const snippet = parts.join('\n');

  const edit = k < n ? { start: startOf(k), end: startOf(k), text: `${put}\n` } : { start: content.length, end: content.length, text: `\n${put}` };
  const encodeError = pyEncodeError(put, () => codePoints(content, 0, edit.start) + (k < n ? 0 : 1));
  if (encodeError !== null) return fail(toolError(`Ran into ${encodeError} while trying to write to ${shown}`), EMPTY_STAGE, [...argWarnings, emptiedWarning(shown)]);

  const output =
    `The file ${shown} has been edited. ` +
    catN(snippet, 'a snippet of the edited file', Math.max(1, k - SNIPPET_LINES + 1)) +
    'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.';
  const line = k < n ? k + 1 : n;
  const { stage, warnings } = writeStage({ file, resolved: target.resolved, shown, diffContext: ctx.diffContext, expanded, edit, editRange: { start: line, end: line } });
  history.push(shown, content);
  return succeed({ output }, { files: [stage] }, [...warnings, ...argWarnings]);
}

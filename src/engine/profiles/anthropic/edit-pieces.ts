// str_replace on a file a session keeps in pieces (TextPieces, the overlay's after an earlier
// call): the same answer, snippet, stage and history entry as edit.ts's strReplace gives from the
// file's bytes, found by searching the pieces, counting lines in their newline index and slicing
// only the snippet. Nothing of the file is joined, decoded or encoded. Where the answer needs the
// whole text (an old_str found more than once lists the lines holding it) or the text holds what
// the reference rewrites (a CR, a tab), the caller reads the bytes instead: null.

import type { TextPieces } from '../../text-pieces';
import type { RunOutcome } from '../../types';
import { EMPTY_STAGE, fail, succeed, type ProfileContext } from '../profile';
import { argumentTabs, replacedOutput, SNIPPET_LINES } from './edit';
import type { EditHistory } from './history';
import { countChar, expandTabs, hasLoneSurrogate } from './python-text';
import { piecesStage } from './stage';
import { toolError, type Target } from './workspace';

type Found = Extract<Target, { resolved: unknown }>;

/** The file's pieces when the workspace keeps them and the reference would rewrite nothing of its own (no CR, no tab). */
export async function readPieces(target: Found, ctx: ProfileContext): Promise<TextPieces | null> {
  if (ctx.fs.readPieces === undefined || target.size > ctx.maxFileBytes) return null;
  const pieces = await ctx.fs.readPieces(target.resolved.path);
  return pieces !== undefined && !pieces.mayHoldCr && !pieces.mayHoldTab ? pieces : null;
}

/** End (before its `\n`) of the line `k` lines below the line holding `pos`: edit.ts's endOfLineBelow on pieces. */
function endOfLineBelow(pieces: TextPieces, pos: number, k: number): number {
  const length = pieces.length;
  const after = pieces.afterBreaksFrom(pos, k + 1);
  if (after < length) return after - 1;
  // At the end: the (k+1)th break is the last character, or there are fewer.
  const last = length > pos && pieces.slice(length - 1, length) === '\n' && (k === 0 || pieces.afterBreaksFrom(pos, k) < length);
  return last ? length - 1 : length;
}

export function strReplaceOnPieces(target: Found, pieces: TextPieces, oldStr: string, newStr: string | undefined, ctx: ProfileContext, history: EditHistory): RunOutcome | null {
  const { shown } = target;
  const find = expandTabs(oldStr).text;
  const put = newStr === undefined ? '' : expandTabs(newStr).text;
  if (find === '' || hasLoneSurrogate(find) || hasLoneSurrogate(put)) return null;
  const argWarnings = [...argumentTabs('old_str', oldStr, true), ...argumentTabs('new_str', newStr, false)];
  const at = pieces.find(find);
  if (at === -1) return fail(toolError(`No replacement was performed, old_str \`${find}\` did not appear verbatim in ${shown}.`), EMPTY_STAGE, argWarnings);
  // Python's count() does not overlap: a second occurrence starts after the first one ends.
  if (pieces.find(find, at + find.length) !== -1) return null;

  const line = pieces.newlinesBefore(at);
  const end = at + find.length;
  const above = Math.min(SNIPPET_LINES, line);
  const from = pieces.afterBreaksBefore(at, above + 1);
  const to = endOfLineBelow(pieces, end, SNIPPET_LINES);
  const snippet = pieces.slice(from, at) + put + pieces.slice(end, to);
  const output = replacedOutput(shown, snippet, line - above + 1);

  const editRange = { start: line + 1, end: line + 1 + countChar(find, '\n', 0, find.length - 1) };
  const snapshot = pieces.snapshot();
  const { stage, warnings } = piecesStage({ pieces, snapshot, resolved: target.resolved, shown, diffContext: ctx.diffContext, old: find, edit: { start: at, end, text: put }, editRange });
  history.push(shown, () => snapshot.text());
  return succeed({ output }, { files: [stage] }, [...warnings, ...argWarnings]);
}

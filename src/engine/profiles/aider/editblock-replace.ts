// How aider puts one SEARCH/REPLACE block into a file's text (aider/coders/editblock_coder.py):
// do_replace → strip_quoted_wrapping, then replace_most_similar_chunk: the exact lines, then the
// same lines with their leading whitespace off by one uniform amount, then both again without a
// spurious blank first line, then `...` elision. A result that is empty counts as no match (aider
// tests `if new_content:`). And find_similar_lines, the "Did you mean" hint of a failed block.

import type { Fence } from './fence';
import { countUpTo2, indexError, pathName, pyLstrip, pyStrip, PY_SPACE_CLASS, sliceTo, splitKeep, splitLines } from './python';
import { SequenceMatcher } from './sequence-matcher';

/** Which of aider's rules found the SEARCH lines (the stage step's strategy). */
export type Strategy = 'exact' | 'leading-whitespace' | 'skip-blank-line' | 'skip-blank-line-leading-whitespace' | 'dotdotdots' | 'append';

export interface Replaced {
  text: string;
  strategy: Strategy;
}

function prep(content: string): [string, string[]] {
  const c = content !== '' && !content.endsWith('\n') ? `${content}\n` : content;
  return [c, splitKeep(c)];
}

function perfectReplace(whole: readonly string[], part: readonly string[], replace: readonly string[]): string | null {
  outer: for (let i = 0; i + part.length <= whole.length; i++) {
    for (let k = 0; k < part.length; k++) if (whole[i + k] !== part[k]) continue outer;
    return [...whole.slice(0, i), ...replace, ...whole.slice(i + part.length)].join('');
  }
  return null;
}

const leadingLength = (p: string): number => p.length - pyLstrip(p).length;
const blank = (p: string): boolean => pyStrip(p) === '';

/** match_but_for_leading_whitespace: the one prefix every non-blank line of `whole` adds, or null. */
function addedLeading(whole: readonly string[], part: readonly string[]): string | null {
  for (let k = 0; k < whole.length; k++) if (pyLstrip(whole[k]!) !== pyLstrip(part[k]!)) return null;
  const adds = new Set<string>();
  for (let k = 0; k < whole.length; k++) if (!blank(whole[k]!)) adds.add(sliceTo(whole[k]!, whole[k]!.length - part[k]!.length));
  return adds.size === 1 ? [...adds][0]! : null;
}

/** replace_part_with_missing_leading_whitespace. */
function leadingWhitespaceReplace(whole: readonly string[], part: readonly string[], replace: readonly string[]): string | null {
  const leading = [...part, ...replace].filter((p) => !blank(p)).map(leadingLength);
  let partLines = part;
  let replaceLines = replace;
  if (leading.length > 0 && Math.min(...leading) > 0) {
    const n = Math.min(...leading);
    partLines = part.map((p) => (blank(p) ? p : p.slice(n)));
    replaceLines = replace.map((p) => (blank(p) ? p : p.slice(n)));
  }
  for (let i = 0; i + partLines.length <= whole.length; i++) {
    const add = addedLeading(whole.slice(i, i + partLines.length), partLines);
    if (add === null) continue;
    const shifted = replaceLines.map((r) => (blank(r) ? r : add + r));
    return [...whole.slice(0, i), ...shifted, ...whole.slice(i + partLines.length)].join('');
  }
  return null;
}

function perfectOrWhitespace(whole: readonly string[], part: readonly string[], replace: readonly string[], prefix: '' | 'skip-blank-line-'): Replaced | null {
  const perfect = perfectReplace(whole, part, replace);
  if (perfect) return { text: perfect, strategy: prefix === '' ? 'exact' : 'skip-blank-line' };
  const flexible = leadingWhitespaceReplace(whole, part, replace);
  if (flexible) return { text: flexible, strategy: `${prefix}leading-whitespace` };
  return null;
}

const DOTS = new RegExp(`((?<![^\\n])[${PY_SPACE_CLASS}]*\\.\\.\\.\\n)`);

/** try_dotdotdots: null when there are no `...` lines or they do not apply (aider's ValueError, caught). */
function tryDotdotdots(whole: string, part: string, replace: string): string | null {
  const partPieces = part.split(DOTS);
  const replacePieces = replace.split(DOTS);
  if (partPieces.length !== replacePieces.length || partPieces.length === 1) return null;
  for (let i = 1; i < partPieces.length; i += 2) if (partPieces[i] !== replacePieces[i]) return null;
  let text = whole;
  for (let i = 0; i < partPieces.length; i += 2) {
    const p = partPieces[i]!;
    const r = replacePieces[i]!;
    if (p === '' && r === '') continue;
    if (p === '') {
      if (!text.endsWith('\n')) text += '\n';
      text += r;
      continue;
    }
    if (countUpTo2(text, p) !== 1) return null;
    const at = text.indexOf(p);
    text = text.slice(0, at) + r + text.slice(at + p.length);
  }
  return text;
}

/** replace_most_similar_chunk: the new text, or null when aider finds no place for the block. */
export function replaceMostSimilarChunk(wholeText: string, partText: string, replaceText: string): Replaced | null {
  const [whole, wholeLines] = prep(wholeText);
  const [part, partLines] = prep(partText);
  const [replace, replaceLines] = prep(replaceText);
  const first = perfectOrWhitespace(wholeLines, partLines, replaceLines, '');
  if (first) return first;
  // A spurious blank first line in SEARCH (aider issue #25).
  if (partLines.length > 2 && blank(partLines[0]!)) {
    const skipped = perfectOrWhitespace(wholeLines, partLines.slice(1), replaceLines, 'skip-blank-line-');
    if (skipped) return skipped;
  }
  const dots = tryDotdotdots(whole, part, replace);
  return dots ? { text: dots, strategy: 'dotdotdots' } : null;
}

/** strip_quoted_wrapping: a leading file-name line and a wrapping fence dropped; lines rejoined with LF. */
export function stripQuotedWrapping(text: string, fileName: string | null, fence: Fence): string {
  if (text === '') return text;
  let lines = splitLines(text);
  if (fileName !== null && pyStrip(lines[0]!).endsWith(pathName(fileName))) lines = lines.slice(1);
  if (lines.length === 0) throw indexError();
  if (lines[0]!.startsWith(fence[0]) && lines[lines.length - 1]!.startsWith(fence[1])) lines = lines.slice(1, -1);
  const joined = lines.join('\n');
  return joined !== '' && !joined.endsWith('\n') ? `${joined}\n` : joined;
}

export interface DoReplace {
  /** The new text; null when the block did not apply (or the file could not be read). */
  text: string | null;
  strategy: Strategy | null;
  /** aider touched the missing file first (an empty SEARCH creates it). */
  touched: boolean;
}

/** do_replace for the file `fileName` (its text `content`, null when unreadable), which may not exist. */
export function doReplace(fileName: string, exists: boolean, content: string | null, search: string, replace: string, fence: Fence): DoReplace {
  const before = stripQuotedWrapping(search, fileName, fence);
  const after = stripQuotedWrapping(replace, fileName, fence);
  const touched = !exists && pyStrip(before) === '';
  const text = touched ? '' : content;
  if (text === null) return { text: null, strategy: null, touched };
  if (pyStrip(before) === '') return { text: text + after, strategy: 'append', touched };
  const r = replaceMostSimilarChunk(text, before, after);
  return { text: r?.text ?? null, strategy: r?.strategy ?? null, touched };
}

/** find_similar_lines(search, content): the lines of content most like SEARCH, or ''. */
export function findSimilarLines(search: string, content: string, threshold = 0.6): string {
  const searchLines = splitLines(search);
  const contentLines = splitLines(content);
  let bestRatio = 0;
  let best: string[] | null = null;
  let bestAt = 0;
  for (let i = 0; i + searchLines.length <= contentLines.length; i++) {
    const chunk = contentLines.slice(i, i + searchLines.length);
    const ratio = new SequenceMatcher(searchLines, chunk).ratio();
    if (ratio > bestRatio) {
      bestRatio = ratio;
      best = chunk;
      bestAt = i;
    }
  }
  if (bestRatio < threshold || best === null) return '';
  if (best.length === 0) throw indexError();
  if (best[0] === searchLines[0] && best[best.length - 1] === searchLines[searchLines.length - 1]) return best.join('\n');
  const end = Math.min(contentLines.length, bestAt + searchLines.length + 5);
  return contentLines.slice(Math.max(0, bestAt - 5), end).join('\n');
}

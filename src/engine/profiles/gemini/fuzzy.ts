// Gemini CLI's last strategy: windows of as many lines as old_string has, scored by Levenshtein
// distance where whitespace differences cost a tenth; a window scoring at most 0.1 (per character
// of old_string) matches. Best scores win, earlier lines on a tie; matches never share a line.
// Skipped for an old_string under 10 characters, and when lines × length² exceeds 4e8.

import type { Replacement } from '../../types';
import { leadingBlanks, lineDeletions, refLineTexts, refLines, reindent } from './ref-lines';
import type { Calculation, EditRequest } from './strategies';

const THRESHOLD = 0.1;
const WHITESPACE_PENALTY = 0.1;
const MIN_LENGTH = 10;
const MAX_WORK = 400_000_000;

/** Edit distance over UTF-16 code units (fast-levenshtein's `get`). */
export function levenshtein(a: string, b: string): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Array<number>(b.length + 1);
  let next = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 0; i < a.length; i++) {
    next[0] = i + 1;
    const ca = a.charCodeAt(i);
    for (let j = 0; j < b.length; j++) {
      const sub = prev[j]! + (ca === b.charCodeAt(j) ? 0 : 1);
      next[j + 1] = Math.min(sub, prev[j + 1]! + 1, next[j]! + 1);
    }
    [prev, next] = [next, prev];
  }
  return prev[b.length]!;
}

const stripWhitespace = (s: string): string => s.replace(/\s/g, '');

export function fuzzyMatch(req: EditRequest, find: string, put: string): Calculation | null {
  if (req.oldString.length < MIN_LENGTH) return null;
  const split = refLines(req.content, true);
  const { lines } = split;
  if (lines.length * req.oldString.length ** 2 > MAX_WORK) return null;
  const wanted = refLineTexts(find).map((l) => l.trimEnd());
  if (wanted.length === 0) return null;
  const n = wanted.length;
  const block = wanted.join('\n');
  const blockBare = stripWhitespace(block);

  const candidates: { index: number; score: number }[] = [];
  for (let i = 0; i <= lines.length - n; i++) {
    const span = lines
      .slice(i, i + n)
      .map((l) => l.text.trimEnd())
      .join('\n');
    // Plain number arithmetic as the reference does it (an empty block divides by zero: never a match).
    if (Math.abs(span.length - block.length) / block.length > THRESHOLD / WHITESPACE_PENALTY) continue;
    const raw = levenshtein(span, block);
    const bare = levenshtein(stripWhitespace(span), blockBare);
    const score = (bare + (raw - bare) * WHITESPACE_PENALTY) / block.length;
    if (score <= THRESHOLD) candidates.push({ index: i, score });
  }
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => a.score - b.score || a.index - b.index);
  const chosen: { index: number; score: number }[] = [];
  for (const c of candidates) if (!chosen.some((m) => Math.abs(m.index - c.index) < n)) chosen.push(c);
  chosen.sort((a, b) => a.index - b.index);

  const putLines = put.split('\n');
  const replacements: Replacement[] = chosen.map(({ index }) => {
    const last = lines[index + n - 1]!;
    let text = reindent(putLines, leadingBlanks(lines[index]!.text)).join('\n');
    if (last.text.endsWith('\n')) text += '\n';
    return { start: lines[index]!.start, end: last.end, text };
  });
  return {
    strategy: 'fuzzy',
    occurrences: chosen.length,
    finalOld: find,
    finalNew: put,
    replacements,
    deletions: lineDeletions(split, replacements),
    matchRanges: chosen.map(({ index }) => ({ start: index + 1, end: index + n })),
  };
}

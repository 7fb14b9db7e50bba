// Whole-line block matching shared by line-trimmed, whitespace-normalized (multi-line),
// indentation-flexible and escape-normalized.
import type { Candidate, FuzzyBudget } from './types';
import { type FindLines, type LineIndex, type LineKey, isBlank, spendOrThrow } from './line-index';

/**
 * Start lines of every block of `findKeys.length` consecutive lines whose keys equal
 * `findKeys`, ascending. Only lines where the rarest find line occurs are examined: every line of
 * the block has to agree, so the least frequent one is the cheapest exact filter, and a find
 * line that occurs nowhere ends the search before any comparison. Each other line compared
 * costs one unit of budget (throws BudgetExhausted when spent).
 */
export function matchLineBlocks(
  index: LineIndex,
  key: LineKey,
  findKeys: readonly string[],
  budget: FuzzyBudget,
  accept?: (startLine: number) => boolean,
): number[] {
  const m = findKeys.length;
  if (m === 0 || m > index.lineCount) return [];
  let anchor = 0;
  let anchorLines = index.linesWithKey(key, findKeys[0] as string);
  for (let j = 1; j < m && anchorLines.length > 0; j++) {
    const lines = index.linesWithKey(key, findKeys[j] as string);
    if (lines.length < anchorLines.length) {
      anchor = j;
      anchorLines = lines;
    }
  }
  const keys = index.keys(key);
  const startLines: number[] = [];
  for (const at of anchorLines) {
    const s = at - anchor;
    if (s < 0 || s + m > index.lineCount) continue;
    let same = true;
    for (let j = 0; j < m && same; j++) {
      if (j === anchor) continue;
      spendOrThrow(budget);
      same = keys[s + j] === findKeys[j];
    }
    if (same && (accept === undefined || accept(s))) startLines.push(s);
  }
  return startLines;
}

/** The candidate covering lines `startLine .. startLine + lineCount - 1` of the content. */
export function blockCandidate(index: LineIndex, startLine: number, find: FindLines): Candidate {
  return {
    start: index.lineStart(startLine),
    end: index.blockEnd(startLine + find.lines.length - 1, find.trailingNewline),
  };
}

/** A find made only of blank lines would match every run of blank lines: no line strategy takes it. */
export function hasContentLine(find: FindLines): boolean {
  return find.lines.some((line) => !isBlank(line));
}

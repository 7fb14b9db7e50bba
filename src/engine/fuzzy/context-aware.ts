// context-aware: first and last lines as context, same number of lines, and at least half of
// the middle lines equal once trimmed.
import type { Candidate, FuzzyBudget } from './types';
import { LineIndex, splitFindLines, spendOrThrow, withBudget } from './line-index';

export const CONTEXT_AWARE_MIN_SHARE = 0.5;

/**
 * The block must have exactly the find's line count, so both anchors sit at fixed offsets: the
 * rarer anchor's lines are walked and the other anchor is one lookup away (one unit of budget
 * each, plus one per middle line compared). Middle lines blank in both count neither way.
 */
export function contextAwareStrategy(
  content: string,
  find: string,
  budget: FuzzyBudget,
  index: LineIndex = new LineIndex(content),
): Candidate[] {
  const findLines = splitFindLines(find);
  const m = findLines.lines.length;
  if (m < 3 || m > index.lineCount) return [];
  const trimmedFind = findLines.lines.map((line) => line.trim());
  const first = trimmedFind[0] as string;
  const last = trimmedFind[m - 1] as string;
  if (first === '' || last === '') return [];
  const firstLines = index.linesWithTrimmed(first);
  const lastLines = index.linesWithTrimmed(last);
  const startLines =
    firstLines.length <= lastLines.length ? firstLines : lastLines.map((line) => line - (m - 1));

  return withBudget(() => {
    const found: Candidate[] = [];
    for (const s of startLines) {
      if (s < 0 || s + m > index.lineCount) continue;
      spendOrThrow(budget);
      if (!index.isTrimmed(s, first) || !index.isTrimmed(s + m - 1, last)) continue;
      if (middleSharesEnough(trimmedFind, index, s, budget)) {
        found.push({ start: index.lineStart(s), end: index.blockEnd(s + m - 1, findLines.trailingNewline) });
      }
    }
    return found;
  });
}

function middleSharesEnough(
  trimmedFind: readonly string[],
  index: LineIndex,
  s: number,
  budget: FuzzyBudget,
): boolean {
  let counted = 0;
  let equal = 0;
  for (let j = 1; j < trimmedFind.length - 1; j++) {
    spendOrThrow(budget);
    const wanted = trimmedFind[j] as string;
    const actual = index.trimmedLine(s + j);
    if (wanted === '' && actual === '') continue;
    counted++;
    if (wanted === actual) equal++;
  }
  return counted === 0 || equal / counted >= CONTEXT_AWARE_MIN_SHARE;
}

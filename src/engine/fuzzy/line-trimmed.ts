// line-trimmed: whole lines that equal the find's lines once each side is trimmed.
import type { Candidate, FuzzyBudget } from './types';
import { LineIndex, splitFindLines, withBudget } from './line-index';
import { blockCandidate, hasContentLine, matchLineBlocks } from './line-blocks';

export function lineTrimmedStrategy(
  content: string,
  find: string,
  budget: FuzzyBudget,
  index: LineIndex = new LineIndex(content),
): Candidate[] {
  const findLines = splitFindLines(find);
  if (!hasContentLine(findLines)) return [];
  return withBudget(() =>
    matchLineBlocks(index, 'trim', findLines.lines.map((line) => line.trim()), budget).map((s) =>
      blockCandidate(index, s, findLines),
    ),
  );
}

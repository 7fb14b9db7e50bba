// indentation-flexible: whole lines equal once the block's common indentation is removed, so the
// lines' indentation relative to each other must agree (unlike line-trimmed).
import type { Candidate, FuzzyBudget } from './types';
import { LineIndex, isBlank, spendOrThrow, splitFindLines, withBudget } from './line-index';
import { blockCandidate, hasContentLine, matchLineBlocks } from './line-blocks';
import { indentWidth } from './indent';

/**
 * Every match here also matches line-trimmed, so this strategy only ever decides between
 * several line-trimmed blocks: the ones whose relative indentation (and trailing whitespace)
 * differ from the find drop out. Blank lines match any blank line.
 */
export function indentationFlexibleStrategy(
  content: string,
  find: string,
  budget: FuzzyBudget,
  index: LineIndex = new LineIndex(content),
): Candidate[] {
  const findLines = splitFindLines(find);
  if (!hasContentLine(findLines)) return [];
  const wanted = dedent(findLines.lines);
  const trimmedFind = findLines.lines.map((line) => line.trim());
  return withBudget(() =>
    matchLineBlocks(index, 'trim', trimmedFind, budget, (s) => {
      spendOrThrow(budget);
      const block = dedent(index.lines.slice(s, s + wanted.length));
      return block.every((line, j) => line === wanted[j]);
    }).map((s) => blockCandidate(index, s, findLines)),
  );
}

/** Removes the smallest indentation of the non-blank lines; blank lines become empty. */
function dedent(lines: readonly string[]): string[] {
  let common = Infinity;
  for (const line of lines) {
    if (!isBlank(line)) common = Math.min(common, indentWidth(line));
  }
  return lines.map((line) => (isBlank(line) ? '' : line.slice(common)));
}

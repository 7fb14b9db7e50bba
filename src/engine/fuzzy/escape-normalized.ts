// escape-normalized: the find and the content agree once string escapes are undone.
import type { Candidate, FuzzyBudget } from './types';
import {
  LineIndex,
  distinctCandidates,
  overlappingOccurrences,
  splitFindLines,
  unescapeText,
  withBudget,
} from './line-index';
import { blockCandidate, hasContentLine, matchLineBlocks } from './line-blocks';

/**
 * Two ways a model gets escapes wrong, both tried:
 * - it escaped old_string once too often (`\n` typed for a newline, `\"` for `"`): the unescaped
 *   find then occurs literally;
 * - it dropped escapes the file has (`it's` for `it\'s`): whole-line blocks whose lines, each
 *   unescaped, equal the find's lines.
 */
export function escapeNormalizedStrategy(
  content: string,
  find: string,
  budget: FuzzyBudget,
  index: LineIndex = new LineIndex(content),
): Candidate[] {
  const unescaped = unescapeText(find);
  const literal = unescaped === find ? [] : overlappingOccurrences(content, unescaped);
  const findLines = splitFindLines(unescaped);
  if (!hasContentLine(findLines)) return literal;
  return withBudget(() => {
    const blocks = matchLineBlocks(index, 'unescape', findLines.lines, budget);
    return distinctCandidates([...literal, ...blocks.map((s) => blockCandidate(index, s, findLines))]);
  });
}

// whitespace-normalized: runs of whitespace count as one space and line ends are trimmed.
import type { Candidate, FuzzyBudget } from './types';
import {
  LineIndex,
  distinctCandidates,
  normalizeWhitespace,
  splitFindLines,
  spendOrThrow,
  withBudget,
} from './line-index';
import { blockCandidate, hasContentLine, matchLineBlocks } from './line-blocks';

/**
 * A one-line find matches a whole line that normalises to it, or else every place inside a line
 * where its words appear separated by any run of spaces or tabs (overlapping places count
 * separately, SPEC 2.3). A multi-line find matches whole-line blocks line by line, so the line
 * structure has to agree: a blank line is not whitespace to be collapsed away.
 */
export function whitespaceNormalizedStrategy(
  content: string,
  find: string,
  budget: FuzzyBudget,
  index: LineIndex = new LineIndex(content),
): Candidate[] {
  const findLines = splitFindLines(find);
  if (!hasContentLine(findLines)) return [];
  return withBudget(() => {
    if (findLines.lines.length > 1) {
      const findKeys = findLines.lines.map(normalizeWhitespace);
      return matchLineBlocks(index, 'ws', findKeys, budget).map((s) => blockCandidate(index, s, findLines));
    }
    return withinLines(index, normalizeWhitespace(findLines.lines[0] as string), findLines.trailingNewline, budget);
  });
}

function withinLines(index: LineIndex, wanted: string, trailingNewline: boolean, budget: FuzzyBudget): Candidate[] {
  const words = wanted.split(' ');
  // Every word of the find appears literally in any line that matches, so native search for the
  // longest word picks the only lines worth comparing.
  const probe = words.reduce((a, b) => (b.length > a.length ? b : a));
  const pattern = new RegExp(words.map(escapeRegExp).join('[^\\S\\n]+'), 'g');
  const found: Candidate[] = [];
  const content = index.content;
  for (let at = content.indexOf(probe); at !== -1; ) {
    const line = index.lineOf(at);
    spendOrThrow(budget);
    const text = index.lines[line] as string;
    if (normalizeWhitespace(text) === wanted) {
      found.push({ start: index.lineStart(line), end: index.blockEnd(line, trailingNewline) });
    } else {
      pattern.lastIndex = 0;
      for (let hit = pattern.exec(text); hit !== null; hit = pattern.exec(text)) {
        const start = index.lineStart(line) + hit.index;
        found.push({ start, end: start + hit[0].length });
        pattern.lastIndex = hit.index + 1;
      }
    }
    if (!index.hasNewlineAfter(line)) break;
    at = content.indexOf(probe, index.lineEnd(line) + 1);
  }
  return distinctCandidates(found);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

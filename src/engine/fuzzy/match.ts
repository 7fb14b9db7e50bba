// The fuzzy matcher of the multiedit profile: strategies in order, ambiguity, replace_all and
// re-indentation (SPEC 4.4, 10.2-10.6).
import type { Candidate, FuzzyBudget, FuzzyMatch, FuzzyOptions, StrategyName } from './types';
import { LineIndex, nonOverlappingOccurrences, unescapeText } from './line-index';
import { indentShift, reindent } from './indent';
import { exactStrategy } from './exact';
import { lineTrimmedStrategy } from './line-trimmed';
import { blockAnchorStrategy } from './block-anchor';
import { whitespaceNormalizedStrategy } from './whitespace-normalized';
import { indentationFlexibleStrategy } from './indentation-flexible';
import { escapeNormalizedStrategy } from './escape-normalized';
import { trimmedBoundaryStrategy } from './trimmed-boundary';
import { contextAwareStrategy } from './context-aware';

export { reindent };

/** A strategy: distinct match locations, sorted by start. The index is shared across strategies. */
export type Strategy = (content: string, find: string, budget: FuzzyBudget, index?: LineIndex) => Candidate[];

export type SearchStrategyName = Exclude<StrategyName, 'multi-occurrence'>;

/** The order strategies are tried in (SPEC 4.4). `multi-occurrence` is only ever reported. */
export const STRATEGY_ORDER: SearchStrategyName[] = [
  'exact',
  'line-trimmed',
  'block-anchor',
  'whitespace-normalized',
  'indentation-flexible',
  'escape-normalized',
  'trimmed-boundary',
  'context-aware',
];

export const STRATEGIES: Record<SearchStrategyName, Strategy> = {
  exact: exactStrategy,
  'line-trimmed': lineTrimmedStrategy,
  'block-anchor': blockAnchorStrategy,
  'whitespace-normalized': whitespaceNormalizedStrategy,
  'indentation-flexible': indentationFlexibleStrategy,
  'escape-normalized': escapeNormalizedStrategy,
  'trimmed-boundary': trimmedBoundaryStrategy,
  'context-aware': contextAwareStrategy,
};

/**
 * Budget for one fuzzyMatch call, shared by all its strategies: a few comparisons per line of
 * the content plus a constant for small files. Anchored strategies spend far less on ordinary
 * input; the budget is there for content built to defeat the anchors.
 */
export function defaultBudget(content: string): FuzzyBudget {
  let lines = 1;
  for (let at = content.indexOf('\n'); at !== -1; at = content.indexOf('\n', at + 1)) lines++;
  return { lineComparisons: 4 * lines + 10_000 };
}

/**
 * Finds where `find` applies in `content` and what to write there.
 * Without replaceAll the first strategy with exactly one location wins; a strategy with more is
 * ambiguous and passes to the next. When none wins, the count reported is that of the first
 * strategy that found anything. An empty `find` is not-found: creating or filling a file from an
 * empty old_string is the caller's rule, not a match.
 */
export function fuzzyMatch(content: string, find: string, replace: string, options: FuzzyOptions): FuzzyMatch {
  if (find === '') return { kind: 'not-found' };
  const budget = options.budget ?? defaultBudget(content);
  // Built on first need: the common case, a unique exact match, never splits the content.
  let index: LineIndex | undefined;
  let firstCount: number | undefined;
  // Every match of these strategies contains each non-whitespace run of the find verbatim, so
  // when the find's longest run occurs nowhere (one native scan) they cannot match at all.
  const token = longestNonSpaceRun(find);
  const tokenAbsent = token !== '' && content.indexOf(token) === -1;
  const anchorsAbsent = anchorMissing(content, find);
  const escapedAbsent = escapeTokenMissing(content, find);
  for (const strategy of STRATEGY_ORDER) {
    if (tokenAbsent && RUN_PRESERVING.has(strategy)) continue;
    if (anchorsAbsent && (strategy === 'block-anchor' || strategy === 'context-aware')) continue;
    if (escapedAbsent && strategy === 'escape-normalized') continue;
    const candidates =
      strategy === 'exact'
        ? exactStrategy(content, find, budget)
        : STRATEGIES[strategy](content, find, budget, (index ??= new LineIndex(content)));
    if (candidates.length === 0) continue;
    if (options.replaceAll) return replaceAllWith(content, find, replace, strategy, candidates);
    if (candidates.length === 1) {
      const { start, end } = candidates[0] as Candidate;
      const text = replacementText(strategy, find, replace, content.slice(start, end));
      return { kind: 'match', strategy, replacements: [{ start, end, text }] };
    }
    firstCount ??= candidates.length;
  }
  return firstCount === undefined ? { kind: 'not-found' } : { kind: 'ambiguous', count: firstCount };
}

/** Strategies whose matches contain each non-whitespace run of the find as it is written. */
const RUN_PRESERVING = new Set<SearchStrategyName>(['line-trimmed', 'whitespace-normalized', 'indentation-flexible']);

/** block-anchor and context-aware need the find's first and last lines, trimmed, as whole lines. */
function anchorMissing(content: string, find: string): boolean {
  const lines = find.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length < 3) return false;
  const first = (lines[0] as string).trim();
  const last = (lines[lines.length - 1] as string).trim();
  return (first !== '' && content.indexOf(first) === -1) || (last !== '' && content.indexOf(last) === -1);
}

/**
 * Unescaping (line-index.ts) only drops backslashes and turns `\n` `\t` `\r` into whitespace: it
 * never creates or joins identifier characters. So a run of identifier characters of the
 * unescaped find must occur verbatim in the content for escape-normalized to match.
 */
function escapeTokenMissing(content: string, find: string): boolean {
  let best = '';
  for (const run of unescapeText(find).split(/[^A-Za-z0-9_]+/)) if (run.length > best.length) best = run;
  return best !== '' && content.indexOf(best) === -1;
}

function longestNonSpaceRun(find: string): string {
  let best = '';
  for (const run of find.split(/\s+/)) if (run.length > best.length) best = run;
  return best;
}

/**
 * replace_all uses the first strategy that found anything (SPEC 10.6). A literal find replaces
 * its non-overlapping occurrences, reported as `exact`. A fuzzy strategy's locations must all
 * hold the same actual text: "replace all" of one text is well defined, but a fuzzy strategy
 * whose locations differ in text would need a different re-indentation and a different literal
 * search per text, and would silently rewrite code that merely resembles old_string; so
 * differing texts are ambiguous (count = that strategy's locations). Otherwise every
 * non-overlapping literal occurrence of the actual text is replaced, reported as
 * `multi-occurrence`.
 */
function replaceAllWith(
  content: string,
  find: string,
  replace: string,
  strategy: SearchStrategyName,
  candidates: Candidate[],
): FuzzyMatch {
  if (strategy === 'exact') {
    const replacements = nonOverlappingOccurrences(content, find).map(({ start, end }) => ({
      start,
      end,
      text: replace,
    }));
    return { kind: 'match', strategy: 'exact', replacements };
  }
  const first = candidates[0] as Candidate;
  const actual = content.slice(first.start, first.end);
  if (candidates.some((c) => c.end - c.start !== actual.length || content.slice(c.start, c.end) !== actual)) {
    return { kind: 'ambiguous', count: candidates.length };
  }
  const text = replacementText(strategy, find, replace, actual);
  const replacements = nonOverlappingOccurrences(content, actual).map(({ start, end }) => ({ start, end, text }));
  return { kind: 'match', strategy: 'multi-occurrence', replacements };
}

/**
 * What to write over `actual`, the text a strategy matched for `find`:
 * - exact: `replace` as is;
 * - escape-normalized: the find is compared unescaped, but `replace` stays literal (SPEC 2.4): a
 *   model that over-escaped old_string is shown exactly what its new_string writes;
 * - re-indented by the uniform offset of `actual` relative to the find (SPEC 10.4), except for
 *   trimmed-boundary whose match is the trimmed find itself;
 * - boundary whitespace: when the find starts (ends) with whitespace that `actual` lacks, and
 *   `replace` starts (ends) with that same whitespace, it is dropped from `replace` too, so a
 *   find ending in `\n` matched at end of file does not add a newline. The leading rule is
 *   skipped after a re-indentation, which already accounted for the first line.
 */
export function replacementText(strategy: SearchStrategyName, find: string, replace: string, actual: string): string {
  if (strategy === 'exact') return replace;
  let findView = find;
  let text = replace;
  if (strategy === 'escape-normalized') {
    const unescaped = unescapeText(find);
    if (unescaped !== find && actual === unescaped) {
      findView = unescaped;
    }
  }
  let shifted = false;
  if (strategy !== 'trimmed-boundary') {
    const { offset, indentChar } = indentShift(findView, actual);
    if (offset !== 0) {
      text = reindent(text, offset, indentChar);
      shifted = true;
    }
  }
  const lead = leadingWhitespace(findView);
  if (!shifted && lead !== '' && leadingWhitespace(actual) === '' && text.startsWith(lead)) {
    text = text.slice(lead.length);
  }
  const trail = trailingWhitespace(findView);
  if (trail !== '' && trailingWhitespace(actual) === '' && text.endsWith(trail)) {
    text = text.slice(0, text.length - trail.length);
  }
  return text;
}

function leadingWhitespace(text: string): string {
  let end = 0;
  while (end < text.length && isSpace(text[end] as string)) end++;
  return text.slice(0, end);
}

function trailingWhitespace(text: string): string {
  let start = text.length;
  while (start > 0 && isSpace(text[start - 1] as string)) start--;
  return text.slice(start);
}

function isSpace(char: string): boolean {
  return char.trim() === '';
}

// The fuzzy matcher of the multiedit profile: strategies in order, ambiguity, replace_all and
// re-indentation (SPEC 4.4, 10.2-10.6).
import type { Candidate, FuzzyBudget, FuzzyMatch, FuzzyOptions, StrategyName } from './types';
import { LineIndex, nonOverlappingOccurrences, splitFindLines, unescapeText } from './line-index';
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
  return budgetForLines(lines);
}

function budgetForLines(lines: number): FuzzyBudget {
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
  // Built on first need: the common case, a unique exact match, never splits the content; and
  // the default budget counts the content's lines only when a strategy first spends.
  let index: LineIndex | undefined;
  const indexed = (): LineIndex => (index ??= new LineIndex(content));
  const budget = options.budget ?? new LineCountBudget(indexed);
  let firstCount: number | undefined;
  const absent = new AbsenceChecks(content, find);
  for (const strategy of STRATEGY_ORDER) {
    if (absent.rulesOut(strategy)) continue;
    const candidates = NATIVE.has(strategy)
      ? STRATEGIES[strategy](content, find, budget)
      : STRATEGIES[strategy](content, find, budget, indexed());
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

/** Native substring searches: they need no line index and never spend budget. */
const NATIVE = new Set<SearchStrategyName>(['exact', 'trimmed-boundary']);

/** `defaultBudget(content)`, with the lines counted (by the shared index) on first use. */
class LineCountBudget implements FuzzyBudget {
  private left: number | undefined;

  constructor(private readonly index: () => LineIndex) {}

  get lineComparisons(): number {
    return (this.left ??= budgetForLines(this.index().lineCount).lineComparisons);
  }

  set lineComparisons(value: number) {
    this.left = value;
  }
}

/** Strategies whose matches contain each non-whitespace run of the find as it is written. */
const RUN_PRESERVING = new Set<SearchStrategyName>(['line-trimmed', 'whitespace-normalized', 'indentation-flexible']);

/**
 * Cheap proofs that a strategy cannot match, each one native substring search, made only when a
 * strategy that it could rule out is reached (and at most once):
 * - the find's longest sure token (`sureToken`) rules out every strategy when it occurs
 *   nowhere, block-anchor and context-aware only when it lies in the find's first or last line;
 * - a strategy that preserves whitespace-free runs needs the find's longest one;
 * - block-anchor and context-aware need the first and last lines, trimmed;
 * - escape-normalized needs each identifier run of the unescaped find.
 * Skipping a strategy that would return no candidate changes nothing else either: a strategy
 * whose key for some find line occurs on no content line compares no line and spends no budget
 * (one-line whitespace-normalized, which searches inside lines, is the exception handled below).
 */
class AbsenceChecks {
  private readonly lines: string[];
  private readonly token: string;
  private tokenAbsentMemo: boolean | undefined;
  private runAbsentMemo: boolean | undefined;
  private anchorsAbsentMemo: boolean | undefined;
  private escapedAbsentMemo: boolean | undefined;

  constructor(
    private readonly content: string,
    private readonly find: string,
  ) {
    this.lines = splitFindLines(find).lines;
    this.token = sureToken(find);
  }

  rulesOut(strategy: SearchStrategyName): boolean {
    const anchored = strategy === 'block-anchor' || strategy === 'context-aware';
    if (anchored) return this.anchorsAbsent();
    // One-line whitespace-normalized spends budget on every line holding its longest word, so
    // it is skipped only when that word is absent: the budget left is then the same as if it ran.
    if (strategy === 'whitespace-normalized' && this.lines.length === 1) return this.runAbsent();
    if (this.tokenAbsent()) return true;
    if (RUN_PRESERVING.has(strategy)) return this.runAbsent();
    if (strategy === 'escape-normalized') return this.escapedAbsent();
    return false;
  }

  private tokenAbsent(): boolean {
    return (this.tokenAbsentMemo ??= this.token !== '' && this.content.indexOf(this.token) === -1);
  }

  private runAbsent(): boolean {
    if (this.runAbsentMemo === undefined) {
      const run = longestNonSpaceRun(this.find);
      this.runAbsentMemo = run !== '' && run !== this.token && this.content.indexOf(run) === -1;
    }
    return this.runAbsentMemo;
  }

  /** block-anchor and context-aware need the find's first and last lines, trimmed, as whole lines. */
  private anchorsAbsent(): boolean {
    if (this.anchorsAbsentMemo === undefined) {
      const lines = this.lines;
      if (lines.length < 3) {
        this.anchorsAbsentMemo = false;
      } else {
        const first = (lines[0] as string).trim();
        const last = (lines[lines.length - 1] as string).trim();
        const known = this.tokenAbsent() && (first.includes(this.token) || last.includes(this.token));
        this.anchorsAbsentMemo =
          known ||
          (first !== '' && this.content.indexOf(first) === -1) ||
          (last !== '' && this.content.indexOf(last) === -1);
      }
    }
    return this.anchorsAbsentMemo;
  }

  /**
   * Unescaping (line-index.ts) only drops backslashes and turns `\n` `\t` `\r` into whitespace: it
   * never creates or joins identifier characters. So a run of identifier characters of the
   * unescaped find must occur verbatim in the content for escape-normalized to match.
   */
  private escapedAbsent(): boolean {
    if (this.escapedAbsentMemo === undefined) {
      let best = '';
      for (const run of unescapeText(this.find).split(/[^A-Za-z0-9_]+/)) if (run.length > best.length) best = run;
      this.escapedAbsentMemo = best !== '' && best !== this.token && this.content.indexOf(best) === -1;
    }
    return this.escapedAbsentMemo;
  }
}

/**
 * The longest run of identifier characters (`[A-Za-z0-9_]`) in the find that no backslash
 * precedes. Every match of every strategy but block-anchor and context-aware contains it
 * verbatim (and those two as well when it lies in the find's first or last line):
 * - exact and trimmed-boundary contain the find (trimmed), and the run has no whitespace;
 * - line-trimmed, indentation-flexible and whitespace-normalized keep each line's
 *   whitespace-free runs as they are written;
 * - block-anchor and context-aware contain the find's first and last lines, trimmed;
 * - escape-normalized: unescaping rewrites only a backslash and the character after it, so a
 *   run no backslash precedes is copied unchanged into the unescaped find; and a run of
 *   identifier characters of an unescaped text is a run of the text itself, since every
 *   character an escape produces is a separator.
 * So when the content lacks it, one native search decides a miss.
 */
function sureToken(find: string): string {
  let best = '';
  for (const run of find.matchAll(IDENTIFIER_RUN)) {
    if (run[0].length > best.length && find[run.index - 1] !== '\\') best = run[0];
  }
  return best;
}

const IDENTIFIER_RUN = /[A-Za-z0-9_]+/g;

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

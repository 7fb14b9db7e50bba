// Contract between the multiedit profile and the fuzzy matcher (SPEC 4.4, 10.2-10.6).
// All offsets are into the LF view of the content (SPEC 2.2); `find` and `replace` are LF view too.

export type StrategyName =
  | 'exact'
  | 'line-trimmed'
  | 'block-anchor'
  | 'whitespace-normalized'
  | 'indentation-flexible'
  | 'escape-normalized'
  | 'trimmed-boundary'
  | 'context-aware'
  | 'multi-occurrence';

/** One place a strategy matched: `content.slice(start, end)` is the actual text. */
export interface Candidate {
  start: number;
  end: number;
}

/** Bounds fuzzy work so a miss on a large file costs about a few linear scans (SPEC 4.4). */
export interface FuzzyBudget {
  /** Line comparisons (or similarity computations) left; a strategy gives up when it hits 0. */
  lineComparisons: number;
}

/** The outcome of matching one edit. */
export type FuzzyMatch =
  | {
      kind: 'match';
      /** The strategy reported to the user (SPEC 10.6). */
      strategy: StrategyName;
      /** Non-overlapping, sorted by start: what to replace and with what (re-indented when needed). */
      replacements: { start: number; end: number; text: string }[];
    }
  | { kind: 'ambiguous'; count: number }
  | { kind: 'not-found' };

export interface FuzzyOptions {
  replaceAll: boolean;
  budget?: FuzzyBudget;
}

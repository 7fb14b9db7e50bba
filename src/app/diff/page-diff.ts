// Monaco's diff of an excerpt page, computed on the page instead of in Monaco's editor worker.
//
// Why: the diff editor sends both models to Monaco's editor worker and waits for the worker's
// answer before it draws any change. On the first diff of a session that worker is started
// first (a 297 KB script), and on a busy 2-core machine each hop between threads waits for a
// core: bench:ui measured 100-250 ms from the models being set to the diff arriving, for a page
// whose legacy diff takes 2-25 ms (Node, W3's pages; more the first time, the code being cold). A
// page is at most PAGE_LINES lines a side (src/worker/diff-excerpt.ts), so the same algorithm on
// the same lines is done here, in the task that sets the models. Only the legacy algorithm (the
// one MonacoDiff asks for on excerpt pages) is taken over; every other diff still goes to the
// worker, whose `advanced` algorithm has a time bound for large files.

import { LegacyLinesDiffComputer } from 'monaco-editor/editor/common/diff/legacyLinesDiffComputer';

export interface PageDiffOptions {
  ignoreTrimWhitespace: boolean;
  maxComputationTimeMs: number;
  computeMoves: boolean;
}

/** A changed range: 1-based lines and columns, end exclusive (Monaco's `Range`). */
interface RangeLike {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** Monaco's DetailedLineRangeMapping, as far as the app reads it. */
export interface PageLineChange {
  original: { startLineNumber: number; endLineNumberExclusive: number };
  modified: { startLineNumber: number; endLineNumberExclusive: number };
  innerChanges: { originalRange: RangeLike; modifiedRange: RangeLike }[] | undefined;
}

/** Monaco's IDocumentDiff: what its diff editor takes from a diff provider. */
export interface PageDiff {
  identical: boolean;
  quitEarly: boolean;
  changes: readonly PageLineChange[];
  moves: readonly unknown[];
}

/**
 * The diff of two pages' lines as Monaco's editor worker computes it with the legacy algorithm
 * (EditorWorker.computeDiff): the same computer on the same lines, so the same changes and inner
 * changes, without the worker.
 */
export function legacyPageDiff(originalLines: readonly string[], modifiedLines: readonly string[], options: PageDiffOptions): PageDiff {
  const result = new LegacyLinesDiffComputer().computeDiff(originalLines, modifiedLines, options);
  // As the worker answers it: identical only when no line differs (EditorWorker._modelsAreIdentical).
  const identical = result.changes.length === 0 && originalLines.length === modifiedLines.length && originalLines.every((l, i) => l === modifiedLines[i]);
  return { identical, quitEarly: result.hitTimeout, changes: result.changes, moves: result.moves };
}

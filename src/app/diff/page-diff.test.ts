import { describe, expect, it } from 'vitest';
import { legacyPageDiff } from './page-diff';

const options = { ignoreTrimWhitespace: false, maxComputationTimeMs: 0, computeMoves: false };

/** The plain shape of a diff, as Monaco's editor worker serialises it (EditorWorker.computeDiff). */
function plain(diff: ReturnType<typeof legacyPageDiff>) {
  return {
    identical: diff.identical,
    quitEarly: diff.quitEarly,
    moves: diff.moves.length,
    changes: diff.changes.map((c) => [
      c.original.startLineNumber,
      c.original.endLineNumberExclusive,
      c.modified.startLineNumber,
      c.modified.endLineNumberExclusive,
      c.innerChanges?.map((i) => [i.originalRange.startLineNumber, i.originalRange.startColumn, i.originalRange.endLineNumber, i.originalRange.endColumn, i.modifiedRange.startLineNumber, i.modifiedRange.startColumn, i.modifiedRange.endLineNumber, i.modifiedRange.endColumn]),
    ]),
  };
}

describe('legacyPageDiff: Monaco legacy diff of an excerpt page, on the page', () => {
  it('a renamed identifier: one changed line, its inner change the renamed characters', () => {
    const original = ['⋯ 3 unchanged lines not shown ⋯', 'const delta_L067482 = 1;', 'return x;'];
    const modified = ['⋯ 3 unchanged lines not shown ⋯', 'const del_L067482 = 1;', 'return x;'];
    expect(plain(legacyPageDiff(original, modified, options))).toEqual({
      identical: false,
      quitEarly: false,
      moves: 0,
      changes: [[2, 3, 2, 3, [[2, 10, 2, 12, 2, 10, 2, 10]]]],
    });
  });

  it('a line added and one removed are line changes of their own', () => {
    const diff = plain(legacyPageDiff(['a', 'b', 'c'], ['a', 'c', 'd'], options));
    expect(diff.changes.map((c) => c.slice(0, 4))).toEqual([
      [2, 3, 2, 2],
      [4, 4, 3, 4],
    ]);
    expect(diff.identical).toBe(false);
  });

  it('identical pages are identical, with no change', () => {
    expect(plain(legacyPageDiff(['x', 'y'], ['x', 'y'], options))).toEqual({ identical: true, quitEarly: false, moves: 0, changes: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { blockAnchorStrategy } from './block-anchor';
import { fuzzyMatch } from './match';
import { editDistance, lineSimilarity } from './similarity';
import { budget, texts } from '../../../tests/support/fuzzy';

const g = 'function g() {\n  const a = 1;\n  return a + 1;\n}\n';

describe('block-anchor', () => {
  it('matches a block by its first and last lines when the middle is similar (not line-trimmed)', () => {
    const find = 'function g() {\n  const a = 2;\n  return a + 1;\n}';
    expect(blockAnchorStrategy(g, find, budget())).toEqual([{ start: 0, end: 47 }]);
    expect(fuzzyMatch(g, find, 'function g() {\n  return 3;\n}', { replaceAll: false })).toEqual({
      kind: 'match',
      strategy: 'block-anchor',
      replacements: [{ start: 0, end: 47, text: 'function g() {\n  return 3;\n}' }],
    });
  });

  it('rejects a single candidate whose middle lines are dissimilar (anchors alone are not enough)', () => {
    const find = 'function g() {\n  totally different stuff here;\n  nothing alike at all;\n}';
    expect(blockAnchorStrategy(g, find, budget())).toEqual([]);
    expect(fuzzyMatch(g, find, 'x', { replaceAll: false })).toEqual({ kind: 'not-found' });
  });

  it('is ambiguous with two candidates at or above 0.5, never picking the most similar', () => {
    // Each block also shares one middle line exactly, so context-aware cannot decide either.
    const two =
      'function g() {\n  const a = 1;\n  return a + 1;\n}\n' + 'function g() {\n  const a = 1;\n  return a + 9;\n}\n';
    const find = 'function g() {\n  const a = 1;\n  return a + 2;\n}';
    const found = blockAnchorStrategy(two, find, budget());
    expect(found).toEqual([
      { start: 0, end: 47 },
      { start: 48, end: 95 },
    ]);
    expect(fuzzyMatch(two, find, 'x', { replaceAll: false })).toEqual({ kind: 'ambiguous', count: 2 });
  });

  it('needs at least 3 lines in the find', () => {
    expect(blockAnchorStrategy(g, 'function g() {\n}', budget())).toEqual([]);
    expect(blockAnchorStrategy(g, 'function g() {\n}\n', budget())).toEqual([]);
  });

  it('needs non-blank anchors', () => {
    expect(blockAnchorStrategy('\na\n\n', '\nb\n\n', budget())).toEqual([]);
  });

  it('ends the block at the last-anchor line nearest the find length, past a nested one', () => {
    const nested = 'f() {\n  if (x) {\n    y();\n  }\n  return 1;\n}\n';
    const find = 'f() {\n  if (x) {\n    z();\n  }\n  return 1;\n}\n';
    const found = blockAnchorStrategy(nested, find, budget());
    expect(texts(nested, found)).toEqual([nested]);
  });

  it('accepts a block with an extra middle line when the rest is similar, and counts it', () => {
    // find middle: 3 lines; block middle: 4 lines, 3 equal by position -> 3/4 >= 0.5.
    const content = 'begin\n  a1;\n  a2;\n  a3;\n  a4;\nend\n';
    const find = 'begin\n  a1;\n  a2;\n  a3;\nend';
    expect(blockAnchorStrategy(content, find, budget())).toEqual([{ start: 0, end: 33 }]);
  });

  it('rejects a block more than twice as long in the middle without comparing it', () => {
    const content = 'begin\n' + '  a;\n'.repeat(5) + 'end\n';
    const b = budget(100);
    expect(blockAnchorStrategy(content, 'begin\n  a;\n  a;\nend', b)).toEqual([]);
    // one unit for the single first-anchor line, none for similarity
    expect(b.lineComparisons).toBe(99);
  });

  it('gives up with no candidates when the budget runs out', () => {
    const b = budget(2);
    expect(blockAnchorStrategy(g, 'function g() {\n  const a = 2;\n  return a + 2;\n}', b)).toEqual([]);
    expect(b.lineComparisons).toBe(0);
  });
});

describe('block-anchor similarity (Levenshtein)', () => {
  it('is 1 - distance / longer length', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(lineSimilarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7, 12);
    expect(lineSimilarity('', '')).toBe(1);
    expect(lineSimilarity('abc', '')).toBe(0);
  });

  it('is bounded on long lines: beyond 256 differing characters the longer length is used', () => {
    // exact distance is 2; the bound answers the longer middle length, never less than exact
    expect(editDistance('a'.repeat(300), 'b' + 'a'.repeat(299) + 'c')).toBe(301);
    // a common prefix and suffix are stripped first, so a small change in a long line stays exact
    expect(editDistance('p' + 'a'.repeat(300), 'p' + 'a'.repeat(299) + 'b')).toBe(1);
    expect(editDistance('a'.repeat(200) + 'xyz' + 'a'.repeat(200), 'a'.repeat(200) + 'xz' + 'a'.repeat(200))).toBe(1);
  });
});

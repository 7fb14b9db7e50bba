import { describe, expect, it } from 'vitest';
import { exactStrategy } from './exact';
import { budget } from '../../../tests/support/fuzzy';

describe('exact', () => {
  it('counts occurrences overlapping: "aa" occurs twice in "aaa" (SPEC 2.3)', () => {
    expect(exactStrategy('aaa', 'aa', budget())).toEqual([
      { start: 0, end: 2 },
      { start: 1, end: 3 },
    ]);
  });

  it('returns the literal location of a unique find', () => {
    expect(exactStrategy('xabcx', 'abc', budget())).toEqual([{ start: 1, end: 4 }]);
  });

  it('finds nothing for an empty find or a missing one', () => {
    expect(exactStrategy('abc', '', budget())).toEqual([]);
    expect(exactStrategy('abc', 'abd', budget())).toEqual([]);
  });

  it('spends no budget', () => {
    const b = budget(0);
    expect(exactStrategy('abcabc', 'bc', b)).toEqual([
      { start: 1, end: 3 },
      { start: 4, end: 6 },
    ]);
    expect(b.lineComparisons).toBe(0);
  });
});

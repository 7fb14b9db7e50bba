import { describe, expect, it } from 'vitest';
import { trimmedBoundaryStrategy } from './trimmed-boundary';
import { fuzzyMatch } from './match';
import { apply, budget } from '../../../tests/support/fuzzy';

const content = 'x = foo(1) +\n  2;\n';

describe('trimmed-boundary', () => {
  it('matches the find without its boundary whitespace, inside lines (nothing earlier can)', () => {
    const find = '  foo(1) +\n  2';
    expect(trimmedBoundaryStrategy(content, find, budget())).toEqual([{ start: 4, end: 16 }]);
    const match = fuzzyMatch(content, find, '  bar(1) +\n  3', { replaceAll: false });
    expect(match).toEqual({
      kind: 'match',
      strategy: 'trimmed-boundary',
      replacements: [{ start: 4, end: 16, text: 'bar(1) +\n  3' }],
    });
    expect(apply(content, match)).toBe('x = bar(1) +\n  3;\n');
  });

  it('drops the same boundary whitespace from new_string, at both ends', () => {
    expect(fuzzyMatch(content, '  foo(1) +\n  2\n', '  bar(1) +\n  3\n', { replaceAll: false })).toEqual({
      kind: 'match',
      strategy: 'trimmed-boundary',
      replacements: [{ start: 4, end: 16, text: 'bar(1) +\n  3' }],
    });
  });

  it('keeps new_string whole when it does not repeat the boundary whitespace', () => {
    expect(fuzzyMatch(content, '  foo(1) +\n  2', 'bar(1) +\n  3 ', { replaceAll: false })).toEqual({
      kind: 'match',
      strategy: 'trimmed-boundary',
      replacements: [{ start: 4, end: 16, text: 'bar(1) +\n  3 ' }],
    });
  });

  it('does nothing for a find that is already trimmed or only whitespace', () => {
    expect(trimmedBoundaryStrategy(content, 'foo(1)', budget())).toEqual([]);
    expect(trimmedBoundaryStrategy(content, ' \n ', budget())).toEqual([]);
  });
});

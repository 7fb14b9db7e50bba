import { describe, expect, it } from 'vitest';
import { escapeNormalizedStrategy } from './escape-normalized';
import { unescapeText } from './line-index';
import { fuzzyMatch } from './match';
import { apply, budget } from '../../../tests/support/fuzzy';

describe('escape-normalized', () => {
  it('matches an old_string escaped once too often, and writes new_string literally (SPEC 2.4)', () => {
    const content = 'log("hi");\n';
    const find = 'log(\\"hi\\");';
    expect(escapeNormalizedStrategy(content, find, budget())).toEqual([{ start: 0, end: 10 }]);
    const match = fuzzyMatch(content, find, 'log(\\"bye\\");', { replaceAll: false });
    expect(match).toEqual({
      kind: 'match',
      strategy: 'escape-normalized',
      replacements: [{ start: 0, end: 10, text: 'log(\\"bye\\");' }],
    });
    expect(apply(content, match)).toBe('log(\\"bye\\");\n');
  });

  it('matches an escaped newline in the find against a real line break', () => {
    expect(escapeNormalizedStrategy('x\na\nb\n', 'a\\nb', budget())).toEqual([{ start: 2, end: 5 }]);
  });

  it('matches whole lines whose escapes the find dropped, keeping new_string literal', () => {
    const content = "msg = 'it\\'s';\n";
    const find = "msg = 'it's';";
    expect(escapeNormalizedStrategy(content, find, budget())).toEqual([{ start: 0, end: 14 }]);
    expect(fuzzyMatch(content, find, "msg = 'ok';", { replaceAll: false })).toEqual({
      kind: 'match',
      strategy: 'escape-normalized',
      replacements: [{ start: 0, end: 14, text: "msg = 'ok';" }],
    });
  });

  it('finds nothing when escapes are not the difference', () => {
    expect(escapeNormalizedStrategy('alpha\n', 'beta', budget())).toEqual([]);
  });

  it('unescapes \\n \\t \\r \\\' \\" \\` \\\\ \\$ and leaves other backslashes', () => {
    expect(unescapeText('a\\nb\\tc\\rd\\\'e\\"f\\`g\\\\h\\$i\\qj')).toBe('a\nb\tc\rd\'e"f`g\\h$i\\qj');
  });
});

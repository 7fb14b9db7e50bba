import { describe, expect, it } from 'vitest';
import { whitespaceNormalizedStrategy } from './whitespace-normalized';
import { fuzzyMatch } from './match';
import { apply, budget, texts } from '../../../tests/support/fuzzy';

describe('whitespace-normalized', () => {
  it('matches words separated by other runs of spaces inside a line (not exact or line-trimmed)', () => {
    const content = 'let x =   foo(  a,b );\n';
    const find = 'x = foo( a,b )';
    const found = whitespaceNormalizedStrategy(content, find, budget());
    expect(found).toEqual([{ start: 4, end: 21 }]);
    expect(texts(content, found)).toEqual(['x =   foo(  a,b )']);
    const match = fuzzyMatch(content, find, 'y = bar()', { replaceAll: false });
    expect(match).toEqual({
      kind: 'match',
      strategy: 'whitespace-normalized',
      replacements: [{ start: 4, end: 21, text: 'y = bar()' }],
    });
    expect(apply(content, match)).toBe('let y = bar();\n');
  });

  it('takes the whole line, indentation included, when the line normalises to the find', () => {
    const content = 'a\n\tfoo   bar\nb';
    expect(whitespaceNormalizedStrategy(content, 'foo bar', budget())).toEqual([{ start: 2, end: 12 }]);
    expect(fuzzyMatch(content, 'foo bar', 'baz', { replaceAll: false })).toEqual({
      kind: 'match',
      strategy: 'whitespace-normalized',
      replacements: [{ start: 2, end: 12, text: '\tbaz' }],
    });
  });

  it('counts every place in a line, overlapping ones too', () => {
    expect(whitespaceNormalizedStrategy('foo  bar foo\tbar', 'foo bar', budget())).toEqual([
      { start: 0, end: 8 },
      { start: 9, end: 16 },
    ]);
    expect(whitespaceNormalizedStrategy('a  a  a', 'a a', budget())).toEqual([
      { start: 0, end: 4 },
      { start: 3, end: 7 },
    ]);
  });

  it('matches multi-line finds as whole lines, line by line', () => {
    const content = 'if (a  &&  b) {\n  go( );\n}\n';
    const find = 'if (a && b) {\n  go( );\n}\n';
    expect(whitespaceNormalizedStrategy(content, find, budget())).toEqual([{ start: 0, end: 27 }]);
    expect(fuzzyMatch(content, find, 'if (c) {\n  go( );\n}\n', { replaceAll: false })).toEqual({
      kind: 'match',
      strategy: 'whitespace-normalized',
      replacements: [{ start: 0, end: 27, text: 'if (c) {\n  go( );\n}\n' }],
    });
  });

  it('keeps the line structure: a newline in the content is not a space in the find', () => {
    expect(whitespaceNormalizedStrategy('foo\nbar', 'foo bar', budget())).toEqual([]);
    expect(whitespaceNormalizedStrategy('foo bar', 'foo\nbar', budget())).toEqual([]);
  });

  it('treats regular-expression characters in the find literally', () => {
    expect(whitespaceNormalizedStrategy('a.*b  (c)', 'a.*b (c)', budget())).toEqual([{ start: 0, end: 9 }]);
    expect(whitespaceNormalizedStrategy('axxb (c)', 'a.*b (c)', budget())).toEqual([]);
  });

  it('ignores a whitespace-only find', () => {
    expect(whitespaceNormalizedStrategy('a  b', '  ', budget())).toEqual([]);
  });
});

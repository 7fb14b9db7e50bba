import { describe, expect, it } from 'vitest';
import { STRATEGY_ORDER, fuzzyMatch, reindent } from './match';
import { apply } from '../../../tests/support/fuzzy';

const one = { replaceAll: false };
const all = { replaceAll: true };

describe('strategy order (SPEC 4.4)', () => {
  it('tries the strategies in the specified order; multi-occurrence is only reported', () => {
    expect(STRATEGY_ORDER).toEqual([
      'exact',
      'line-trimmed',
      'block-anchor',
      'whitespace-normalized',
      'indentation-flexible',
      'escape-normalized',
      'trimmed-boundary',
      'context-aware',
    ]);
  });

  it('takes a unique exact match before any fuzzy strategy', () => {
    // whitespace-normalized would find both lines
    expect(fuzzyMatch('a  b\na b', 'a b', 'c', one)).toEqual({
      kind: 'match',
      strategy: 'exact',
      replacements: [{ start: 5, end: 8, text: 'c' }],
    });
  });

  it('passes an ambiguous strategy to the next one, which may find a single location', () => {
    // exact finds "foo" twice; line-trimmed finds one whole line "foo"
    expect(fuzzyMatch('foo\nfoobar\n', 'foo', 'baz', one)).toEqual({
      kind: 'match',
      strategy: 'line-trimmed',
      replacements: [{ start: 0, end: 3, text: 'baz' }],
    });
  });

  it('is not-found when no strategy finds anything', () => {
    expect(fuzzyMatch('alpha\nbeta\n', 'gamma', 'x', one)).toEqual({ kind: 'not-found' });
  });

  it('is not-found for an empty find (creation is the caller rule)', () => {
    expect(fuzzyMatch('abc', '', 'x', one)).toEqual({ kind: 'not-found' });
  });

  it('reports ambiguity with the count of the first strategy that found anything', () => {
    // exact: 2 ("a b" at 0 and 5); whitespace-normalized would say 3
    expect(fuzzyMatch('a b xa b a  b', 'a b', 'c', one)).toEqual({ kind: 'ambiguous', count: 2 });
  });

  it('counts distinct locations, not distinct texts (SPEC 10.2)', () => {
    expect(fuzzyMatch('  go();\n\tgo();\n', 'go(); ', 'x', one)).toEqual({ kind: 'ambiguous', count: 2 });
  });
});

describe('replace_all (SPEC 10.6)', () => {
  it('replaces exact occurrences non-overlapping, left to right: "aa" in "aaaa" twice', () => {
    expect(fuzzyMatch('aaaa', 'aa', 'X', all)).toEqual({
      kind: 'match',
      strategy: 'exact',
      replacements: [
        { start: 0, end: 2, text: 'X' },
        { start: 2, end: 4, text: 'X' },
      ],
    });
    expect(fuzzyMatch('aaa', 'aa', 'X', all)).toEqual({
      kind: 'match',
      strategy: 'exact',
      replacements: [{ start: 0, end: 2, text: 'X' }],
    });
  });

  it('uses the first strategy that finds anything, even a single exact occurrence', () => {
    expect(fuzzyMatch('a b\na  b', 'a b', 'c', all)).toEqual({
      kind: 'match',
      strategy: 'exact',
      replacements: [{ start: 0, end: 3, text: 'c' }],
    });
  });

  it('replaces every literal occurrence of a fuzzy match text, reported as multi-occurrence', () => {
    const content = '  foo  bar\nx\n  foo  bar\n';
    const match = fuzzyMatch(content, 'foo bar', 'baz', all);
    expect(match).toEqual({
      kind: 'match',
      strategy: 'multi-occurrence',
      replacements: [
        { start: 0, end: 10, text: '  baz' },
        { start: 13, end: 23, text: '  baz' },
      ],
    });
    expect(apply(content, match)).toBe('  baz\nx\n  baz\n');
  });

  it('reports multi-occurrence for a single fuzzy location too', () => {
    expect(fuzzyMatch('x\n  foo  bar\n', 'foo bar', 'baz', all)).toEqual({
      kind: 'match',
      strategy: 'multi-occurrence',
      replacements: [{ start: 2, end: 12, text: '  baz' }],
    });
  });

  it('is ambiguous when the fuzzy locations hold different texts', () => {
    expect(fuzzyMatch('  go();\n\tgo();\n', 'go(); ', 'x', all)).toEqual({ kind: 'ambiguous', count: 2 });
  });
});

describe('replacement text', () => {
  it('is literal: $& $1 $$ $` and $\' are written as they are (SPEC 2.4)', () => {
    const replace = "$&$1$$$`$'";
    const exact = fuzzyMatch('a x b', 'x', replace, one);
    expect(exact).toEqual({ kind: 'match', strategy: 'exact', replacements: [{ start: 2, end: 3, text: replace }] });
    expect(apply('a x b', exact)).toBe("a $&$1$$$`$' b");
    const fuzzy = fuzzyMatch('  x  y\n', 'x y', replace, all);
    expect(apply('  x  y\n', fuzzy)).toBe("  $&$1$$$`$'\n");
  });

  it('is re-indented with tabs when the match is indented with tabs', () => {
    const content = '\t\tfoo();\n\t\tbar();\n';
    expect(fuzzyMatch(content, 'foo();\nbar();', 'baz();\n  qux();', one)).toEqual({
      kind: 'match',
      strategy: 'line-trimmed',
      replacements: [{ start: 0, end: 17, text: '\t\tbaz();\n\t\t  qux();' }],
    });
  });

  it('is re-indented with spaces when the match is indented with spaces', () => {
    const content = 'class A {\n    m() {\n      return 1;\n    }\n}\n';
    const find = 'm() {\n  return 1;\n}\n';
    const match = fuzzyMatch(content, find, 'm() {\n  return 2;\n}\n', one);
    expect(match).toEqual({
      kind: 'match',
      strategy: 'line-trimmed',
      replacements: [{ start: 10, end: 42, text: '    m() {\n      return 2;\n    }\n' }],
    });
    expect(apply(content, match)).toBe('class A {\n    m() {\n      return 2;\n    }\n}\n');
  });

  it('loses indentation when the match is indented less, never more than a line has', () => {
    const content = 'foo();\nbar();\n';
    const find = '    foo();\n    bar();';
    expect(fuzzyMatch(content, find, '    baz();\n      qux();\n\n  z();', one)).toEqual({
      kind: 'match',
      strategy: 'line-trimmed',
      replacements: [{ start: 0, end: 13, text: 'baz();\n  qux();\n\nz();' }],
    });
  });

  it('is not re-indented when the offset is not uniform; the find-only leading indent is dropped', () => {
    const content = 'foo();\n    bar();\n';
    expect(fuzzyMatch(content, '  foo();\n  bar();', '  x();\n  y();', one)).toEqual({
      kind: 'match',
      strategy: 'line-trimmed',
      replacements: [{ start: 0, end: 17, text: 'x();\n  y();' }],
    });
  });

  it('is never re-indented for an exact match', () => {
    expect(fuzzyMatch('    a();\n', 'a();', '  b();\n  c();', one)).toEqual({
      kind: 'match',
      strategy: 'exact',
      replacements: [{ start: 4, end: 8, text: '  b();\n  c();' }],
    });
  });
});

describe('reindent (SPEC 10.4)', () => {
  it('adds spaces to every non-blank line', () => {
    expect(reindent('a\n  b\n\nc\n', 2)).toBe('  a\n    b\n\n  c\n');
  });

  it('adds tabs when told the indentation is tabs', () => {
    expect(reindent('a\n\tb', 1, '\t')).toBe('\ta\n\t\tb');
  });

  it('removes up to |k| leading spaces or tabs, never more than the line has', () => {
    expect(reindent('    a\n  b\n\t\tc\nd', -3)).toBe(' a\nb\nc\nd');
    expect(reindent('\t\t\ta\n\tb', -2)).toBe('\ta\nb');
  });

  it('leaves blank lines alone in both directions', () => {
    expect(reindent('a\n   \nb', 2)).toBe('  a\n   \n  b');
    expect(reindent('  a\n   \n  b', -2)).toBe('a\n   \nb');
  });

  it('is the identity for offset 0', () => {
    expect(reindent(' a\n\tb', 0)).toBe(' a\n\tb');
  });
});

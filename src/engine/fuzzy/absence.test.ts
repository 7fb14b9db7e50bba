// A miss is decided by native searches for what every match must contain (match.ts,
// AbsenceChecks): these cases check that the shortcuts skip a strategy only when it truly
// cannot match, and that they spend the budget as the strategies themselves would.
import { describe, expect, it } from 'vitest';
import { defaultBudget, fuzzyMatch } from './match';
import { budget } from '../../../tests/support/fuzzy';

const one = { replaceAll: false };

describe('a find whose longest identifier occurs nowhere', () => {
  it('is not-found without comparing a line', () => {
    const content = 'function a() {\n  return 1;\n}\n'.repeat(50);
    const b = defaultBudget(content);
    const granted = b.lineComparisons;
    const find = 'function unmatchedIdentifierQz() {\n  return 1;\n}';
    expect(fuzzyMatch(content, find, 'x', { replaceAll: false, budget: b })).toEqual({ kind: 'not-found' });
    expect(b.lineComparisons).toBe(granted);
  });

  it('still matches a near miss that differs only in whitespace (line-trimmed)', () => {
    const content = 'a\n    const longIdentifierHere = 1;\n  return longIdentifierHere;\nb\n';
    const find = '  const longIdentifierHere = 1;\n      return longIdentifierHere;';
    const m = fuzzyMatch(content, find, 'x', one);
    expect(m).toMatchObject({ kind: 'match', strategy: 'line-trimmed' });
  });

  it('still matches by block-anchor when the absent identifier is on a middle line', () => {
    // `computeTotalQz` occurs nowhere, but block-anchor only needs the anchors and a similar middle
    const content = 'function g() {\n  const total = computeTotalQ(a, b);\n  return total + 1;\n}\n';
    const find = 'function g() {\n  const total = computeTotalQz(a, b);\n  return total + 1;\n}';
    expect(fuzzyMatch(content, find, 'x', one)).toMatchObject({ kind: 'match', strategy: 'block-anchor' });
  });

  it('rules out block-anchor and context-aware only when it lies in the first or last line', () => {
    // the first line's identifier is absent, so the first anchor is: nothing can match
    const content = 'function g() {\n  const total = 1;\n  return total;\n}\n';
    const find = 'function gQzAbsentName() {\n  const total = 1;\n  return total;\n}';
    expect(fuzzyMatch(content, find, 'x', one)).toEqual({ kind: 'not-found' });
  });

  it('is not-found when the first line occurs but the block does not', () => {
    const content = 'header_line_with_ident\nmiddle_one\nmiddle_two\ntail_line\n';
    const find = 'header_line_with_ident\nother_middle_line\ntail_line_elsewhere';
    expect(fuzzyMatch(content, find, 'x', one)).toEqual({ kind: 'not-found' });
    expect(fuzzyMatch(content, 'header_line_with_ident\n  middle_one', 'x', one)).toMatchObject({
      kind: 'match',
      strategy: 'line-trimmed',
    });
  });

  it('does not take an identifier that follows a backslash: unescaping changes it (escape-normalized)', () => {
    // `\nlongidentifier` unescapes to a line break and `longidentifier`; `nlongidentifier`
    // occurs nowhere in the content, yet the unescaped find does
    const content = 'x = \nlongidentifier;\n';
    expect(fuzzyMatch(content, 'x = \\nlongidentifier;', 'y', one)).toMatchObject({
      kind: 'match',
      strategy: 'escape-normalized',
    });
  });

  it('finds escape-normalized matches whose file escapes the find drops', () => {
    const content = "say('it\\'s_a_long_identifier')\n";
    expect(fuzzyMatch(content, "say('it's_a_long_identifier')", 'y', one)).toMatchObject({
      kind: 'match',
      strategy: 'escape-normalized',
    });
  });

  it('lets one-line whitespace-normalized spend on the lines holding its longest word, as it would', () => {
    // `zzzzzz` occurs nowhere, but the longest word `foo();` (first of the longest) does, twice
    const content = 'foo(); a\nfoo(); b\nc\n';
    const b = budget(100);
    expect(fuzzyMatch(content, 'foo();  zzzzzz', 'x', { replaceAll: false, budget: b })).toEqual({
      kind: 'not-found',
    });
    expect(b.lineComparisons).toBe(98);
  });
});

describe('the default budget', () => {
  it('is the same as defaultBudget(content) when the content is only indexed on demand', () => {
    const lines: string[] = [];
    for (let i = 0; i < 4_000; i++) lines.push(i % 8 === 7 ? '}' : `  const v${i} = compute(a, b, ${i % 97});`);
    const content = lines.join('\n');
    // block-anchor finds every block similar (ambiguous) within the default budget, and runs
    // out of a budget of a few comparisons
    const middle = Array.from({ length: 7 }, (_, i) => `  const w${i} = compute(a, b, ${i});`);
    const find = ['}', ...middle, '}'].join('\n');
    const lazy = fuzzyMatch(content, find, 'x', one);
    const counted = fuzzyMatch(content, find, 'x', { replaceAll: false, budget: defaultBudget(content) });
    expect(lazy).toEqual(counted);
    expect(lazy.kind).toBe('ambiguous');
    expect(fuzzyMatch(content, find, 'x', { replaceAll: false, budget: budget(3) })).toEqual({ kind: 'not-found' });
  });
});

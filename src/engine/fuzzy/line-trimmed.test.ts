import { describe, expect, it } from 'vitest';
import { lineTrimmedStrategy } from './line-trimmed';
import { fuzzyMatch } from './match';
import { apply, budget, texts } from '../../../tests/support/fuzzy';

const content = 'x\n  if (a) {\n    b();\n  }\ny\n';

describe('line-trimmed', () => {
  it('matches whole lines that are equal once trimmed, and only those (not exact)', () => {
    const find = 'if (a) {\n  b();\n}';
    expect(lineTrimmedStrategy(content, find, budget())).toEqual([{ start: 2, end: 25 }]);
    const match = fuzzyMatch(content, find, 'if (a) {\n  c();\n}', { replaceAll: false });
    expect(match).toEqual({
      kind: 'match',
      strategy: 'line-trimmed',
      replacements: [{ start: 2, end: 25, text: '  if (a) {\n    c();\n  }' }],
    });
    expect(apply(content, match)).toBe('x\n  if (a) {\n    c();\n  }\ny\n');
  });

  it('takes the newline ending the last line when the find ends with one', () => {
    expect(lineTrimmedStrategy(content, 'if (a) {\n  b();\n}\n', budget())).toEqual([{ start: 2, end: 26 }]);
  });

  it('at end of file a find ending in a newline matches without it, and the replacement loses it', () => {
    const eof = 'a\n  last();';
    expect(lineTrimmedStrategy(eof, 'last();\n', budget())).toEqual([{ start: 2, end: 11 }]);
    expect(fuzzyMatch(eof, 'last();\n', 'first();\n', { replaceAll: false })).toEqual({
      kind: 'match',
      strategy: 'line-trimmed',
      replacements: [{ start: 2, end: 11, text: '  first();' }],
    });
  });

  it('reports every block, distinct locations, sorted by start', () => {
    const twice = '  go();\nstop();\n\tgo();\n';
    const found = lineTrimmedStrategy(twice, 'go();', budget());
    expect(found).toEqual([
      { start: 0, end: 7 },
      { start: 16, end: 22 },
    ]);
    expect(texts(twice, found)).toEqual(['  go();', '\tgo();']);
  });

  it('does not match part of a line', () => {
    expect(lineTrimmedStrategy('let y = b();', 'b();', budget())).toEqual([]);
  });

  it('ignores a find made only of blank lines', () => {
    expect(lineTrimmedStrategy('a\n\n  \nb', '  \n', budget())).toEqual([]);
  });

  it('compares only where the rarest find line occurs', () => {
    const b = budget(100);
    // "rare();" occurs once, so one block start is examined: 2 other lines compared.
    const many = '}\n'.repeat(50) + 'rare();\n}\n';
    expect(lineTrimmedStrategy(many, '}\nrare();\n}', b)).toEqual([{ start: 98, end: 109 }]);
    expect(b.lineComparisons).toBe(98);
  });

  it('gives up with no candidates when the budget runs out', () => {
    const b = budget(1);
    expect(lineTrimmedStrategy('a\nb\nc\n', 'a\nb\nc', b)).toEqual([]);
    expect(b.lineComparisons).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { indentationFlexibleStrategy } from './indentation-flexible';
import { lineTrimmedStrategy } from './line-trimmed';
import { fuzzyMatch } from './match';
import { budget } from '../../../tests/support/fuzzy';

// Two blocks equal line by line once trimmed; only the first keeps the find's relative indentation.
const content = '    if (a) {\n      b();\n    }\n  if (a) {\n  b();\n  }\n';
const find = 'if (a) {\n  b();\n}';

describe('indentation-flexible', () => {
  it('picks the block whose relative indentation matches where line-trimmed is ambiguous', () => {
    expect(lineTrimmedStrategy(content, find, budget())).toHaveLength(2);
    expect(indentationFlexibleStrategy(content, find, budget())).toEqual([{ start: 0, end: 29 }]);
    expect(fuzzyMatch(content, find, 'if (a) {\n  c();\n}', { replaceAll: false })).toEqual({
      kind: 'match',
      strategy: 'indentation-flexible',
      replacements: [{ start: 0, end: 29, text: '    if (a) {\n      c();\n    }' }],
    });
  });

  it('treats blank lines as matching any blank line', () => {
    const withBlank = '  a();\n   \n  b();\n';
    expect(indentationFlexibleStrategy(withBlank, 'a();\n\nb();\n', budget())).toEqual([{ start: 0, end: 18 }]);
  });

  it('compares trailing whitespace exactly', () => {
    expect(indentationFlexibleStrategy('  a();  \n  b();\n', 'a();\nb();', budget())).toEqual([]);
  });

  it('matches nothing that line-trimmed does not', () => {
    expect(indentationFlexibleStrategy('  a(); b();\n', 'a();\nb();', budget())).toEqual([]);
  });
});

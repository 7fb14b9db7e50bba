import { describe, expect, it } from 'vitest';
import { blockAnchorStrategy } from './block-anchor';
import { contextAwareStrategy } from './context-aware';
import { fuzzyMatch } from './match';
import { budget } from '../../../tests/support/fuzzy';

// Both blocks pass block-anchor's similarity; only the first has half its middle lines equal.
const content = 'start {\n  alpha = 1;\n  gamma = 3;\n}\nstart {\n  alpha = 10;\n  beta = 20;\n}\n';
const find = 'start {\n  alpha = 1;\n  beta = 2;\n}';

describe('context-aware', () => {
  it('decides where block-anchor is ambiguous: same length, half the middle lines equal', () => {
    expect(blockAnchorStrategy(content, find, budget())).toHaveLength(2);
    expect(contextAwareStrategy(content, find, budget())).toEqual([{ start: 0, end: 35 }]);
    expect(fuzzyMatch(content, find, 'start {\n  delta = 4;\n}', { replaceAll: false })).toEqual({
      kind: 'match',
      strategy: 'context-aware',
      replacements: [{ start: 0, end: 35, text: 'start {\n  delta = 4;\n}' }],
    });
  });

  it('needs the same number of lines as the find', () => {
    expect(contextAwareStrategy('start {\n  alpha = 1;\n}\n', find, budget())).toEqual([]);
  });

  it('needs at least half of the non-blank middle lines equal', () => {
    const find3 = 'start {\n  a;\n  b;\n  c;\n}';
    expect(contextAwareStrategy('start {\n  a;\n  x;\n  y;\n}', find3, budget())).toEqual([]);
    expect(contextAwareStrategy('start {\n  a;\n  b;\n  y;\n}', find3, budget())).toEqual([{ start: 0, end: 24 }]);
  });

  it('accepts a middle that is blank on both sides', () => {
    expect(contextAwareStrategy('start {\n\n}', 'start {\n  \n}', budget())).toEqual([{ start: 0, end: 10 }]);
  });

  it('needs at least 3 lines', () => {
    expect(contextAwareStrategy('start {\n}', 'start {\n}', budget())).toEqual([]);
  });
});

// Bounded fuzzy work (SPEC 2.8, 4.4): comparisons are counted through the budget, not timed.
import { describe, expect, it } from 'vitest';
import { defaultBudget, fuzzyMatch } from './match';
import { budget } from '../../../tests/support/fuzzy';

/** A 20,000-line file in which one line in 8 is a bare `}`. */
function largeFile(): { content: string; lines: string[] } {
  const lines: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    if (i % 8 === 7) lines.push('}');
    else if (i % 8 === 0) lines.push(`function f${i}(a, b) {`);
    else lines.push(`  const v${i} = compute(a, b, ${i % 97});`);
  }
  return { content: lines.join('\n') + '\n', lines };
}

const { content, lines } = largeFile();
const lineCount = lines.length + 1;

function spent(find: string, replace = 'x'): { result: ReturnType<typeof fuzzyMatch>; used: number; granted: number } {
  const b = defaultBudget(content);
  const granted = b.lineComparisons;
  const result = fuzzyMatch(content, find, replace, { replaceAll: false, budget: b });
  return { result, used: granted - b.lineComparisons, granted };
}

describe('fuzzy budget', () => {
  it('grants a few comparisons per line plus a constant', () => {
    expect(defaultBudget('a\nb\nc')).toEqual({ lineComparisons: 10_012 });
    expect(defaultBudget('')).toEqual({ lineComparisons: 10_004 });
    expect(defaultBudget(content).lineComparisons).toBe(4 * lineCount + 10_000);
  });

  it('finds a 40-line block shifted by 2 spaces comparing only that block', () => {
    const block = lines.slice(8000, 8040);
    const find = block.map((line) => '  ' + line).join('\n');
    const { result, used } = spent(find, find.replace('compute(a, b, 48)', 'compute(b, a, 48)'));
    expect(result.kind).toBe('match');
    if (result.kind !== 'match') return;
    expect(result.strategy).toBe('line-trimmed');
    const start = lines.slice(0, 8000).join('\n').length + 1;
    const actual = block.join('\n');
    expect(result.replacements).toEqual([
      { start, end: start + actual.length, text: actual.replace('compute(a, b, 48)', 'compute(b, a, 48)') },
    ]);
    // anchored on its unique first line: the 39 other lines compared once
    expect(used).toBe(39);
  });

  it('answers a 10-line find that occurs nowhere without comparing lines', () => {
    const find = Array.from({ length: 10 }, (_, i) => `  nothing${i}();`).join('\n');
    const { result, used } = spent(find);
    expect(result).toEqual({ kind: 'not-found' });
    expect(used).toBe(0);
  });

  it('stays linear on a miss whose first line is a bare } (1 line in 8)', () => {
    const find = ['}', ...Array.from({ length: 8 }, (_, i) => `  zzz${i}();`)].join('\n');
    const { result, used } = spent(find);
    expect(result).toEqual({ kind: 'not-found' });
    // every strategy starts from a find line that occurs nowhere (the rarest line, or the last
    // anchor for block-anchor), so no } line is even looked at
    expect(used).toBe(0);
  });

  it('stays linear when both anchors are the frequent } line', () => {
    const find = ['}', ...Array.from({ length: 8 }, (_, i) => `  zzz${i}();`), '}'].join('\n');
    const { result, used, granted } = spent(find);
    expect(result).toEqual({ kind: 'not-found' });
    // block-anchor: one unit per } line plus the few middle lines it takes to rule a block out;
    // no scan from each } to the next one
    expect(used).toBeLessThanOrEqual(lineCount);
    expect(used).toBeLessThan(granted);
  });

  it('gives up as not-found once the budget is spent', () => {
    const find = ['}', ...Array.from({ length: 8 }, (_, i) => `  const v${i} = compute(a, b, 0);`), '}'].join('\n');
    const b = budget(50);
    expect(fuzzyMatch(content, find, 'x', { replaceAll: false, budget: b })).toEqual({ kind: 'not-found' });
    expect(b.lineComparisons).toBe(0);
  });
});

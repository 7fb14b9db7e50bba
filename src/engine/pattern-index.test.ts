import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PatternIndex } from './pattern-index';

/** Every occurrence of every pattern lying wholly in text[from, to), overlapping, by brute force: "id:start" sorted. */
function naive(text: string, patterns: readonly string[], from: number, to: number): string[] {
  const out: string[] = [];
  for (const [id, p] of patterns.entries()) {
    for (let i = from; i + p.length <= to; i++) if (text.startsWith(p, i)) out.push(`${id}:${i}`);
  }
  return out.sort();
}

function scanned(index: PatternIndex, text: string, from: number, to: number): string[] {
  const out: string[] = [];
  const last = new Map<number, number>();
  index.scan(text, from, to, (id, start) => {
    // Per pattern, starts come in increasing order.
    expect(start).toBeGreaterThan(last.get(id) ?? -1);
    last.set(id, start);
    out.push(`${id}:${start}`);
  });
  return out.sort();
}

describe('PatternIndex', () => {
  it('finds every overlapping occurrence of many short and long patterns, as a brute-force scan does', () => {
    const pattern = fc.oneof(fc.stringMatching(/^[ab\n]{1,3}$/), fc.stringMatching(/^[ab\n]{4,12}$/), fc.stringMatching(/^[abc]{4,40}$/));
    fc.assert(
      fc.property(fc.stringMatching(/^[abc\n]{0,300}$/), fc.uniqueArray(pattern, { minLength: 9, maxLength: 40 }), fc.nat(), fc.nat(), (text, patterns, x, y) => {
        const index = new PatternIndex(patterns);
        expect(index.patterns).toEqual(patterns);
        const from = x % (text.length + 1);
        const to = from + (y % (text.length - from + 1));
        expect(scanned(index, text, from, to)).toEqual(naive(text, patterns, from, to));
        for (const [id, p] of patterns.entries()) expect(index.id(p)).toBe(id);
      }),
      { numRuns: 400, seed: 20261126 },
    );
  });

  it('skips by the shift table (grams of 8 or more) without missing an occurrence, in any range', () => {
    const pattern = fc.oneof(fc.stringMatching(/^[ab]{1,3}$/), fc.stringMatching(/^[ab\n]{8,14}$/), fc.stringMatching(/^[abc]{8,40}$/), fc.stringMatching(/^[aé\u{1F600}\n]{8,12}$/u));
    // The text is made of the patterns themselves (whole, cut, overlapping) and filler, so they occur.
    const case_ = fc.uniqueArray(pattern, { minLength: 9, maxLength: 60 }).chain((patterns) =>
      fc.tuple(
        fc.constant(patterns),
        fc.array(fc.oneof(fc.constantFrom(...patterns), fc.constantFrom(...patterns).map((p) => p.slice(1)), fc.stringMatching(/^[abcé\n]{0,6}$/)), { maxLength: 40 }).map((parts) => parts.join('')),
        fc.nat(),
        fc.nat(),
      ),
    );
    fc.assert(
      fc.property(case_, ([patterns, text, x, y]) => {
        const index = new PatternIndex(patterns);
        const from = x % (text.length + 1);
        const to = from + (y % (text.length - from + 1));
        expect(scanned(index, text, from, to)).toEqual(naive(text, patterns, from, to));
      }),
      { numRuns: 400, seed: 20261127 },
    );
  });

  it('finds every occurrence of 600 identifiers in generated source (grams of 12)', () => {
    const ids = Array.from({ length: 600 }, (_, i) => `${['delta', 'entry', 'batch', 'status'][i % 4]}_L${String(i * 37).padStart(6, '0')}`);
    const lines = ids.map((id, i) => `  const ${id} = compute(${ids[(i * 7) % ids.length]}, options); // ${id.slice(0, 9)}`);
    const text = lines.join('\n');
    const index = new PatternIndex(ids);
    const found = scanned(index, text, 0, text.length);
    expect(found).toEqual(naive(text, ids, 0, text.length));
    expect(found.length).toBe(1200);
  });

  it('keeps ids apart for many patterns that share a prefix (the bucket table grows past its first slots)', () => {
    const patterns = Array.from({ length: 3000 }, (_, i) => `total_L${String(i).padStart(6, '0')}`);
    const text = patterns.filter((_, i) => i % 7 === 0).join(' + ');
    const index = new PatternIndex([...patterns, '', 'x'.repeat(1025)]);
    expect(index.patterns.length).toBe(3000);
    const found = scanned(index, text, 0, text.length);
    expect(found).toEqual(naive(text, patterns, 0, text.length));
    expect(found.length).toBe(Math.ceil(3000 / 7));
  });
});

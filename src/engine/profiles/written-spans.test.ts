import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WrittenSpans } from './written-spans';

/** The rule as SPEC 4.2 states it, over a plain list: the reference for the chunked version. */
class NaiveSpans {
  spans: { edit: number; start: number; end: number }[] = [];
  replace(a: number, b: number, len: number, edit: number): number {
    let conflict = -1;
    for (const w of this.spans) {
      const overlaps = a < w.end && w.start < b;
      const contains = a <= w.start && w.end <= b;
      const inside = w.start <= a && b <= w.end;
      if (overlaps && !contains && !inside) conflict = Math.max(conflict, w.edit);
    }
    if (conflict >= 0) return conflict;
    const delta = len - (b - a);
    const next: typeof this.spans = [];
    for (const w of this.spans) {
      if (b <= w.start) next.push({ ...w, start: w.start + delta, end: w.end + delta });
      else if (a >= w.end) next.push(w);
      else if (w.start <= a && b <= w.end) next.push({ ...w, end: w.end + delta });
    }
    next.push({ edit, start: a, end: a + len });
    this.spans = next;
    return -1;
  }
}

describe('WrittenSpans (chunked) decides conflicts exactly as the plain rule', () => {
  it('over hundreds of edits, so spans fill and split many chunks', () => {
    let longest = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ near: fc.integer({ min: 0, max: 19 }), at: fc.nat({ max: 400_000 }), back: fc.nat({ max: 30 }), len: fc.integer({ min: 1, max: 12 }), newLen: fc.nat({ max: 12 }) }),
          { minLength: 150, maxLength: 600 },
        ),
        (ops) => {
          const chunked = new WrittenSpans();
          const naive = new NaiveSpans();
          let size = 400_000;
          let last = 0;
          for (const [i, op] of ops.entries()) {
            // Mostly fresh places (spans pile up), 1 in 20 next to the previous edit (nesting, conflicts).
            const a = op.near === 0 ? Math.max(0, last - op.back) : op.at % (size - op.len);
            const b = Math.min(size, a + op.len);
            const expected = naive.replace(a, b, op.newLen, i);
            expect(chunked.replace(a, b, op.newLen, i)).toBe(expected);
            longest = Math.max(longest, naive.spans.length);
            if (expected >= 0) return; // a run stops at its first conflict
            size += op.newLen - (b - a);
            last = a;
          }
        },
      ),
      { numRuns: 300, seed: 4202 },
    );
    expect(longest).toBeGreaterThan(256); // several chunk splits happened
  }, 120_000);

  it('finds conflicts with spans nested inside others and reports the latest edit', () => {
    const w = new WrittenSpans();
    expect(w.replace(10, 14, 20, 0)).toBe(-1); // [10, 30)
    expect(w.replace(12, 14, 6, 1)).toBe(-1); // inside: [12, 18), outer grows to [10, 34)
    expect(w.replace(16, 20, 2, 2)).toBe(1); // straddles [12, 18) (and sits inside [10, 34))
    const v = new WrittenSpans();
    expect(v.replace(10, 14, 20, 0)).toBe(-1);
    expect(v.replace(12, 14, 6, 1)).toBe(-1);
    expect(v.replace(8, 12, 1, 2)).toBe(0); // straddles only the outer span's start
  });
});

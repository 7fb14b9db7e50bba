import fc from 'fast-check';
import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './diff';
import { lineRangeOf } from './lines';
import { StagedFile } from './staged-file';

/** Random replacements over a small alphabet, so edits land inside, around and across earlier ones. */
const editScript = fc.record({
  original: fc.stringMatching(/^[ab\n]{0,40}$/),
  edits: fc.array(
    fc.record({ at: fc.nat(), len: fc.nat({ max: 6 }), text: fc.stringMatching(/^[xy\n]{0,5}$/), count: fc.integer({ min: 1, max: 3 }) }),
    { maxLength: 12 },
  ),
});

function run(original: string, edits: { at: number; len: number; text: string; count: number }[], check: (s: StagedFile) => void): StagedFile {
  const s = new StagedFile(original);
  for (const e of edits) {
    // 1 to 3 disjoint replacements, as a replace_all makes.
    const reps: { start: number; end: number; text: string }[] = [];
    let from = 0;
    for (let k = 0; k < e.count; k++) {
      const room = s.text.length - from;
      if (room < 0) break;
      const start = from + (room === 0 ? 0 : (e.at + k * 7) % (room + 1));
      const end = Math.min(s.text.length, start + e.len);
      reps.push({ start, end, text: e.text });
      from = end + 1;
      if (from > s.text.length) break;
    }
    for (const r of reps) expect(s.lineRange(r.start, r.end)).toEqual(lineRangeOf(s.text, r.start, r.end));
    s.apply(reps);
    check(s);
  }
  return s;
}

describe('StagedFile', () => {
  it('regions map the original onto the current content exactly (text between them unchanged)', () => {
    fc.assert(
      fc.property(editScript, ({ original, edits }) => {
        run(original, edits, (s) => {
          let rebuilt = '';
          let prevO = 0;
          let prevC = -1;
          for (const g of s.regions) {
            expect(g.cStart).toBeGreaterThan(prevC); // sorted, disjoint, never touching
            expect(s.text.slice(Math.max(prevC, 0), g.cStart)).toBe(s.original.slice(prevO, g.oStart));
            rebuilt += s.original.slice(prevO, g.oStart) + s.text.slice(g.cStart, g.cEnd);
            prevO = g.oEnd;
            prevC = g.cEnd;
          }
          rebuilt += s.original.slice(prevO);
          expect(rebuilt).toBe(s.text);
        });
      }),
      { numRuns: 500, seed: 20261122 },
    );
  });

  it('line ranges from the region index equal a scan of the current content', () => {
    fc.assert(fc.property(editScript, ({ original, edits }) => void run(original, edits, () => {})), { numRuns: 500, seed: 7 });
  });

  it('the line breaks around an offset, walked through the pieces, equal a scan of the current content', () => {
    fc.assert(
      fc.property(editScript, fc.integer({ min: 1, max: 4 }), ({ original, edits }, n) => {
        run(original, edits, (s) => {
          const text = s.text;
          for (let at = 0; at <= text.length; at++) {
            expect(s.afterBreaksBefore(at, n)).toBe(naiveBreaksBefore(text, at, n));
            expect(s.afterBreaksFrom(at, n)).toBe(naiveBreaksFrom(text, at, n));
          }
        });
      }),
      { numRuns: 500, seed: 20261126 },
    );
  });

  it('the region diff applies to the original and gives the current content', () => {
    fc.assert(
      fc.property(editScript, fc.integer({ min: 0, max: 4 }), ({ original, edits }, context) => {
        const s = run(original, edits, () => {});
        const diff = unifiedDiff({ original, final: s.text, regions: s.regions, context, oldPath: 'a', newPath: 'a' });
        if (s.text === original) expect(diff).toBe('');
        else expect(applyPatch(original, diff)).toBe(s.text);
      }),
      { numRuns: 800, seed: 11 },
    );
  });
});

/** Back from `at`, just after the `n`th `\n` before it (0 if fewer), by scanning. */
function naiveBreaksBefore(t: string, at: number, n: number): number {
  let found = 0;
  for (let i = at - 1; i >= 0; i--) if (t[i] === '\n' && ++found === n) return i + 1;
  return 0;
}

/** Forward from `at`, just after the `n`th `\n` at or after it (the end if fewer), by scanning. */
function naiveBreaksFrom(t: string, at: number, n: number): number {
  let found = 0;
  for (let i = at; i < t.length; i++) if (t[i] === '\n' && ++found === n) return i + 1;
  return t.length;
}

/** `t` with sorted, disjoint replacements made, by plain string slicing. */
function applied(t: string, reps: readonly { start: number; end: number; text: string }[]): string {
  let next = '';
  let from = 0;
  for (const r of reps) {
    next += t.slice(from, r.start) + r.text;
    from = r.end;
  }
  return next + t.slice(from);
}

/** Occurrences of `p` in `t`, overlapping, by brute force. */
function naiveAll(t: string, p: string): number[] {
  const at: number[] = [];
  for (let i = 0; i + p.length <= t.length; i++) if (t.startsWith(p, i)) at.push(i);
  return at;
}

function naiveNonOverlapping(t: string, p: string): number[] {
  const at: number[] = [];
  for (let i = 0; i + p.length <= t.length; ) {
    if (t.startsWith(p, i)) {
      at.push(i);
      i += p.length;
    } else i++;
  }
  return at;
}

const piece = fc.stringMatching(/^[ab\n]{1,4}$/);
const indexedScript = fc.record({
  original: fc.stringMatching(/^[ab\n]{0,80}$/),
  patterns: fc.array(fc.oneof(piece, fc.stringMatching(/^[ab\n]{4,9}$/)), { minLength: 1, maxLength: 6 }),
  steps: fc.array(
    fc.record({
      pick: fc.nat(),
      text: fc.stringMatching(/^[abx\n]{0,6}$/),
      mode: fc.constantFrom('first', 'all', 'raw', 'query-only', 'unindexed'),
      at: fc.nat(),
      len: fc.nat({ max: 5 }),
    }),
    { maxLength: 14 },
  ),
});

describe('StagedFile with indexed patterns equals a brute-force model', () => {
  it('counts, first occurrences, replace_all positions, line ranges and text after every step', () => {
    fc.assert(
      fc.property(indexedScript, ({ original, patterns, steps }) => {
        const s = new StagedFile(original, { patterns });
        let model = original;
        for (const step of steps) {
          const p = step.mode === 'unindexed' ? 'ba\nb'.slice(step.pick % 3) : patterns[step.pick % patterns.length]!;
          const all = naiveAll(model, p);
          expect(s.occurrences(p)).toEqual({ count: all.length, first: all.length > 0 ? all[0] : -1 });
          expect(s.findAllNonOverlapping(p)).toEqual(naiveNonOverlapping(model, p));
          let reps: { start: number; end: number; text: string }[] = [];
          if (step.mode === 'first' || step.mode === 'unindexed') reps = all.length > 0 ? [{ start: all[0]!, end: all[0]! + p.length, text: step.text }] : [];
          else if (step.mode === 'all') reps = naiveNonOverlapping(model, p).map((start) => ({ start, end: start + p.length, text: step.text }));
          else if (step.mode === 'raw') {
            const start = step.at % (model.length + 1);
            reps = [{ start, end: Math.min(model.length, start + step.len), text: step.text }];
          }
          if (reps.length > 0) {
            expect(s.lineRanges(reps)).toEqual(reps.map((r) => lineRangeOf(model, r.start, r.end)));
            s.apply(reps);
            model = applied(model, reps);
          }
          expect(s.length).toBe(model.length);
          const a = step.at % (model.length + 1);
          expect(s.slice(a, a + step.len * 3)).toBe(model.slice(a, a + step.len * 3));
          expect(s.lineRange(a, Math.min(model.length, a + step.len))).toEqual(lineRangeOf(model, a, Math.min(model.length, a + step.len)));
        }
        expect(s.text).toBe(model);
        for (const p of patterns) expect(s.count(p)).toBe(naiveAll(model, p).length);
      }),
      { numRuns: 3000, seed: 4242 },
    );
  }, 120_000);

  it('many replacements in one apply (a replace_all) merge with earlier regions exactly', () => {
    fc.assert(
      fc.property(indexedScript, ({ original, patterns, steps }) => {
        const s = new StagedFile(original, { patterns });
        let model = original;
        for (const step of steps) {
          // Every other position of a 2-char window: many small disjoint replacements at once.
          const reps: { start: number; end: number; text: string }[] = [];
          for (let at = step.at % 3; at + 1 <= model.length; at += 2 + (step.len % 3)) reps.push({ start: at, end: at + (step.pick % 2), text: step.text.slice(0, step.len % 3) });
          s.apply(reps);
          model = applied(model, reps);
          for (const p of patterns) expect(s.occurrences(p).count).toBe(naiveAll(model, p).length);
          const diffRegions = s.regions;
          let rebuilt = '';
          let prevO = 0;
          for (const g of diffRegions) {
            rebuilt += s.original.slice(prevO, g.oStart) + model.slice(g.cStart, g.cEnd);
            prevO = g.oEnd;
          }
          expect(rebuilt + s.original.slice(prevO)).toBe(model);
        }
        expect(s.text).toBe(model);
      }),
      { numRuns: 1500, seed: 99 },
    );
  }, 120_000);
});

describe('StagedFile across many 512-character blocks of the original', () => {
  it('keeps offsets, counts and lines exact when regions are spread over a 2-4 KB file', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[ab\n]{20,60}$/),
        fc.array(fc.oneof(piece, fc.stringMatching(/^[ab\n]{4,12}$/)), { minLength: 1, maxLength: 5 }),
        fc.array(fc.record({ at: fc.nat(), len: fc.nat({ max: 5 }), text: fc.stringMatching(/^[abx\n]{0,8}$/), pick: fc.nat() }), { maxLength: 40 }),
        (unit, patterns, steps) => {
          const original = unit.repeat(Math.ceil(2048 / unit.length));
          const s = new StagedFile(original, { patterns });
          let model = original;
          for (const step of steps) {
            const start = (step.at * 7919) % (model.length + 1);
            const end = Math.min(model.length, start + step.len);
            expect(s.lineRange(start, end)).toEqual(lineRangeOf(model, start, end));
            s.apply([{ start, end, text: step.text }]);
            model = model.slice(0, start) + step.text + model.slice(end);
            const p = patterns[step.pick % patterns.length]!;
            const all = naiveAll(model, p);
            expect(s.occurrences(p)).toEqual({ count: all.length, first: all.length > 0 ? all[0] : -1 });
            const q = (step.at * 31) % (model.length + 1);
            expect(s.slice(q, q + 40)).toBe(model.slice(q, q + 40));
          }
          expect(s.text).toBe(model);
          expect(s.lineRanges(naiveNonOverlapping(model, 'a\n').map((start) => ({ start, end: start + 2 })))).toEqual(
            naiveNonOverlapping(model, 'a\n').map((start) => lineRangeOf(model, start, start + 2)),
          );
        },
      ),
      { numRuns: 400, seed: 515 },
    );
  }, 120_000);
});

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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../diff';
import { StagedFile } from '../../staged-file';
import type { Replacement } from '../../types';
import { diffWindow, editDiff } from './edit-diff';

/** `t` with sorted, disjoint replacements made. */
function applied(t: string, reps: readonly Replacement[]): string {
  let out = '';
  let from = 0;
  for (const r of reps) {
    out += t.slice(from, r.start) + r.text;
    from = r.end;
  }
  return out + t.slice(from);
}

/** The diff of the whole file, the edit's replacements as its regions. */
function wholeDiff(t: string, reps: readonly Replacement[], context: number, path: string): string {
  let shift = 0;
  const regions = reps.map((r) => {
    const grow = r.text.length - (r.end - r.start);
    const g = { oStart: r.start, oEnd: r.end, cStart: r.start + shift, cEnd: r.end + shift + grow };
    shift += grow;
    return g;
  });
  return unifiedDiff({ original: t, final: applied(t, reps), regions, context, oldPath: path, newPath: path });
}

const script = fc.record({
  // Earlier edits, so the window is read through the piece table's regions.
  text: fc.stringMatching(/^[ab\n]{0,60}$/),
  earlier: fc.array(fc.record({ at: fc.nat(), len: fc.nat({ max: 4 }), text: fc.stringMatching(/^[xy\n]{0,3}$/) }), { maxLength: 4 }),
  reps: fc.array(fc.record({ at: fc.nat(), len: fc.nat({ max: 5 }), text: fc.stringMatching(/^[abz\n]{0,6}$/) }), { minLength: 1, maxLength: 3 }),
  context: fc.integer({ min: 0, max: 5 }),
  path: fc.constantFrom('/src/a.ts', '/odd\nname.ts'),
});

describe('multiedit: one edit diff from its window', () => {
  it('equals the diff of the whole file before and after the edit (one-line fast path and general path)', () => {
    fc.assert(
      fc.property(script, ({ text, earlier, reps, context, path }) => {
        const staged = new StagedFile(text);
        for (const e of earlier) {
          const start = e.at % (staged.length + 1);
          staged.apply([{ start, end: Math.min(staged.length, start + e.len), text: e.text }]);
        }
        const before = staged.text;
        const edit: Replacement[] = [];
        let from = 0;
        for (const r of reps) {
          if (from > before.length) break;
          const start = from + (r.at % (before.length - from + 1));
          const end = Math.min(before.length, start + r.len);
          edit.push({ start, end, text: r.text });
          from = end + 1;
        }
        const expected = wholeDiff(before, edit, context, path);
        const w = diffWindow(staged, edit, context);
        expect(editDiff(w, edit, path, context)).toBe(expected);
      }),
      { numRuns: 3000, seed: 20261126 },
    );
  });

  it('a one-line change in a long file: hunk numbers moved to the window and the last line without a break', () => {
    const lines = Array.from({ length: 12 }, (_, i) => `line ${i + 1}\n`);
    const text = `${lines.join('')}last`;
    const staged = new StagedFile(text);
    const at = text.indexOf('line 7');
    const mid = [{ start: at + 5, end: at + 6, text: 'seven' }];
    expect(editDiff(diffWindow(staged, mid, 2), mid, '/f.txt', 2)).toBe(
      '--- /f.txt\n+++ /f.txt\n@@ -5,5 +5,5 @@\n line 5\n line 6\n-line 7\n+line seven\n line 8\n line 9\n',
    );
    const end = [{ start: text.length - 4, end: text.length, text: 'final' }];
    expect(editDiff(diffWindow(staged, end, 3), end, '/f.txt', 3)).toBe(
      '--- /f.txt\n+++ /f.txt\n@@ -10,4 +10,4 @@\n line 10\n line 11\n line 12\n-last\n\\ No newline at end of file\n+final\n\\ No newline at end of file\n',
    );
  });
});

// apply_patch's steps are worked out arithmetically (line ranges from the plan's lines, offsets
// from the shifts so far) and the chunks' changes made on the staged file in one pass. They must
// be exactly what applying each chunk in turn and asking the staged file gives: that way is kept
// here as the oracle (the way update-steps.ts worked before, with StagedFile.lineRanges and one
// removal and one insertion per replacement).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChunkPlan } from './plan-update';
import { applyUpdatePlan } from './update-steps';
import { StagedFile } from '../../staged-file';
import type { LineRange, Replacement, StageStep } from '../../types';

/** Line starts of a content as codex splits it (none after a final `\n`). */
function lineStarts(text: string): number[] {
  const out: number[] = [];
  if (text === '') return out;
  out.push(0);
  for (let i = text.indexOf('\n'); i !== -1 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** The steps as each chunk applied in turn gives them. */
function oracle(staged: StagedFile, plan: readonly ChunkPlan[]): { steps: StageStep[]; addedFinalNewline: boolean; wroteLines: boolean } {
  const base = staged.text;
  const starts = lineStarts(base);
  const n = starts.length;
  const end = base.length;
  const startOf = (k: number): number => (k < n ? starts[k]! : end);
  let unterminated = n > 0 && !base.endsWith('\n');
  const wasUnterminated = unterminated;
  let shiftInFile = 0;
  let shiftAtEnd = 0;
  let wroteLines = false;
  const steps: StageStep[] = [];
  plan.forEach((chunk, k) => {
    const planned: { at: number; len: number; text: string; append: boolean }[] = [];
    for (const r of chunk.replacements) {
      const from = startOf(r.start);
      const to = r.oldLen === 0 ? from : startOf(r.start + r.oldLen);
      let text = r.newLines.length === 0 ? '' : `${r.newLines.join('\n')}\n`;
      if (unterminated && to === end && (r.oldLen > 0 || text !== '')) {
        if (r.oldLen === 0) text = `\n${text}`;
        unterminated = false;
      }
      if (to > from || text !== '') planned.push({ at: from, len: to - from, text, append: r.start >= n });
      if (r.newLines.length > 0) wroteLines = true;
    }
    const replacements: Replacement[] = planned.map((p) => {
      const at = p.at + shiftInFile + (p.at === end ? shiftAtEnd : 0);
      return { start: at, end: at + p.len, text: p.text };
    });
    const lineRanges: LineRange[] = staged.lineRanges(replacements);
    let delta = 0;
    planned.forEach((p, i) => {
      const at = replacements[i]!.start + delta;
      if (p.len > 0) staged.apply([{ start: at, end: at + p.len, text: '' }]);
      if (p.text !== '') staged.apply([{ start: at, end: at, text: p.text }]);
      const d = p.text.length - p.len;
      delta += d;
      if (p.append) shiftAtEnd += d;
      else shiftInFile += d;
    });
    steps.push({ editIndex: k, replacements, lineRanges, strategy: chunk.level, label: `Hunk ${k + 1} of f` });
  });
  if (unterminated) {
    const at = staged.length;
    const replacement = { start: at, end: at, text: '\n' };
    const lineRanges = staged.lineRanges([replacement]);
    staged.apply([replacement]);
    steps.push({ editIndex: Math.max(0, plan.length - 1), replacements: [replacement], lineRanges, strategy: 'final newline', rewrite: true, label: 'Final newline of f' });
  }
  return { steps, addedFinalNewline: wasUnterminated && staged.length > 0, wroteLines };
}

const lineText = fc.constantFrom('a', 'bb', '', ' c', 'x\ry');
const newLines = fc.array(lineText, { maxLength: 3 });

/** A content, and a plan as planUpdate makes them: chunks in file order (appends anywhere), replacements between context lines. */
const caseArb = fc
  .tuple(fc.array(lineText, { maxLength: 12 }), fc.boolean(), fc.array(fc.tuple(fc.boolean(), fc.nat(4), fc.array(fc.tuple(fc.nat(2), fc.nat(2), newLines), { maxLength: 3 }), newLines, fc.boolean()), { maxLength: 5 }))
  .map(([rows, finalNewline, chunkSpecs]) => {
    const text = rows.join('\n') + (finalNewline && rows.length > 0 ? '\n' : '');
    const starts = lineStarts(text);
    const n = starts.length;
    const plan: ChunkPlan[] = [];
    let cursor = 0;
    for (const [append, skip, parts, appended, anchored] of chunkSpecs) {
      if (append) {
        plan.push({ level: 'exact', replacements: [{ start: n, oldLen: 0, newLines: appended }] });
        continue;
      }
      const at = cursor + skip;
      if (at > n) break;
      const replacements: ChunkPlan['replacements'] = [];
      let line = at;
      for (const [context, oldLen, lines] of parts) {
        const start = line + (replacements.length === 0 ? context : context + 1);
        if (start + oldLen > n) break;
        replacements.push({ start, oldLen, newLines: lines });
        line = start + oldLen;
      }
      if (replacements.length === 0) continue;
      const chunk: ChunkPlan = { level: 'exact', replacements };
      if (anchored && at < n) chunk.anchor = { line: at, offset: starts[at]! };
      plan.push(chunk);
      cursor = line;
    }
    return { text, plan };
  });

describe('apply_patch steps worked out in one pass', () => {
  it('are the steps, text and regions that applying each chunk in turn gives', () => {
    fc.assert(
      fc.property(caseArb, ({ text, plan }) => {
        const fast = new StagedFile(text);
        const slow = new StagedFile(text);
        const got = applyUpdatePlan({ staged: fast, plan, firstIndex: 0, label: 'f', onStep: () => {} });
        const want = oracle(slow, plan);
        expect(got).toEqual(want);
        expect(fast.text).toBe(slow.text);
        expect(fast.regions).toEqual(slow.regions);
      }),
      { numRuns: 4000 },
    );
  });

  it('an append after an unterminated last line, then a rewrite in the middle', () => {
    const staged = new StagedFile('a\nb\nc');
    const plan: ChunkPlan[] = [
      { level: 'exact', replacements: [{ start: 3, oldLen: 0, newLines: ['d'] }] },
      { level: 'exact', replacements: [{ start: 1, oldLen: 1, newLines: ['B', 'B2'] }] },
    ];
    const got = applyUpdatePlan({ staged, plan, firstIndex: 4, label: 'f', onStep: () => {} });
    expect(staged.text).toBe('a\nB\nB2\nc\nd\n');
    expect(got.steps.map((s) => ({ replacements: s.replacements, lineRanges: s.lineRanges }))).toEqual([
      { replacements: [{ start: 5, end: 5, text: '\nd\n' }], lineRanges: [{ start: 3, end: 3 }] },
      { replacements: [{ start: 2, end: 4, text: 'B\nB2\n' }], lineRanges: [{ start: 2, end: 2 }] },
    ]);
    expect(got.addedFinalNewline).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { RunOutcome } from '../engine/types';
import { KeptRuns, runDetailsOf, runViewOf } from './kept-runs';

const failed: RunOutcome = { ok: false, error: { code: 'NOT_FOUND', message: 'old_string not found' }, stage: { files: [] }, warnings: [] };
const ctx = { sessionId: 's', toolName: 'Edit', profile: 'Edit' as const, input: { file_path: '/a' } };

describe('kept runs', () => {
  it('run ids count up and the oldest run goes past the limit', () => {
    const runs = new KeptRuns(2);
    const ids = [1, 2, 3].map(() => runs.keep(failed, ctx).runId);
    expect(ids).toEqual([1, 2, 3]);
    expect([runs.has(1), runs.has(2), runs.has(3)]).toEqual([false, true, true]);
  });

  it('a tool call id defaults to call_<run id>, or is the one given (a transcript call id)', () => {
    const runs = new KeptRuns();
    const a = runs.keep(failed, ctx).kept.events.acp[0] as { params: { update: { toolCallId: string } } };
    const b = runs.keep(failed, { ...ctx, toolCallId: 'toolu_1' }).kept.events.acp[0] as { params: { update: { toolCallId: string } } };
    expect([a.params.update.toolCallId, b.params.update.toolCallId]).toEqual(['call_1', 'toolu_1']);
  });

  it('the view of a failed run carries its error and writes nothing', () => {
    const runs = new KeptRuns();
    const { runId, kept } = runs.keep(failed, ctx);
    const view = runViewOf(runId, kept, { kind: 'bare', toolName: null, profile: 'Edit' }, 5);
    expect({ ...view, events: null }).toEqual({ runId: 1, call: { kind: 'bare', toolName: null, profile: 'Edit' }, ok: false, warnings: [], writes: false, files: [], plan: [], events: null, ms: 5, error: { code: 'NOT_FOUND', message: 'old_string not found' } });
  });

  it("a result's long arrays reach the page cut to their first 100 items and a note; run/details keeps them whole", () => {
    const runs = new KeptRuns();
    const lineRanges = Array.from({ length: 150 }, (_, i) => ({ edit_index: i, start: i + 1, end: i + 1 }));
    const ok: RunOutcome = { ok: true, result: { success: true, applied_count: 150, line_ranges: lineRanges }, stage: { files: [] }, warnings: [], writes: false };
    const { runId, kept } = runs.keep(ok, ctx);
    const view = runViewOf(runId, kept, { kind: 'bare', toolName: null, profile: 'Edit' }, 5);
    expect(view.result).toEqual({ success: true, applied_count: 150, line_ranges: [...lineRanges.slice(0, 100), '… [50 more items; copy the result for all of it]'] });
    expect((runDetailsOf(kept).result as { line_ranges: unknown[] }).line_ranges).toEqual(lineRanges);
  });
});

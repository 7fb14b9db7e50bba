// The runs the worker keeps for the views: each outcome with its uncut events, under a run id the
// page names in every later request (diff pages, stages, copy, commit). A composer run, a session
// call, a what-if and a session's final state are all runs here, so every view works the same
// on each of them.

import { commitPlan } from '../engine/commit';
import { acpEvents, legacyEvents, type EventContext } from '../engine/events';
import { lineRangeGroups } from '../engine/line-ranges';
import type { RunOutcome } from '../engine/types';
import type { RunDetails, RunView } from './protocol';
import { clipLongStrings, fileView } from './run-views';

export interface KeptRun {
  outcome: RunOutcome;
  /** The events uncut (the page gets them cut), for copying and "Save as case". */
  events: { acp: unknown[]; legacy: unknown[] };
}

/** Recent runs kept for stepping and saving; older stages are dropped. */
export const KEPT_RUNS = 8;

export class KeptRuns {
  private nextId = 1;
  private readonly runs = new Map<number, KeptRun>();

  constructor(private readonly limit = KEPT_RUNS) {}

  /** Keep `outcome` under a new run id, with its events; the oldest run goes past the limit. */
  keep(outcome: RunOutcome, ctx: Omit<EventContext, 'toolCallId'> & { toolCallId?: string }): { runId: number; kept: KeptRun } {
    const runId = this.nextId++;
    const full: EventContext = { ...ctx, toolCallId: ctx.toolCallId ?? `call_${runId}` };
    const kept = { outcome, events: { acp: acpEvents(full, outcome), legacy: legacyEvents(full, outcome) } };
    this.runs.set(runId, kept);
    for (const id of this.runs.keys()) if (this.runs.size > this.limit) this.runs.delete(id);
    return { runId, kept };
  }

  get(runId: number): KeptRun | undefined {
    return this.runs.get(runId);
  }

  has(runId: number): boolean {
    return this.runs.has(runId);
  }

  delete(runId: number): void {
    this.runs.delete(runId);
  }

  clear(): void {
    this.runs.clear();
  }
}

/** Line-range groups a run view carries at most: a 10,000-edit run would otherwise render 10,000 links at once. */
const SHOWN_LINE_RANGE_GROUPS = 50;

/** The page's view of a kept run: counts, steps and cut strings, never the files. */
export function runViewOf(runId: number, { outcome, events }: KeptRun, call: RunView['call'], ms: number): RunView {
  const lineRanges = lineRangeGroups(call.profile, outcome, SHOWN_LINE_RANGE_GROUPS);
  return {
    runId,
    call,
    ok: outcome.ok,
    warnings: outcome.warnings,
    writes: outcome.ok && outcome.writes,
    files: outcome.stage.files.map(fileView),
    plan: commitPlan(outcome.stage),
    ...(lineRanges.total > 0 && { lineRanges }),
    events: clipLongStrings(events, 'copy the event for all of it', { items: true }),
    ms,
    // The Result view shows an array's first SHOWN_ITEMS items (json-view.tsx): W3's 10,000 line
    // ranges were cloned to the page, and walked there, to show 100 of them.
    ...(outcome.ok ? { result: clipLongStrings(outcome.result, 'copy the result for all of it', { items: true }) } : { error: outcome.error }),
  };
}

/** The whole of a kept run that its view cuts or counts: every file's texts, the result and events uncut. */
export function runDetailsOf({ outcome, events }: KeptRun): RunDetails {
  return {
    files: outcome.stage.files.map((f) => ({ originalText: f.originalText, finalText: f.finalText, diff: f.diff })),
    events,
    ...(outcome.ok ? { result: outcome.result } : {}),
  };
}

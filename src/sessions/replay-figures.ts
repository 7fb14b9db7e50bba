// The figures of a replayed session: how many edit calls, how ours ended (failed by kind), how the
// verdicts fell (differs by kind: outcome or text only; cannot judge by reason), per tool and
// release, and the files touched. Several sessions' figures add up (`addFigures`) for a table of
// many transcripts.

import type { SessionFileResult } from './session-result';
import type { ReplayedCall } from './replay';
import { CANNOT_JUDGE_REASONS, ERROR_KINDS, type CannotJudgeReason, type ErrorKind } from './verdict-kinds';

/** One tool of one release: its edit calls and how they fell. */
export interface ToolFigures {
  tool: string;
  /** The recording agent's release, or '' when the transcript names none. */
  version: string;
  editCalls: number;
  failed: number;
  recordedFailed: number;
  agrees: number;
  differs: number;
  cannotJudge: number;
  notRecorded: number;
}

export interface ReplayFigures {
  calls: number;
  editCalls: number;
  readCalls: number;
  otherCalls: number;
  /** Our outcomes of the edit calls we ran. */
  succeeded: number;
  failed: number;
  failedByKind: Record<ErrorKind, number>;
  /** Edit calls the transcript recorded as failed. */
  recordedFailed: number;
  agrees: number;
  differs: number;
  /** `differs` split: one succeeded and the other failed, or both did the same with other texts. */
  differsByKind: { outcome: number; text: number };
  cannotJudge: number;
  cannotJudgeByReason: Record<CannotJudgeReason, number>;
  notRecorded: number;
  /**
   * Files a successful call staged (a file the replay only re-synced to what the transcript showed,
   * and no call changed, is not touched); `filesChanged`: files whose final bytes differ from the
   * first, re-synced ones included (Save writes them).
   */
  filesTouched: number;
  filesChanged: number;
  /** Per tool and release, in order of first appearance. */
  byTool: ToolFigures[];
}

const zeros = <K extends string>(keys: readonly K[]): Record<K, number> => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export function emptyFigures(): ReplayFigures {
  return {
    calls: 0,
    editCalls: 0,
    readCalls: 0,
    otherCalls: 0,
    succeeded: 0,
    failed: 0,
    failedByKind: zeros(ERROR_KINDS),
    recordedFailed: 0,
    agrees: 0,
    differs: 0,
    differsByKind: { outcome: 0, text: 0 },
    cannotJudge: 0,
    cannotJudgeByReason: zeros(CANNOT_JUDGE_REASONS),
    notRecorded: 0,
    filesTouched: 0,
    filesChanged: 0,
    byTool: [],
  };
}

function toolRow(rows: ToolFigures[], index: Map<string, ToolFigures>, tool: string, version: string): ToolFigures {
  const key = `${tool}\u0000${version}`;
  let row = index.get(key);
  if (row === undefined) {
    row = { tool, version, editCalls: 0, failed: 0, recordedFailed: 0, agrees: 0, differs: 0, cannotJudge: 0, notRecorded: 0 };
    index.set(key, row);
    rows.push(row);
  }
  return row;
}

export function figuresOf(calls: readonly ReplayedCall[], files: readonly SessionFileResult[]): ReplayFigures {
  const f = emptyFigures();
  f.calls = calls.length;
  f.filesTouched = files.filter((x) => x.calls.length > 0).length;
  f.filesChanged = files.filter((x) => x.status !== 'unchanged').length;
  const index = new Map<string, ToolFigures>();
  for (const c of calls) {
    if (c.status === 'listed') {
      if (c.kind === 'read') f.readCalls++;
      else f.otherCalls++;
      continue;
    }
    f.editCalls++;
    const row = toolRow(f.byTool, index, c.toolName, c.version ?? '');
    row.editCalls++;
    if (c.status === 'ran') {
      if (c.errorKind !== undefined) {
        f.failed++;
        row.failed++;
        f.failedByKind[c.errorKind]++;
      } else f.succeeded++;
    }
    if (c.recorded?.isError === true) {
      f.recordedFailed++;
      row.recordedFailed++;
    }
    const v = c.verdict;
    if (v?.verdict === 'agrees') {
      f.agrees++;
      row.agrees++;
    } else if (v?.verdict === 'differs') {
      f.differs++;
      row.differs++;
      f.differsByKind[v.reason ?? 'text']++;
    } else if (v?.verdict === 'cannot judge') {
      f.cannotJudge++;
      row.cannotJudge++;
      f.cannotJudgeByReason[v.cannotJudge?.reason ?? 'diverged']++;
    } else {
      f.notRecorded++;
      row.notRecorded++;
    }
  }
  return f;
}

/** The figures of several sessions together (the byTool rows merged by tool and release). */
export function addFigures(all: readonly ReplayFigures[]): ReplayFigures {
  const sum = emptyFigures();
  const index = new Map<string, ToolFigures>();
  const plain = ['calls', 'editCalls', 'readCalls', 'otherCalls', 'succeeded', 'failed', 'recordedFailed', 'agrees', 'differs', 'cannotJudge', 'notRecorded', 'filesTouched', 'filesChanged'] as const;
  for (const f of all) {
    for (const k of plain) sum[k] += f[k];
    for (const k of ERROR_KINDS) sum.failedByKind[k] += f.failedByKind[k] ?? 0;
    for (const k of CANNOT_JUDGE_REASONS) sum.cannotJudgeByReason[k] += f.cannotJudgeByReason[k] ?? 0;
    sum.differsByKind.outcome += f.differsByKind.outcome;
    sum.differsByKind.text += f.differsByKind.text;
    for (const r of f.byTool) {
      const row = toolRow(sum.byTool, index, r.tool, r.version);
      for (const k of ['editCalls', 'failed', 'recordedFailed', 'agrees', 'differs', 'cannotJudge', 'notRecorded'] as const) row[k] += r[k];
    }
  }
  return sum;
}

// Several transcripts opened at once (the Session tab's open dialog, a drop of several files or
// of a folder): each replays in turn, and the table adds them up as `edit-playground replay A B`
// does: a row per transcript, the totals, failures by kind, cannot judge by reason, and a row
// per tool and release with its failures by kind (by tool, then release in version order). Pure, so the sums are tested without a page.

import { addFigures, type ReplayFigures, type ToolFigures } from '../../sessions/replay-figures';
import type { SessionFormat } from '../../sessions/types';
import { ERROR_KINDS, type ErrorKind } from '../../sessions/verdict-kinds';
import type { SessionCallRow, SessionSource } from '../../worker/session-views';
import { isLeftOut, isTranscriptName } from '../../sessions/transcript-names';

/** Failures by kind per tool and release (`tool NUL version`). */
export type ToolKinds = Record<string, Record<ErrorKind, number>>;

export interface BatchItem {
  name: string;
  source: SessionSource;
  /** `skipped`: not a transcript this tool reads (`note` says why); `failed`: reading or replaying it failed. */
  state: 'waiting' | 'done' | 'skipped' | 'failed';
  format: SessionFormat | null;
  mount: string | null;
  figures: ReplayFigures | null;
  kinds: ToolKinds;
  note: string | null;
}

export interface BatchToolRow extends ToolFigures {
  failedByKind: Record<ErrorKind, number>;
}

export interface BatchTotals {
  figures: ReplayFigures;
  tools: BatchToolRow[];
  /** The kinds some call failed with, in ERROR_KINDS order: the tool table's columns. */
  kinds: ErrorKind[];
}

const key = (tool: string, version: string): string => `${tool}\u0000${version}`;
const noKinds = (): Record<ErrorKind, number> => Object.fromEntries(ERROR_KINDS.map((k) => [k, 0])) as Record<ErrorKind, number>;

/** Each tool's failures by kind, from a replay's rows. */
export function toolKindsOf(rows: readonly SessionCallRow[]): ToolKinds {
  const out: ToolKinds = {};
  for (const r of rows) {
    if (r.status !== 'ran' || r.errorKind === null) continue;
    const k = key(r.toolName, r.version ?? '');
    (out[k] ??= noKinds())[r.errorKind]++;
  }
  return out;
}

/** The replayed transcripts added up; null before any has replayed. */
export function batchTotals(items: readonly BatchItem[]): BatchTotals | null {
  const done = items.filter((i): i is BatchItem & { figures: ReplayFigures } => i.state === 'done' && i.figures !== null);
  if (done.length === 0) return null;
  const figures = addFigures(done.map((i) => i.figures));
  const kinds: ToolKinds = {};
  for (const item of done) {
    for (const [k, row] of Object.entries(item.kinds)) {
      const into = (kinds[k] ??= noKinds());
      for (const kind of ERROR_KINDS) into[kind] += row[kind];
    }
  }
  const tools = figures.byTool
    .map((r) => ({ ...r, failedByKind: kinds[key(r.tool, r.version)] ?? noKinds() }))
    .sort((a, b) => (a.tool === b.tool ? a.version.localeCompare(b.version, 'en', { numeric: true }) : a.tool < b.tool ? -1 : 1));
  return { figures, tools, kinds: ERROR_KINDS.filter((k) => figures.failedByKind[k] > 0) };
}

/** A folder's files that may be transcripts, in path order (code units: the same everywhere). */
export function transcriptsInFolder<T extends { path: string }>(files: readonly T[]): T[] {
  return files
    .filter((f) => isTranscriptName(f.path) && !isLeftOut(f.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

// The line ranges a result reports, read by the profile that answered (its `lineRanges` hook) and
// placed on the staged file and step they belong to, so a link can reveal them in the Diff view.
// Without the hook (the reference dialects answer in text, SPEC 11.1) the ranges come from the
// stage's steps, less the tool's own rewrites (expandtabs touches lines no edit named). The worker
// builds them for the page (RunView.lineRanges).

import { getProfile } from './profiles/registry';
import type { LineRange, ProfileId, RunOutcome } from './types';

export interface RangeGroup {
  /** "Edit 0", or "Entry 1 · src/a.ts" for a batch. */
  label: string;
  fileIndex: number;
  step: number;
  ranges: LineRange[];
}

export interface RangeGroups {
  /** The first `limit` groups. */
  groups: RangeGroup[];
  /** Every group, counted (a 10,000-edit run shows 50 and says how many more there are). */
  total: number;
}

const isRec = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The groups of line ranges of a run's outcome, the first `limit` of them built and all of them counted. */
export function lineRangeGroups(profile: ProfileId, outcome: RunOutcome, limit = Infinity): RangeGroups {
  const files = outcome.stage.files;
  if (!outcome.ok || files.length === 0 || !isRec(outcome.result)) return { groups: [], total: 0 };
  const groups: RangeGroup[] = [];
  let total = 0;
  const own = getProfile(profile)?.lineRanges;
  if (own === undefined) {
    for (const [fileIndex, f] of files.entries()) {
      for (const [step, s] of f.steps.entries()) {
        if (s.rewrite || s.lineRanges.length === 0) continue;
        total++;
        const label = s.label ?? (files.length > 1 ? `Edit ${s.editIndex} · ${f.displayPath}` : `Edit ${s.editIndex}`);
        if (groups.length < limit) groups.push({ label, fileIndex, step, ranges: s.lineRanges });
      }
    }
    return { groups, total };
  }
  // Edit index → [fileIndex, step] from the stage (built once: a run may have 10,000 edits).
  const byEdit = new Map<number, { fileIndex: number; step: number }>();
  for (const [fileIndex, f] of files.entries()) {
    for (const [step, s] of f.steps.entries()) if (!byEdit.has(s.editIndex)) byEdit.set(s.editIndex, { fileIndex, step });
  }
  for (const r of own(outcome.result, outcome.stage)) {
    if (r.ranges.length === 0) continue;
    total++;
    if (groups.length >= limit) continue;
    const at = r.fileIndex !== undefined && r.step !== undefined ? { fileIndex: r.fileIndex, step: r.step } : (byEdit.get(r.editIndex) ?? { fileIndex: 0, step: r.editIndex });
    groups.push({ label: r.label ?? `Edit ${r.editIndex}`, ...at, ranges: r.ranges });
  }
  return { groups, total };
}

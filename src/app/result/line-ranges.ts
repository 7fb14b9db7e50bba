// The line ranges a result reports, read from each profile's result shape, and placed on the
// staged file and step they belong to (so a link can reveal them in the Diff view).
//
//   edit_text_file        line_range: {start, end}
//   multi_edit_text_file  line_ranges: [{edit_index, start, end}]
//   MultiEdit             edits: [{index, line_ranges: [{start, end}]}]
//   multiedit             metadata.results[i].line_ranges: [{start, end}]
//   MultiEditBatch        none in the result: taken from the stage, one group per entry.

import type { LineRange, ProfileId } from '../../engine/types';
import type { RunView } from '../../worker/protocol';

export interface RangeGroup {
  /** "Edit 0", or "Entry 1 · src/a.ts" for a batch. */
  label: string;
  fileIndex: number;
  step: number;
  ranges: LineRange[];
}

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function asRange(v: unknown): LineRange | null {
  return isRec(v) && typeof v.start === 'number' && typeof v.end === 'number' ? { start: v.start, end: v.end } : null;
}

function ranges(v: unknown): LineRange[] {
  return Array.isArray(v) ? v.map(asRange).filter((r): r is LineRange => r !== null) : [];
}

/** Edit index → [fileIndex, step] from the stage (built once: a run may have 10,000 edits). */
function stepIndex(run: RunView): (editIndex: number) => { fileIndex: number; step: number } {
  const byEdit = new Map<number, { fileIndex: number; step: number }>();
  for (const [fileIndex, f] of run.files.entries()) {
    for (const [step, s] of f.steps.entries()) if (!byEdit.has(s.editIndex)) byEdit.set(s.editIndex, { fileIndex, step });
  }
  return (editIndex) => byEdit.get(editIndex) ?? { fileIndex: 0, step: editIndex };
}

/**
 * The groups of line ranges of a run, the first `limit` of them built and all of them counted
 * (a 10,000-edit run shows 50 and says how many more there are).
 */
export function lineRangeGroups(run: RunView, profile: ProfileId = run.call.profile, limit = Infinity): { groups: RangeGroup[]; total: number } {
  const none = { groups: [], total: 0 };
  if (!run.ok || run.files.length === 0) return none;
  const result = run.result;
  const groups: RangeGroup[] = [];
  let total = 0;
  const stepOf = stepIndex(run);
  const add = (editIndex: number, rs: LineRange[], label = `Edit ${editIndex}`): void => {
    if (rs.length === 0) return;
    total++;
    if (groups.length < limit) groups.push({ label, ...stepOf(editIndex), ranges: rs });
  };
  if (!isRec(result)) return none;
  switch (profile) {
    case 'edit_text_file': {
      const r = asRange(result.line_range);
      if (r) add(0, [r], 'Edit');
      break;
    }
    case 'multi_edit_text_file': {
      const byEdit = new Map<number, LineRange[]>();
      for (const item of Array.isArray(result.line_ranges) ? result.line_ranges : []) {
        const r = asRange(item);
        if (!r || !isRec(item) || typeof item.edit_index !== 'number') continue;
        const list = byEdit.get(item.edit_index);
        if (list) list.push(r);
        else byEdit.set(item.edit_index, [r]);
      }
      for (const [i, rs] of byEdit) add(i, rs);
      break;
    }
    case 'MultiEdit':
      for (const [i, e] of (Array.isArray(result.edits) ? result.edits : []).entries()) {
        if (isRec(e)) add(typeof e.index === 'number' ? e.index : i, ranges(e.line_ranges));
      }
      break;
    case 'multiedit': {
      const results = isRec(result.metadata) && Array.isArray(result.metadata.results) ? result.metadata.results : [];
      for (const [i, r] of results.entries()) if (isRec(r)) add(i, ranges(r.line_ranges));
      break;
    }
    case 'MultiEditBatch':
      for (const [fileIndex, f] of run.files.entries()) {
        for (const [step, s] of f.steps.entries()) {
          if (s.lineRanges.length > 0) groups.push({ label: `Entry ${s.editIndex} · ${f.displayPath}`, fileIndex, step, ranges: s.lineRanges });
        }
      }
      groups.sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
      return { groups: groups.slice(0, limit), total: groups.length };
    default:
      // The reference dialects answer in text (SPEC 11.1): the ranges come from the stage's
      // steps, less the tool's own rewrites (expandtabs touches lines no edit named).
      for (const [fileIndex, f] of run.files.entries()) {
        for (const [step, s] of f.steps.entries()) {
          if (s.rewrite || s.lineRanges.length === 0) continue;
          total++;
          const label = s.label ?? (run.files.length > 1 ? `Edit ${s.editIndex} · ${f.displayPath}` : `Edit ${s.editIndex}`);
          if (groups.length < limit) groups.push({ label, fileIndex, step, ranges: s.lineRanges });
        }
      }
  }
  return { groups, total };
}

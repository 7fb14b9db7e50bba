// What the host asks the batch proposal's MultiEdit (multi-edit-batch.ts) beyond running it: which
// calls are its, its ACP title and its result's line ranges (how a failed commit reads stays
// beside the result it rewrites, in multi-edit-batch.ts).

import type { Profile, ReportedRanges } from '../profile';
import { isRecord } from '../../helpers';

type Rec = Record<string, unknown>;

const MAX_DESCRIPTION_IN_TITLE = 60;

/**
 * `MultiEdit` names two dialects (SPEC 6): the batch when the input has a top-level `description`
 * and `edits` is an array whose every entry carries its own `file_path` (an empty array counts:
 * `description` alone is the batch's mark), else the single-file tool (multi-edit.ts).
 */
export function isBatchInput(input: unknown): boolean {
  if (!isRecord(input) || input.description === undefined) return false;
  const edits = input.edits;
  return Array.isArray(edits) && edits.every((edit) => isRecord(edit) && edit.file_path !== undefined);
}

function shorten(description: string): string {
  const line = description.trim().split('\n', 1)[0] ?? '';
  if (line.length <= MAX_DESCRIPTION_IN_TITLE) return line;
  let cut = line.slice(0, MAX_DESCRIPTION_IN_TITLE - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // Cut at a word boundary unless that would throw away more than half.
  const midWord = /[\p{L}\p{N}_]/u.test(line.charAt(cut.length));
  if (midWord && lastSpace > MAX_DESCRIPTION_IN_TITLE / 2) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\s,;:.-]+$/, '')}…`;
}

export const batchHooks = {
  // Selected by its listed name (tool-definitions.ts lists it as MultiEditBatch) or by its shape.
  otherToolNames: ['MultiEdit'],
  claimsCall: (toolName, input) => toolName === 'MultiEditBatch' || (toolName === 'MultiEdit' && isBatchInput(input)),
  // `Edit 5 files (description)`: the entries' files, and the batch's description.
  acpTitle(input) {
    const edits = Array.isArray(input.edits) ? input.edits : [];
    const paths = new Set(edits.map((edit) => (isRecord(edit) ? edit.file_path : undefined)).filter((path): path is string => typeof path === 'string'));
    const target = paths.size === 1 ? [...paths][0] : `${paths.size} files`;
    const description = typeof input.description === 'string' ? shorten(input.description) : '';
    return description === '' ? `Edit ${target}` : `Edit ${target} (${description})`;
  },
  // None in the result: taken from the stage, one group per entry, in entry order.
  lineRanges(_result, stage) {
    const out: (ReportedRanges & { label: string })[] = [];
    for (const [fileIndex, f] of stage.files.entries()) {
      for (const [step, s] of f.steps.entries()) {
        if (s.lineRanges.length > 0) out.push({ editIndex: s.editIndex, label: `Entry ${s.editIndex} · ${f.displayPath}`, fileIndex, step, ranges: s.lineRanges });
      }
    }
    return out.sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
  },
  judging: { jsonResult: true },
} satisfies Partial<Profile>;

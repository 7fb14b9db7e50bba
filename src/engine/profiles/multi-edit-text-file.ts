// Profile `multi_edit_text_file` (SPEC 4.2, seed multi_edit_text_file.contract.md): exact edits
// applied in order to the staged content, with the conflict rule.

import { z } from 'zod';
import { buildFileStage } from '../file-stage';
import { StagedFile } from '../staged-file';
import { toLfView } from '../text';
import type { StageStep } from '../types';
import { editString, fail, succeed, zodDetail, type Profile } from './profile';
import { notAbsolute, openForEdit, RPC } from './mcp-common';

export const multiEditTextFileSchema = z.object({
  path: z.string().describe('Absolute path to the file'),
  edits: z
    .array(
      z.object({
        old_string: editString().describe('Exact string to find and replace'),
        new_string: editString().describe('Replacement string'),
      }),
    )
    .describe('Array of edit operations to apply sequentially'),
});

/** Text an earlier edit wrote, tracked in current coordinates (SPEC 4.2 conflict rule). */
interface Written {
  edit: number;
  start: number;
  end: number;
}

/**
 * Edit j's written region after a later replacement of [a, b) by `len` characters. A match
 * inside the region grows or shrinks it; a match containing it whole replaces it (it is gone);
 * straddling is reported as a conflict before this is called.
 */
function shiftWritten(w: Written, a: number, b: number, len: number): Written | null {
  const delta = len - (b - a);
  if (b <= w.start) {
    w.start += delta;
    w.end += delta;
    return w;
  }
  if (a >= w.end) return w;
  if (w.start <= a && b <= w.end) {
    w.end += delta;
    return w;
  }
  return null;
}

/** Latest earlier edit whose written text the match [a, b) straddles, or -1. */
function conflictWith(written: readonly Written[], a: number, b: number): number {
  for (let k = written.length - 1; k >= 0; k--) {
    const w = written[k]!;
    const overlaps = a < w.end && w.start < b;
    const contains = a <= w.start && w.end <= b;
    const inside = w.start <= a && b <= w.end;
    if (overlaps && !contains && !inside) return w.edit;
  }
  return -1;
}

export const multiEditTextFile: Profile = {
  id: 'multi_edit_text_file',
  toolName: 'multi_edit_text_file',
  description: 'Apply multiple string replacement edits to a file with cumulative diff',
  schema: multiEditTextFileSchema,
  async run(raw, ctx) {
    const parsed = multiEditTextFileSchema.safeParse(raw);
    if (!parsed.success) return fail({ code: RPC.invalidParams, message: `Invalid params: ${zodDetail(parsed.error)}` });
    const input = parsed.data;
    const notAbs = notAbsolute(input.path);
    if (notAbs) return fail(notAbs);
    if (input.edits.length === 0) return fail({ code: RPC.invalidRequest, message: 'Edits array cannot be empty' });
    const file = await openForEdit(input.path, ctx);
    if (!file.ok) return fail(file.error);

    const staged = new StagedFile(file.text.view);
    const steps: StageStep[] = [];
    const warnings: string[] = [];
    const written: Written[] = [];
    const stageNow = () => ({
      files: [
        buildFileStage({ resolved: file.resolved, original: file, staged, steps, shape: file.text.shape, diffContext: ctx.diffContext }),
      ],
    });

    for (const [i, edit] of input.edits.entries()) {
      if (edit.old_string === '') return fail({ code: RPC.invalidRequest, message: `Edit ${i}: old_string must not be empty` }, stageNow(), warnings);
      const find = toLfView(edit.old_string);
      const { count, first: start } = staged.occurrences(find);
      if (count === 0) return fail({ code: RPC.notFound, message: `Edit ${i}: String not found: ${edit.old_string}` }, stageNow(), warnings);
      if (count > 1) return fail({ code: RPC.multiple, message: `Edit ${i}: String appears ${count} times: ${edit.old_string}` }, stageNow(), warnings);
        const end = start + find.length;
      const j = conflictWith(written, start, end);
      if (j >= 0) return fail({ code: RPC.conflict, message: `Edit ${i} conflicts with edit ${j}` }, stageNow(), warnings);
      if (find === toLfView(edit.new_string)) warnings.push(`Edit ${i}: old_string and new_string are identical; the edit was applied as a no-op`);

      const text = toLfView(edit.new_string);
      const range = staged.lineRange(start, end);
      const replacement = { start, end, text };
      staged.apply([replacement]);
      steps.push({ editIndex: i, replacements: [replacement], lineRanges: [range], strategy: 'exact' });
      // Updated in place: one pass, no allocation per earlier edit.
      let kept = 0;
      for (const w of written) {
        const moved = shiftWritten(w, start, end, text.length);
        if (moved) written[kept++] = moved;
      }
      written.length = kept;
      written.push({ edit: i, start, end: start + text.length });
      ctx.progress(i + 1, input.edits.length);
    }

    const stage = stageNow();
    const result = {
      success: true,
      diff: stage.files[0]!.diff,
      applied_count: input.edits.length,
      line_ranges: steps.map((s) => ({ edit_index: s.editIndex, start: s.lineRanges[0]!.start, end: s.lineRanges[0]!.end })),
    };
    return succeed(result, stage, warnings);
  },
};

// Profile `multi_edit_text_file` (SPEC 4.2, seed multi_edit_text_file.contract.md): exact edits
// applied in order to the staged content, with the conflict rule.

import { z } from 'zod';
import { buildFileStage } from '../../file-stage';
import { StagedFile } from '../../staged-file';
import { toLfView } from '../../text';
import type { StageStep } from '../../types';
import { editString, fail, isEditString, succeed, zodDetail, type Profile } from '../profile';
import { notAbsolute, openForEdit, RPC } from '../mcp-common';
import { WrittenSpans } from '../written-spans';
import { editList } from '../find-replace';
import { asRange, isRec } from '../result-ranges';
import type { LineRange } from '../../types';
import { multiEditTextFileSuite } from './cases';

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

type MultiEditTextFileInput = z.infer<typeof multiEditTextFileSchema>;

/**
 * The input as the schema's safeParse gives it (only the declared fields, in the schema's order),
 * checked by hand when it has the common shape, else null (zod then parses it and words any
 * error). Zod's walk of a 10,000-edit call cost ~30 ms of a cold worker's run.
 */
export function plainMultiEditInput(raw: unknown): MultiEditTextFileInput | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { path, edits } = raw as Record<string, unknown>;
  if (typeof path !== 'string' || !Array.isArray(edits)) return null;
  const out: MultiEditTextFileInput['edits'] = new Array(edits.length);
  for (let i = 0; i < edits.length; i++) {
    const e: unknown = edits[i];
    if (typeof e !== 'object' || e === null || Array.isArray(e)) return null;
    const { old_string, new_string } = e as Record<string, unknown>;
    if (!isEditString(old_string) || !isEditString(new_string)) return null;
    out[i] = { old_string, new_string };
  }
  return { path, edits: out };
}

export const multiEditTextFile: Profile = {
  id: 'multi_edit_text_file',
  origin: 'Seed documents',
  title: "MCP tool: exact edits in order, one cumulative diff",
  startsAs: ['composer'],
  example: {"path": "/test/config.toml", "edits": [{"old_string": "port = 8080", "new_string": "port = 3000"}, {"old_string": "host = \"localhost\"", "new_string": "host = \"0.0.0.0\""}, {"old_string": "debug = false", "new_string": "debug = true"}]},
  suite: multiEditTextFileSuite,
  judging: { jsonResult: true },
  // `line_ranges: [{edit_index, start, end}]`, grouped by edit.
  lineRanges: (result) => {
    const byEdit = new Map<number, LineRange[]>();
    for (const item of Array.isArray(result.line_ranges) ? result.line_ranges : []) {
      const r = asRange(item);
      if (!r || !isRec(item) || typeof item.edit_index !== 'number') continue;
      const list = byEdit.get(item.edit_index);
      if (list) list.push(r);
      else byEdit.set(item.edit_index, [r]);
    }
    return [...byEdit].map(([editIndex, ranges]) => ({ editIndex, ranges }));
  },
  toFindReplace: editList,
  fromFindReplace(plain) {
    if (plain.edits.some((e) => e.replaceAll)) return { ok: false, message: 'multi_edit_text_file replaces one unique occurrence per edit; an edit here replaces all of them.' };
    return { ok: true, input: { path: plain.path, edits: plain.edits.map((e) => ({ old_string: e.old, new_string: e.new })) } };
  },
  toolName: 'multi_edit_text_file',
  description: 'Apply multiple string replacement edits to a file with cumulative diff',
  schema: multiEditTextFileSchema,
  async run(raw, ctx) {
    let input = plainMultiEditInput(raw);
    if (input === null) {
      const parsed = multiEditTextFileSchema.safeParse(raw);
      if (!parsed.success) return fail({ code: RPC.invalidParams, message: `Invalid params: ${zodDetail(parsed.error)}` });
      input = parsed.data;
    }
    const notAbs = notAbsolute(input.path);
    if (notAbs) return fail(notAbs);
    if (input.edits.length === 0) return fail({ code: RPC.invalidRequest, message: 'Edits array cannot be empty' });
    const file = await openForEdit(input.path, ctx);
    if (!file.ok) return fail(file.error);

    const staged = new StagedFile(file.text.view, { patterns: input.edits.map((e) => toLfView(e.old_string)) });
    const steps: StageStep[] = [];
    const warnings: string[] = [];
    const written = new WrittenSpans();
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
      const text = toLfView(edit.new_string);
      const j = written.replace(start, end, text.length, i);
      if (j >= 0) return fail({ code: RPC.conflict, message: `Edit ${i} conflicts with edit ${j}` }, stageNow(), warnings);
      if (find === text) warnings.push(`Edit ${i}: old_string and new_string are identical; the edit was applied as a no-op`);

      const range = staged.lineRange(start, end);
      const replacement = { start, end, text };
      staged.apply([replacement]);
      steps.push({ editIndex: i, replacements: [replacement], lineRanges: [range], strategy: 'exact' });
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

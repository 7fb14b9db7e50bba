// Profile `edit_text_file` (SPEC 4.1, seed edit_text_file.contract.md): one exact, unique edit.

import { z } from 'zod';
import { buildFileStage } from '../../file-stage';
import { StagedFile } from '../../staged-file';
import { toLfView } from '../../text';
import { editString, fail, succeed, zodDetail, type Profile } from '../profile';
import { notAbsolute, openForEdit, RPC } from '../mcp-common';
import { singleEdit, theOneEdit } from '../find-replace';
import { asRange } from '../result-ranges';
import { editTextFileSuite } from './cases';

export const editTextFileSchema = z.object({
  path: z.string().describe('Absolute path to the file'),
  old_string: editString().describe('Exact string to find and replace (must be unique in file)'),
  new_string: editString().describe('Replacement string'),
});

export const editTextFile: Profile = {
  id: 'edit_text_file',
  origin: 'Seed documents',
  title: "MCP tool: one exact, unique replacement",
  example: {"path": "/test/config.toml", "old_string": "port = 8080", "new_string": "port = 3000"},
  suite: editTextFileSuite,
  judging: { jsonResult: true },
  lineRanges: (result) => {
    const r = asRange(result.line_range);
    return r ? [{ editIndex: 0, ranges: [r], label: 'Edit' }] : [];
  },
  toFindReplace: singleEdit,
  fromFindReplace(plain) {
    const one = theOneEdit(plain, 'edit_text_file', 'Try multi_edit_text_file.');
    if (!one.ok) return one;
    if (one.edit.replaceAll) return { ok: false, message: 'edit_text_file replaces one unique occurrence; this edit replaces all of them.' };
    return { ok: true, input: { path: plain.path, old_string: one.edit.old, new_string: one.edit.new } };
  },
  toolName: 'edit_text_file',
  description: 'Apply a single string replacement edit to a file with diff preview',
  schema: editTextFileSchema,
  async run(raw, ctx) {
    const parsed = editTextFileSchema.safeParse(raw);
    if (!parsed.success) return fail({ code: RPC.invalidParams, message: `Invalid params: ${zodDetail(parsed.error)}` });
    const input = parsed.data;
    const notAbs = notAbsolute(input.path);
    if (notAbs) return fail(notAbs);
    if (toLfView(input.old_string) === toLfView(input.new_string)) return fail({ code: RPC.invalidRequest, message: 'old_string and new_string are identical' });
    if (input.old_string === '') return fail({ code: RPC.invalidRequest, message: 'old_string must not be empty' });
    const file = await openForEdit(input.path, ctx);
    if (!file.ok) return fail(file.error);

    const staged = new StagedFile(file.text.view);
    const find = toLfView(input.old_string);
    const { count, first: start } = staged.occurrences(find);
    if (count === 0) return fail({ code: RPC.notFound, message: `String not found in file: ${input.old_string}` });
    if (count > 1) return fail({ code: RPC.multiple, message: `String appears ${count} times (must be unique): ${input.old_string}` });

    const end = start + find.length;
    const range = staged.lineRange(start, end);
    const replacement = { start, end, text: toLfView(input.new_string) };
    staged.apply([replacement]);
    const stage = buildFileStage({
      resolved: file.resolved,
      original: file,
      staged,
      steps: [{ editIndex: 0, replacements: [replacement], lineRanges: [range], strategy: 'exact' }],
      shape: file.text.shape,
      diffContext: ctx.diffContext,
    });
    return succeed({ success: true, diff: stage.diff, line_range: range }, { files: [stage] });
  },
};

// Profile `MultiEdit` (SPEC 4.3, seed MultiEdit.story.md): exact edits with `replace_all`, file
// creation, every shape check before anything is read, all or nothing.

import { z } from 'zod';
import { buildFileStage } from '../../file-stage';
import { wholeRange } from '../../lines';
import { isAbsolute, normalize, resolveCallPath } from '../../paths';
import { StagedFile } from '../../staged-file';
import { toLfView } from '../../text';
import type { LineRange, Replacement, StageStep } from '../../types';
import { createOrOpen } from '../create-or-open';
import { editString, fail, succeed, zodDetail, type Profile } from '../profile';
import { editList, toEditList } from '../find-replace';
import { isBatchInput } from '../multi-edit-batch/multi-edit-batch-hooks';
import { isRec, ranges } from '../result-ranges';
import { multiEditStorySuite } from './cases';

export const multiEditSchema = z.object({
  file_path: z.string().describe('The absolute path to the file to modify'),
  edits: z
    .array(
      z.object({
        old_string: editString().describe('The text to replace'),
        new_string: editString().describe('The text to replace it with (must be different from old_string)'),
        replace_all: z.boolean().optional().describe('Replace all occurrences of old_string (default false)'),
      }),
    )
    .describe('Array of edit operations to perform sequentially on the file'),
});

const DESCRIPTION = `Perform multiple find-and-replace edits on one file, atomically and in order.

- file_path must be absolute. Edits apply in sequence; each operates on the result of the previous one.
- old_string must match the file exactly (whitespace included) and be unique unless replace_all is true.
- old_string and new_string must differ.
- To create a file, give a new file_path and make the first edit's old_string empty; its new_string is the content.
- If any edit fails, none is applied. Not for Jupyter notebooks (.ipynb): use NotebookEdit.`;

export const multiEdit: Profile = {
  id: 'MultiEdit',
  origin: 'Seed documents',
  title: "One file, exact edits in order, replace_all, file creation",
  example: {"file_path": "/src/main.go", "edits": [{"old_string": "userCount", "new_string": "activeUserCount", "replace_all": true}, {"old_string": "func calculate() int {", "new_string": "// calculate calculates the active user count\nfunc calculate() int {"}]},
  suite: multiEditStorySuite,
  // Its name, unless the input is the batch proposal's (multi-edit-batch-hooks.ts).
  claimsCall: (toolName, input) => toolName === 'MultiEdit' && !isBatchInput(input),
  judging: { jsonResult: true },
  // `edits: [{index, line_ranges: [{start, end}]}]`.
  lineRanges: (result) =>
    (Array.isArray(result.edits) ? result.edits : []).flatMap((e, i) => (isRec(e) ? [{ editIndex: typeof e.index === 'number' ? e.index : i, ranges: ranges(e.line_ranges) }] : [])),
  toFindReplace: editList,
  fromFindReplace: toEditList,
  toolName: 'MultiEdit',
  description: DESCRIPTION,
  schema: multiEditSchema,
  async run(raw, ctx) {
    const parsed = multiEditSchema.safeParse(raw);
    if (!parsed.success) return fail({ code: 'INVALID_INPUT', message: `Invalid input: ${zodDetail(parsed.error)}` });
    const { file_path: filePath, edits } = parsed.data;
    if (!isAbsolute(filePath)) {
      return fail({ code: 'PATH_NOT_ABSOLUTE', message: `file_path must be an absolute path, got: ${filePath}. Give the full path starting with /.` });
    }
    if (/\.ipynb$/i.test(normalize(filePath))) {
      return fail({ code: 'NOTEBOOK_NOT_SUPPORTED', message: `${filePath} is a Jupyter notebook. Use the NotebookEdit tool to edit .ipynb files.` });
    }
    if (edits.length === 0) return fail({ code: 'EMPTY_EDITS', message: 'edits must contain at least one edit.' });
    for (const [i, e] of edits.entries()) {
      if (toLfView(e.old_string) === toLfView(e.new_string)) {
        return fail({ code: 'EDIT_OLD_NEW_IDENTICAL', message: `Edit ${i}: old_string and new_string are identical. Change new_string or remove this edit.` });
      }
    }
    for (const [i, e] of edits.entries()) {
      if (i > 0 && e.old_string === '') {
        return fail({ code: 'EMPTY_OLD_STRING', message: `Edit ${i}: old_string must not be empty. Only the first edit may have an empty old_string, to create a file.` });
      }
    }

    const resolved = resolveCallPath(filePath, ctx.mount);
    if (!resolved.ok) return fail({ code: 'PERMISSION_DENIED', message: `Permission denied: ${resolved.displayPath} is outside the workspace.` });
    const shown = resolved.displayPath;
    const first = edits[0]!;
    const opened = await createOrOpen(resolved, first.old_string, first.new_string, ctx);
    switch (opened.kind) {
      case 'denied':
        return fail({ code: 'PERMISSION_DENIED', message: `Permission denied: cannot read ${shown} (${opened.message}).` });
      case 'exists':
        return fail({ code: 'ATTEMPT_TO_CREATE_EXISTING_FILE', message: `Edit 0: cannot create ${shown}: the file already exists. Use a non-empty old_string to edit it.` });
      case 'missing':
        return fail({ code: 'FILE_NOT_FOUND', message: `File not found: ${shown}. To create it, make the first edit's old_string empty.` });
      case 'directory':
        return fail({ code: 'FILE_NOT_FOUND', message: `File not found: ${shown} is a directory. Give the path of a file.` });
      case 'binary':
        return fail({ code: 'BINARY_FILE', message: `Cannot edit binary file: ${shown}.` });
      case 'too-large':
        return fail({ code: 'FILE_TOO_LARGE', message: `File too large: ${shown} is ${opened.size} bytes; the limit is ${ctx.maxFileBytes} bytes.` });
      case 'open':
        break;
    }

    const staged = new StagedFile(opened.original?.text.view ?? '', { patterns: edits.map((e) => toLfView(e.old_string)) });
    const steps: StageStep[] = [];
    const stageNow = () => ({
      files: [buildFileStage({ resolved: opened.resolved, original: opened.original, staged, steps, shape: opened.shape, diffContext: ctx.diffContext })],
    });
    for (const [i, e] of edits.entries()) {
      let replacements: Replacement[];
      let ranges: LineRange[];
      if (e.old_string === '') {
        // Create (or fill an empty/whitespace-only file): the content becomes new_string.
        const text = toLfView(e.new_string);
        replacements = [{ start: 0, end: staged.length, text }];
        ranges = [wholeRange(text)];
      } else {
        const find = toLfView(e.old_string);
        const text = toLfView(e.new_string);
        const starts = e.replace_all ? staged.findAllNonOverlapping(find) : [staged.indexOf(find)].filter((s) => s >= 0);
        if (starts.length === 0) {
          return fail({ code: 'STRING_NOT_FOUND', message: `Edit ${i}: old_string not found in ${shown}. Read the file again and copy the text exactly, including whitespace and indentation.` }, stageNow());
        }
        if (!e.replace_all) {
          const count = staged.count(find);
          if (count > 1) {
            return fail({ code: 'MULTIPLE_MATCHES', message: `Edit ${i}: old_string appears ${count} times in ${shown}. Add surrounding lines to make it unique, or set replace_all to true.` }, stageNow());
          }
        }
        replacements = starts.map((s) => ({ start: s, end: s + find.length, text }));
        ranges = staged.lineRanges(replacements);
      }
      staged.apply(replacements);
      steps.push({ editIndex: i, replacements, lineRanges: ranges, strategy: 'exact' });
      ctx.progress(i + 1, edits.length);
    }

    const stage = stageNow();
    const file = stage.files[0]!;
    const result = {
      success: true,
      file_path: shown,
      created: file.created,
      applied_count: edits.length,
      diff: file.diff,
      edits: steps.map((s) => ({ index: s.editIndex, replacements: s.replacements.length, line_ranges: s.lineRanges })),
    };
    return succeed(result, stage);
  },
};

// Profile `multiedit` (SPEC 4.4, seed multiedit.task.md): sequential edits with the Edit tool's
// fuzzy strategies, snake_case or camelCase input, relative paths, messages of the Go reference.

import { z } from 'zod';
import { buildFileStage } from '../../file-stage';
import { fuzzyMatch } from '../../fuzzy/match';
import type { FuzzyMatch } from '../../fuzzy/types';
import { wholeRange } from '../../lines';
import { normalize, resolveCallPath } from '../../paths';
import { StagedFile } from '../../staged-file';
import { toLfView } from '../../text';
import type { LineRange, Replacement, StageStep, ToolError } from '../../types';
import { createOrOpen } from '../create-or-open';
import { editString, fail, succeed, type Profile } from '../profile';
import { editList, toEditList } from '../find-replace';
import { isRec, ranges } from '../result-ranges';
import { diffWindow, editDiff } from './edit-diff';
import { multieditTaskSuite } from './cases';

const snakeSchema = z.object({
  file_path: z.string().describe('The absolute path to the file to modify'),
  edits: z
    .array(
      z.object({
        file_path: z.string().optional().describe('Optional; must name the same file as the top-level file_path'),
        old_string: editString().describe('The text to replace'),
        new_string: editString().describe('The text to replace it with (must be different from old_string)'),
        replace_all: z.boolean().optional().describe('Replace all occurrences of old_string (default false)'),
      }),
    )
    .describe('Array of edit operations to perform sequentially on the file'),
});

const camelSchema = z.object({
  filePath: z.string().describe('The absolute path to the file to modify'),
  edits: z
    .array(
      z.object({
        filePath: z.string().optional().describe('Optional; must name the same file as the top-level filePath'),
        oldString: editString().describe('The text to replace'),
        newString: editString().describe('The text to replace it with (must be different from oldString)'),
        replaceAll: z.boolean().optional().describe('Replace all occurrences of oldString (default false)'),
      }),
    )
    .describe('Array of edit operations to perform sequentially on the file'),
});

/** Both spellings are accepted (SPEC 4.4); tool definitions advertise the snake_case one (a top-level anyOf is refused by some APIs). */
export const multieditSchema = z.union([snakeSchema, camelSchema]);

const DESCRIPTION = `This is a tool for making multiple edits to a single file in one operation. It is built on top of the Edit tool and allows you to perform multiple find-and-replace operations efficiently. Prefer this tool over the Edit tool when you need to make multiple edits to the same file.

To make multiple file edits, provide the following:
1. file_path: The absolute path to the file to modify (relative paths resolve against the working directory)
2. edits: An array of edit operations to perform, where each edit contains:
   - old_string: The text to replace (should match the file contents, including whitespace and indentation)
   - new_string: The edited text to replace the old_string
   - replace_all: Replace all occurrences of old_string. Optional, defaults to false.

IMPORTANT:
- All edits are applied in sequence, in the order they are provided; each operates on the result of the previous edit
- All edits must be valid for the operation to succeed - if any edit fails, none will be applied
- When old_string does not match exactly, the Edit tool's fallback strategies (line-trimmed, block-anchor, whitespace-normalized, indentation-flexible, escape-normalized, trimmed-boundary, context-aware) look for a unique match

FILE CREATION SUPPORT:
To create a new file, use a new file path, an empty old_string in the first edit with the file's contents as new_string, and normal edits after it.`;

interface Edit {
  old: string;
  new: string;
  replaceAll: boolean;
  filePath?: string;
}

type Parsed = { ok: true; filePath: string; edits: Edit[] } | { ok: false; error: ToolError };

/** Parse either spelling; schema errors read like the Go reference's validation messages. */
export function parseMultieditInput(raw: unknown): Parsed {
  const camel = typeof raw === 'object' && raw !== null && !('file_path' in raw) && ('filePath' in raw || hasCamelEdits(raw));
  const names = camel
    ? { file: 'filePath', old: 'oldString', new: 'newString', all: 'replaceAll' }
    : { file: 'file_path', old: 'old_string', new: 'new_string', all: 'replace_all' };
  const parsed = camel ? camelSchema.safeParse(raw) : snakeSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [top, index, field] = issue.path;
    let message: string;
    if (issue.path.length === 0) message = 'parameters must be an object with file_path and edits';
    else if (top === names.file || top === undefined) message = `${names.file} parameter is required`;
    else if (top === 'edits' && index === undefined) message = 'edits parameter is required and must be an array';
    else if (field === undefined) message = `edit at index ${String(index)} is not a valid object`;
    else if ((field === names.old || field === names.new) && issue.code === 'invalid_type') message = `edit at index ${String(index)} is missing ${String(field)}`;
    else message = `edit at index ${String(index)} has an invalid ${String(field)}: ${issue.message.replace(/^Invalid input: /, '')}`;
    return { ok: false, error: { code: 'INVALID_INPUT', message } };
  }
  const d = parsed.data;
  if ('filePath' in d) {
    return {
      ok: true,
      filePath: d.filePath,
      edits: d.edits.map((e) => ({ old: e.oldString, new: e.newString, replaceAll: e.replaceAll ?? false, ...(e.filePath !== undefined && { filePath: e.filePath }) })),
    };
  }
  return {
    ok: true,
    filePath: d.file_path,
    edits: d.edits.map((e) => ({ old: e.old_string, new: e.new_string, replaceAll: e.replace_all ?? false, ...(e.file_path !== undefined && { filePath: e.file_path }) })),
  };
}

function hasCamelEdits(raw: object): boolean {
  const edits = (raw as { edits?: unknown }).edits;
  return Array.isArray(edits) && edits.some((e) => typeof e === 'object' && e !== null && ('oldString' in e || 'newString' in e));
}

const OUTPUT = 'Edit applied successfully.';

export const multiedit: Profile = {
  id: 'multiedit',
  origin: 'Seed documents',
  title: "One file, edits in order, eight match strategies",
  startsAs: ['whatIf'],
  example: {"file_path": "src/config.js", "edits": [{"old_string": "const DEBUG_MODE = true;", "new_string": "const DEBUG_MODE = false;"}]},
  suite: multieditTaskSuite,
  // `metadata.results[i].line_ranges: [{start, end}]`.
  lineRanges: (result) => {
    const results = isRec(result.metadata) && Array.isArray(result.metadata.results) ? result.metadata.results : [];
    return results.flatMap((r, i) => (isRec(r) ? [{ editIndex: i, ranges: ranges(r.line_ranges) }] : []));
  },
  toFindReplace: editList,
  fromFindReplace: toEditList,
  // Its own reading of the input (snake_case or camelCase, SPEC 4.4) is the check: one message, no path.
  checkInput(input) {
    const parsed = parseMultieditInput(input);
    return parsed.ok ? { ok: true } : { ok: false, message: parsed.error.message, path: [] };
  },
  toolName: 'multiedit',
  description: DESCRIPTION,
  schema: multieditSchema,
  async run(raw, ctx) {
    const parsed = parseMultieditInput(raw);
    if (!parsed.ok) return fail(parsed.error);
    const { filePath, edits } = parsed;
    if (edits.length === 0) return fail({ code: 'EMPTY_EDITS', message: 'edits array cannot be empty' });
    const resolved = resolveCallPath(filePath, ctx.mount);
    for (let i = 0; i < edits.length; i++) {
      const e = edits[i]!;
      if (toLfView(e.old) === toLfView(e.new)) return fail({ code: 'EDIT_OLD_NEW_IDENTICAL', message: `edit at index ${i} has identical old_string and new_string` });
      if (i > 0 && e.old === '') {
        return fail({ code: 'EMPTY_OLD_STRING', message: `edit at index ${i} has an empty old_string; only the first edit may be empty, to create a file` });
      }
      // SPEC 10.8: a per-edit path is accepted when it names the same file.
      if (e.filePath !== undefined && resolveCallPath(e.filePath, ctx.mount).absPath !== resolved.absPath) {
        return fail({ code: 'INVALID_INPUT', message: `edit at index ${i} names a different file (${normalize(e.filePath)}) than the top-level path (${resolved.absPath})` });
      }
    }
    const abs = resolved.absPath;
    if (!resolved.ok) return fail({ code: 'PERMISSION_DENIED', message: `file ${resolved.displayPath} is not in the current working directory` });

    const first = edits[0]!;
    const opened = await createOrOpen(resolved, first.old, first.new, ctx);
    switch (opened.kind) {
      case 'denied':
        return fail({ code: 'PERMISSION_DENIED', message: `edit 1 failed: permission denied: ${abs}` });
      case 'exists':
        return fail({ code: 'ATTEMPT_TO_CREATE_EXISTING_FILE', message: `edit 1 failed: file already exists: ${abs}; use a non-empty old_string to edit it` });
      case 'missing':
        return fail({ code: 'FILE_NOT_FOUND', message: `edit 1 failed: file not found: ${abs}` });
      case 'directory':
        return fail({ code: 'FILE_NOT_FOUND', message: `edit 1 failed: path is a directory, not a file: ${abs}` });
      case 'binary':
        return fail({ code: 'BINARY_FILE', message: `edit 1 failed: cannot edit binary file: ${abs}` });
      case 'too-large':
        return fail({ code: 'FILE_TOO_LARGE', message: `edit 1 failed: file too large: ${abs} (${opened.size} bytes, limit ${ctx.maxFileBytes})` });
      case 'open':
        break;
    }

    // Every old_string is indexed once, so a unique exact match (the common case) is found without
    // reading the whole text per edit; only a miss or an ambiguity goes to the fuzzy strategies.
    const staged = new StagedFile(opened.original?.text.view ?? '', { patterns: edits.filter((e) => e.old !== '').map((e) => toLfView(e.old)) });
    const steps: StageStep[] = [];
    const results: { strategy: string; replacements: number; line_ranges: LineRange[]; diff: string }[] = [];
    const stageNow = () => ({
      files: [
        buildFileStage({ resolved: opened.resolved, original: opened.original, staged, steps, shape: opened.shape, diffContext: ctx.diffContext, diffPath: abs }),
      ],
    });
    for (let i = 0; i < edits.length; i++) {
      const e = edits[i]!;
      const n = i + 1;
      let replacements: Replacement[];
      let strategy: string;
      let ranges: LineRange[];
      if (e.old === '') {
        const text = toLfView(e.new);
        replacements = [{ start: 0, end: staged.length, text }];
        strategy = 'create';
        ranges = [wholeRange(text)];
      } else {
        const find = toLfView(e.old);
        const exact = exactMatch(staged, find, toLfView(e.new), e.replaceAll);
        // The default budget (defaultBudget of the text), counted only if a strategy spends.
        const m = exact ?? fuzzyMatch(staged.text, find, toLfView(e.new), { replaceAll: e.replaceAll });
        if (m.kind === 'not-found') return fail({ code: 'STRING_NOT_FOUND', message: `edit ${n} failed: old_string not found in ${abs}` }, stageNow());
        if (m.kind === 'ambiguous') {
          return fail({ code: 'MULTIPLE_MATCHES', message: `edit ${n} failed: multiple matches (${m.count}) for old_string in ${abs}; add more context or set replace_all` }, stageNow());
        }
        replacements = m.replacements;
        strategy = m.strategy;
        ranges = staged.lineRanges(replacements);
      }
      const around = diffWindow(staged, replacements, ctx.diffContext);
      staged.apply(replacements);
      steps.push({ editIndex: i, replacements, lineRanges: ranges, strategy });
      results.push({ strategy, replacements: replacements.length, line_ranges: ranges, diff: editDiff(around, replacements, abs, ctx.diffContext) });
      ctx.progress(i + 1, edits.length);
    }

    const stage = stageNow();
    return succeed({ title: resolved.path, output: OUTPUT, metadata: { results } }, stage);
  },
};

/**
 * A unique exact match, or every non-overlapping one with replace_all, found through the staged
 * file's index: the same answer the fuzzy matcher's first strategy gives, without reading the
 * whole text. Null: no exact match, or several without replace_all (the strategies decide).
 */
function exactMatch(staged: StagedFile, find: string, replace: string, replaceAll: boolean): FuzzyMatch | null {
  const { count, first } = staged.occurrences(find);
  if (count === 0) return null;
  if (replaceAll) return { kind: 'match', strategy: 'exact', replacements: staged.findAllNonOverlapping(find).map((start) => ({ start, end: start + find.length, text: replace })) };
  if (count > 1) return null;
  return { kind: 'match', strategy: 'exact', replacements: [{ start: first, end: first + find.length, text: replace }] };
}

// Profile `apply_diff` (SPEC 11): Roo Code's search/replace edit, reference RooCodeInc/Roo-Code at
// cb836567180a3ff1da6d082f3178b90c3bd22a70 (Apache-2.0): src/core/tools/ApplyDiffTool.ts (the
// call and its answers), src/core/diff/strategies/multi-search-replace.ts (the blocks,
// multi-search-replace.ts here), DiffViewProvider.pushToolWriteResult (the success JSON) and
// src/core/prompts/responses.ts (toolError, missingToolParameterError with the native-tools
// reminder). Roo Code is a fork of Cline and saves through the same VS Code document, so the
// file is staged as Cline's is (../cline/document.ts).

import { z } from 'zod';
import { resolveCallPath } from '../../paths';
import type { RunOutcome } from '../../types';
import { fail, succeed, zodDetail, type Profile, type ProfileContext } from '../profile';
import { openFile, stageSave, statesAsSteps } from '../cline/document';
import { applyDiffFromFindReplace, applyDiffQuoted, applyDiffToFindReplace } from './hooks';
import { applyDiff } from './multi-search-replace';
import { applyDiffSuite } from './cases';

const TOOL_ERROR = 'tool_error';

const REMINDER =
  "# Reminder: Instructions for Tool Use\n\nTools are invoked using the platform's native tool calling mechanism. Each tool requires specific parameters as defined in the tool descriptions. Refer to the tool definitions provided in your system instructions for the correct parameter structure and usage examples.\n\nAlways ensure you provide all required parameters for the tool you wish to use.";

const missingParameter = (name: string): string =>
  JSON.stringify({
    status: 'error',
    message: 'The tool execution failed',
    error: `Missing value for required parameter '${name}'. Please retry with complete response.\n\n${REMINDER}`,
  });

const NOTICE = 'You do not need to re-read the file, as you have seen all changes Proceed with the task using these changes as the new baseline.';
const SINGLE_BLOCK_NOTICE =
  '\n<notice>Making multiple related changes in a single apply_diff is more efficient. If other changes are needed in this file, please include them as additional SEARCH/REPLACE blocks.</notice>';

const FAILURES = ['<error_details>\n', 'Unable to apply diff to file: ', 'File does not exist at path: '];

/**
 * ApplyDiffTool's own failures (a block that matched nowhere, the diff refused, no file, a
 * missing parameter's JSON): Roo Code pushes them as plain tool results, with no is_error.
 */
export function applyDiffFailure(text: string): boolean {
  if (FAILURES.some((p) => text.startsWith(p))) return true;
  if (!text.startsWith('{"status":"error"')) return false;
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && (v as Record<string, unknown>).status === 'error';
  } catch {
    return false;
  }
}

export const APPLY_DIFF_DESCRIPTION =
  'Change an existing file with one or more SEARCH/REPLACE blocks: `<<<<<<< SEARCH`, `:start_line:` and the line the search starts at, `-------`, the exact lines to find, `=======`, the new lines, `>>>>>>> REPLACE`. ' +
  'Each block is found at its start line, or by a search around it; whitespace runs count as one space. Escape a conflict marker inside a section with a backslash. ' +
  'Blocks that match are applied even when others fail.';

export const applyDiffSchema = z.object({
  path: z.string().describe('Path of the file, relative to the working directory (the mount).'),
  diff: z.string().describe('One or more SEARCH/REPLACE blocks.'),
});

const loose = z.object({ path: z.string().optional(), diff: z.string().optional() }).loose();

async function run(raw: unknown, ctx: ProfileContext): Promise<RunOutcome> {
  const parsed = loose.safeParse(raw);
  if (!parsed.success) return fail({ code: 'invalid_input', message: zodDetail(parsed.error) });
  const { path: relPath, diff } = parsed.data;
  if (!relPath) return fail({ code: TOOL_ERROR, message: missingParameter('path') });
  if (!diff) return fail({ code: TOOL_ERROR, message: missingParameter('diff') });
  const resolved = resolveCallPath(relPath, ctx.mount);
  if (!resolved.ok) return fail({ code: 'PERMISSION_DENIED', message: `${resolved.absPath} is outside the workspace (${ctx.mount}); the playground reaches only files under it` });
  const absolutePath = resolved.absPath;
  const opened = resolved.path === '' ? ({ kind: 'refused', error: { code: 'IS_DIRECTORY', message: `EISDIR: illegal operation on a directory, read '${absolutePath}'` } } as const) : await openFile(resolved, ctx);
  if (opened.kind === 'refused') return fail(opened.error);
  if (opened.kind === 'missing') {
    return fail({
      code: TOOL_ERROR,
      message: `File does not exist at path: ${absolutePath}\n\n<error_details>\nThe specified file could not be found. Please verify the file path and try again.\n</error_details>`,
    });
  }
  // Node's readFile(…, 'utf-8') keeps a BOM as the text's first character.
  const bom = opened.text.shape.bom ? '\uFEFF' : '';
  const result = applyDiff(bom + opened.raw, diff);
  if (!result.success) {
    const message =
      'error' in result
        ? `Unable to apply diff to file: ${absolutePath}\n\n<error_details>\n${result.error}\n</error_details>`
        : `<error_details>\n${result.failParts[result.failParts.length - 1]!}\n</error_details>`;
    return fail({ code: TOOL_ERROR, message });
  }
  const unBom = (s: string): string => (s.startsWith('\uFEFF') ? s.slice(1) : s);
  const states = result.applied.map((a) => ({ editIndex: a.block, text: unBom(a.after.join('\n')), strategy: 'fuzzy-1.0' }));
  const { stage, warnings } = stageSave(resolved, opened, unBom(result.content), statesAsSteps(opened.text.view, states), 'fuzzy-1.0', ctx);
  ctx.progress(1, 1);
  const partFail =
    result.failParts.length > 0 ? `But unable to apply all diff parts to file: ${absolutePath}. Use the read_file tool to check the newest file version and re-apply diffs.\n` : '';
  const answer = JSON.stringify({ path: relPath, operation: 'modified', notice: NOTICE });
  const single = (diff.match(/<<<<<<< SEARCH/g) ?? []).length === 1 ? SINGLE_BLOCK_NOTICE : '';
  const notes = result.failParts.map((part, i) => `${resolved.displayPath}: a SEARCH/REPLACE block was not applied (${i + 1} of ${result.failParts.length}): ${part.split('\n')[0]!}`);
  return succeed({ output: partFail + answer + single }, { files: [stage] }, [...notes, ...warnings]);
}

export const applyDiffProfile: Profile = {
  id: 'apply_diff',
  origin: 'Roo Code',
  title: "Roo Code's SEARCH/REPLACE blocks with :start_line:",
  example: { path: 'src/config.js', diff: '<<<<<<< SEARCH\n:start_line:3\n-------\nconst DEBUG_MODE = true;\n=======\nconst DEBUG_MODE = false;\n>>>>>>> REPLACE' },
  suite: applyDiffSuite,
  toolName: 'apply_diff',
  description: APPLY_DIFF_DESCRIPTION,
  schema: applyDiffSchema,
  run,
  quotesBefore: applyDiffQuoted,
  judging: { failureText: applyDiffFailure },
  toFindReplace: applyDiffToFindReplace,
  fromFindReplace: applyDiffFromFindReplace,
};

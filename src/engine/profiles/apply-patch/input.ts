// The two input shapes of the `apply_patch` profile: Codex's function form `{ input: <patch> }`
// and the `operation` of a Responses API `apply_patch_call`, which names one file and carries
// only that file's part of a patch. An operation is turned into the patch Codex would be given
// for it, so both shapes share the parser, the errors and the result.

import { z } from 'zod';
import { editString, zodDetail } from '../profile';

const inputForm = z.object({
  input: editString().describe('The whole patch: "*** Begin Patch", one or more file operations, "*** End Patch"'),
});

const singleLine = (what: string) => editString().refine((s) => !/[\r\n]/.test(s), `${what} must be a single line`);

const operationForm = z.object({
  operation: z
    .object({
      type: z.enum(['create_file', 'update_file', 'delete_file']).describe('What to do with the file'),
      path: singleLine('path').describe('The file, relative to the working directory'),
      diff: editString()
        .optional()
        .describe('create_file: the content, every line prefixed with "+"; update_file: the hunks ("@@" lines and " ", "-", "+" lines)'),
    })
    .describe('A Responses API apply_patch_call operation'),
});

export const applyPatchSchema = z.union([inputForm, operationForm]);

export type PatchInput = { ok: true; patch: string } | { ok: false; message: string };

/**
 * The patch text of a call. The form is chosen by its key (`operation` without `input`), so a
 * schema error names the fields of the form the caller meant.
 */
export function patchOf(raw: unknown): PatchInput {
  const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const wantsOperation = isObject && Object.hasOwn(raw, 'operation') && !Object.hasOwn(raw, 'input');
  if (!wantsOperation) {
    const parsed = inputForm.safeParse(raw);
    return parsed.success ? { ok: true, patch: parsed.data.input } : { ok: false, message: zodDetail(parsed.error) };
  }
  const parsed = operationForm.safeParse(raw);
  if (!parsed.success) return { ok: false, message: zodDetail(parsed.error) };
  const { type, path, diff } = parsed.data.operation;
  // A final line break of the diff would otherwise become a blank line before `*** End Patch`,
  // which an update reads as an empty context line.
  const body = withoutFinalBreaks(diff ?? '');
  const lines = ['*** Begin Patch'];
  if (type === 'delete_file') lines.push(`*** Delete File: ${path}`);
  else lines.push(`*** ${type === 'create_file' ? 'Add' : 'Update'} File: ${path}`);
  if (type !== 'delete_file' && body !== '') lines.push(body);
  lines.push('*** End Patch');
  return { ok: true, patch: lines.join('\n') };
}

function withoutFinalBreaks(s: string): string {
  let end = s.length;
  while (end > 0 && (s[end - 1] === '\n' || (s[end - 1] === '\r' && s[end] === '\n'))) end--;
  return s.slice(0, end);
}

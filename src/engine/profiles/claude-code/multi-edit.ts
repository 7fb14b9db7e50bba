// Profile `claude_code_MultiEdit`: the MultiEdit tool Claude Code shipped from 1.0.0 to 1.0.128
// (`{ file_path, edits: [{ old_string, new_string, replace_all? }] }`; before 1.0.8 each edit took
// `expected_replacements`). Not the seed documents' `MultiEdit` profile, which only shares the
// tool name. Behaviour per release (releases.ts; src/engine/profiles/claude-code/claude-code-versions.md):
//
// - the input normalisation of Edit runs on every edit (desanitisation; from 1.0.113 the strip);
// - validateInput is Edit's, once per edit, every edit against the file as it was before the call;
// - call() applies the edits in order to the text, each old_string as given (no quote matching
//   there), and fails with the bare message of the exception it threw;
// - the file is written back whole with the line ending detected in its first 4096 bytes.
//
// A release newer than 1.0.128 had no MultiEdit (a call got "No such tool available"); this
// profile then runs as 1.0.128 did.

import { z } from 'zod';
import { buildFileStage, loadFile } from '../../file-stage';
import { StagedFile } from '../../staged-file';
import type { Replacement, RunOutcome, StageStep } from '../../types';
import { EMPTY_STAGE, succeed, type Profile, type ProfileContext } from '../profile';
import { checkEdit, normaliseEdit } from './edit-check';
import { nonOverlapping } from './normalise';
import { unchangedSinceRead, UNEXPECTEDLY_MODIFIED, type ReadState } from './read-state';
import { LAST_MULTIEDIT_RELEASE, multiEditReleaseFor, releaseLabel, type ClaudeCodeRelease } from './releases';
import { multiEditResult } from './results';
import { callError, countEndings, detectedEol, expandFilePath, inputValidationError, plural } from './shared';

const FILE_PATH = 'The absolute path to the file to modify';
const EDITS = 'Array of edit operations to perform sequentially on the file';
const AT_LEAST_ONE = 'At least one edit is required';

/** The input as advertised (Claude Code 1.0.128's field descriptions). */
export const claudeCodeMultiEditSchema = z.object({
  file_path: z.string().describe(FILE_PATH),
  edits: z
    .array(
      z.object({
        old_string: z.string().describe('The text to replace'),
        new_string: z.string().describe('The text to replace it with'),
        replace_all: z.boolean().default(false).optional().describe('Replace all occurences of old_string (default false).'),
      }),
    )
    .min(1, AT_LEAST_ONE)
    .describe(EDITS),
});

/** The input before 1.0.8: a count per edit. */
export const claudeCodeMultiEditSchemaExpected = z.object({
  file_path: z.string().describe(FILE_PATH),
  edits: z
    .array(
      z.object({
        old_string: z.string().describe('The text to replace'),
        new_string: z.string().describe('The text to replace it with'),
        expected_replacements: z.number().default(1).optional().describe('The expected number of replacements to perform. Defaults to 1 if not specified.'),
      }),
    )
    .min(1, AT_LEAST_ONE)
    .describe(EDITS),
});

function inputSchema(r: ClaudeCodeRelease) {
  const count = r.countParam === 'expected_replacements' ? { expected_replacements: z.number().default(1).optional() } : { replace_all: z.boolean().default(false).optional() };
  const edit = z.strictObject({ old_string: z.string(), new_string: z.string(), ...count });
  return z.strictObject({ file_path: z.string(), edits: z.array(edit).min(1, AT_LEAST_ONE) });
}

/** zod 3's own message (its issues as JSON), which Claude Code 1.x passed on for an empty `edits`. */
function zod3Message(error: z.ZodError): string | undefined {
  const issues = error.issues;
  if (issues.length === 0 || !issues.every((i) => i.code === 'too_small' && i.origin === 'array')) return undefined;
  const v3 = issues.map((i) => ({ code: 'too_small', minimum: Number((i as { minimum?: unknown }).minimum), type: 'array', inclusive: true, exact: false, message: i.message, path: i.path }));
  return JSON.stringify(v3, null, 2);
}

const description = (r: ClaudeCodeRelease): string => `Claude Code's MultiEdit tool (as ${releaseLabel(r)} ran it; Claude Code 2.0 and later have no MultiEdit): several edits to one file, applied in order, all or none.

- Each edit is checked as Edit checks it, against the file as it was before the call: its old_string must be there${r.countParam === 'expected_replacements' ? '' : ' exactly once unless replace_all is true'}, and differ from new_string.
- The edits then apply one after another, each to the result of the ones before; an old_string that only a previous edit's new_string would supply is refused.
- A first edit with an empty old_string creates a missing file${r.stripTrailing === 'never' ? '' : '; Claude Code strips trailing whitespace from the lines of every new_string of an existing file'}.
- In a Claude Code session the file must have been read first; a single call here counts every file as read.`;

interface MultiEditEdit {
  old_string: string;
  new_string: string;
  replaceAll: boolean;
  expected: number;
}

export async function runClaudeCodeMultiEdit(raw: unknown, ctx: ProfileContext, readState: ReadState | undefined, r: ClaudeCodeRelease): Promise<RunOutcome> {
  const parsed = inputSchema(r).safeParse(raw);
  if (!parsed.success) return inputValidationError('MultiEdit', parsed.error, r, zod3Message(parsed.error));
  const filePath = parsed.data.file_path;
  const expanded = expandFilePath('MultiEdit', filePath, ctx, r);
  if (!expanded.ok) return expanded.outcome;
  const { resolved } = expanded;
  const file = await loadFile(ctx.fs, resolved.path, ctx.maxFileBytes);
  const warnings: string[] = [];

  // normalizeToolInput: every edit, against the file as it is (a missing file: none).
  const edits: MultiEditEdit[] = parsed.data.edits.map((e, i) => {
    const given = e as { old_string: string; new_string: string; replace_all?: boolean; expected_replacements?: number };
    const n = normaliseEdit(r, filePath, file, given.old_string, given.new_string, warnings, `edits[${i}].new_string`);
    return { old_string: n.oldString, new_string: n.newString, replaceAll: given.replace_all ?? false, expected: given.expected_replacements ?? 1 };
  });

  // validateInput: Edit's, for each edit in turn, each against the file before the call.
  for (const e of edits) {
    const expected = r.multiEditChecksExpected ? e.expected : 1;
    const check = await checkEdit(r, { toolName: 'MultiEdit', filePath, oldString: e.old_string, newString: e.new_string, replaceAll: e.replaceAll, expected }, file, resolved, ctx, readState, warnings);
    if (!check.ok) return check.outcome;
  }
  if (file.kind !== 'text' && file.kind !== 'missing') throw new Error(`unreachable: ${file.kind}`);
  const original = file.kind === 'text' ? file.text.view : '';
  // call(): an existing file must be the one read (1.0.111 on; reaches edits that only fill an empty file).
  if (file.kind === 'text' && r.callChecksRead && !unchangedSinceRead(readState, resolved.absPath, original)) return callError(UNEXPECTEDLY_MODIFIED, EMPTY_STAGE, warnings);

  const staged = new StagedFile(original);
  const steps: StageStep[] = [];
  const written: string[] = [];
  const every = r.countParam === 'expected_replacements';
  for (const [i, e] of edits.entries()) {
    const head = e.old_string.replace(/\n+$/, '');
    if (head !== '' && written.some((w) => w.includes(head))) return callError('Cannot edit file: old_string is a substring of a new_string from a previous edit.', EMPTY_STAGE, warnings);
    const text = staged.text;
    let replacements: Replacement[];
    if (e.old_string === '') {
      replacements = [{ start: 0, end: text.length, text: e.new_string }];
    } else {
      const find = e.new_string === '' && !e.old_string.endsWith('\n') && text.includes(`${e.old_string}\n`) ? `${e.old_string}\n` : e.old_string;
      const at = text.indexOf(find);
      const starts = every || e.replaceAll ? nonOverlapping(text, find) : at === -1 ? [] : [at];
      replacements = starts.map((s) => ({ start: s, end: s + find.length, text: e.new_string }));
    }
    if (replacements.length === 0 || replacements.every((x) => text.slice(x.start, x.end) === x.text)) {
      return callError('String not found in file. Failed to apply edit.', EMPTY_STAGE, warnings);
    }
    steps.push({ editIndex: i, replacements, lineRanges: staged.lineRanges(replacements), strategy: 'exact' });
    staged.apply(replacements);
    written.push(e.new_string);
  }
  if (staged.text === original) return callError('Original and edited file match exactly. Failed to apply edit.', EMPTY_STAGE, warnings);

  const shown = resolved.displayPath;
  if (file.kind === 'missing') {
    const stage = buildFileStage({ resolved, original: null, staged, steps, shape: { bom: false, eol: '\n' }, diffContext: ctx.diffContext });
    return succeed({ output: multiEditResult(filePath, edits) }, { files: [stage] }, warnings);
  }
  const eol = detectedEol(file.bytes, r.eolWindow);
  const crs = eol === '\r\n' ? nonOverlapping(staged.text, '\r\n').length : 0;
  if (crs > 0) warnings.push(`${shown}: ${releaseLabel(r)} joined the lines with CR LF without reading a CR LF already in a new_string as one break: ${plural(crs, 'line break')} written as CR CR LF`);
  const endings = countEndings(original);
  const crlf = file.text.crlfAt.length;
  const other = eol === '\r\n' ? endings.all - crlf : crlf;
  if (other > 0) {
    const [kind, was] = eol === '\r\n' ? ['CRLF', 'LF'] : ['LF', 'CRLF'];
    warnings.push(`${shown}: Claude Code writes the whole file back with ${kind} line endings (the kind most used in its first 4096 bytes): ${plural(other, `${was} line ending`)} of the file ${other === 1 ? 'becomes' : 'become'} ${kind}`);
  }
  const fills = edits.some((e) => e.old_string === '');
  if (file.text.shape.bom && fills) warnings.push(`${shown}: the UTF-8 byte order mark is dropped: an edit with an empty old_string replaces the whole content, the mark included`);
  const bom = file.text.shape.bom && !fills;
  const stage = buildFileStage({ resolved, original: { bytes: file.bytes, text: file.text }, staged, steps, shape: { bom, eol }, diffContext: ctx.diffContext, wholeWrite: true });
  return succeed({ output: multiEditResult(filePath, edits) }, { files: [stage] }, warnings);
}

/**
 * Claude Code's MultiEdit, its read-before-write rule consulting `readState` (none: every file
 * counts as read), as `release` ran it; a release without MultiEdit runs as the last one with it.
 */
export function createClaudeCodeMultiEdit(readState?: ReadState, release?: ClaudeCodeRelease): Profile {
  if (release === undefined) {
    // No release of its own: the run's (ctx.release), else the last release that had MultiEdit.
    const fixed = createClaudeCodeMultiEdit(readState, LAST_MULTIEDIT_RELEASE);
    return { ...fixed, run: (input, ctx) => runClaudeCodeMultiEdit(input, ctx, readState, ctx.release === undefined ? LAST_MULTIEDIT_RELEASE : multiEditReleaseFor(ctx.release)) };
  }
  const r = release.multiEdit ? release : LAST_MULTIEDIT_RELEASE;
  return {
    id: 'claude_code_MultiEdit',
    origin: 'Claude Code',
    toolName: 'MultiEdit',
    description: description(r),
    schema: r.countParam === 'expected_replacements' ? claudeCodeMultiEditSchemaExpected : claudeCodeMultiEditSchema,
    rejectsUnknownFields: true,
    run: (input, ctx) => runClaudeCodeMultiEdit(input, ctx, readState, r),
  };
}

export const claudeCodeMultiEdit: Profile = createClaudeCodeMultiEdit();

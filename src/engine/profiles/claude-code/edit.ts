// Profile `Edit`: Claude Code's Edit tool as @anthropic-ai/claude-code 2.1.88 runs it
// (src/tools/FileEditTool/FileEditTool.ts, utils.ts; the input normalisation of src/utils/api.ts),
// and as the earlier releases of releases.ts ran it (src/engine/profiles/claude-code/claude-code-versions.md).
// Checks run in Claude Code's order: schema, input normalisation, validateInput, then call(); every
// text the model receives is reproduced byte for byte (src/engine/profiles/claude-code/Edit.md lists them).

import { z } from 'zod';
import { buildFileStage, loadFile, type LoadedFile } from '../../file-stage';
import { wholeRange } from '../../lines';
import { StagedFile } from '../../staged-file';
import { toLfView } from '../../text';
import type { Replacement, RunOutcome, StageStep } from '../../types';
import { EMPTY_STAGE, succeed, type Profile, type ProfileContext } from '../profile';
import { checkEdit, normaliseEdit, type EditRequest } from './edit-check';
import { matchedBy, nonOverlapping, preserveQuoteStyle, swapEscapes } from './normalise';
import { unchangedSinceRead, UNEXPECTEDLY_MODIFIED, type ReadState } from './read-state';
import { REFERENCE_RELEASE, releaseLabel, releaseOf, type ClaudeCodeRelease } from './releases';
import { editResult } from './results';
import { callError, countEndings, detectedEol, expandFilePath, inputValidationError, plural, semanticBoolean, verbatim, type Resolved } from './shared';

/** The input as advertised (Claude Code's field descriptions). */
export const editSchema = z.object({
  file_path: z.string().describe('The absolute path to the file to modify'),
  old_string: z.string().describe('The text to replace'),
  new_string: z.string().describe('The text to replace it with (must be different from old_string)'),
  replace_all: z.boolean().default(false).optional().describe('Replace all occurrences of old_string (default false)'),
});

/** The input of the releases before 1.0.8, which counted matches instead of replacing all. */
export const editSchemaExpected = z.object({
  file_path: z.string().describe('The absolute path to the file to modify'),
  old_string: z.string().describe('The text to replace'),
  new_string: z.string().describe('The text to replace it with'),
  expected_replacements: z.number().default(1).optional().describe('The expected number of replacements to perform. Defaults to 1 if not specified.'),
});

/** The input as a release validates it: no unknown field; quoted booleans from 2.1.72. */
function inputSchema(r: ClaudeCodeRelease) {
  const base = { file_path: z.string(), old_string: z.string(), new_string: z.string() };
  if (r.countParam === 'expected_replacements') return z.strictObject({ ...base, expected_replacements: z.number().default(1).optional() });
  const flag = z.boolean().default(false).optional();
  return z.strictObject({ ...base, replace_all: r.quotedBooleans ? z.preprocess(semanticBoolean, flag) : flag });
}

const DESCRIPTION = `Claude Code's Edit tool (as in @anthropic-ai/claude-code 2.1.88): replace old_string with new_string in one file.

- old_string must occur exactly once in the file unless replace_all is true (then every occurrence is replaced).
- An empty old_string creates a missing file, or fills an existing empty (or whitespace-only) one, with new_string.
- Curly quotes in the file match straight quotes in old_string; new_string then takes the file's curly quotes.
- Claude Code strips trailing whitespace from the lines of new_string (except in .md and .mdx files) and writes the whole file back with the line ending it detects.
- In a Claude Code session the file must have been read first; a single call here counts every file as read.
- Not for Jupyter notebooks (.ipynb): Claude Code has NotebookEdit for those.`;

function description(r: ClaudeCodeRelease): string {
  if (r === REFERENCE_RELEASE) return DESCRIPTION;
  const count =
    r.countParam === 'expected_replacements'
      ? '- old_string must occur exactly expected_replacements times (default 1); every occurrence is replaced.'
      : '- old_string must occur exactly once in the file unless replace_all is true (then every occurrence is replaced).';
  const quotes = r.quoteStyle
    ? '- Curly quotes in the file match straight quotes in old_string; new_string then takes the file\'s curly quotes.\n'
    : r.quoteMatching
      ? '- Curly quotes in the file match straight quotes in old_string (new_string is written as given).\n'
      : '';
  const strip =
    r.stripTrailing === 'never'
      ? ''
      : `- Claude Code strips trailing whitespace from the lines of new_string${r.stripTrailing === 'except-markdown' ? ' (except in .md and .mdx files)' : ''}.\n`;
  return `Claude Code's Edit tool (as ${releaseLabel(r)} and the releases up to the next change ran it): replace old_string with new_string in one file.

${count}
- An empty old_string creates a missing file, or fills an existing empty (or whitespace-only) one, with new_string.
${quotes}${strip}- The whole file is written back with the line ending Claude Code detects.
- In a Claude Code session the file must have been read first; a single call here counts every file as read.${r.staleRecovery ? "\n- A file changed on disk since it was read is still edited when old_string matches it uniquely (or replace_all finds it); the answer then ends with a note saying the file holds other changes." : ''}
- Not for Jupyter notebooks (.ipynb): Claude Code has NotebookEdit for those.`;
}

interface EditInput extends EditRequest {
  filePath: string;
}

export async function runEdit(raw: unknown, ctx: ProfileContext, readState: ReadState | undefined, r: ClaudeCodeRelease = REFERENCE_RELEASE): Promise<RunOutcome> {
  const parsed = inputSchema(r).safeParse(raw);
  if (!parsed.success) return inputValidationError('Edit', parsed.error, r);
  const data = parsed.data as { file_path: string; old_string: string; new_string: string; replace_all?: boolean; expected_replacements?: number };
  const input: EditInput = {
    toolName: 'Edit',
    filePath: data.file_path,
    oldString: data.old_string,
    newString: data.new_string,
    replaceAll: data.replace_all ?? false,
    expected: data.expected_replacements ?? 1,
  };
  const expanded = expandFilePath('Edit', input.filePath, ctx, r);
  if (!expanded.ok) return expanded.outcome;
  const { resolved } = expanded;
  const file = await loadFile(ctx.fs, resolved.path, ctx.maxFileBytes);

  // normalizeToolInput, before validation, and only for a file it can read.
  const warnings: string[] = [];
  const n = normaliseEdit(r, input.filePath, file, input.oldString, input.newString, warnings);
  input.oldString = n.oldString;
  input.newString = n.newString;
  const check = await checkEdit(r, input, file, resolved, ctx, readState, warnings);
  if (!check.ok) return check.outcome;
  if (file.kind === 'missing') return create(r, input, resolved, ctx, warnings);
  if (file.kind !== 'text') throw new Error(`unreachable: ${file.kind}`);
  return apply(r, input, file, { actual: check.actual, desanitised: n.desanitised, staleRecovered: check.staleRecovered === true }, resolved, ctx, readState, warnings);
}

/** call(): applyEditToFile on the file as read, then the whole file written with the detected ending. */
function apply(
  r: ClaudeCodeRelease,
  input: EditInput,
  file: Extract<LoadedFile, { kind: 'text' }>,
  { actual, desanitised, staleRecovered }: { actual: string; desanitised: boolean; staleRecovered: boolean },
  resolved: Resolved,
  ctx: ProfileContext,
  readState: ReadState | undefined,
  warnings: string[],
): RunOutcome {
  const view = file.text.view;
  const fill = input.oldString === '';
  // Filling an empty file: validateInput checked no read; call() does from 1.0.111.
  if (fill && r.callChecksRead && !unchangedSinceRead(readState, resolved.absPath, view)) return callError(UNEXPECTEDLY_MODIFIED, EMPTY_STAGE, warnings);
  let put = fill ? input.newString : r.quoteStyle ? preserveQuoteStyle(input.oldString, actual, input.newString) : input.newString;
  let find = actual;
  let strategy = desanitised ? 'desanitised' : 'exact';
  const how = fill ? 'exact' : matchedBy(input.oldString, actual);
  if (how === 'quotes') {
    strategy = desanitised ? 'desanitised+quote-normalised' : 'quote-normalised';
    warnings.push(`old_string matched only with the file's curly quotes read as straight ones${put === input.newString ? '' : '; new_string was written with curly quotes in their place'}`);
  } else if (how === 'escapes') {
    strategy = desanitised ? 'desanitised+escape-swapped' : 'escape-swapped';
    const styled = put;
    put = swapEscapes(r.escapeSwap, input.oldString, actual, put);
    warnings.push(`old_string matched only with its \\uXXXX escapes and non-ASCII characters swapped, as the file writes them${put === styled ? '' : '; new_string was written the same way'}`);
  }
  if (!fill && put === '' && !find.endsWith('\n') && view.includes(`${find}\n`)) {
    find = `${find}\n`;
    warnings.push('new_string is empty and old_string does not end with a line break: Claude Code deletes the line break that follows the match too');
  }
  if (fill ? put === view : put === find) return callError('String not found in file. Failed to apply edit.', EMPTY_STAGE, warnings);

  const eol = detectedEol(file.bytes, r.eolWindow);
  if (eol === '\r\n' && r.crlfRejoin) put = toLfView(put);
  // Releases before 1.0.8 replaced every occurrence (validateInput had counted them).
  const every = input.replaceAll || r.countParam === 'expected_replacements';
  const starts = fill ? [0] : every ? nonOverlapping(view, find) : [view.indexOf(find)];
  const replacements: Replacement[] = starts.map((s) => ({ start: s, end: s + (fill ? view.length : find.length), text: put }));
  const staged = new StagedFile(view);
  const steps: StageStep[] = [{ editIndex: 0, replacements, lineRanges: staged.lineRanges(replacements), strategy }];
  staged.apply(replacements);
  const shown = resolved.displayPath;
  if (eol === '\r\n') {
    const crs = nonOverlapping(staged.text, '\r\n');
    if (crs.length > 0 && r.crlfRejoin) {
      // writeTextContent reads every CR LF as one break before it joins the lines with CRLF.
      const drop = crs.map((s) => ({ start: s, end: s + 1, text: '' }));
      steps.push({ editIndex: 0, replacements: drop, lineRanges: staged.lineRanges(drop), strategy: 'crlf-rejoin', rewrite: true, label: 'Claude Code reads CR LF as one line break before writing CRLF endings' });
      staged.apply(drop);
      warnings.push(`${shown}: Claude Code reads each CR LF in the edited text as one line break before it writes CRLF endings: ${plural(crs.length, 'carriage return')} before a CRLF ending dropped`);
    } else if (crs.length > 0) {
      warnings.push(`${shown}: ${releaseLabel(r)} joined the lines with CR LF without reading a CR LF already in new_string as one break: ${plural(crs.length, 'line break')} written as CR CR LF`);
    }
  }
  const endings = countEndings(view);
  const crlf = file.text.crlfAt.length;
  const other = eol === '\r\n' ? endings.all - crlf : crlf;
  if (other > 0) {
    const [kind, was] = eol === '\r\n' ? ['CRLF', 'LF'] : ['LF', 'CRLF'];
    const unit = r.eolWindow === 'chars' ? 'characters' : 'bytes';
    warnings.push(
      `${shown}: Claude Code writes the whole file back with ${kind} line endings (the kind most used in its first 4096 ${unit}): ${plural(other, `${was} line ending`)} of the file ${other === 1 ? 'becomes' : 'become'} ${kind}`,
    );
  }
  const bom = file.text.shape.bom && !fill;
  if (file.text.shape.bom && fill) warnings.push(`${shown}: the UTF-8 byte order mark is dropped: Claude Code replaces the whole (blank) content, the mark included, with new_string`);
  const stage = buildFileStage({ resolved, original: { bytes: file.bytes, text: file.text }, staged, steps, shape: { bom, eol }, diffContext: ctx.diffContext, wholeWrite: true });
  // The snippet is cut from the file as Claude Code read it: the byte order mark is its first character.
  const original = (file.text.shape.bom ? '\uFEFF' : '') + view;
  const result = editResult(r, { filePath: input.filePath, original, oldString: fill ? '' : actual, newString: input.newString, replaceAll: input.replaceAll, staleRecovered });
  return succeed({ output: result.output }, { files: [stage] }, [...warnings, ...result.warnings]);
}

/** A missing file with an empty old_string: new_string is the file, written as given (no normalisation ran). */
function create(r: ClaudeCodeRelease, input: EditInput, resolved: Resolved, ctx: ProfileContext, warnings: string[]): RunOutcome {
  const { view, shape } = verbatim(input.newString);
  const staged = new StagedFile('');
  const replacement = { start: 0, end: 0, text: view };
  staged.apply([replacement]);
  const steps: StageStep[] = [{ editIndex: 0, replacements: [replacement], lineRanges: [wholeRange(view)], strategy: 'exact' }];
  const stage = buildFileStage({ resolved, original: null, staged, steps, shape, diffContext: ctx.diffContext });
  const result = editResult(r, { filePath: input.filePath, original: '', oldString: '', newString: input.newString, replaceAll: input.replaceAll });
  return succeed({ output: result.output }, { files: [stage] }, [...warnings, ...result.warnings]);
}

/**
 * An Edit profile whose read-before-write rule consults `readState` (none: every file counts as
 * read), as release `release` ran it (default: the reference release, 2.1.88).
 */
export function createEdit(readState?: ReadState, release?: ClaudeCodeRelease): Profile {
  if (release === undefined) {
    // No release of its own: the run's (ctx.release, a Claude Code version), else 2.1.88.
    const fixed = createEdit(readState, REFERENCE_RELEASE);
    return { ...fixed, run: (input, ctx) => runEdit(input, ctx, readState, releaseOf(ctx)) };
  }
  return {
    id: 'Edit',
    origin: 'Claude Code',
    toolName: 'Edit',
    description: description(release),
    schema: release.countParam === 'expected_replacements' ? editSchemaExpected : editSchema,
    rejectsUnknownFields: true,
    run: (input, ctx) => runEdit(input, ctx, readState, release),
  };
}

export const edit: Profile = createEdit();

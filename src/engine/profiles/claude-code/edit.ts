// Profile `Edit`: Claude Code's Edit tool as @anthropic-ai/claude-code 2.1.88 runs it
// (src/tools/FileEditTool/FileEditTool.ts, utils.ts; the input normalisation of src/utils/api.ts).
// Checks run in Claude Code's order: schema, input normalisation, validateInput, then call(); every
// text the model receives is reproduced byte for byte (docs/profiles/Edit.md lists them).

import { z } from 'zod';
import { buildFileStage, loadFile } from '../../file-stage';
import { wholeRange } from '../../lines';
import { StagedFile } from '../../staged-file';
import { toLfView } from '../../text';
import type { Replacement, RunOutcome, StageStep } from '../../types';
import { EMPTY_STAGE, succeed, type Profile, type ProfileContext } from '../profile';
import { desanitise, findActualString, nonOverlapping, preserveQuoteStyle } from './normalise';
import { checkRead, MODIFIED_SINCE_READ, NOT_READ, unchangedSinceRead, UNEXPECTEDLY_MODIFIED, type ReadState } from './read-state';
import {
  callError,
  countEndings,
  detectedEol,
  expandFilePath,
  formatFileSize,
  inputValidationError,
  isMarkdownPath,
  playgroundError,
  plural,
  semanticBoolean,
  similarFile,
  strippedWarning,
  stripTrailingWhitespace,
  useError,
  verbatim,
  type Resolved,
} from './shared';

/** The input as advertised (Claude Code's field descriptions). */
export const editSchema = z.object({
  file_path: z.string().describe('The absolute path to the file to modify'),
  old_string: z.string().describe('The text to replace'),
  new_string: z.string().describe('The text to replace it with (must be different from old_string)'),
  replace_all: z.boolean().default(false).optional().describe('Replace all occurrences of old_string (default false)'),
});

/** The input as Claude Code validates it: no unknown field, `"true"`/`"false"` taken for booleans. */
const editInput = z.strictObject({
  file_path: z.string(),
  old_string: z.string(),
  new_string: z.string(),
  replace_all: z.preprocess(semanticBoolean, z.boolean().default(false).optional()),
});

const DESCRIPTION = `Claude Code's Edit tool (as in @anthropic-ai/claude-code 2.1.88): replace old_string with new_string in one file.

- old_string must occur exactly once in the file unless replace_all is true (then every occurrence is replaced).
- An empty old_string creates a missing file, or fills an existing empty (or whitespace-only) one, with new_string.
- Curly quotes in the file match straight quotes in old_string; new_string then takes the file's curly quotes.
- Claude Code strips trailing whitespace from the lines of new_string (except in .md and .mdx files) and writes the whole file back with the line ending it detects.
- In a Claude Code session the file must have been read first; a single call here counts every file as read.
- Not for Jupyter notebooks (.ipynb): Claude Code has NotebookEdit for those.`;

const GIB = 1024 * 1024 * 1024;

const MULTIPLE = (n: number, old: string): string =>
  `Found ${n} matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: ${old}`;

interface EditInput {
  filePath: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
}

export async function runEdit(raw: unknown, ctx: ProfileContext, readState: ReadState | undefined): Promise<RunOutcome> {
  const parsed = editInput.safeParse(raw);
  if (!parsed.success) return inputValidationError('Edit', parsed.error);
  const input: EditInput = {
    filePath: parsed.data.file_path,
    oldString: parsed.data.old_string,
    newString: parsed.data.new_string,
    replaceAll: parsed.data.replace_all ?? false,
  };
  const expanded = expandFilePath('Edit', input.filePath, ctx);
  if (!expanded.ok) return expanded.outcome;
  const { resolved } = expanded;
  const file = await loadFile(ctx.fs, resolved.path, ctx.maxFileBytes);

  // normalizeToolInput, before validation, and only for a file it can read.
  const warnings: string[] = [];
  let desanitised = false;
  if (file.kind === 'text') {
    if (!isMarkdownPath(input.filePath)) {
      const stripped = stripTrailingWhitespace(input.newString);
      if (stripped.lines > 0) warnings.push(strippedWarning('new_string', stripped.lines));
      input.newString = stripped.text;
    }
    const d = desanitise(file.text.view, input.oldString, input.newString);
    if (d.applied.length > 0) warnings.push(`old_string did not occur in the file until Claude Code desanitised it (${d.applied.join(', ')}); new_string took the same replacements`);
    desanitised = d.applied.length > 0;
    input.oldString = d.oldString;
    input.newString = d.newString;
  }
  if (input.oldString === input.newString) return useError('No changes to make: old_string and new_string are exactly the same.', EMPTY_STAGE, warnings);

  switch (file.kind) {
    case 'directory':
      return useError('Error calling tool (Edit): EISDIR: illegal operation on a directory, read');
    case 'denied':
      return playgroundError({ code: 'PERMISSION_DENIED', message: `Permission denied: cannot read ${resolved.displayPath} (${file.message}).` });
    case 'binary':
      return playgroundError({ code: 'BINARY_FILE', message: `Cannot edit ${resolved.displayPath}: it is not UTF-8 text (Claude Code would decode it lossily, or as UTF-16LE after an FF FE mark).` });
    case 'too-large':
      if (file.size > GIB) return useError(`File is too large to edit (${formatFileSize(file.size)}). Maximum editable file size is ${formatFileSize(GIB)}.`);
      return playgroundError({ code: 'FILE_TOO_LARGE', message: `File too large: ${resolved.displayPath} is ${file.size} bytes; the playground's limit is ${ctx.maxFileBytes} bytes.` });
    case 'missing': {
      if (input.oldString === '') return create(input, resolved, ctx, warnings);
      const similar = await similarFile(resolved, ctx);
      const hint = similar === undefined ? '' : ` Did you mean ${similar}?`;
      return useError(`File does not exist. Note: your current working directory is ${ctx.mount}.${hint}`, EMPTY_STAGE, warnings);
    }
    case 'text':
      break;
  }

  const view = file.text.view;
  const fill = input.oldString === '';
  let actual = '';
  if (fill) {
    if (view.trim() !== '') return useError('Cannot create new file - file already exists.', EMPTY_STAGE, warnings);
    // validateInput checks nothing more here; call() still refuses a file the session has not read as it is.
    if (!unchangedSinceRead(readState, resolved.absPath, view)) return callError(UNEXPECTEDLY_MODIFIED, EMPTY_STAGE, warnings);
  } else {
    if (resolved.absPath.endsWith('.ipynb')) return useError('File is a Jupyter Notebook. Use the NotebookEdit to edit this file.', EMPTY_STAGE, warnings);
    const read = checkRead(readState, resolved.absPath, view);
    if (read !== 'ok') return useError(read === 'not-read' ? NOT_READ : MODIFIED_SINCE_READ, EMPTY_STAGE, warnings);
    const found = findActualString(view, input.oldString);
    if (found === null) return useError(`String to replace not found in file.\nString: ${input.oldString}`, EMPTY_STAGE, warnings);
    const matches = nonOverlapping(view, found).length;
    if (matches > 1 && !input.replaceAll) return useError(MULTIPLE(matches, input.oldString), EMPTY_STAGE, warnings);
    actual = found;
  }

  // call(): applyEditToFile on the file as read, then writeTextContent with the detected ending.
  let put = fill ? input.newString : preserveQuoteStyle(input.oldString, actual, input.newString);
  let find = actual;
  let strategy = desanitised ? 'desanitised' : 'exact';
  if (!fill && actual !== input.oldString) {
    strategy = desanitised ? 'desanitised+quote-normalised' : 'quote-normalised';
    warnings.push(`old_string matched only with the file's curly quotes read as straight ones${put === input.newString ? '' : '; new_string was written with curly quotes in their place'}`);
  }
  if (!fill && put === '' && !find.endsWith('\n') && view.includes(`${find}\n`)) {
    find = `${find}\n`;
    warnings.push('new_string is empty and old_string does not end with a line break: Claude Code deletes the line break that follows the match too');
  }
  if (fill ? put === view : put === find) return callError('String not found in file. Failed to apply edit.', EMPTY_STAGE, warnings);

  const eol = detectedEol(file.bytes);
  if (eol === '\r\n') put = toLfView(put);
  const starts = fill ? [0] : input.replaceAll ? nonOverlapping(view, find) : [view.indexOf(find)];
  const replacements: Replacement[] = starts.map((s) => ({ start: s, end: s + (fill ? view.length : find.length), text: put }));
  const staged = new StagedFile(view);
  const steps: StageStep[] = [{ editIndex: 0, replacements, lineRanges: staged.lineRanges(replacements), strategy }];
  staged.apply(replacements);
  const shown = resolved.displayPath;
  if (eol === '\r\n') {
    // writeTextContent reads every CR LF as one break before it joins the lines with CRLF.
    const crs = nonOverlapping(staged.text, '\r\n').map((s) => ({ start: s, end: s + 1, text: '' }));
    if (crs.length > 0) {
      steps.push({ editIndex: 0, replacements: crs, lineRanges: staged.lineRanges(crs), strategy: 'crlf-rejoin', rewrite: true, label: 'Claude Code reads CR LF as one line break before writing CRLF endings' });
      staged.apply(crs);
      warnings.push(`${shown}: Claude Code reads each CR LF in the edited text as one line break before it writes CRLF endings: ${plural(crs.length, 'carriage return')} before a CRLF ending dropped`);
    }
  }
  const endings = countEndings(view);
  const crlf = file.text.crlfAt.length;
  const other = eol === '\r\n' ? endings.all - crlf : crlf;
  if (other > 0) {
    const [kind, was] = eol === '\r\n' ? ['CRLF', 'LF'] : ['LF', 'CRLF'];
    warnings.push(
      `${shown}: Claude Code writes the whole file back with ${kind} line endings (the kind most used in its first 4096 characters): ${plural(other, `${was} line ending`)} of the file ${other === 1 ? 'becomes' : 'become'} ${kind}`,
    );
  }
  const bom = file.text.shape.bom && !fill;
  if (file.text.shape.bom && fill) warnings.push(`${shown}: the UTF-8 byte order mark is dropped: Claude Code replaces the whole (blank) content, the mark included, with new_string`);
  const stage = buildFileStage({ resolved, original: { bytes: file.bytes, text: file.text }, staged, steps, shape: { bom, eol }, diffContext: ctx.diffContext, wholeWrite: true });
  return succeed({ output: updated(input) }, { files: [stage] }, warnings);
}

/** A missing file with an empty old_string: new_string is the file, written as given (no normalisation ran). */
function create(input: EditInput, resolved: Resolved, ctx: ProfileContext, warnings: string[]): RunOutcome {
  const { view, shape } = verbatim(input.newString);
  const staged = new StagedFile('');
  const replacement = { start: 0, end: 0, text: view };
  staged.apply([replacement]);
  const steps: StageStep[] = [{ editIndex: 0, replacements: [replacement], lineRanges: [wholeRange(view)], strategy: 'exact' }];
  const stage = buildFileStage({ resolved, original: null, staged, steps, shape, diffContext: ctx.diffContext });
  return succeed({ output: updated(input) }, { files: [stage] }, warnings);
}

/** The tool_result of a successful Edit: the path as the call gave it. */
function updated(input: EditInput): string {
  return input.replaceAll
    ? `The file ${input.filePath} has been updated. All occurrences were successfully replaced.`
    : `The file ${input.filePath} has been updated successfully.`;
}

/** An Edit profile whose read-before-write rule consults `readState` (none: every file counts as read). */
export function createEdit(readState?: ReadState): Profile {
  return {
    id: 'Edit',
    toolName: 'Edit',
    description: DESCRIPTION,
    schema: editSchema,
    rejectsUnknownFields: true,
    run: (input, ctx) => runEdit(input, ctx, readState),
  };
}

export const edit: Profile = createEdit();

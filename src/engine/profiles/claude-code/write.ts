// Profile `Write`: Claude Code's Write tool as @anthropic-ai/claude-code 2.1.88 runs it
// (src/tools/FileWriteTool/FileWriteTool.ts; the input normalisation of src/utils/api.ts), and as
// the earlier releases of releases.ts ran it (src/engine/profiles/claude-code/claude-code-versions.md). The content
// is written as given (after the trailing-whitespace strip), with its own line endings (before
// 2.1.77: an existing file's) and no byte order mark; missing parent folders are created.

import { z } from 'zod';
import { buildFileStage, loadFile } from '../../file-stage';
import { wholeRange } from '../../lines';
import { StagedFile } from '../../staged-file';
import type { RunOutcome, StageStep } from '../../types';
import { succeed, type Profile, type ProfileContext } from '../profile';
import { checkRead, MODIFIED_SINCE_READ, NOT_READ, type ReadState } from './read-state';
import { REFERENCE_RELEASE, releaseLabel, releaseOf, type ClaudeCodeRelease } from './releases';
import { writeResult } from './results';
import { callError, countEndings, detectedEol, expandFilePath, inputValidationError, playgroundError, plural, refusal, strippedWarning, stripsTrailing, stripTrailingWhitespace, verbatim } from './shared';

/** The input as advertised (Claude Code's field descriptions). */
export const writeSchema = z.object({
  file_path: z.string().describe('The absolute path to the file to write (must be absolute, not relative)'),
  content: z.string().describe('The content to write to the file'),
});

const writeInput = z.strictObject({ file_path: z.string(), content: z.string() });

const DESCRIPTION = `Claude Code's Write tool (as in @anthropic-ai/claude-code 2.1.88): write a whole file, creating it or replacing what is there.

- The content is written as given, with its own line endings and without a byte order mark; missing parent folders are created.
- Claude Code strips trailing whitespace from the lines of content (except in .md and .mdx files).
- In a Claude Code session an existing file must have been read first; a single call here counts every file as read.
- For changes to part of a file, Edit sends less.`;

export async function runWrite(raw: unknown, ctx: ProfileContext, readState: ReadState | undefined, r: ClaudeCodeRelease = REFERENCE_RELEASE): Promise<RunOutcome> {
  const parsed = writeInput.safeParse(raw);
  if (!parsed.success) return inputValidationError('Write', parsed.error, r);
  const filePath = parsed.data.file_path;
  const warnings: string[] = [];
  let content = parsed.data.content;
  if (stripsTrailing(r, filePath)) {
    const stripped = stripTrailingWhitespace(content);
    if (stripped.lines > 0) warnings.push(strippedWarning('content', stripped.lines, r));
    content = stripped.text;
  }
  const expanded = expandFilePath('Write', filePath, ctx, r);
  if (!expanded.ok) return expanded.outcome;
  const { resolved } = expanded;
  const shown = resolved.displayPath;
  const file = await loadFile(ctx.fs, resolved.path, ctx.maxFileBytes);

  switch (file.kind) {
    case 'denied':
      return playgroundError({ code: 'PERMISSION_DENIED', message: `Permission denied: cannot read ${shown} (${file.message}).` });
    case 'binary':
      return playgroundError({ code: 'BINARY_FILE', message: `Cannot replace ${shown}: it is not UTF-8 text, which the playground reads only as text (Claude Code would overwrite it).` });
    case 'too-large':
      return playgroundError({ code: 'FILE_TOO_LARGE', message: `File too large: ${shown} is ${file.size} bytes; the playground's limit is ${ctx.maxFileBytes} bytes.` });
    case 'directory': {
      // validateInput stats the path (it exists) and asks for a read; call() then fails to read it.
      const record = readState?.lookup(resolved.absPath);
      if (readState !== undefined && (record === undefined || (record.partialView === true && !r.readState.partialViewIsRead))) return refusal(r, NOT_READ, undefined, warnings);
      return callError('EISDIR: illegal operation on a directory, read', undefined, warnings);
    }
    case 'text': {
      const read = checkRead(readState, resolved.absPath, file.text.view, r.readState.partialViewIsRead);
      if (read !== 'ok') return refusal(r, read === 'not-read' ? NOT_READ : MODIFIED_SINCE_READ, undefined, warnings);
      break;
    }
    case 'missing':
      break;
  }

  const original = file.kind === 'text' ? { bytes: file.bytes, text: file.text } : null;
  const before = original?.text.view ?? '';
  // Before 2.1.77 an existing file kept its line ending: CRLF joined content's lines (split at LF).
  const keepsCrlf = r.writeEol === 'file' && original !== null && detectedEol(original.bytes, r.eolWindow) === '\r\n';
  const { view, shape } = keepsCrlf ? { view: content, shape: { bom: false, eol: '\r\n' as const } } : verbatim(content);
  const staged = new StagedFile(before);
  const replacement = { start: 0, end: before.length, text: view };
  const steps: StageStep[] = [
    { editIndex: 0, replacements: [replacement], lineRanges: original ? staged.lineRanges([replacement]) : [wholeRange(view)], strategy: 'exact' },
  ];
  staged.apply([replacement]);
  if (original?.text.shape.bom === true && !content.startsWith('\uFEFF')) {
    warnings.push(`${shown}: the UTF-8 byte order mark is dropped: Write writes content as given`);
  }
  const bare = countEndings(content);
  if (keepsCrlf) {
    if (bare.all > bare.crlf) warnings.push(`${shown}: ${releaseLabel(r)} kept the file's CRLF line endings: each LF of content is written as CR LF`);
    if (bare.crlf > 0) warnings.push(`${shown}: ${releaseLabel(r)} joined content's lines with CR LF without reading its own CR LF as one break: ${plural(bare.crlf, 'line break')} written as CR CR LF`);
  } else if (r.writeEol === 'content' && original?.text.shape.eol === '\r\n' && bare.all > bare.crlf) {
    warnings.push(`${shown}: the file's CRLF line endings are not kept: Write writes content's own line endings (earlier Claude Code versions kept the old file's)`);
  }
  const stage = buildFileStage({ resolved, original, staged, steps, shape, diffContext: ctx.diffContext, wholeWrite: true });
  // Claude Code tells creation from update by the old content being empty: an empty file is "created".
  const created = original === null || (before === '' && !original.text.shape.bom);
  const result = writeResult(r, filePath, created, content);
  return succeed({ output: result.output }, { files: [stage] }, [...warnings, ...result.warnings]);
}

function description(r: ClaudeCodeRelease): string {
  if (r === REFERENCE_RELEASE) return DESCRIPTION;
  const strip = r.stripTrailing === 'never' ? '' : '- Claude Code strips trailing whitespace from the lines of content.\n';
  const eol = r.writeEol === 'file' ? 'an existing file keeps its line ending (CRLF or LF)' : 'with its own line endings';
  return `Claude Code's Write tool (as ${releaseLabel(r)} and the releases up to the next change ran it): write a whole file, creating it or replacing what is there.

- The content is written as given, ${eol}, and without a byte order mark; missing parent folders are created.
${strip}- In a Claude Code session an existing file must have been read first; a single call here counts every file as read.
- For changes to part of a file, Edit sends less.`;
}

/**
 * A Write profile whose read-before-write rule consults `readState` (none: every file counts as
 * read), as release `release` ran it (default: the reference release, 2.1.88).
 */
export function createWrite(readState?: ReadState, release?: ClaudeCodeRelease): Profile {
  if (release === undefined) {
    // No release of its own: the run's (ctx.release, a Claude Code version), else 2.1.88.
    const fixed = createWrite(readState, REFERENCE_RELEASE);
    return { ...fixed, run: (input, ctx) => runWrite(input, ctx, readState, releaseOf(ctx)) };
  }
  return {
    id: 'Write',
    origin: 'Claude Code',
    toolName: 'Write',
    description: description(release),
    schema: writeSchema,
    rejectsUnknownFields: true,
    run: (input, ctx) => runWrite(input, ctx, readState, release),
  };
}

export const write: Profile = createWrite();

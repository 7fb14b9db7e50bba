// What Edit and MultiEdit share before anything is applied: the input normalisation Claude Code
// runs on an edit (trailing-whitespace strip, desanitisation) and Edit's validateInput, in the
// order each release checked (releases.ts). MultiEdit ran Edit's validateInput once per edit,
// every edit against the file as it was before the call.

import type { LoadedFile } from '../../file-stage';
import type { RunOutcome } from '../../types';
import { EMPTY_STAGE, type ProfileContext } from '../profile';
import { desanitise, findActualString, nonOverlapping, swappable } from './normalise';
import { checkRead, MODIFIED_SINCE_READ, NOT_READ, type ReadState } from './read-state';
import type { ClaudeCodeRelease } from './releases';
import { formatFileSize, playgroundError, refusal, similarFile, strippedWarning, stripsTrailing, stripTrailingWhitespace, type Resolved } from './shared';

const GIB = 1024 * 1024 * 1024;
/** Appended to the not-found refusal from 2.1.118 when old_string holds an escape or a non-ASCII character. */
const SWAP_NOTE =
  '\n(note: Edit also tried swapping \\uXXXX escapes and their characters; neither form matched, so the mismatch is likely elsewhere in old_string. Re-read the file and copy the exact surrounding text.)';

export interface NormalisedEdit {
  oldString: string;
  newString: string;
  /** old_string matched only once desanitised. */
  desanitised: boolean;
}

/**
 * normalizeToolInput for one edit, run only on a file Claude Code could read: new_string loses
 * trailing whitespace (from 1.0.113), then old_string is desanitised when that makes it match.
 */
export function normaliseEdit(r: ClaudeCodeRelease, filePath: string, file: LoadedFile, oldString: string, newString: string, warnings: string[], field = 'new_string'): NormalisedEdit {
  if (file.kind !== 'text') return { oldString, newString, desanitised: false };
  let put = newString;
  if (stripsTrailing(r, filePath)) {
    const stripped = stripTrailingWhitespace(put);
    if (stripped.lines > 0) warnings.push(strippedWarning(field, stripped.lines, r));
    put = stripped.text;
  }
  const d = desanitise(file.text.view, oldString, put);
  if (d.applied.length > 0) warnings.push(`old_string did not occur in the file until Claude Code desanitised it (${d.applied.join(', ')}); new_string took the same replacements`);
  return { oldString: d.oldString, newString: d.newString, desanitised: d.applied.length > 0 };
}

export interface EditRequest {
  toolName: string;
  filePath: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
  /** expected_replacements (releases before 1.0.8); 1 when not given. */
  expected: number;
}

/** `staleRecovered`: the file changed since it was read and the edit applies anyway (2.1.208 on). */
export type EditCheck = { ok: true; actual: string; staleRecovered?: boolean } | { ok: false; outcome: RunOutcome };

const refuse = (outcome: RunOutcome): EditCheck => ({ ok: false, outcome });

/**
 * validateInput for one edit of `file`. `actual` is old_string as it occurs in the file (the
 * file's curly quotes where quote matching found it); '' when old_string is empty and the call
 * creates or fills the file.
 */
export async function checkEdit(
  r: ClaudeCodeRelease,
  req: EditRequest,
  file: LoadedFile,
  resolved: Resolved,
  ctx: ProfileContext,
  readState: ReadState | undefined,
  warnings: string[],
): Promise<EditCheck> {
  const no = (text: string): EditCheck => refuse(refusal(r, text, EMPTY_STAGE, warnings));
  if (req.oldString === req.newString) return no('No changes to make: old_string and new_string are exactly the same.');
  switch (file.kind) {
    case 'directory':
      return no(`Error calling tool (${req.toolName}): EISDIR: illegal operation on a directory, read`);
    case 'denied':
      return refuse(playgroundError({ code: 'PERMISSION_DENIED', message: `Permission denied: cannot read ${resolved.displayPath} (${file.message}).` }));
    case 'binary':
      return refuse(playgroundError({ code: 'BINARY_FILE', message: `Cannot edit ${resolved.displayPath}: it is not UTF-8 text (Claude Code would decode it lossily, or as UTF-16LE after an FF FE mark).` }));
    case 'too-large':
      if (r.sizeLimit && file.size > GIB) return no(`File is too large to edit (${formatFileSize(file.size)}). Maximum editable file size is ${formatFileSize(GIB)}.`);
      return refuse(playgroundError({ code: 'FILE_TOO_LARGE', message: `File too large: ${resolved.displayPath} is ${file.size} bytes; the playground's limit is ${ctx.maxFileBytes} bytes.` }));
    case 'missing': {
      if (req.oldString === '') return { ok: true, actual: '' };
      const similar = await similarFile(resolved, ctx);
      // getCwd(): the session's directory when the call has one (a transcript line's cwd), else the mount.
      const note = r.cwdNote ? ` Note: your current working directory is ${ctx.cwd ?? ctx.mount}.` : '';
      return no(`File does not exist.${note}${similar === undefined ? '' : ` Did you mean ${similar}?`}`);
    }
    case 'text':
      break;
  }
  const view = file.text.view;
  if (req.oldString === '') {
    // validateInput checks nothing more here; from 1.0.111 call() still wants the file read as it is.
    return view.trim() !== '' ? no('Cannot create new file - file already exists.') : { ok: true, actual: '' };
  }
  if (resolved.absPath.endsWith('.ipynb')) return no('File is a Jupyter Notebook. Use the NotebookEdit to edit this file.');
  const read = checkRead(readState, resolved.absPath, view, r.readState.partialViewIsRead);
  const found = r.quoteMatching ? findActualString(view, req.oldString, r.escapeSwap) : view.includes(req.oldString) ? req.oldString : null;
  if (read === 'not-read') return no(NOT_READ);
  // From 2.1.208 a stale read is recovered when the edit still applies (two(): found, and unique unless replace_all).
  const staleRecovered = read === 'modified' && r.staleRecovery && found !== null && (req.replaceAll || view.indexOf(found, view.indexOf(found) + found.length) === -1);
  if (read === 'modified' && !staleRecovered) return no(MODIFIED_SINCE_READ);
  if (found === null) return no(`String to replace not found in file.\nString: ${req.oldString}${r.escapeSwap !== 'none' && swappable(req.oldString) ? SWAP_NOTE : ''}`);
  const matches = nonOverlapping(view, found).length;
  if (r.countParam === 'expected_replacements') {
    if (matches !== req.expected) {
      return no(
        `Found ${matches} matches of the string to replace, but expected ${req.expected}. The number of actual matches must equal the expected replacements. Please adjust your string to match or update the expected count.\nString: ${req.oldString}`,
      );
    }
  } else if (matches > 1 && !req.replaceAll) {
    return no(
      `Found ${matches} matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: ${req.oldString}`,
    );
  }
  return { ok: true, actual: found, ...(staleRecovered && { staleRecovered: true }) };
}

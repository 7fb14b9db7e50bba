// openhands-aci release by release: what each release does, and the names the editor uses.

import type { RunOutcome } from '../../../types';
import { EMPTY_STAGE, fail, type ProfileContext } from '../../profile';
import type { EditHistory } from '../history';
import { TRUNCATED_MESSAGE } from '../output';
import { aciAtLeast, type OpenHandsAciRelease } from '../variants';
import { type Target } from '../workspace';

export type Found = Extract<Target, { resolved: unknown }>;

export const SNIPPET = 4;
export const TOOL_NAME = 'oh_editor';
export const COMMANDS = 'view, create, str_replace, insert, undo_edit';
export const MAX_FILE_SIZE = 10 * 1024 * 1024;

export const NOTICE_FILE = '<response clipped><NOTE>Due to the max output limit, only part of this file has been shown to you. You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>';
export const NOTICE_DIR = '<response clipped><NOTE>Due to the max output limit, only part of this directory has been shown to you. You should use `ls -la` instead to view large directories incrementally.</NOTE>';

export const SUPPORTED_BINARY = ['.docx', '.xlsx', '.pptx', '.pdf', '.mp3', '.wav', '.m4a', '.flac'];

/** What each release does, by the release that changed it. */
export function features(r: OpenHandsAciRelease) {
  const at = (v: string): boolean => aciAtLeast(r, v);
  return {
    /** 0.1.0-0.1.4 test `not x`: an empty string counts as missing. */
    falsyParams: !at('0.1.5'),
    /** 0.1.0-0.1.1: create without file_text re-raises no exception (RuntimeError). */
    bareRaise: !at('0.1.2'),
    /** 0.1.1: an old_str equal to new_str is refused before anything is read. */
    sameCheck: at('0.1.1'),
    /** Tabs: 0.1.0-0.1.1 expand old_str/new_str but not the file; 0.1.2-0.2.10 expand all; 0.2.11 none. */
    tabsArgs: !at('0.2.11'),
    tabsFile: at('0.1.2') && !at('0.2.11'),
    /** Multiple occurrences: lines containing it; 0.1.2 each start (overlapping); 0.2.0 each match; 0.2.1 sorted, once each. */
    multiLines: (!at('0.1.2') ? 'containing' : !at('0.2.0') ? 'overlapping' : !at('0.2.1') ? 'matches' : 'unique') as 'containing' | 'overlapping' | 'matches' | 'unique',
    /** 0.2.0: files read line by line (a last line break ends a line, it starts none); before, split('\n'). */
    fileLines: at('0.2.0'),
    /** 0.2.0-0.2.8: snippets read from the line before the one they are numbered from. */
    snippetOffByOne: at('0.2.0') && !at('0.2.9'),
    /** 0.2.9 only: cat -n numbers splitlines() (no empty line after a last line break). */
    outputSplitlines: r === '0.2.9',
    /** 0.2.10: a view_range's text is rejoined from splitlines() before numbering. */
    viewRangeRejoin: at('0.2.10'),
    /** The truncation notice: the demo's until 0.1.5. */
    notice: at('0.1.6') ? NOTICE_FILE : TRUNCATED_MESSAGE,
    dirNotice: at('0.1.6') ? NOTICE_DIR : TRUNCATED_MESSAGE,
    /** Folders: 0.1.7 counts hidden entries; 0.1.8 sorts and hides only below the folder; 0.1.9 marks folders with `/`. */
    dirHidden: at('0.1.7'),
    dirSorted: at('0.1.8'),
    dirSlashes: at('0.1.9'),
    /** A relative path's suggestion: the path itself; 0.1.8 the working folder; 0.2.6 the workspace, only when it exists there. */
    relative: (!at('0.1.8') ? 'same' : !at('0.2.6') ? 'cwd' : 'existing') as 'same' | 'cwd' | 'existing',
    /** 0.2.0: size and binary checks; mimetypes in 0.2.0-0.2.1, binaryornot after; .pdf binary 0.2.8-0.2.15. */
    validateFile: at('0.2.0'),
    mimeCheck: at('0.2.0') && !at('0.2.2'),
    pdfBinary: at('0.2.8') && !at('0.3.0'),
    binaryText: at('0.3.0') ? 'File appears to be binary and this file type cannot be read or edited by this tool.' : 'File appears to be binary. Only text files can be edited.',
    /** 0.3.0: Office, PDF and audio files are shown converted to Markdown and refused for edits. */
    supportedBinary: at('0.3.0'),
    /** 0.2.13: the insert range error says `allowed values`. */
    insertRangeText: at('0.2.13') ? 'It should be within the range of allowed values' : 'It should be within the range of lines of the file',
    /** History: unbounded until 0.1.9; 10 per file from 0.2.0; 0.2.4 alone undoes without removing the entry. */
    historyCap: at('0.2.0') ? 10 : Infinity,
    undoPops: r !== '0.2.4',
    /** 0.2.6: the encoding is detected; a pure-ASCII file is written as ASCII until 0.2.12. */
    detectsEncoding: at('0.2.6'),
    asciiFiles: at('0.2.6') && !at('0.2.12'),
    /** 0.3.2: a view_range past the end is cut with a note; an old_str not found is tried again stripped. */
    viewRangeClamp: at('0.3.2'),
    stripRetry: at('0.3.2'),
  };
}

export type Features = ReturnType<typeof features>;

export const OPENHANDS_UNCAUGHT_WARNING =
  "openhands-aci raises this exception outside its ToolError handling: OpenHands does not hand it to the model as the editor's answer (the action fails with the exception instead)";

export const uncaught = (code: string, message: string, warnings: string[] = []): RunOutcome => fail({ code, message }, EMPTY_STAGE, [OPENHANDS_UNCAUGHT_WARNING, ...warnings]);

export interface Port {
  f: Features;
  ctx: ProfileContext;
  history: EditHistory;
  error: (message: string, warnings?: string[]) => RunOutcome;
  invalidParam: (param: string, value: string, hint: string, warnings?: string[]) => RunOutcome;
}

// Claude Code's record of files read, re-synced from its own answers. The record is not in the
// transcript, but an answer shows what it held: an answer from past the read-before-edit check (a
// success, or a string not found or not unique) means the file was on record as read as it is now
// (an @-mention or attachment counts as a read, a resumed session keeps earlier reads, and the
// release's record of recent files may hold what ours dropped); "not read yet" means the record did
// not hold it (a resumed or restarted session starts empty; subagents may run in parallel); and from
// 2.1.208 a success marked `staleRecovered` (its answer ends with a note that the file had been
// modified on disk) means the record was older than the file, whether or not the text changed
// (Claude Code compares modification times: a `git checkout` of the same text counts).

import { STALE_RECOVERED_NOTE } from '../engine/profiles/claude-code/read-state';
import type { SessionReadState } from './session-tools';
import type { SessionCall } from './types';
import { own } from './values';
import { errorKind } from './verdict';

/** The recorded success says Claude Code found the file modified since read and applied the edit anyway. */
export function recordedStale(call: SessionCall): boolean {
  const r = call.result;
  if (r === null || r.isError) return false;
  return own(r.details, 'staleRecovered') === true || r.text.replace(/\s+$/, '').endsWith(STALE_RECOVERED_NOTE);
}

export interface ReadSync {
  call: SessionCall;
  /** The path as the call names it, and its absolute path under the mount. */
  path: string;
  absPath: string;
  /** The file's text in the replay now. */
  view: string;
  /** The last call that read or wrote the path, if any. */
  lastRead: number | undefined;
}

/**
 * Before the call runs, sets the agent's record as the recorded answer shows it, and says so when
 * that changed it. Null: nothing changed.
 */
export function syncReadRecord(state: SessionReadState, { call, path: p, absPath, view, lastRead }: ReadSync): string | null {
  if (call.result === null) return null;
  const kind = call.result.isError ? errorKind(call.result.text) : null;
  const record = state.lookup(absPath);
  const usable = record !== undefined && record.partialView !== true;
  if (recordedStale(call)) {
    if (usable && (record.modified === true || record.text !== view)) return null;
    state.markModified(absPath, view);
    return `Re-synced Claude Code's record of files read: the tool answered that ${p} had been modified on disk since it was read (toolUseResult.staleRecovered), which the replay's record did not show (a change the transcript does not show, or only the file's modification time changed, as by a git checkout). The call ran with the file recorded as read before that change.`;
  }
  const held = usable && record.modified !== true && record.text === view;
  if ((kind === null || kind === 'not-found' || kind === 'not-unique') && !held) {
    state.record(absPath, view);
    const how = kind === null ? 'took the call' : 'answered past its read-before-edit check';
    return `Re-synced Claude Code's record of files read: the replay's record does not hold ${p} as it is now (never read by this agent, changed since, or dropped as the release's record of recent files overflowed), yet the tool ${how}, so the file was on record as read (an @-mention or an attachment counts as a read; a resumed session keeps earlier reads). The call ran with the file recorded as read.`;
  }
  if (kind === 'not-read' && record !== undefined) {
    state.forget(absPath);
    return `Re-synced Claude Code's record of files read: the tool answered that ${p} had not been read, though ${lastRead === undefined ? 'the agent had read or written it' : `call #${lastRead} read or wrote it`}, so its record had lost the file (a resumed or restarted session starts with an empty record; subagents may run in parallel). The call ran with the file forgotten.`;
  }
  return null;
}

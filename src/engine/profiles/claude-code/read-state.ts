// Claude Code's read-before-write rule. A session keeps, per absolute path, what its Read tool last
// saw (readFileState: content, mtime, offset/limit, isPartialView); Edit and Write refuse a file it
// has not read, or one that changed since. The playground has no session and no mtimes, so the
// record is injected and "changed" means its text differs from the file's now.

/** What the session's Read tool saw of a file. */
export interface ReadRecord {
  /** The file's text as read: the engine's LF view (CRLF read as LF, no byte order mark). */
  text: string;
  /** The read showed only part of the file (Claude Code's isPartialView): it counts as not read. */
  partialView?: boolean;
  /**
   * The file changed on disk after this record was made, though its text may be the same (a
   * session replay knows it from Claude Code's own answer, `staleRecovered`, not from mtimes).
   */
  modified?: boolean;
}

/** The session's record of files read, keyed by absolute path in the call's terms (the mount joined). */
export interface ReadState {
  lookup(absPath: string): ReadRecord | undefined;
}

export type ReadCheck = 'ok' | 'not-read' | 'modified';

/**
 * validateInput's check. No state at all: the call stands alone, and every file counts as read as
 * it is. A partial record counts as not read from 2.1.72 (`partialViewIsRead` false).
 */
export function checkRead(state: ReadState | undefined, absPath: string, current: string, partialViewIsRead = false): ReadCheck {
  if (state === undefined) return 'ok';
  const record = state.lookup(absPath);
  if (record === undefined || (record.partialView === true && !partialViewIsRead)) return 'not-read';
  return record.text === current && record.modified !== true ? 'ok' : 'modified';
}

/** call()'s own staleness check, which also runs where validateInput checked nothing (an empty file filled by Edit). */
export function unchangedSinceRead(state: ReadState | undefined, absPath: string, current: string): boolean {
  if (state === undefined) return true;
  const record = state.lookup(absPath);
  return record !== undefined && record.modified !== true && record.text === current;
}

export const NOT_READ = 'File has not been read yet. Read it first before writing to it.';
export const MODIFIED_SINCE_READ = 'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.';
/**
 * From 2.1.208 an Edit of a file modified since read applies when old_string still matches
 * uniquely (or replace_all finds it) and its success ends with this (joined with a space; it
 * replaces the note that the file state is current).
 */
export const STALE_RECOVERED_NOTE =
  ' (note: the file had been modified on disk since you last read it \u2014 the edit applied cleanly, but the file contains other changes not in your context. Read it before edits that depend on surrounding content.)';
/** FILE_UNEXPECTEDLY_MODIFIED_ERROR, thrown by call(). */
export const UNEXPECTEDLY_MODIFIED = 'File has been unexpectedly modified. Read it again before attempting to write it.';

/** An in-memory read state (tests, and a session replay that builds one from a transcript). */
export class MemoryReadState implements ReadState {
  private readonly records = new Map<string, ReadRecord>();
  constructor(entries: Record<string, string | ReadRecord> = {}) {
    for (const [p, r] of Object.entries(entries)) this.records.set(p, typeof r === 'string' ? { text: r } : r);
  }
  lookup(absPath: string): ReadRecord | undefined {
    return this.records.get(absPath);
  }
  /** What the tools do after a write: the written text counts as read. */
  record(absPath: string, text: string): void {
    this.records.set(absPath, { text });
  }
}

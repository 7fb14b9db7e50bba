// The filesystem interface the engine takes. Small on purpose: memory, Node, File System Access
// and OPFS backends implement it (src/workspace/). Paths are workspace-relative, `/`-separated,
// without a leading slash (`src/a.ts`). Backends never throw for expected conditions: they answer
// with a value the engine turns into the profile's error.

import type { TextPieces } from './text-pieces';

/**
 * A refusal. `outside`: the path leads out of the workspace (`..`, or a symlink whose target, or
 * whose folder's target, lies outside), so the playground sees nothing there and writes nothing
 * there; a profile reports it as it reports a path outside the mount.
 */
export type Denied = { kind: 'denied'; message: string; outside?: true };

export type StatResult = { kind: 'file'; size: number } | { kind: 'directory' } | { kind: 'missing' } | Denied;

export type ReadResult = { kind: 'file'; bytes: Uint8Array } | { kind: 'directory' } | { kind: 'missing' } | Denied;

export type ListResult =
  | { kind: 'directory'; entries: { name: string; kind: 'file' | 'directory' }[] }
  | { kind: 'file' }
  | { kind: 'missing' }
  | Denied;

export type WriteResult = { ok: true } | { ok: false; message: string };

/** Saves of some files held off until `release()` (SPEC 14); or why the hold could not be taken. */
export type LockResult = { ok: true; release(): Promise<void> } | { ok: false; message: string };

/**
 * `shared: true`: the caller never modifies the bytes, neither those it reads nor, after the call,
 * those it writes (the engine treats every file's bytes as read-only). A backend may then answer a
 * read with the bytes it keeps and keep the bytes it is given, where it would otherwise copy them
 * (MemoryFs). Without it, the bytes a caller reads or writes are its own to change.
 */
export interface BytesOptions {
  shared?: boolean;
}

/** The options the engine reads and writes with. */
export const SHARED: Readonly<BytesOptions> = Object.freeze({ shared: true });

export interface WorkspaceFs {
  stat(path: string): Promise<StatResult>;
  read(path: string, options?: BytesOptions): Promise<ReadResult>;
  /** Replace or create the file atomically (never half-written), creating parent folders. */
  write(path: string, bytes: Uint8Array, options?: BytesOptions): Promise<WriteResult>;
  /**
   * `write` of the parts' bytes one after another, for a backend that can write them without
   * joining them into one array (NodeFs: one writev to its temp file), so saving an edit of a large
   * file never builds a second copy of it. The commit uses it where the final bytes come in parts
   * (finalByteParts); the parts are shared, as `write`'s bytes with SHARED. Absent: `write`.
   */
  writeParts?(path: string, parts: readonly Uint8Array[]): Promise<WriteResult>;
  /** Remove a file (apply_patch's deletions and moves; undoing a created file on rollback). */
  remove(path: string): Promise<WriteResult>;
  /**
   * Remove a folder if it is empty (the rollback of a save takes away the folders it created for a
   * file it then removed); a folder holding anything is refused and stays. Absent: the backend's
   * folders do not outlive their files (MemoryFs).
   */
  removeFolder?(path: string): Promise<WriteResult>;
  /**
   * The entries of a folder, every one (hidden ones too: a profile that hides some says so
   * itself), in no promised order. `''` is the workspace root.
   */
  list(path: string): Promise<ListResult>;
  /**
   * The file a path reaches, as one workspace path (SPEC 14: a file is its identity, not its
   * path). Two paths that reach one file (a symlink and its target, a path through a folder
   * symlink, two hard links) answer the same; a path with no file yet answers where the file would
   * be created, links in its folders resolved. A path the backend would refuse (outside the
   * workspace) answers itself, normalised, so the operation on it reports the refusal. Absent: the
   * backend has no links, and the normalised path is the identity (see canonicalPath).
   */
  canonical?(path: string): Promise<string>;
  /**
   * Hold off every other save of these files (canonical paths), in this process and others (other
   * CLI processes, other tabs), until `release()`: the commit holds it from its compare to its
   * last write. Waits for a save in progress; a hold that cannot be taken in reasonable time is
   * refused with the reason. Absent: saves of this workspace cannot race (an in-memory workspace).
   */
  lock?(paths: readonly string[]): Promise<LockResult>;
  /**
   * The file's text as the workspace keeps it in pieces (a session replay's overlay, after a call
   * staged it), or undefined: then read its bytes. Its bytes are exactly what `read` answers, and
   * they decode strictly to its text. Absent: the backend keeps bytes only.
   */
  readPieces?(path: string): Promise<TextPieces | undefined>;
  /**
   * Whether the file at `path` holds exactly `bytes` (`null`: whether no file is there), answered
   * as `read` and a byte compare would answer it: the commit's check that a file is as the run
   * read it, by a backend that can compare without reading the file into memory whole. Absent:
   * the commit reads the file (shared) and compares.
   */
  holds?(path: string, bytes: Uint8Array | null): Promise<boolean>;
}

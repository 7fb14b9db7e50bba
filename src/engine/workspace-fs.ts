// The filesystem interface the engine takes. Small on purpose: memory, Node, File System Access
// and OPFS backends implement it (src/workspace/). Paths are workspace-relative, `/`-separated,
// without a leading slash (`src/a.ts`). Backends never throw for expected conditions: they answer
// with a value the engine turns into the profile's error.

export type StatResult =
  | { kind: 'file'; size: number }
  | { kind: 'directory' }
  | { kind: 'missing' }
  | { kind: 'denied'; message: string };

export type ReadResult =
  | { kind: 'file'; bytes: Uint8Array }
  | { kind: 'directory' }
  | { kind: 'missing' }
  | { kind: 'denied'; message: string };

export type ListResult =
  | { kind: 'directory'; entries: { name: string; kind: 'file' | 'directory' }[] }
  | { kind: 'file' }
  | { kind: 'missing' }
  | { kind: 'denied'; message: string };

export type WriteResult = { ok: true } | { ok: false; message: string };

export interface WorkspaceFs {
  stat(path: string): Promise<StatResult>;
  read(path: string): Promise<ReadResult>;
  /** Replace or create the file atomically (never half-written), creating parent folders. */
  write(path: string, bytes: Uint8Array): Promise<WriteResult>;
  /** Remove a file (apply_patch's deletions and moves; undoing a created file on rollback). */
  remove(path: string): Promise<WriteResult>;
  /**
   * The entries of a folder, every one (hidden ones too: a profile that hides some says so
   * itself), in no promised order. `''` is the workspace root.
   */
  list(path: string): Promise<ListResult>;
}

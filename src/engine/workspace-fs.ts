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

export type WriteResult = { ok: true } | { ok: false; message: string };

export interface WorkspaceFs {
  stat(path: string): Promise<StatResult>;
  read(path: string): Promise<ReadResult>;
  /** Replace or create the file atomically (never half-written), creating parent folders. */
  write(path: string, bytes: Uint8Array): Promise<WriteResult>;
  /** Remove a file (used to undo a created file on rollback). */
  remove(path: string): Promise<WriteResult>;
}

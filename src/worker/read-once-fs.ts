// A workspace view that answers a read of the file it has just read from memory. RecordingFs
// reads a file when the engine stats it (to keep its bytes as they were before the run), and the
// engine reads the same file right after: without this, every run under Share's recorder would
// read each file twice (a 50 MB file in a picked folder, twice). One entry: a stat and its read are
// adjacent, and a long replay must not hold every file it saw.

import { canonicalPath } from '../engine/file-identity';
import type { ListResult, LockResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../engine/workspace-fs';

export class ReadOnceFs implements WorkspaceFs {
  private last: { path: string; result: ReadResult } | null = null;

  constructor(private readonly inner: WorkspaceFs) {}

  stat(path: string): Promise<StatResult> {
    return this.inner.stat(path);
  }

  async read(path: string): Promise<ReadResult> {
    const last = this.last;
    if (last !== null && last.path === path) {
      this.last = null;
      return last.result;
    }
    const result = await this.inner.read(path);
    this.last = { path, result };
    return result;
  }

  write(path: string, bytes: Uint8Array): Promise<WriteResult> {
    this.last = null;
    return this.inner.write(path, bytes);
  }

  remove(path: string): Promise<WriteResult> {
    this.last = null;
    return this.inner.remove(path);
  }

  list(path: string): Promise<ListResult> {
    return this.inner.list(path);
  }

  canonical(path: string): Promise<string> {
    return canonicalPath(this.inner, path);
  }

  /** A save compares what is on disk once it holds the files: nothing remembered is answered after. */
  async lock(paths: readonly string[]): Promise<LockResult> {
    this.last = null;
    return this.inner.lock === undefined ? { ok: true, release: async () => undefined } : this.inner.lock(paths);
  }
}

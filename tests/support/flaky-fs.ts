// A workspace whose n-th write calls fail, for tests of a save that breaks half way (the commit's
// rollback, MultiEditBatch's on_disk states): src/engine/commit.test.ts,
// src/engine/profiles/multi-edit-batch/on-disk.test.ts.

import type { ListResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../../src/engine/workspace-fs';
import type { MemoryFs } from '../../src/workspace/memory-fs';

/** MemoryFs whose n-th write calls (1-based, counting restores) fail with "disk full". */
export class FlakyFs implements WorkspaceFs {
  private writes = 0;
  constructor(
    readonly inner: MemoryFs,
    private readonly failingWrites: ReadonlySet<number>,
  ) {}
  stat(path: string): Promise<StatResult> {
    return this.inner.stat(path);
  }
  read(path: string): Promise<ReadResult> {
    return this.inner.read(path);
  }
  async write(path: string, bytes: Uint8Array): Promise<WriteResult> {
    this.writes += 1;
    if (this.failingWrites.has(this.writes)) return { ok: false, message: 'disk full' };
    return this.inner.write(path, bytes);
  }
  remove(path: string): Promise<WriteResult> {
    return this.inner.remove(path);
  }
  list(path: string): Promise<ListResult> {
    return this.inner.list(path);
  }
}

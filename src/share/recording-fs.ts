// The files a run touches, as they were before it: wrap the workspace, run the call, and ask.
// This is how `call --save-bundle` (and Share) knows which files a link must carry, whatever the
// profile reads: one call path, a batch's paths, an apply_patch's headers, a failed call's file.

import { canonicalPath } from '../engine/file-identity';
import type { ListResult, LockResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../engine/workspace-fs';
import type { ShareFile } from './file-entries';

export class RecordingFs implements WorkspaceFs {
  /** First sight of each path: its bytes then, or `null` when it was no readable file. */
  private readonly seen = new Map<string, Uint8Array | null>();

  constructor(private readonly inner: WorkspaceFs) {}

  /**
   * Every existing file the run stat'ed, read, wrote or removed, with its bytes before the run, in
   * the order first touched. Folder listings are not recorded: a profile that lists a folder (a
   * `view` of it, a "did you mean" hint) sees only these files when the run is opened elsewhere.
   */
  touched(): ShareFile[] {
    return [...this.seen].flatMap(([path, bytes]) => (bytes === null ? [] : [{ path, bytes }]));
  }

  private async note(path: string): Promise<void> {
    if (this.seen.has(path)) return;
    const r = await this.inner.read(path);
    this.seen.set(path, r.kind === 'file' ? r.bytes : null);
  }

  async stat(path: string): Promise<StatResult> {
    const r = await this.inner.stat(path);
    if (r.kind === 'file') await this.note(path);
    return r;
  }

  async read(path: string): Promise<ReadResult> {
    const r = await this.inner.read(path);
    if (!this.seen.has(path)) this.seen.set(path, r.kind === 'file' ? r.bytes.slice() : null);
    return r;
  }

  async write(path: string, bytes: Uint8Array): Promise<WriteResult> {
    await this.note(path);
    return this.inner.write(path, bytes);
  }

  async remove(path: string): Promise<WriteResult> {
    await this.note(path);
    return this.inner.remove(path);
  }

  list(path: string): Promise<ListResult> {
    return this.inner.list(path);
  }

  /**
   * The inner workspace's answer. A path that is another name of a file (a symlink) is recorded
   * too, as a file of its own: a bundle has no links, so the call's own names must open again.
   */
  async canonical(path: string): Promise<string> {
    const file = await canonicalPath(this.inner, path);
    if (file !== path.replace(/^\/+/, '')) await this.note(path);
    return file;
  }

  async lock(paths: readonly string[]): Promise<LockResult> {
    return this.inner.lock === undefined ? { ok: true, release: async () => undefined } : this.inner.lock(paths);
  }
}

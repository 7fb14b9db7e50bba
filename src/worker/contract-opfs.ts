// Contract cases in the Origin Private File System: each case gets a fresh folder under
// `contract-runs/` (beside the sandbox and the links, never inside them), written and read through
// HandleFs, the backend the app's sandbox and opened folders use, so the call is staged and
// committed against the same browser filesystem a user's save meets.
//
// `fail_writes` is the browser's own refusal, not a simulated one: this worker holds an exclusive
// sync access handle on each such file for the life of the case, so reads still work (staging
// reads it) and Chromium refuses to open it for writing (NoModificationAllowedError), which
// HandleFs reports and the commit rolls back, exactly as when another tab holds the file.

import type { CaseBackend, CaseWorkspace } from '../contracts/runner';
import { HandleFs } from '../workspace/handle-fs';
import { errorMessage } from '../engine/helpers';

const RUNS_DIR = 'contract-runs';

/** The sync access handle's close(), which lib.dom types only for workers (this file is one). */
type Lock = { close(): void };
type LockableFile = FileSystemFileHandle & { createSyncAccessHandle(): Promise<Lock> };

let serial = 0;

export const opfsBackend: CaseBackend = {
  async open(files, failWrites) {
    const runs = await (await navigator.storage.getDirectory()).getDirectoryHandle(RUNS_DIR, { create: true });
    // Unique within this worker's life and across restarts: a replaced worker never meets a
    // folder a stopped one left behind.
    const name = `case-${Date.now().toString(36)}-${(serial++).toString(36)}`;
    const root = await runs.getDirectoryHandle(name, { create: true });
    const remove = (): Promise<void> => runs.removeEntry(name, { recursive: true }).catch(() => undefined);
    const fs = new HandleFs(root);
    for (const [path, bytes] of files) {
      const written = await fs.write(path, bytes);
      if (!written.ok) {
        await remove();
        return { ok: false, message: `${path}: ${written.message}` };
      }
    }
    const locks: Lock[] = [];
    for (const path of failWrites) {
      if (!files.has(path)) {
        // A lock needs the file to exist, and creating it would change what the case starts from.
        await remove();
        return { ok: false, message: `fail_writes names ${path}, which given does not hold: in the browser only a given file's writes can be refused` };
      }
      try {
        locks.push(await (await fileHandle(root, path)).createSyncAccessHandle());
      } catch (error) {
        for (const l of locks) l.close();
        await remove();
        return { ok: false, message: `cannot lock ${path} to refuse its writes: ${errorMessage(error)}` };
      }
    }
    const workspace: CaseWorkspace = {
      fs,
      files: () => filesOf(fs, ''),
      async close() {
        for (const l of locks) l.close();
        await remove();
      },
    };
    return { ok: true, workspace };
  },
};

async function fileHandle(root: FileSystemDirectoryHandle, path: string): Promise<LockableFile> {
  const segs = path.split('/').filter((s) => s !== '');
  const name = segs.pop() ?? '';
  let dir = root;
  for (const s of segs) dir = await dir.getDirectoryHandle(s);
  return (await dir.getFileHandle(name)) as LockableFile;
}

/** Every file under `path`, by workspace path. */
async function filesOf(fs: HandleFs, path: string, into = new Map<string, Uint8Array>()): Promise<Map<string, Uint8Array>> {
  const listed = await fs.list(path);
  if (listed.kind !== 'directory') return into;
  for (const e of listed.entries) {
    const child = path === '' ? e.name : `${path}/${e.name}`;
    if (e.kind === 'directory') {
      await filesOf(fs, child, into);
      continue;
    }
    const read = await fs.read(child);
    if (read.kind === 'file') into.set(child, read.bytes);
  }
  return into;
}

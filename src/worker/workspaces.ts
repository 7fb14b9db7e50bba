// The workspaces the worker opens: the sandbox and each link's folder in OPFS, a folder the user
// picked (handles), and a contract case's files (memory). Each answers the WorkspaceFs the engine
// takes and a listing for the file tree.

import type { WorkspaceFs } from '../engine/workspace-fs';
import { HandleFs, listDirectory, type DirectoryEntry } from '../workspace/handle-fs';
import { MemoryFs } from '../workspace/memory-fs';
import { sampleWorkspaceEntries } from '../workspace/sample-workspace';
import type { OpenedWorkspace } from './protocol';
import { RequestError } from './request-error';

const SANDBOX_DIR = 'sandbox';
/** Each opened share link gets `links/<id>` in OPFS, beside the sandbox and never inside it. */
const LINKS_DIR = 'links';

export interface Workspace {
  name: string;
  fs: WorkspaceFs;
  /** Directory listing (handles or memory). */
  list(path: string): Promise<{ name: string; kind: 'file' | 'directory' }[]>;
}

export async function sandboxRoot(reset: boolean): Promise<FileSystemDirectoryHandle> {
  const opfs = await navigator.storage.getDirectory();
  if (reset) await opfs.removeEntry(SANDBOX_DIR, { recursive: true }).catch(() => undefined);
  const root = await opfs.getDirectoryHandle(SANDBOX_DIR, { create: true });
  if ((await listDirectory(root, '')).length === 0) {
    const fs = new HandleFs(root);
    // All at once: each write waits on its own swap file and rename, and a first visit waits for
    // all. The small files' writes are started first: their round trips to OPFS are under way
    // while the ~1 MB sample is made (tens of ms of the worker's thread on a first visit).
    const entries = sampleWorkspaceEntries().sort((a, b) => Number(a.large) - Number(b.large));
    const written = await Promise.all(entries.map(async (e) => ({ path: e.path, res: await fs.write(e.path, e.bytes()) })));
    const failed = written.find((w) => !w.res.ok);
    if (failed && !failed.res.ok) throw new RequestError('SANDBOX', `Could not seed the sandbox (${failed.path}): ${failed.res.message}`);
  }
  return root;
}

/**
 * The sandbox's root as the worker starts, opened (and seeded, on a first visit) before the page
 * asks: the page asks as soon as it has rendered, the first screen waits for the answer, and the
 * worker is idle until then. Taken by the first open of the sandbox; a reset waits for it, then
 * starts over.
 */
let warming: Promise<FileSystemDirectoryHandle> | null = null;

export function warmSandbox(): void {
  if (typeof navigator === 'undefined' || typeof navigator.storage?.getDirectory !== 'function') return;
  warming = sandboxRoot(false);
  // A failure is the first open's to report: it opens the sandbox again.
  warming.catch(() => undefined);
}

/** The sandbox's root: the one opened as the worker started (once), or opened now. */
export async function openSandboxRoot(reset: boolean): Promise<FileSystemDirectoryHandle> {
  const warm = warming;
  warming = null;
  const root = warm === null ? null : await warm.catch(() => null);
  return root !== null && !reset ? root : sandboxRoot(reset);
}

/** Link `id`'s folder; `fresh` empties it first (a link opens as it was shared, every time). */
export async function linkRoot(id: string, fresh: boolean): Promise<FileSystemDirectoryHandle> {
  const links = await (await navigator.storage.getDirectory()).getDirectoryHandle(LINKS_DIR, { create: true });
  if (fresh) await links.removeEntry(id, { recursive: true }).catch(() => undefined);
  return links.getDirectoryHandle(id, { create: true });
}

export function handleWorkspace(name: string, root: FileSystemDirectoryHandle): Workspace {
  return { name, fs: new HandleFs(root), list: (path) => listDirectory(root, path) };
}

/** The sandbox as a workspace: the one opened as the worker started, or opened now (`reset` empties it first). */
export async function sandboxWorkspace(reset: boolean): Promise<Workspace> {
  return handleWorkspace('Sandbox (private browser storage)', await openSandboxRoot(reset));
}

export function memoryWorkspace(name: string, fs: MemoryFs): Workspace {
  return {
    name,
    fs,
    async list(path) {
      const prefix = path === '' ? '' : `${path}/`;
      const seen = new Map<string, 'file' | 'directory'>();
      for (const key of fs.files.keys()) {
        if (!key.startsWith(prefix)) continue;
        const rest = key.slice(prefix.length);
        const slash = rest.indexOf('/');
        seen.set(slash === -1 ? rest : rest.slice(0, slash), slash === -1 ? 'file' : 'directory');
      }
      return [...seen].map(([n, kind]) => ({ name: n, kind })).sort((a, b) => (a.kind === b.kind ? (a.name < b.name ? -1 : 1) : a.kind === 'directory' ? -1 : 1));
    },
  };
}

export async function countFiles(ws: Workspace, path = '', limit = 10_000, listing?: DirectoryEntry[]): Promise<number> {
  let n = 0;
  for (const e of listing ?? (await ws.list(path))) {
    if (n >= limit) break;
    n += e.kind === 'file' ? 1 : await countFiles(ws, path === '' ? e.name : `${path}/${e.name}`, limit - n);
  }
  return n;
}

/** The answer to `workspace/open`: the name, the file count and the root's listing, which the count lists anyway. */
export async function describeOpened(ws: Workspace): Promise<OpenedWorkspace> {
  const root = await ws.list('');
  return { name: ws.name, files: await countFiles(ws, '', 10_000, root), root };
}

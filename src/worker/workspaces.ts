// The workspaces the worker opens: the sandbox and each link's folder in OPFS, a folder the user
// picked (handles), and a contract case's files (memory). Each answers the WorkspaceFs the engine
// takes and a listing for the file tree.

import type { WorkspaceFs, WriteResult } from '../engine/workspace-fs';
import { HandleFs, listDirectory, type DirectoryEntry } from '../workspace/handle-fs';
import { MemoryFs } from '../workspace/memory-fs';
import { sampleWorkspaceEntries, type SampleEntry } from '../workspace/sample-workspace';
import { afterSeeding, listPaths, listWhileSeeding } from '../workspace/seeding';
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

/** The sandbox's root folder, and a first visit's sample files being written into it (null: none). */
interface OpenedSandbox {
  root: FileSystemDirectoryHandle;
  seeding: Promise<void> | null;
}

/**
 * A file beside the sandbox (never in it) that stands while a seed is written: a seed the page's
 * reload or close cut short leaves it, and the next opening finishes that seed (a sandbox that is
 * not empty is otherwise never seeded, so it would stay without some of the sample's files).
 */
const SEEDING_MARK = 'sandbox.seeding';

/** The seed being written now, if one is: every other opening of the sandbox waits for it. */
let seedingNow: Promise<void> | null = null;

/**
 * Opens the sandbox (`reset` empties it first). An empty one starts being seeded with the sample
 * (once `seedAfter` settles, when given); one whose seed was cut short gets the sample's files it
 * lacks before it is answered.
 */
async function openSandbox(reset: boolean, seedAfter?: Promise<void>): Promise<OpenedSandbox> {
  await seedingNow?.catch(() => undefined);
  const opfs = await navigator.storage.getDirectory();
  if (reset) await opfs.removeEntry(SANDBOX_DIR, { recursive: true }).catch(() => undefined);
  const root = await opfs.getDirectoryHandle(SANDBOX_DIR, { create: true });
  const listing = await listDirectory(root, '');
  // An empty sandbox is seeded whatever the mark says; only one with files is asked whether its seed was cut short.
  const cutShort =
    listing.length > 0 &&
    (await opfs.getFileHandle(SEEDING_MARK).then(
      () => true,
      () => false,
    ));
  if (listing.length > 0 && !cutShort) return { root, seeding: null };
  const seeding = listing.length > 0 ? seed(opfs, root, true) : seedAfter === undefined ? seed(opfs, root, false) : seedAfter.then(() => seed(opfs, root, false));
  seedingNow = seeding;
  const done = (): void => {
    if (seedingNow === seeding) seedingNow = null;
  };
  seeding.then(done, done);
  // A seed finished now answers the folder itself: it may hold more than the sample.
  if (listing.length > 0) await seeding;
  return { root, seeding: listing.length > 0 ? null : seeding };
}

/**
 * Writes the sample into `root`, between the mark's creation and its removal. `finishing`: a seed
 * cut short, which writes only the sample's files that are not there (each write replaces its file
 * whole, so one that is there was written in full; and it may be the user's since).
 */
async function seed(opfs: FileSystemDirectoryHandle, root: FileSystemDirectoryHandle, finishing: boolean): Promise<void> {
  await opfs.getFileHandle(SEEDING_MARK, { create: true });
  const fs = new HandleFs(root);
  const write = async (e: SampleEntry): Promise<{ path: string; res: WriteResult }> => ({ path: e.path, res: await fs.write(e.path, e.bytes()) });
  let entries = sampleWorkspaceEntries();
  if (finishing) {
    const there = await Promise.all(entries.map(async (e) => (await fs.stat(e.path)).kind !== 'missing'));
    entries = entries.filter((_, i) => !there[i]);
  }
  // All at once: each write waits on its own swap file and rename. The small files' writes are
  // started first; the ~1 MB sample is made (tens of ms of the worker's thread) in a task of its
  // own, so that the sandbox is open, and the first open's answer made, before it.
  const writes = entries.filter((e) => !e.large).map(write);
  await new Promise((resolve) => setTimeout(resolve, 0));
  writes.push(...entries.filter((e) => e.large).map(write));
  const failed = (await Promise.all(writes)).find((w) => !w.res.ok);
  if (failed && !failed.res.ok) throw new RequestError('SANDBOX', `Could not seed the sandbox (${failed.path}): ${failed.res.message}`);
  // The seed is written: the sandbox's operations need not wait for the mark to go as well (a
  // reload before it goes finds every file there, and only removes it). Another tab's worker may
  // have finished the same seed, and removed the mark, first.
  void opfs.removeEntry(SEEDING_MARK).catch(() => undefined);
}

/** The sandbox's root, opened (`reset`: emptied first) and, if it was empty, seeded. */
export async function sandboxRoot(reset: boolean): Promise<FileSystemDirectoryHandle> {
  const { root, seeding } = await openSandbox(reset);
  if (seeding !== null) await seeding;
  return root;
}

/**
 * The sandbox as the worker starts, opened (and its seeding started, on a first visit) before the
 * page asks: the page asks as soon as its scripts have run, the first screen waits for the
 * answer, and the worker is idle until then. Taken by the first open of the sandbox, seeded or
 * not yet (seeding.ts); a reset waits for the seed, then starts over.
 */
let warming: Promise<OpenedSandbox> | null = null;

/**
 * Opens the sandbox now (above). `seedAfter`: an empty sandbox (a first visit) is seeded only once
 * it settles. Its listing is the sample's meanwhile and its file operations wait for the seed
 * (seeding.ts), so the first screen needs none of the writes: the worker's entry lets them start
 * once the page has drawn it or a request needs the files (engine-worker.ts). Made during the
 * first screen, the writes (a dozen files through swap files, the ~1 MB sample made on the
 * worker's thread) took the second core from the page's first render.
 */
export function warmSandbox(seedAfter?: Promise<void>): void {
  if (typeof navigator === 'undefined' || typeof navigator.storage?.getDirectory !== 'function') return;
  warming = openSandbox(false, seedAfter);
  // A failure is the first open's to report: it opens the sandbox again.
  warming.catch(() => undefined);
}

/** The sandbox's root: the one opened as the worker started (once, maybe still being seeded), or opened and seeded now. */
async function takeSandbox(reset: boolean): Promise<OpenedSandbox> {
  const warm = warming;
  warming = null;
  const opened = warm === null ? null : await warm.catch(() => null);
  if (opened !== null && !reset) return opened;
  return { root: await sandboxRoot(reset), seeding: null };
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

/**
 * The sandbox as a workspace: the one opened as the worker started, or opened now (`reset` empties
 * it first). One still being seeded answers its listing from the sample, and its file operations
 * once the sample is written (seeding.ts).
 */
export async function sandboxWorkspace(reset: boolean): Promise<Workspace> {
  const name = 'Sandbox (private browser storage)';
  const { root, seeding } = await takeSandbox(reset);
  if (seeding === null) return handleWorkspace(name, root);
  const paths = sampleWorkspaceEntries().map((e) => e.path);
  return { name, fs: afterSeeding(new HandleFs(root), seeding), list: listWhileSeeding(paths, seeding, (path) => listDirectory(root, path)) };
}

export function memoryWorkspace(name: string, fs: MemoryFs): Workspace {
  return { name, fs, list: async (path) => listPaths(fs.files.keys(), path) };
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

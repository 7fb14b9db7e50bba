// A folder's entries for the app's file tree and the CLI's transcript search: what a listing
// never shows, and the order it shows the rest in.

import { OUTSIDE, errorName, readRefusal } from './handle-errors';
import { walk, type IterableDirectory } from './handle-paths';

export interface DirectoryEntry {
  name: string;
  kind: 'file' | 'directory';
}

/** Entries a workspace listing never shows: VCS internals, dependencies, Chromium's swap files. */
export function isHiddenEntry(name: string): boolean {
  return name === '.git' || name === 'node_modules' || name.endsWith('.crswap');
}

/**
 * The entries of the folder at `path` (workspace-relative, `''` for the root), without
 * `.git`, `node_modules` and `*.crswap`, folders first, then by name in code-unit order (stable
 * across locales, so listings and e2e expectations agree). A path that is not a readable folder
 * rejects with an Error whose message says why.
 */
export async function listDirectory(root: FileSystemDirectoryHandle, path: string): Promise<DirectoryEntry[]> {
  const segs = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..')) throw new Error(`Cannot list ${path}: ${OUTSIDE}`);
  let dir: IterableDirectory;
  try {
    dir = (await walk(root, segs)) as IterableDirectory;
  } catch (err) {
    const name = errorName(err);
    const why = name === 'NotFoundError' ? 'no such folder' : name === 'TypeMismatchError' ? 'it is a file, not a folder' : readRefusal(err);
    throw new Error(`Cannot list ${path || '/'}: ${why}`);
  }
  const entries: DirectoryEntry[] = [];
  try {
    for await (const handle of dir.values()) {
      if (!isHiddenEntry(handle.name)) entries.push({ name: handle.name, kind: handle.kind });
    }
  } catch (err) {
    throw new Error(`Cannot list ${path || '/'}: ${readRefusal(err)}`);
  }
  return entries.sort((a, b) => (a.kind === b.kind ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.kind === 'directory' ? -1 : 1));
}

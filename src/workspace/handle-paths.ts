// Walking a directory handle: a workspace path split into folders and a name, the folders opened
// one by one, and the entry at the end looked up (or created, remembered so a failed write can
// take it back).

import { pathProblem } from '../engine/file-identity';
import type { StatResult } from '../engine/workspace-fs';
import { errorName, lookupFailure, OUTSIDE } from './handle-errors';

/** `values()` lives in lib.dom.asynciterable, which this project's tsconfig does not load. */
export type IterableDirectory = FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemHandle> };

export type Segments = { ok: true; dirs: string[]; name: string } | { ok: false; message: string };

/**
 * `src/a.ts` → folders `['src']` and name `a.ts`. Empty and `.` segments are dropped; `..` is
 * refused outright (the engine normalises paths first, so it only appears when escaping).
 */
export function split(path: string): Segments {
  const problem = pathProblem(path);
  if (problem !== null) return { ok: false, message: problem };
  const segs = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..')) return { ok: false, message: OUTSIDE };
  const name = segs.pop();
  return name === undefined ? { ok: true, dirs: [], name: '' } : { ok: true, dirs: segs, name };
}

export async function walk(root: FileSystemDirectoryHandle, dirs: readonly string[]): Promise<FileSystemDirectoryHandle> {
  let dir = root;
  for (const seg of dirs) dir = await dir.getDirectoryHandle(seg);
  return dir;
}

export type Located =
  | { kind: 'file'; handle: FileSystemFileHandle }
  | { kind: 'directory' }
  | Extract<StatResult, { kind: 'missing' | 'denied' }>;

export async function locate(root: FileSystemDirectoryHandle, path: string): Promise<Located> {
  const at = split(path);
  if (!at.ok) return at.message === OUTSIDE ? { kind: 'denied', message: at.message, outside: true } : { kind: 'denied', message: at.message };
  if (at.name === '') return { kind: 'directory' };
  let dir: FileSystemDirectoryHandle;
  try {
    dir = await walk(root, at.dirs);
  } catch (err) {
    return lookupFailure(err);
  }
  try {
    return { kind: 'file', handle: await dir.getFileHandle(at.name) };
  } catch (err) {
    // On the last segment, TypeMismatchError means the entry is a folder.
    if (errorName(err) === 'TypeMismatchError') return { kind: 'directory' };
    return lookupFailure(err);
  }
}

export async function openOrCreate(
  parent: FileSystemDirectoryHandle,
  name: string,
  kind: 'directory',
  made: { parent: FileSystemDirectoryHandle; name: string }[],
): Promise<FileSystemDirectoryHandle>;
export async function openOrCreate(
  parent: FileSystemDirectoryHandle,
  name: string,
  kind: 'file',
  made: { parent: FileSystemDirectoryHandle; name: string }[],
): Promise<FileSystemFileHandle>;
export async function openOrCreate(
  parent: FileSystemDirectoryHandle,
  name: string,
  kind: 'file' | 'directory',
  made: { parent: FileSystemDirectoryHandle; name: string }[],
): Promise<FileSystemHandle> {
  const get = (create: boolean) => (kind === 'file' ? parent.getFileHandle(name, { create }) : parent.getDirectoryHandle(name, { create }));
  try {
    return await get(false);
  } catch (err) {
    if (errorName(err) !== 'NotFoundError') throw err;
  }
  const handle = await get(true);
  made.push({ parent, name });
  return handle;
}

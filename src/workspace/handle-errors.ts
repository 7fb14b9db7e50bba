// The File System API reports everything as DOMExceptions named by kind: these turn them into
// the interface's values and into sentences a user can act on.

import type { StatResult } from '../engine/workspace-fs';

export const OUTSIDE = 'the path is outside the workspace';
export const DIRECTORY_IN_THE_WAY = 'a directory is in the way';
const PARENT_IS_FILE = 'a parent of the path is a file, not a folder';

export function errorName(err: unknown): string {
  if (err instanceof TypeError) return 'TypeError';
  return typeof err === 'object' && err !== null && 'name' in err && typeof err.name === 'string' ? err.name : '';
}

function errorText(err: unknown): string {
  return typeof err === 'object' && err !== null && 'message' in err && typeof err.message === 'string' ? err.message : String(err);
}

/** Why a read-side operation was refused, for the errors that are not "missing". */
export function readRefusal(err: unknown): string {
  switch (errorName(err)) {
    case 'NotAllowedError':
      return 'permission denied: the browser has not granted read access to this folder (open it again and allow access)';
    case 'SecurityError':
      return "blocked by the browser's security rules";
    case 'NotReadableError':
      return 'the file could not be read (it changed, or another program holds it)';
    case 'TypeError':
      return 'the browser refuses this file name';
    default:
      return errorText(err);
  }
}

/** A failed write, mutation or creation in words. */
export function writeRefusal(err: unknown): string {
  switch (errorName(err)) {
    case 'NotAllowedError':
      return 'permission denied: the browser has not granted write access to this folder (allow editing and save again)';
    case 'SecurityError':
      return "blocked by the browser's security rules";
    case 'NoModificationAllowedError':
      return 'the file is locked by another writer (another tab, or an open sync access handle)';
    case 'QuotaExceededError':
      return 'storage quota exceeded';
    case 'TypeMismatchError':
      return PARENT_IS_FILE;
    case 'NotFoundError':
      return 'the file or its folder was removed while saving';
    case 'InvalidStateError':
      return 'the file or its folder changed while saving';
    case 'AbortError':
      return "the browser's safety check rejected the file";
    case 'TypeError':
      return 'the browser refuses this file name';
    default:
      return errorText(err);
  }
}

/** What `stat`/`read` answer for an exception while looking an entry up. */
export function lookupFailure(err: unknown): Extract<StatResult, { kind: 'missing' | 'denied' }> {
  const name = errorName(err);
  // TypeMismatchError while walking folders: a file sits where a folder was expected (ENOTDIR).
  if (name === 'NotFoundError' || name === 'TypeMismatchError') return { kind: 'missing' };
  return { kind: 'denied', message: readRefusal(err) };
}

// OS errors in the words a user reads, and the refusals NodeFs answers with (a path that leads
// outside the workspace, a failed lookup).

import type { StatResult } from '../engine/workspace-fs';
import { errorMessage } from '../engine/helpers';

/** OS error codes in the words a user reads in "Could not write a.ts: {words}". */
const ERRNO_WORDS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large for the file system',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a parent of the path is a file, not a folder',
  EEXIST: 'a parent of the path is a file, not a folder',
  EISDIR: 'a directory is in the way',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many levels of symbolic links',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  EBUSY: 'the file is busy or locked',
  ETXTBSY: 'the file is busy or locked',
  EIO: 'input/output error',
  EXDEV: 'cannot rename across devices',
  EINVAL: 'invalid file name',
};

/** The `code` of a Node system error (`ENOENT`), if it has one. */
export function errnoOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

/** An OS error in words with its code in brackets: `permission denied (EACCES)`. */
export function describeFsError(err: unknown): string {
  const code = errnoOf(err);
  const words = code === undefined ? undefined : ERRNO_WORDS[code];
  if (words !== undefined) return `${words} (${code})`;
  return errorMessage(err);
}

export const OUTSIDE = 'the path is outside the workspace';

/** A lookup refused by `locate`: a path that leads outside says so (Denied.outside). */
export function refusal(message: string): Extract<StatResult, { kind: 'denied' }> {
  return message === OUTSIDE ? { kind: 'denied', message, outside: true } : { kind: 'denied', message };
}

/** The answers `stat` and `read` share for a failed lookup. */
export function lookupFailure(err: unknown): Extract<StatResult, { kind: 'missing' | 'directory' | 'denied' }> {
  switch (errnoOf(err)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return { kind: 'missing' };
    case 'EISDIR':
      return { kind: 'directory' };
    default:
      return { kind: 'denied', message: describeFsError(err) };
  }
}

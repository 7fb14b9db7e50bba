// A file is its identity, not its path (SPEC 14). Two names of one file (a symlink and its target,
// a path through a folder symlink, two hard links) must be one staged file in a call: a profile
// that stages several files keys them by `resolveFilePaths`' `path`, which is the file's
// canonical workspace path, while each entry keeps the `displayPath` it named (diffs and results
// name the path the call used). The backend decides what "one file" means (WorkspaceFs.canonical:
// device and inode in Node, isSameEntry in the browser); a backend with no links answers the
// normalised path.

import { resolveCallPath, type ResolvedPath } from './paths';
import type { WorkspaceFs } from './workspace-fs';

/**
 * A workspace path with `.`, `..` (never above the root), repeated and trailing slashes resolved
 * and no leading slash: the identity of a file where there are no links.
 */
export function plainCanonical(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why no file can have this path, or `null`: a NUL ends a name in every OS call; a lone UTF-16
 * surrogate (JSON's `"\ud800"`) has no UTF-8 form, so the disk and the browser would name the file
 * with U+FFFD instead, another name than the call's (issue 16, item 11). Backends refuse such a path
 * for every operation, with these words (never the absolute root).
 */
export function pathProblem(path: string): string | null {
  if (path.includes('\0')) return 'the path holds a NUL character, which no file name can hold';
  if (LONE_SURROGATE.test(path)) return 'the path holds a lone UTF-16 surrogate, which no file name can hold (it would be saved as U+FFFD, another name)';
  return null;
}

export const NAMES_A_FOLDER = 'the path ends with a slash, so it names a folder, not a file';

/**
 * The path ends with a slash after a name (`dir/new/`): as the OS has it, it names a folder, so it
 * reaches no file (ENOTDIR) and no file is created by that name (EISDIR). resolveCallPath keeps
 * such a slash; backends answer a file there as missing and refuse to write or remove one
 * (NAMES_A_FOLDER).
 */
export function namesFolder(path: string): boolean {
  return /[^/]\/+$/.test(path);
}

/** What a lookup of a path named as a folder answers: a file there is none (ENOTDIR). */
export function folderOnly<T extends { kind: string }>(found: T): T | { kind: 'missing' } {
  return found.kind === 'file' ? { kind: 'missing' } : found;
}

/** The file `path` reaches, as the backend names it (WorkspaceFs.canonical), or its plain form. */
export async function canonicalPath(fs: WorkspaceFs, path: string): Promise<string> {
  // The identity of what a folder name reaches is that folder's, still named as a folder.
  if (namesFolder(path)) return `${await canonicalPath(fs, path.replace(/\/+$/, ''))}/`;
  if (fs.canonical === undefined) return plainCanonical(path);
  try {
    return await fs.canonical(path);
  } catch {
    // Backends answer refusals as values; a throw here must not lose the call.
    return plainCanonical(path);
  }
}

/**
 * `resolveCallPath` for each call path, with `path` replaced by the file's canonical workspace
 * path: entries that reach one file by different names share `path`, so a profile that keys its
 * staged files by `path` chains their edits in order. `displayPath` and `absPath` stay as the
 * call named them. Paths outside the mount are returned as resolveCallPath refuses them.
 */
export async function resolveFilePaths(ctx: { fs: WorkspaceFs; mount: string }, callPaths: readonly string[]): Promise<ResolvedPath[]> {
  const memo = new Map<string, string>();
  const out: ResolvedPath[] = [];
  for (const callPath of callPaths) {
    const r = resolveCallPath(callPath, ctx.mount);
    if (!r.ok) {
      out.push(r);
      continue;
    }
    let path = memo.get(r.path);
    if (path === undefined) {
      path = await canonicalPath(ctx.fs, r.path);
      memo.set(r.path, path);
    }
    out.push({ ...r, path });
  }
  return out;
}

/** One call path (see resolveFilePaths). */
export async function resolveFilePath(ctx: { fs: WorkspaceFs; mount: string }, callPath: string): Promise<ResolvedPath> {
  return (await resolveFilePaths(ctx, [callPath]))[0]!;
}

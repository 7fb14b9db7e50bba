// Where a path leads on disk: confinement to the root (`inside`), and following symlinks, dangling
// ones too, to the file they end at (NodeFs writes through links, so every link survives a save).

import type { Stats } from 'node:fs';
import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { errnoOf } from './node-errors';

/** Where a path leads once every symlink is followed (dangling ones too), and what is there. */
export type Followed = { abs: string; st: Stats | null };

export function inside(root: string, abs: string): boolean {
  const rel = relative(root, abs);
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/**
 * Follow `abs` through every symlink, a dangling one too (to where it points), as far as a file
 * or a missing name; the folders on the way are resolved to real paths. `null`: a link loop.
 * Lookups only, made synchronously as a CLI makes them (a thread-pool round trip gains nothing).
 */
export async function follow(abs: string): Promise<Followed | null> {
  let p = abs;
  for (let hops = 0; hops < 40; hops++) {
    try {
      const real = realpathSync.native(p);
      return { abs: real, st: statSync(real) };
    } catch (err) {
      const code = errnoOf(err);
      if (code === 'ELOOP') return null;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
    }
    let link: string | null = null;
    try {
      if (lstatSync(p).isSymbolicLink()) link = readlinkSync(p);
    } catch {
      // p itself is missing.
    }
    if (link !== null) {
      p = resolve(dirname(p), link);
      continue;
    }
    return { abs: join(await realAncestor(dirname(p)), basename(p)), st: null };
  }
  return null;
}

/** The real path of `dir`, or of its nearest existing ancestor with the rest of `dir` joined on. */
async function realAncestor(dir: string): Promise<string> {
  try {
    return realpathSync.native(dir);
  } catch {
    const up = dirname(dir);
    return up === dir ? dir : join(await realAncestor(up), basename(dir));
  }
}

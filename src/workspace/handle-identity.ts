// A file is its identity (SPEC 14): the handle a path reaches is compared with those seen before
// (`isSameEntry`), so two names of one entry are one file, named by the path it was first seen at.

import { plainCanonical } from '../engine/file-identity';
import { errorName } from './handle-errors';

/**
 * How many handles `canonical` remembers to compare a new one with: each compare is a call into the
 * browser, so a 100-file batch costs at most 100 × KNOWN_HANDLES of them.
 */
const KNOWN_HANDLES = 32;

export class HandleIdentities {
  /** Handles `canonical` has seen, newest last, with the path each was first seen at. */
  private readonly known: { handle: FileSystemHandle; path: string }[] = [];

  /**
   * The entry a path reaches below `root`, named by the path it was first seen at: `isSameEntry`
   * against the handles seen before (the last KNOWN_HANDLES). A missing file is named by its
   * deepest existing folder's identity and the rest of the path. Chromium compares the entries'
   * paths, so only a backend whose handles can alias (a folder reached twice) gives another name
   * than the path.
   */
  async canonical(root: FileSystemDirectoryHandle, path: string): Promise<string> {
    const plain = plainCanonical(path);
    const segs = plain === '' ? [] : plain.split('/');
    if (segs.includes('..')) return plain;
    let dir = root;
    let found: FileSystemHandle | null = null;
    let depth = 0;
    for (const [i, seg] of segs.entries()) {
      try {
        if (i < segs.length - 1) {
          dir = await dir.getDirectoryHandle(seg);
          found = dir;
        } else {
          found = await dir.getFileHandle(seg).catch(async (err: unknown) => {
            if (errorName(err) === 'TypeMismatchError') return dir.getDirectoryHandle(seg);
            throw err;
          });
        }
        depth = i + 1;
      } catch {
        break;
      }
    }
    if (found === null) return plain;
    if (found.kind === 'file' && depth === segs.length && depth >= 2) {
      // Its folder first: a file first seen through a folder known by another name takes that name.
      const folder = await this.identify(dir, segs.slice(0, depth - 1).join('/'));
      return this.identify(found, `${folder}/${segs[depth - 1]}`);
    }
    const named = await this.identify(found, segs.slice(0, depth).join('/'));
    return [named, ...segs.slice(depth)].join('/');
  }

  private async identify(handle: FileSystemHandle, path: string): Promise<string> {
    if (typeof handle.isSameEntry !== 'function') return path;
    try {
      // The common case first: this path was seen before and still names the same entry.
      const same = this.known.find((k) => k.path === path && k.handle.kind === handle.kind);
      if (same !== undefined && (await same.handle.isSameEntry(handle))) return path;
      for (const k of this.known) {
        if (k !== same && k.handle.kind === handle.kind && (await k.handle.isSameEntry(handle))) return k.path;
      }
    } catch {
      return path;
    }
    this.known.push({ handle, path });
    if (this.known.length > KNOWN_HANDLES) this.known.shift();
    return path;
  }
}

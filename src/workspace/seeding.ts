// A sandbox whose sample files are still being written (a first visit): the first screen opens it
// at once instead of waiting for OPFS's writes (on a 2-core machine they took 60-150 ms of a
// first visit, the page's first render waiting on them). Until the writes are done the folder's
// listing is the sample's own (the sandbox was empty, and nothing else writes to it meanwhile:
// every file operation waits for the seed first), and once they are, the folder itself. A seed
// that failed makes every file operation reject with why.

import type { WorkspaceFs } from '../engine/workspace-fs';
import type { DirectoryEntry } from './directory-listing';

/**
 * The entries of the folder `path` ('' for the root) in a tree made of `paths` (files), as
 * `listDirectory` orders them: folders first, then by name in code-unit order.
 */
export function listPaths(paths: Iterable<string>, path: string): DirectoryEntry[] {
  const prefix = path === '' ? '' : `${path}/`;
  const seen = new Map<string, 'file' | 'directory'>();
  for (const key of paths) {
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length);
    const slash = rest.indexOf('/');
    seen.set(slash === -1 ? rest : rest.slice(0, slash), slash === -1 ? 'file' : 'directory');
  }
  return [...seen].map(([name, kind]) => ({ name, kind })).sort((a, b) => (a.kind === b.kind ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.kind === 'directory' ? -1 : 1));
}

/** A seed, and how it settled (once written, operations run directly). */
class Seed {
  private state: 'pending' | 'written' | 'failed' = 'pending';

  constructor(private readonly done: Promise<void>) {
    done.then(
      () => void (this.state = 'written'),
      () => void (this.state = 'failed'),
    );
  }

  /** `run` once the seed has settled: at once once it was written, rejecting with its error if it failed. */
  after<R>(run: () => Promise<R>): Promise<R> {
    return this.state === 'written' ? run() : this.done.then(run);
  }

  get pending(): boolean {
    return this.state === 'pending';
  }
}

/** `fs`, each operation waiting for `seeded` first (optional operations only where `fs` has them). */
export function afterSeeding(fs: WorkspaceFs, seeded: Promise<void>): WorkspaceFs {
  const seed = new Seed(seeded);
  const out: WorkspaceFs = {
    stat: (path) => seed.after(() => fs.stat(path)),
    read: (path, options) => seed.after(() => fs.read(path, options)),
    write: (path, bytes, options) => seed.after(() => fs.write(path, bytes, options)),
    remove: (path) => seed.after(() => fs.remove(path)),
    list: (path) => seed.after(() => fs.list(path)),
  };
  if (fs.writeParts) out.writeParts = (path, parts) => seed.after(() => fs.writeParts!(path, parts));
  if (fs.removeFolder) out.removeFolder = (path) => seed.after(() => fs.removeFolder!(path));
  if (fs.canonical) out.canonical = (path) => seed.after(() => fs.canonical!(path));
  if (fs.lock) out.lock = (paths) => seed.after(() => fs.lock!(paths));
  if (fs.readPieces) out.readPieces = (path) => seed.after(() => fs.readPieces!(path));
  if (fs.holds) out.holds = (path, bytes) => seed.after(() => fs.holds!(path, bytes));
  return out;
}

/**
 * A folder listing for a sandbox being seeded with `samplePaths`: the sample's own while the seed
 * is pending, `list` (the folder itself) once it has settled.
 */
export function listWhileSeeding(samplePaths: readonly string[], seeded: Promise<void>, list: (path: string) => Promise<DirectoryEntry[]>): (path: string) => Promise<DirectoryEntry[]> {
  const seed = new Seed(seeded);
  return async (path) => {
    if (!seed.pending) return list(path);
    // As listDirectory reads a path: empty and '.' segments are nothing.
    const segs = path.split('/').filter((s) => s !== '' && s !== '.');
    const folder = segs.join('/');
    const known = !segs.includes('..') && (folder === '' || samplePaths.some((p) => p.startsWith(`${folder}/`)));
    // A folder the sample does not have (or a path it cannot be): the folder's own answer, its error, after the seed.
    return known ? listPaths(samplePaths, folder) : seed.after(() => list(path));
  };
}

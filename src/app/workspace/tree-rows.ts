// The file tree as a flat list of rows: what the virtualized list renders and the keyboard walks.
// Pure, so the shape of the tree (and of a filtered tree) is unit tested without a browser.

import type { DirectoryEntry } from '../../workspace/handle-fs';

export interface TreeRow {
  path: string;
  name: string;
  kind: 'file' | 'directory';
  /** 0 for entries of the root. */
  depth: number;
  /** Folders only: showing their children. */
  expanded: boolean;
  /** Folders only: open, but their listing has not arrived. */
  loading: boolean;
  /** Position among the siblings shown (ARIA posinset / setsize). */
  index: number;
  siblings: number;
  /** Parent folder path ('' for the root). */
  parent: string;
  /** Filter mode: the matched range in `name`. */
  match?: { start: number; end: number };
}

type Listings = Readonly<Record<string, readonly DirectoryEntry[]>>;

/**
 * `record[key]` when `key` is its own: folders are keyed by path, and a folder named
 * `constructor` or `toString` must not find Object.prototype's member.
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

const join = (folder: string, name: string): string => (folder === '' ? name : `${folder}/${name}`);

/** The tree as the user unfolded it: children of expanded folders follow their folder. */
export function treeRows(listings: Listings, expanded: Readonly<Record<string, boolean>>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (folder: string, depth: number): void => {
    const entries = own(listings, folder);
    if (!entries) return;
    entries.forEach((e, index) => {
      const path = join(folder, e.name);
      const open = e.kind === 'directory' && own(expanded, path) === true;
      rows.push({ path, name: e.name, kind: e.kind, depth, expanded: open, loading: open && !own(listings, path), index, siblings: entries.length, parent: folder });
      if (open) walk(path, depth + 1);
    });
  };
  walk('', 0);
  return rows;
}

/**
 * Files of the loaded folders whose name contains `query` (case-insensitive; a query with `/`
 * is matched against the whole path), shown with their folders, all unfolded.
 */
export function filteredRows(listings: Listings, query: string): TreeRow[] {
  const q = query.trim().toLowerCase();
  const byPath = q.includes('/');
  const matches = new Map<string, { start: number; end: number } | undefined>();
  const keep = new Set<string>();
  for (const [folder, entries] of Object.entries(listings)) {
    for (const e of entries) {
      if (e.kind !== 'file') continue;
      const path = join(folder, e.name);
      const at = (byPath ? path : e.name).toLowerCase().indexOf(q);
      if (at === -1) continue;
      const nameStart = byPath ? at - (path.length - e.name.length) : at;
      matches.set(path, nameStart >= 0 ? { start: nameStart, end: nameStart + q.length } : undefined);
      // Every ancestor folder stays in the tree so the match is shown where it lives.
      for (let f = folder; f !== ''; f = f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '') keep.add(f);
    }
  }
  const rows: TreeRow[] = [];
  const walk = (folder: string, depth: number): void => {
    const shown = (own(listings, folder) ?? []).filter((e) => {
      const path = join(folder, e.name);
      return e.kind === 'directory' ? keep.has(path) : matches.has(path);
    });
    shown.forEach((e, index) => {
      const path = join(folder, e.name);
      const match = matches.get(path);
      rows.push({
        path,
        name: e.name,
        kind: e.kind,
        depth,
        expanded: e.kind === 'directory',
        loading: false,
        index,
        siblings: shown.length,
        parent: folder,
        ...(match && { match }),
      });
      if (e.kind === 'directory') walk(path, depth + 1);
    });
  };
  walk('', 0);
  return rows;
}

/** What a key does in the tree: move the cursor, fold or unfold a folder, open the row, or nothing. */
export type TreeKeyMove =
  | { kind: 'move'; to: number }
  | { kind: 'fold'; path: string; open: boolean }
  | { kind: 'activate'; row: TreeRow }
  /** The key is the tree's, but there is nowhere to go (the browser must not scroll either). */
  | { kind: 'none' };

/**
 * The tree's keyboard: Up/Down, Home/End and PageUp/PageDown (by `page` rows) move; Right unfolds
 * a folder or steps into it, Left folds it or steps out to its parent; Enter and Space open. In
 * filter mode folders stay unfolded. Null: not the tree's key.
 */
export function treeKey(key: string, rows: readonly TreeRow[], active: number, page: number, filtering: boolean, indexOf: ReadonlyMap<string, number>): TreeKeyMove | null {
  const row = rows[active];
  if (!row) return null;
  const move = (to: number): TreeKeyMove => ({ kind: 'move', to: Math.max(0, Math.min(rows.length - 1, to)) });
  const folder = row.kind === 'directory';
  switch (key) {
    case 'ArrowDown':
      return move(active + 1);
    case 'ArrowUp':
      return move(active - 1);
    case 'Home':
      return move(0);
    case 'End':
      return move(rows.length - 1);
    case 'PageDown':
      return move(active + page);
    case 'PageUp':
      return move(active - page);
    case 'ArrowRight':
      if (folder && !row.expanded && !filtering) return { kind: 'fold', path: row.path, open: true };
      return folder && rows[active + 1]?.parent === row.path ? move(active + 1) : { kind: 'none' };
    case 'ArrowLeft':
      if (folder && row.expanded && !filtering) return { kind: 'fold', path: row.path, open: false };
      return row.parent !== '' && indexOf.has(row.parent) ? move(indexOf.get(row.parent)!) : { kind: 'none' };
    case 'Enter':
    case ' ':
      return { kind: 'activate', row };
    default:
      return null;
  }
}

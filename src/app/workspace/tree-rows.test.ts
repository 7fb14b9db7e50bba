import { describe, expect, it } from 'vitest';
import { filteredRows, treeKey, treeRows } from './tree-rows';

const listings = {
  '': [
    { name: 'src', kind: 'directory' as const },
    { name: 'test', kind: 'directory' as const },
    { name: 'README.md', kind: 'file' as const },
  ],
  src: [
    { name: 'deep', kind: 'directory' as const },
    { name: 'config.js', kind: 'file' as const },
    { name: 'main.go', kind: 'file' as const },
  ],
  'src/deep': [{ name: 'Config.ts', kind: 'file' as const }],
  test: [{ name: 'config.toml', kind: 'file' as const }],
};

const shape = (rows: ReturnType<typeof treeRows>) => rows.map((r) => `${'  '.repeat(r.depth)}${r.name}${r.kind === 'directory' ? (r.expanded ? '/ open' : '/') : ''}`);

describe('treeRows: the tree as unfolded', () => {
  it('shows only the root until a folder is expanded', () => {
    expect(shape(treeRows(listings, {}))).toEqual(['src/', 'test/', 'README.md']);
  });

  it('puts an expanded folder’s children right after it, one level deeper', () => {
    expect(shape(treeRows(listings, { src: true }))).toEqual(['src/ open', '  deep/', '  config.js', '  main.go', 'test/', 'README.md']);
  });

  it('marks an expanded folder whose listing has not arrived as loading', () => {
    const rows = treeRows({ '': listings[''] }, { src: true });
    expect(rows[0]).toMatchObject({ path: 'src', expanded: true, loading: true });
  });

  it('gives each row its position among its siblings', () => {
    const rows = treeRows(listings, { test: true });
    expect(rows.find((r) => r.path === 'test/config.toml')).toMatchObject({ index: 0, siblings: 1, parent: 'test', depth: 1 });
  });
});

describe('filteredRows: matching file names in loaded folders', () => {
  it('keeps matching files with their folders, unfolded, ignoring case', () => {
    expect(shape(filteredRows(listings, 'config'))).toEqual(['src/ open', '  deep/ open', '    Config.ts', '  config.js', 'test/ open', '  config.toml']);
  });

  it('matches names, not folder paths, unless the query has a slash', () => {
    expect(filteredRows(listings, 'src')).toEqual([]);
    expect(filteredRows(listings, 'src/m').map((r) => r.path)).toEqual(['src', 'src/main.go']);
  });

  it('records the matched range of the name', () => {
    expect(filteredRows(listings, 'toml').find((r) => r.name === 'config.toml')?.match).toEqual({ start: 7, end: 11 });
  });

  it('finds nothing in folders that are not loaded', () => {
    expect(filteredRows({ '': listings[''] }, 'main')).toEqual([]);
  });
});

describe('treeKey: the tree\'s keyboard', () => {
  // src/ open, deep/, config.js, main.go, test/, README.md
  const rows = treeRows(listings, { src: true });
  const indexOf = new Map(rows.map((r, i) => [r.path, i]));
  const key = (k: string, active: number, filtering = false) => treeKey(k, rows, active, 3, filtering, indexOf);

  it('moves the cursor, clamped to the list; a page is the given number of rows', () => {
    expect([key('ArrowDown', 0), key('ArrowDown', 5), key('ArrowUp', 0), key('Home', 4), key('End', 1)]).toEqual([
      { kind: 'move', to: 1 },
      { kind: 'move', to: 5 },
      { kind: 'move', to: 0 },
      { kind: 'move', to: 0 },
      { kind: 'move', to: 5 },
    ]);
    expect([key('PageDown', 1), key('PageDown', 4), key('PageUp', 4), key('PageUp', 1)]).toEqual([
      { kind: 'move', to: 4 },
      { kind: 'move', to: 5 },
      { kind: 'move', to: 1 },
      { kind: 'move', to: 0 },
    ]);
  });

  it('Right unfolds a folded folder, steps into an open one, and does nothing on a file', () => {
    expect(key('ArrowRight', 1)).toEqual({ kind: 'fold', path: 'src/deep', open: true });
    expect(key('ArrowRight', 0)).toEqual({ kind: 'move', to: 1 });
    expect(key('ArrowRight', 2)).toEqual({ kind: 'none' });
  });

  it('Left folds an open folder, steps out of a child to its parent, and does nothing at the top', () => {
    expect(key('ArrowLeft', 0)).toEqual({ kind: 'fold', path: 'src', open: false });
    expect(key('ArrowLeft', 3)).toEqual({ kind: 'move', to: 0 });
    expect(key('ArrowLeft', 5)).toEqual({ kind: 'none' });
  });

  it('in filter mode folders stay as they are', () => {
    expect(key('ArrowLeft', 0, true)).toEqual({ kind: 'none' });
    expect(key('ArrowRight', 1, true)).toEqual({ kind: 'none' });
  });

  it('Enter and Space open the row; other keys and an empty tree are not the tree\'s', () => {
    expect(key('Enter', 2)).toEqual({ kind: 'activate', row: rows[2] });
    expect(key(' ', 4)).toEqual({ kind: 'activate', row: rows[4] });
    expect(key('a', 0)).toBe(null);
    expect(treeKey('ArrowDown', [], 0, 3, false, new Map())).toBe(null);
  });
});

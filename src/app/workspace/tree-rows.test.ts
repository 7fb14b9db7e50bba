import { describe, expect, it } from 'vitest';
import { filteredRows, treeRows } from './tree-rows';

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

import { describe, expect, it } from 'vitest';
import { addBounded, memoryHistory } from './history-db';
import { callTitle, ranProfile, HISTORY_LIMITS, HISTORY_VERSION, isHistoryEntry, matchesSearch, overLimits, type HistoryEntry } from './history-entry';

function entry(at: number, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    version: HISTORY_VERSION,
    at,
    kind: 'call',
    profile: 'multi_edit_text_file',
    title: 'multi_edit_text_file /test/config.toml',
    workspace: 'Sandbox',
    outcome: { ok: true, summary: 'success, 1 file staged' },
    files: [{ path: 'test/config.toml', hash: '0123abcd' }],
    ...over,
  };
}

describe('History keeps the last 500 runs or 50 MB, dropping the oldest first', () => {
  it('the bounds are 500 runs and 50 MB', () => {
    expect(HISTORY_LIMITS).toEqual({ runs: 500, bytes: 50 * 1024 * 1024 });
  });

  it('past the run bound, the oldest go', () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, at: 1000 + i, bytes: 10 }));
    expect(overLimits(rows, { runs: 5, bytes: 1e9 }).sort()).toEqual([1, 2]);
  });

  it('past the byte bound, the oldest go until the rest fit', () => {
    const rows = [
      { id: 1, at: 1, bytes: 40 },
      { id: 2, at: 2, bytes: 40 },
      { id: 3, at: 3, bytes: 40 },
    ];
    expect(overLimits(rows, { runs: 500, bytes: 100 })).toEqual([1]);
  });

  it('the newest run stays even when it alone is above the byte bound', () => {
    expect(overLimits([{ id: 1, at: 1, bytes: 5 }, { id: 2, at: 2, bytes: 500 }], { runs: 500, bytes: 100 })).toEqual([1]);
  });

  it('runs at the same moment are ordered by id (the later write is newer)', () => {
    expect(overLimits([{ id: 2, at: 5, bytes: 1 }, { id: 1, at: 5, bytes: 1 }], { runs: 1, bytes: 100 })).toEqual([1]);
  });

  it('adding to a full store drops the oldest from the store itself', async () => {
    const backend = memoryHistory();
    const kept: { id: number; at: number; bytes: number }[] = [];
    for (let at = 1; at <= 4; at++) {
      const added = await addBounded(backend, entry(at), kept, { runs: 3, bytes: 1e9 });
      kept.push({ id: added.entry.id!, at, bytes: added.bytes });
      for (const id of added.dropped) kept.splice(kept.findIndex((k) => k.id === id), 1);
    }
    expect((await backend.all()).map((r) => r.entry.at).sort()).toEqual([2, 3, 4]);
  });
});

describe('search matches files, profile and outcome', () => {
  const failed = entry(1, { profile: 'apply_patch', title: 'apply_patch src/main.go', outcome: { ok: false, code: 'NOT_FOUND', summary: 'error NOT_FOUND' }, files: [{ path: 'src/main.go', hash: 'aa' }] });
  const ok = entry(2);

  it('every word must match somewhere, case aside', () => {
    expect(matchesSearch(failed, 'main.go')).toBe(true);
    expect(matchesSearch(failed, 'APPLY_PATCH not_found')).toBe(true);
    expect(matchesSearch(failed, 'main.go config.toml')).toBe(false);
    expect(matchesSearch(ok, '')).toBe(true);
  });

  it('the outcome filter keeps successes or failures', () => {
    expect([failed, ok].filter((e) => matchesSearch(e, '', 'failed'))).toEqual([failed]);
    expect([failed, ok].filter((e) => matchesSearch(e, '', 'ok'))).toEqual([ok]);
  });
});

describe('stored entries are validated on load', () => {
  it('an entry of another version or shape is skipped', () => {
    expect(isHistoryEntry(entry(1))).toBe(true);
    expect(isHistoryEntry({ ...entry(1), version: 2 })).toBe(false);
    expect(isHistoryEntry({ ...entry(1), files: 'x' })).toBe(false);
    expect(isHistoryEntry(null)).toBe(false);
  });
});

describe("a call's title is its profile and the first path it names", () => {
  it('path, file_path, or an apply_patch header', () => {
    expect(callTitle('{"path": "/a.txt"}', 'edit_text_file')).toBe('edit_text_file /a.txt');
    expect(callTitle('{"file_path":"src/x.js"}', 'Edit')).toBe('Edit src/x.js');
    expect(callTitle('{"input":"*** Begin Patch\\n*** Update File: test/c.toml\\n"}', 'apply_patch')).toBe('apply_patch test/c.toml');
    expect(callTitle('{}', 'Write')).toBe('Write');
  });
});

describe('a call is labelled by the tool that ran, not the dropdown (issue 17, item 5)', () => {
  it('names the detected tool of an envelope', () => {
    expect(ranProfile({ profile: 'multi_edit_text_file', run: { call: { profile: 'Edit' } } })).toBe('Edit');
    expect(callTitle('{"name":"Edit","input":{"file_path":"/a.txt"}}', ranProfile({ profile: 'multi_edit_text_file', run: { call: { profile: 'Edit' } } }))).toBe('Edit /a.txt');
  });
  it('falls back to the dropdown only when nothing ran', () => {
    expect(ranProfile({ profile: 'multi_edit_text_file', run: null })).toBe('multi_edit_text_file');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../worker-client', () => ({ engine: { request: (...args: unknown[]) => request(...args) } }));

const { memoryHistory } = await import('./history-db');
const { HISTORY_VERSION } = await import('./history-entry');
const { setHistoryBackend, useHistory } = await import('./history-store');
const { useComposer } = await import('../state/composer-store');
import type { HistoryEntry } from './history-entry';

function callEntry(at: number, text = '{"path":"/test/config.toml","edits":[]}'): HistoryEntry {
  return {
    version: HISTORY_VERSION,
    at,
    kind: 'call',
    profile: 'multi_edit_text_file',
    title: `run ${at}`,
    workspace: 'Sandbox',
    call: { profile: 'multi_edit_text_file', text, mount: '/', diffContext: 2 },
    outcome: { ok: true, summary: 'success' },
    files: [{ path: 'test/config.toml', hash: 'aaaaaaaa' }],
  };
}

beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (type: string) => (type === 'call/check' ? { ok: true, call: { kind: 'bare', toolName: null, profile: 'multi_edit_text_file' } } : []));
});

describe('the History store', () => {
  it('lists runs newest first and keeps only the bounded number', async () => {
    setHistoryBackend(memoryHistory(), { runs: 2, bytes: 1e9 });
    for (const at of [1, 2, 3]) await useHistory.getState().record(callEntry(at));
    expect(useHistory.getState().entries.map((e) => e.at)).toEqual([3, 2]);
  });

  it('entries stored before a reload are listed again', async () => {
    const backend = memoryHistory();
    setHistoryBackend(backend);
    await useHistory.getState().record(callEntry(5));
    setHistoryBackend(backend);
    await useHistory.getState().load();
    expect(useHistory.getState().entries.map((e) => e.at)).toEqual([5]);
  });

  it('reopening a call restores the composer and says when its files changed since', async () => {
    setHistoryBackend(memoryHistory());
    await useHistory.getState().record(callEntry(1, '{"path":"/test/config.toml","edits":[{"old_string":"a","new_string":"b"}]}'));
    request.mockImplementation(async (type: string) => (type === 'workspace/hashes' ? [{ path: 'test/config.toml', hash: 'bbbbbbbb' }] : { ok: true, call: { kind: 'bare', toolName: null, profile: 'multi_edit_text_file' } }));
    await useHistory.getState().reopen(useHistory.getState().entries[0]!.id!);
    const composer = useComposer.getState();
    expect(composer.texts.multi_edit_text_file).toContain('"old_string":"a"');
    expect(composer.diffContext).toBe(2);
    expect(useHistory.getState().notice).toEqual({ tone: 'warn', text: 'Restored the call. 1 file changed since that run, so it may not do the same: test/config.toml.' });
  });

  it('reopening a call whose files are unchanged says so', async () => {
    setHistoryBackend(memoryHistory());
    await useHistory.getState().record(callEntry(1));
    request.mockImplementation(async (type: string) => (type === 'workspace/hashes' ? [{ path: 'test/config.toml', hash: 'aaaaaaaa' }] : { ok: true, call: { kind: 'bare', toolName: null, profile: 'multi_edit_text_file' } }));
    await useHistory.getState().reopen(useHistory.getState().entries[0]!.id!);
    expect(useHistory.getState().notice?.tone).toBe('ok');
  });

  it('Clear empties the store', async () => {
    const backend = memoryHistory();
    setHistoryBackend(backend);
    await useHistory.getState().record(callEntry(1));
    await useHistory.getState().clear();
    expect(useHistory.getState().entries).toEqual([]);
    expect(await backend.all()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { emptyFigures, type ReplayFigures } from '../../sessions/replay-figures';
import type { SessionCallRow } from '../../worker/session-views';
import { batchTotals, toolKindsOf, transcriptsInFolder, type BatchItem } from './batch';

const row = (index: number, over: Partial<SessionCallRow> = {}): SessionCallRow => ({
  index, toolName: 'Edit', kind: 'edit', profile: 'Edit', path: '/a.txt', status: 'ran', ok: true, errorKind: null, verdict: 'agrees', cannotJudge: null, recordedError: false, version: '2.1.88', agent: null, resynced: 0, ...over,
});

function figures(over: Partial<ReplayFigures>): ReplayFigures {
  return { ...emptyFigures(), ...over };
}

const item = (name: string, f: ReplayFigures | null, rows: SessionCallRow[] = [], state: BatchItem['state'] = 'done'): BatchItem => ({
  name, source: { kind: 'text', text: '', name }, state, format: 'claude-code-jsonl', mount: '/', figures: f, kinds: toolKindsOf(rows), note: null,
});

describe('a batch of transcripts', () => {
  it('counts each tool and release\'s failures by kind, from the rows that ran', () => {
    const rows = [row(0, { ok: false, errorKind: 'not-found' }), row(1, { ok: false, errorKind: 'not-found' }), row(2, { ok: false, errorKind: 'not-read', version: '1.0.51' }), row(3, { status: 'listed', toolName: 'Read', errorKind: null }), row(4)];
    const kinds = toolKindsOf(rows);
    expect(Object.keys(kinds)).toEqual(['Edit\u00002.1.88', 'Edit\u00001.0.51']);
    expect(kinds['Edit\u00002.1.88']).toMatchObject({ 'not-found': 2, 'not-read': 0 });
    expect(kinds['Edit\u00001.0.51']).toMatchObject({ 'not-read': 1 });
  });

  it('adds up the replayed transcripts: figures, tool rows merged by tool and release with their kinds, and the kinds that occur', () => {
    const a = item(
      'a.jsonl',
      figures({ editCalls: 2, failed: 1, failedByKind: { ...emptyFigures().failedByKind, 'not-found': 1 }, agrees: 2, byTool: [{ tool: 'Edit', version: '2.1.88', editCalls: 2, failed: 1, recordedFailed: 1, agrees: 2, differs: 0, cannotJudge: 0, notRecorded: 0 }] }),
      [row(0, { ok: false, errorKind: 'not-found' }), row(1)],
    );
    const b = item(
      'b.jsonl',
      figures({ editCalls: 1, failed: 1, failedByKind: { ...emptyFigures().failedByKind, 'no-file': 1 }, cannotJudge: 1, cannotJudgeByReason: { ...emptyFigures().cannotJudgeByReason, 'never-shown': 1 }, byTool: [{ tool: 'Edit', version: '2.1.88', editCalls: 1, failed: 1, recordedFailed: 0, agrees: 0, differs: 0, cannotJudge: 1, notRecorded: 0 }] }),
      [row(0, { ok: false, errorKind: 'no-file', verdict: 'cannot judge', cannotJudge: 'never-shown' })],
    );
    const t = batchTotals([a, item('notes.txt', null, [], 'skipped'), b])!;
    expect(t.figures).toMatchObject({ editCalls: 3, failed: 2, agrees: 2, cannotJudge: 1, cannotJudgeByReason: { 'never-shown': 1 } });
    expect(t.kinds).toEqual(['not-found', 'no-file']);
    expect(t.tools).toHaveLength(1);
    expect(t.tools[0]).toMatchObject({ tool: 'Edit', version: '2.1.88', editCalls: 3, failed: 2, cannotJudge: 1, failedByKind: { 'not-found': 1, 'no-file': 1 } });
    expect(batchTotals([item('x', null, [], 'failed')])).toBeNull();
  });

  it('lists tools by name, then release in version order', () => {
    const tool = (t: string, version: string) => ({ tool: t, version, editCalls: 1, failed: 0, recordedFailed: 0, agrees: 1, differs: 0, cannotJudge: 0, notRecorded: 0 });
    const f = figures({ editCalls: 4, agrees: 4, byTool: [tool('Write', '2.0.37'), tool('Edit', '2.0.37'), tool('Edit', '2.0.5'), tool('Edit', '')] });
    expect(batchTotals([item('a', f)])!.tools.map((t) => `${t.tool} ${t.version}`)).toEqual(['Edit ', 'Edit 2.0.5', 'Edit 2.0.37', 'Write 2.0.37']);
  });

  it('a folder gives its transcript files in path order, without .git and node_modules', () => {
    const files = ['b/z.jsonl', 'a.json', 'notes.md', 'a/b.jsonl', '.git/x.json', 'node_modules/p/log.txt', 'Z.LOG'].map((path) => ({ path }));
    expect(transcriptsInFolder(files).map((f) => f.path)).toEqual(['Z.LOG', 'a.json', 'a/b.jsonl', 'b/z.jsonl']);
  });
});

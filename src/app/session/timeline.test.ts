import { describe, expect, it } from 'vitest';
import type { SessionCallRow } from '../../worker/session-views';
import { rowName, shownRows, stepFrom } from './timeline';

const row = (index: number, over: Partial<SessionCallRow> = {}): SessionCallRow => ({
  index, toolName: 'Edit', kind: 'edit', profile: 'Edit', path: '/a.txt', status: 'ran', ok: true, errorKind: null, verdict: 'agrees', cannotJudge: null, recordedError: false, version: null, agent: null, resynced: 0, ...over,
});
const listed = (index: number): SessionCallRow => row(index, { toolName: 'Read', kind: 'read', profile: null, status: 'listed', ok: null, verdict: null, recordedError: false });

const ROWS = [listed(0), row(1), row(2, { ok: false, errorKind: 'not-found', recordedError: true }), row(3, { verdict: 'differs' }), listed(4), row(5, { ok: false, errorKind: 'other', verdict: 'differs' })];

describe('filters', () => {
  it('all shows every call, listed ones included', () => {
    expect(shownRows(ROWS, 'all').map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('failed shows the edit calls our replay failed', () => {
    expect(shownRows(ROWS, 'failed').map((r) => r.index)).toEqual([2, 5]);
  });
  it('differs shows the calls whose verdict differs', () => {
    expect(shownRows(ROWS, 'differs').map((r) => r.index)).toEqual([3, 5]);
  });
  it('cannot judge shows the calls nobody can judge, skipped ones included', () => {
    const rows = [...ROWS, row(6, { verdict: 'cannot judge', cannotJudge: 'diverged' }), row(7, { status: 'skipped', ok: null, verdict: 'cannot judge', cannotJudge: 'no-dialect' })];
    expect(shownRows(rows, 'cannot judge').map((r) => r.index)).toEqual([6, 7]);
    expect(stepFrom(rows, 'cannot judge', null, 1)).toBe(6);
  });
});

describe('stepping', () => {
  it('skips calls that did not run', () => {
    expect([stepFrom(ROWS, 'all', 1, -1), stepFrom(ROWS, 'all', 3, 1)]).toEqual([null, 5]);
  });
  it('starts at the first or last selectable call when none is selected', () => {
    expect([stepFrom(ROWS, 'all', null, 1), stepFrom(ROWS, 'all', null, -1)]).toEqual([1, 5]);
  });
  it('stays within the filter', () => {
    expect([stepFrom(ROWS, 'failed', 2, 1), stepFrom(ROWS, 'differs', 5, -1), stepFrom(ROWS, 'failed', 5, 1)]).toEqual([5, 3, null]);
  });
  it('from a call the filter hides, goes to the nearest shown one that way', () => {
    expect(stepFrom(ROWS, 'failed', 3, 1)).toBe(5);
  });
  it('nothing to step to in an empty list', () => {
    expect(stepFrom([listed(0)], 'all', null, 1)).toBeNull();
  });
});

describe('accessible names', () => {
  it('name the release after the tool, the subagent, cannot judge with its reason, and files re-synced', () => {
    expect(
      [
        row(7, { version: '2.1.88', verdict: 'cannot judge', cannotJudge: 'never-shown', ok: false, errorKind: 'no-file' }),
        row(8, { version: '1.0.51', agent: 'a1b2', cannotJudge: null, resynced: 1 }),
        row(9, { status: 'skipped', ok: null, verdict: 'cannot judge', cannotJudge: 'no-dialect', toolName: 'str_replace' }),
        listed(10),
      ].map(rowName),
    ).toEqual([
      '#7, Edit 2.1.88, /a.txt, no such file, cannot judge: file never shown',
      '#8, Edit 1.0.51, subagent a1b2, /a.txt, succeeded, agrees with the transcript, re-synced 1 file to the transcript',
      '#9, str_replace, /a.txt, edit, not run, cannot judge: no dialect yet',
      '#10, Read, /a.txt, read, not run',
    ]);
  });

  it('say index, tool, file, status and verdict', () => {
    expect(ROWS.map(rowName)).toEqual([
      '#0, Read, /a.txt, read, not run',
      '#1, Edit, /a.txt, succeeded, agrees with the transcript',
      '#2, Edit, /a.txt, not found, agrees with the transcript',
      '#3, Edit, /a.txt, succeeded, differs from the transcript',
      '#4, Read, /a.txt, read, not run',
      '#5, Edit, /a.txt, failed, differs from the transcript',
    ]);
  });
});

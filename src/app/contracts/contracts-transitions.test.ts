import { describe, expect, it } from 'vitest';
import type { CaseReport } from '../../contracts/runner';
import type { SuiteSummary } from '../../worker/protocol';
import type { SuiteJson } from './case-from-run';
import type { SuiteEntry } from './contracts-model';
import {
  builtinFetched,
  caseSavedNotice,
  caseSelected,
  expandedFlipped,
  filesLoaded,
  initialContracts,
  loadedLabel,
  runFinished,
  runProgressed,
  runReached,
  runStarted,
  suiteFailed,
  suiteRemoved,
  suiteReported,
  suitesLoaded,
  userSuiteAdded,
  userSuiteUpdated,
  type ContractsData,
} from './contracts-transitions';

const summary = (suite: string, ids: string[]): SuiteSummary => ({
  name: suite,
  builtin: false,
  default: false,
  suite,
  profile: 'MultiEdit',
  cases: ids.map((id) => ({ id, title: id })),
});
const suiteJson = (suite: string): SuiteJson => ({ version: 1, suite, cases: [] }) as unknown as SuiteJson;
const entry = (key: string, origin: SuiteEntry['origin'], suite: string, ids: string[]): SuiteEntry => ({
  key,
  origin,
  name: suite,
  inRunAll: true,
  summary: summary(suite, ids),
  json: origin === 'builtin' ? null : suiteJson(suite),
});
const report = (id: string, passed: boolean, message = 'wrong text'): CaseReport => ({
  id,
  title: id,
  passed,
  failures: passed ? [] : [{ message } as CaseReport['failures'][number]],
  ms: 1,
  outcome: null,
});

const builtin = entry('builtin:basics', 'builtin', 'basics', ['a', 'b']);
const mine = entry('user:1', 'loaded', 'mine', ['x']);
const start: ContractsData = { ...initialContracts, status: 'ready', suites: [builtin, mine] };

describe('browsing', () => {
  it('toggling a suite flips only its own flag', () => {
    const once = expandedFlipped({ ...start, expanded: { other: true } }, 'user:1');
    expect(once.expanded).toEqual({ other: true, 'user:1': true });
    expect(expandedFlipped(once, 'user:1').expanded).toEqual({ other: true, 'user:1': false });
  });

  it('selecting a case opens its details unless told not to; clearing the selection closes them', () => {
    const ref = { key: 'user:1', caseId: 'x' };
    expect(caseSelected(start, ref, true)).toEqual({ ...start, selected: ref, detailsOpen: true });
    expect(caseSelected(start, ref, false)).toEqual({ ...start, selected: ref, detailsOpen: false });
    expect(caseSelected({ ...start, selected: ref, detailsOpen: true }, null, true)).toEqual({ ...start, selected: null, detailsOpen: false });
  });
});

describe('a run', () => {
  it('starts with the total of its cases and forgets the last totals and notice', () => {
    const before = { ...start, totals: { scope: 'old', passed: 1, failed: 0 }, notice: { tone: 'ok' as const, text: 'Loaded.' } };
    const next = runStarted(before, 'all suites', [{ entry: builtin }, { entry: mine, caseId: 'x' }]);
    expect(next.running).toEqual({ scope: 'all suites', done: 0, total: 3, label: '' });
    expect(next.totals).toBe(null);
    expect(next.notice).toBe(null);
  });

  it('counts progress from the cases of the suites before, then the suites done', () => {
    const running = runStarted(start, 'all suites', [{ entry: builtin }, { entry: mine }]);
    expect(runProgressed(running, 2, 1, 'mine › x').running).toEqual({ scope: 'all suites', done: 3, total: 3, label: 'mine › x' });
    expect(runReached(running, 2).running).toEqual({ scope: 'all suites', done: 2, total: 3, label: '' });
    expect(runProgressed(start, 2, 1, 'late')).toBe(start);
  });

  it('a whole suite replaces its results and clears its error; one case replaces only its own', () => {
    const before = { ...start, results: { 'builtin:basics': { a: report('a', false), b: report('b', false) } }, suiteErrors: { 'builtin:basics': 'TIMEOUT: slow' } };
    const whole = suiteReported(before, 'builtin:basics', [report('a', true)], false);
    expect(Object.keys(whole.results['builtin:basics'] ?? {})).toEqual(['a']);
    expect(whole.suiteErrors).toEqual({});
    const one = suiteReported(before, 'builtin:basics', [report('b', true)], true);
    expect(one.results['builtin:basics']?.['a']?.passed).toBe(false);
    expect(one.results['builtin:basics']?.['b']?.passed).toBe(true);
  });

  it('keeps case ids such as __proto__ as plain entries', () => {
    const next = suiteReported(start, 'user:1', [report('__proto__', true)], false);
    expect(Object.keys(next.results['user:1'] ?? {})).toEqual(['__proto__']);
  });

  it('a suite that cannot run keeps its message; the end of the run leaves totals', () => {
    expect(suiteFailed(start, 'user:1', 'INVALID: no cases').suiteErrors).toEqual({ 'user:1': 'INVALID: no cases' });
    const done = runFinished(runStarted(start, 'mine', [{ entry: mine }]), { scope: 'mine', passed: 0, failed: 1, stopped: 'Cancelled.' });
    expect(done.running).toBe(null);
    expect(done.totals).toEqual({ scope: 'mine', passed: 0, failed: 1, stopped: 'Cancelled.' });
  });
});

describe('the suite list', () => {
  it('a built-in suite gets its JSON when the worker sends it', () => {
    const json = suiteJson('basics');
    expect(builtinFetched(start, 'builtin:basics', json).suites).toEqual([{ ...builtin, json }, mine]);
  });

  it('a new user suite takes a fresh key; one with the name of a suite of the same origin replaces it and drops its results', () => {
    let fresh = 7;
    const freshKey = () => `user:${fresh++}`;
    const other = { json: suiteJson('other'), summary: summary('other', ['p', 'q']), origin: 'loaded' as const, fileName: 'other.json' };
    const added = userSuiteAdded(start, other, freshKey);
    expect(added.key).toBe('user:7');
    expect(added.replaced).toBe(false);
    expect(added.state.suites[2]).toEqual({
      key: 'user:7',
      origin: 'loaded',
      name: 'other',
      inRunAll: true,
      summary: summary('other', ['p', 'q']),
      json: suiteJson('other'),
      fileName: 'other.json',
    });

    const withResults = { ...start, results: { 'user:1': { x: report('x', true) } } };
    const again = { json: suiteJson('mine'), summary: summary('mine', ['x', 'y']), origin: 'loaded' as const };
    const replaced = userSuiteAdded(withResults, again, freshKey);
    expect([replaced.key, replaced.replaced, fresh]).toEqual(['user:1', true, 8]);
    expect(replaced.state.suites.map((s) => [s.key, s.summary.cases.length])).toEqual([['builtin:basics', 2], ['user:1', 2]]);
    expect(replaced.state.results).toEqual({});

    // A saved suite never replaces a loaded one of the same name.
    const saved = userSuiteAdded(start, { ...again, origin: 'saved' }, freshKey);
    expect([saved.key, saved.replaced, saved.state.suites.length]).toEqual(['user:8', false, 3]);
  });

  it('a saved case updates its suite under the suite\'s own name', () => {
    const next = userSuiteUpdated(start, 'user:1', suiteJson('mine'), { ...summary('renamed', ['x', 'c1']), name: 'renamed' });
    expect(next.suites[1]?.name).toBe('mine');
    expect(next.suites[1]?.summary.name).toBe('mine');
    expect(next.suites[1]?.summary.cases.map((c) => c.id)).toEqual(['x', 'c1']);
  });

  it('removing a user suite drops its results and its selection; a built-in suite stays', () => {
    const before: ContractsData = {
      ...start,
      results: { 'user:1': { x: report('x', true) } },
      selected: { key: 'user:1', caseId: 'x' },
      detailsOpen: true,
      confirmRemove: 'user:1',
    };
    expect(suiteRemoved(before, 'user:1')).toEqual({
      ...before,
      suites: [builtin],
      results: {},
      selected: null,
      detailsOpen: false,
      confirmRemove: null,
      notice: { tone: 'ok', text: 'Removed mine.' },
    });
    expect(suiteRemoved(before, 'builtin:basics')).toBe(before);
    expect(suiteRemoved(before, 'user:9')).toBe(before);
  });

  it('after loading, stored suites that no longer validate are named in a warning', () => {
    const loading = { ...initialContracts, status: 'loading' as const };
    expect(suitesLoaded(loading, [builtin], [])).toEqual({ ...loading, status: 'ready', suites: [builtin] });
    expect(suitesLoaded(loading, [builtin], ['cases.0.id: required', 'suite: required']).notice).toEqual({
      tone: 'warn',
      text: '2 stored suite(s) no longer validate and were left out: cases.0.id: required; suite: required',
    });
  });
});

describe('loading files and saving cases', () => {
  it('names what was loaded, and keeps the issues of refused files', () => {
    expect(loadedLabel(summary('mine', ['x']), false)).toBe('mine (1 case)');
    expect(loadedLabel(summary('mine', ['x', 'y']), true)).toBe('mine (2 cases), replacing the earlier copy');
    const issues = [{ file: 'a.txt', issues: [{ path: '(file)', message: 'not a .json file: a suite is a JSON file (SPEC 7)' }] }];
    const next = filesLoaded({ ...start, notice: { tone: 'warn', text: 'old' } }, issues, ['mine (1 case)', 'b (2 cases)']);
    expect(next.loadIssues).toEqual(issues);
    expect(next.notice).toEqual({ tone: 'ok', text: 'Loaded mine (1 case), b (2 cases).' });
    expect(filesLoaded(start, issues, []).notice).toBe(null);
  });

  it('a saved case says whether it passes on its own', () => {
    expect(caseSavedNotice('case-2', 'My cases', report('case-2', true))).toEqual({ tone: 'ok', text: 'Saved case-2 to My cases; it passes.' });
    expect(caseSavedNotice('case-2', 'My cases', report('case-2', false, 'expected 1 edit, got 0'))).toEqual({
      tone: 'warn',
      text: 'Saved case-2 to My cases, but it does not pass when run on its own: expected 1 edit, got 0',
    });
    expect(caseSavedNotice('case-2', 'mine', undefined).text).toBe('Saved case-2 to mine, but it does not pass when run on its own: see its details');
  });
});

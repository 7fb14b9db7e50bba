import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedLines, checkUnchanged, deepSubset, diffOfOutcome, diffOfResult } from './assertions';
import { runCase, runSuite } from './runner';
import { loadSuite, type Suite, type SuiteInput } from './suite-schema';

type CaseInput = SuiteInput['cases'][number];

function suiteOf(cases: CaseInput[], extra: Partial<SuiteInput> = {}): Suite {
  const loaded = loadSuite({ version: 1, suite: 'runner test', profile: 'edit_text_file', ...extra, cases });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.suite;
}

async function runOne(c: CaseInput, extra: Partial<SuiteInput> = {}) {
  const suite = suiteOf([c], extra);
  return runCase(suite, suite.cases[0]!);
}

const CONFIG = '[server]\nport = 8080\n';
const EDIT = { path: '/c.toml', old_string: 'port = 8080', new_string: 'port = 3000' };

describe('a passing case', () => {
  it('reports passed, no failures, the outcome and the time', async () => {
    const report = await runOne({
      id: 'ok',
      title: 'edit',
      given: { files: { '/c.toml': CONFIG } },
      when: EDIT,
      then: { result: { success: true, line_range: { start: 2, end: 2 } }, files: { '/c.toml': '[server]\nport = 3000\n' } },
    });
    expect(report).toMatchObject({ id: 'ok', title: 'edit', passed: true, failures: [] });
    expect(report.outcome).toMatchObject({ ok: true, profile: 'edit_text_file', result: { success: true } });
  });

  afterEach(() => vi.restoreAllMocks());

  it("its time is the case's whole wall time: the clock's last reading less its first", async () => {
    // A clock that moves 7 ms per reading: the runner's first reading is the case's start, its last the end.
    const readings: number[] = [];
    vi.spyOn(performance, 'now').mockImplementation(() => {
      readings.push(1000 + 7 * readings.length);
      return readings[readings.length - 1]!;
    });
    const report = await runOne({ id: 'ok', title: 'edit', given: { files: { '/c.toml': CONFIG } }, when: EDIT, then: {} });
    expect(readings.length).toBeGreaterThanOrEqual(2);
    expect(report.ms).toBe(readings[readings.length - 1]! - readings[0]!);
    expect(report.ms).toBe(7 * (readings.length - 1));
  });
});

describe('a failing case reports what was expected and what was there', () => {
  it('a wrong line range, made on purpose', async () => {
    const report = await runOne({
      id: 'wrong',
      title: 'deliberately wrong line range',
      given: { files: { '/c.toml': CONFIG } },
      when: EDIT,
      then: { result: { line_range: { start: 4, end: 2 } } },
    });
    expect(report.passed).toBe(false);
    expect(report.failures).toEqual([
      { what: 'result.line_range.start', expected: 4, actual: 2, message: 'result.line_range.start: expected 4, got 2' },
    ]);
  });

  it('an error expected, a result given', async () => {
    const report = await runOne({ id: 'e', title: '', given: { files: { '/c.toml': CONFIG } }, when: EDIT, then: { error: { code: -32010 } } });
    expect(report.failures.map((f) => f.message)).toEqual(['expected an error, but the call succeeded', expect.stringMatching(/^a failed call changed the workspace: \/c\.toml \(modified\)/)]);
  });

  it('a result expected, an error given', async () => {
    const report = await runOne({ id: 'r', title: '', when: EDIT, then: { result: { success: true } } });
    expect(report.failures).toEqual([
      expect.objectContaining({ what: 'outcome', message: 'expected a result, but the call failed: -32001 File not found: /c.toml' }),
    ]);
  });

  it('the wrong error code and message', async () => {
    const report = await runOne({
      id: 'm',
      title: '',
      given: { files: { '/c.toml': CONFIG } },
      when: { ...EDIT, old_string: 'nope' },
      then: { error: { code: -32011, message: { regex: '^Nope' } } },
    });
    expect(report.failures).toEqual([
      expect.objectContaining({ what: 'error.code', expected: -32011, actual: -32010 }),
      expect.objectContaining({ what: 'error.message', actual: 'String not found in file: nope', message: 'error.message: expected /^Nope/, got "String not found in file: nope"' }),
    ]);
  });

  it('a file that differs, one that should not exist, one that should', async () => {
    const report = await runOne({
      id: 'f',
      title: '',
      given: { files: { '/c.toml': CONFIG, '/other.txt': 'x' } },
      when: EDIT,
      then: { files: { '/c.toml': CONFIG, '/other.txt': null, '/missing.txt': '' } },
    });
    expect(report.failures.map((f) => f.what)).toEqual(['files["/c.toml"]', 'files["/other.txt"]', 'files["/missing.txt"]']);
    expect(report.failures[0]).toMatchObject({ expected: CONFIG, actual: '[server]\nport = 3000\n', message: 'files["/c.toml"]: content differs at line 2: expected "port = 8080", got "port = 3000"' });
  });

  it('diff lines, contains and equals', async () => {
    const report = await runOne({
      id: 'd',
      title: '',
      given: { files: { '/c.toml': CONFIG } },
      when: EDIT,
      then: { diff: { removed: ['port = 8080'], added: ['port = 3001'], contains: '- port', equals: '' } },
    });
    expect(report.failures.map((f) => f.message)).toEqual([
      'diff.added: first difference at line 0: expected "port = 3001", got "port = 3000"',
      'diff.contains: the diff does not contain "- port"',
      'diff.equals: the diff differs at line 1: expected "", got "--- /c.toml"',
    ]);
  });

  it('warnings (multi_edit_text_file applies identical strings with a warning)', async () => {
    const when = { path: '/c.toml', edits: [{ old_string: 'port', new_string: 'port' }] };
    const given = { files: { '/c.toml': CONFIG } };
    const ok = await runOne({ id: 'w', title: '', profile: 'multi_edit_text_file', given, when, then: { warnings: [{ regex: '^Edit 0: ' }] } });
    expect(ok.failures).toEqual([]);
    const none = await runOne({ id: 'w', title: '', profile: 'multi_edit_text_file', given, when, then: { warnings: [] } });
    expect(none.failures.map((f) => f.what)).toEqual(['warnings']);
  });

  it('max_ms', async () => {
    const report = await runOne({ id: 't', title: '', given: { files: { '/c.toml': CONFIG } }, when: EDIT, then: { max_ms: 1e-9 } });
    expect(report.failures).toEqual([expect.objectContaining({ what: 'max_ms', expected: 1e-9 })]);
  });
});

describe('the case workspace', () => {
  it('is in memory, built from given, per case: a suite never touches real files', async () => {
    const suite = suiteOf([
      { id: 'a', title: '', given: { files: { '/c.toml': CONFIG } }, when: EDIT, then: { files: { '/c.toml': '[server]\nport = 3000\n' } } },
      // The second case starts from its own given, not from the first case's result.
      { id: 'b', title: '', given: { files: { '/c.toml': CONFIG } }, when: EDIT, then: { files: { '/c.toml': '[server]\nport = 3000\n' } } },
    ]);
    const report = await runSuite(suite);
    expect(report).toMatchObject({ suite: 'runner test', passed: 2, failed: 0 });
  });

  it('maps call paths through the mount (the case overrides the suite)', async () => {
    const report = await runOne(
      {
        id: 'm',
        title: '',
        mount: '/home/me/proj',
        given: { files: { '/home/me/proj/c.toml': CONFIG } },
        when: { ...EDIT, path: '/home/me/proj/c.toml' },
        then: { result: { success: true }, files: { '/home/me/proj/c.toml': '[server]\nport = 3000\n' } },
      },
      { mount: '/elsewhere' },
    );
    expect(report.failures).toEqual([]);
  });

  it('binary_files are refused with the profile\'s binary error', async () => {
    const report = await runOne({
      id: 'bin',
      title: '',
      given: { binary_files: { '/b.bin': 'AAECAw==' } },
      when: { path: '/b.bin', old_string: 'a', new_string: 'b' },
      then: { error: { code: -32004, message: 'Cannot edit binary file: /b.bin' } },
    });
    expect(report.failures).toEqual([]);
  });

  it('fail_writes makes the commit fail; the error case then checks nothing changed', async () => {
    const report = await runOne({
      id: 'fw',
      title: '',
      given: { files: { '/c.toml': CONFIG }, fail_writes: ['/c.toml'] },
      when: EDIT,
      then: { error: { code: 'WRITE_FAILED', message: { regex: '^Could not write /c\\.toml' } }, files: { '/c.toml': CONFIG } },
    });
    expect(report.failures).toEqual([]);
  });

  it('diff_context applies per case', async () => {
    const report = await runOne({
      id: 'ctx',
      title: '',
      diff_context: 0,
      given: { files: { '/c.toml': CONFIG } },
      when: EDIT,
      then: { diff: { equals: '--- /c.toml\n+++ /c.toml\n@@ -2,1 +2,1 @@\n-port = 8080\n+port = 3000\n' } },
    });
    expect(report.failures).toEqual([]);
  });
});

describe('when: envelopes and profiles', () => {
  it('an Anthropic tool_use block picks its profile from the tool name', async () => {
    const report = await runOne(
      {
        id: 'env',
        title: '',
        given: { files: { '/c.toml': CONFIG } },
        when: { type: 'tool_use', id: 'toolu_1', name: 'multi_edit_text_file', input: { path: '/c.toml', edits: [{ old_string: 'port = 8080', new_string: 'port = 3000' }] } },
        then: { result: { applied_count: 1 } },
      },
      { profile: 'edit_text_file' },
    );
    expect(report.failures).toEqual([]);
    expect(report.outcome).toMatchObject({ ok: true, profile: 'multi_edit_text_file' });
  });

  it('a bare input without any profile is an ENVELOPE error', async () => {
    const suite = suiteOf([{ id: 'bare', title: '', when: EDIT, then: { error: { code: 'ENVELOPE' } } }], { profile: undefined });
    const report = await runSuite(suite);
    expect(report.cases[0]!.failures).toEqual([]);
    expect(report.cases[0]!.outcome).toMatchObject({ ok: false, profile: null, error: { code: 'ENVELOPE' } });
  });
});

describe('the runner never throws', () => {
  it('a case that crashes is a failed case with the reason', async () => {
    // Built without the schema on purpose: the base64 cannot be decoded.
    const suite = {
      version: 1,
      suite: 'broken',
      cases: [{ id: 'x', title: 'crash', given: { binary_files: { '/b.bin': '%%%' } }, when: EDIT, then: {} }],
    } as unknown as Suite;
    const report = await runSuite(suite);
    expect(report.failed).toBe(1);
    expect(report.cases[0]).toMatchObject({ passed: false, outcome: null, failures: [{ what: 'run' }] });
    expect(report.cases[0]!.failures[0]!.message).toMatch(/^the case crashed: /);
  });

  it('runs one case by id', async () => {
    const suite = suiteOf([
      { id: 'a', title: '', when: EDIT, then: {} },
      { id: 'b', title: '', when: EDIT, then: { error: { code: -32001 } } },
    ]);
    const report = await runSuite(suite, { caseId: 'b' });
    expect(report.cases.map((c) => c.id)).toEqual(['b']);
    expect(report.passed).toBe(1);
  });
});

describe('assertions', () => {
  it('deep subset: extra actual keys are ignored, arrays match length and elements', () => {
    expect(deepSubset({ a: 1 }, { a: 1, b: 2 }, 'result')).toEqual([]);
    expect(deepSubset([{ a: 1 }], [{ a: 1, b: 2 }], 'r')).toEqual([]);
    expect(deepSubset([1], [1, 2], 'r').map((f) => f.message)).toEqual(['r: expected 1 element(s), got 2']);
    expect(deepSubset({ 'a-b': 1 }, {}, 'r').map((f) => f.message)).toEqual(['r["a-b"]: missing (expected 1)']);
    expect(deepSubset({ a: null }, { a: 0 }, 'r').map((f) => f.what)).toEqual(['r.a']);
  });

  it('the diff of a result: batch diffs, multiedit per-edit diffs, else result.diff', () => {
    expect(diffOfResult({ diffs: { a: 'A', b: 'B' } })).toBe('AB');
    expect(diffOfResult({ metadata: { results: [{ diff: '1' }, { diff: '2' }] } })).toBe('12');
    expect(diffOfResult({ diff: 'D' })).toBe('D');
    expect(diffOfResult({ success: true })).toBeNull();
  });

  it('a result without a diff (a reference dialect\'s `{output}`) is checked against the staged diffs, in stage order', () => {
    expect(diffOfOutcome({ output: 'Success.' }, ['--- a/x\n', '--- a/y\n'])).toBe('--- a/x\n--- a/y\n');
    expect(diffOfOutcome({ diff: 'D' }, ['S'])).toBe('D');
    expect(diffOfOutcome({ output: 'viewed' }, [])).toBeNull();
  });

  it('changed lines: hunks are read by their counts; `---` inside a hunk is a removed line', () => {
    const diff = '--- /a\n+++ /a\n@@ -1,3 +1,2 @@\n keep\n--- comment\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n';
    expect(changedLines(diff)).toEqual({ removed: ['-- comment', 'x'], added: ['y'] });
    expect(changedLines('')).toEqual({ removed: [], added: [] });
  });

  it('unchanged: a modified, created or removed file is reported', () => {
    const a = new Uint8Array([1]);
    const before = new Map([['/a', a], ['/b', a]]);
    const after = new Map([['/a', new Uint8Array([2])], ['/c', a]]);
    expect(checkUnchanged(before, after)[0]!.actual).toEqual(['/a (modified)', '/b (removed)', '/c (created)']);
  });
});

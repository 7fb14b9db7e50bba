import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtinSuite, defaultSuites } from '../contracts/builtin';
import { checkXml, run, tempDir } from '../../tests/support/cli-run';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const DEFAULT_CASES = defaultSuites().reduce((n, b) => n + b.suite.cases.length, 0);
const SEED_CASES = builtinSuite('seed-examples')!.suite.cases.length;
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

/** A tiny suite file: one passing case, and optionally one failing case with awkward characters. */
function suiteFile(withFailure: boolean, name = 'suite.json'): string {
  const cases: unknown[] = [
    {
      id: 'pass',
      title: 'passes',
      given: { files: { '/a.txt': 'x\n' } },
      when: { path: '/a.txt', old_string: 'x', new_string: 'y' },
      then: { files: { '/a.txt': 'y\n' } },
    },
  ];
  if (withFailure) {
    cases.push({
      id: 'fail',
      title: 'fails <on purpose> & "quotes" \'too\' \u0001',
      given: { files: { '/a.txt': 'x\n' } },
      when: { path: '/a.txt', old_string: 'x', new_string: '<y & "z">' },
      then: { files: { '/a.txt': ']]> </failure> \u0007' } },
    });
  }
  writeFileSync(join(dir, name), JSON.stringify({ version: 1, suite: 'file suite <1>', profile: 'edit_text_file', cases }));
  return name;
}

describe('edit-playground test', () => {
  it('without arguments runs every default suite, ends with the summary line and exits 0', async () => {
    const r = await run(['test'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith(`\n${DEFAULT_CASES} passed, 0 failed\n`)).toBe(true);
    expect(r.stdout).not.toMatch(/seed-examples/);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('✓ '))).toHaveLength(DEFAULT_CASES);
  });

  it('one line per case: ✓/✗ suite › id title (ms), failure details indented', async () => {
    const r = await run(['test', 'seed-examples'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(lastLine(r.stdout)).toBe(`0 passed, ${SEED_CASES} failed`);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('✗ seed-examples › SPEC-9.1 '));
    expect(lines[at]).toMatch(/^✗ seed-examples › SPEC-9\.1 .* \(\d+(\.\d)? ms\)$/);
    expect(lines[at + 1]).toBe('    result.line_ranges[1].start: expected 4, got 2');
  });

  it('runs a suite file; a failing case makes the exit code 1', async () => {
    expect((await run(['test', suiteFile(false)], { cwd: dir })).code).toBe(0);
    const r = await run(['test', suiteFile(true), 'edit_text_file'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(lastLine(r.stdout)).toBe('8 passed, 1 failed');
  });

  it('an invalid suite file is a usage error naming where and what', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ version: 1, suite: 's', cases: [{ id: 'x', title: '', when: {}, then: { files: { 'a.txt': 'x' } } }] }));
    const r = await run(['test', 'bad.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.json is not a valid suite:\n  cases[0].then.files["a.txt"]: paths in a suite are call paths and must be absolute');
  });

  it('an unknown suite name is a usage error listing the built-in suites', async () => {
    const r = await run(['test', 'nope'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no built-in suite named "nope".*Built-in suites: edit_text_file, .*seed-examples/s);
  });

  it('an unknown reporter or flag is a usage error', async () => {
    expect((await run(['test', '--reporter', 'tap'], { cwd: dir })).code).toBe(2);
    expect((await run(['test', '--verbose'], { cwd: dir })).code).toBe(2);
  });

  it('--reporter json is one machine-readable document', async () => {
    const r = await run(['test', suiteFile(true), '--reporter', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ version: 1, passed: 1, failed: 1, suites: [{ suite: 'file suite <1>', passed: 1, failed: 1 }] });
    expect(report.suites[0].cases[1]).toMatchObject({ id: 'fail', passed: false, failures: [{ what: 'files["/a.txt"]', actual: '<y & "z">\n' }] });
  });

  it('--reporter junit is well-formed JUnit XML with escaped names and failures', async () => {
    const r = await run(['test', suiteFile(true), 'seed-examples', '--reporter', 'junit'], { cwd: dir });
    expect(r.code).toBe(1);
    const { problems, elements } = checkXml(r.stdout);
    expect(problems).toEqual([]);
    const root = elements[0]!;
    expect(root).toMatchObject({ name: 'testsuites', attrs: { tests: String(2 + SEED_CASES), failures: String(1 + SEED_CASES) } });
    const suites = elements.filter((e) => e.name === 'testsuite');
    expect(suites.map((s) => s.attrs.name)).toEqual(['file suite <1>', 'seed-examples']);
    const cases = elements.filter((e) => e.name === 'testcase');
    expect(cases).toHaveLength(2 + SEED_CASES);
    expect(cases[1]!.attrs.name).toBe('fail fails <on purpose> & "quotes" \'too\' \\u0001');
    const failures = elements.filter((e) => e.name === 'failure');
    expect(failures).toHaveLength(1 + SEED_CASES);
    expect(failures[0]!.text).toContain(']]> </failure> \\u0007');
  });

  it('--out writes the report to a file and prints only the summary line', async () => {
    for (const reporter of ['pretty', 'junit', 'json']) {
      const r = await run(['test', 'edit_text_file', '--reporter', reporter, '--out', `report.${reporter}`], { cwd: dir });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('7 passed, 0 failed\n');
      const written = readFileSync(join(dir, `report.${reporter}`), 'utf8');
      if (reporter === 'pretty') expect(lastLine(written)).toBe('7 passed, 0 failed');
      if (reporter === 'junit') expect(checkXml(written).problems).toEqual([]);
      if (reporter === 'json') expect(JSON.parse(written)).toMatchObject({ passed: 7, failed: 0 });
    }
  });

  it('--help lists the built-in suites', async () => {
    const r = await run(['test', '--help'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/seed-examples/);
  });
});

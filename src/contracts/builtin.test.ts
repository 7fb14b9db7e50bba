import { describe, expect, it } from 'vitest';
import { PROFILE_IDS } from '../engine/profiles/registry';
import { BUILTIN_SUITES, builtinSuite, defaultSuites } from './builtin';
import { runSuite, type SuiteReport } from './runner';
import { loadSuite, type Suite } from './suite-schema';

function load(name: string): Suite {
  const loaded = loadSuite(builtinSuite(name)!.suite);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.suite;
}

function failuresByCase(report: SuiteReport): Record<string, string[]> {
  return Object.fromEntries(report.cases.map((c) => [c.id, c.failures.map((f) => f.message)]));
}

describe('built-in suites', () => {
  it('have unique names, and the default set is every suite but the spec checker', () => {
    const names = BUILTIN_SUITES.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
    // Every registered profile has a default suite of its own name, in the registry's order.
    expect(defaultSuites().map((b) => b.name)).toEqual([...PROFILE_IDS]);
  });

  it('cover every test case the brief names', () => {
    const ids = (name: string) => builtinSuite(name)!.suite.cases.map((c) => c.id);
    expect(ids('edit_text_file')).toEqual(['TC1', 'TC2', 'TC3', 'TC4', 'TC5', 'TC6', 'TC7']);
    expect(ids('multi_edit_text_file')).toEqual(['TC1', 'TC2', 'TC3', 'TC4', 'TC5', 'TC6', 'TC7']);
    expect(ids('MultiEdit')).toEqual(['QA1', 'QA2', 'QA3', 'QA4', 'QA5', 'EX1', 'EX2', 'EX3']);
    expect(ids('multiedit')).toContain('GO-TEST');
    expect(ids('MultiEditBatch')).toEqual(expect.arrayContaining(['UX-RENAME', 'UX-DRY-RUN', 'UX-ATOMIC-ROLLBACK', 'WRITE-FAILURE-ROLLBACK']));
  });
});

describe.each(defaultSuites().map((b) => [b.name]))('default suite %s', (name) => {
  it('passes every case', async () => {
    const report = await runSuite(load(name));
    expect(failuresByCase(report)).toEqual(Object.fromEntries(report.cases.map((c) => [c.id, []])));
    expect(report.failed).toBe(0);
    expect(report.passed).toBe(report.cases.length);
  });
});

describe('seed-examples: the documents\' own examples fail where SPEC 9 says they contradict', () => {
  /** For each case, the checks that must fail (and no others). */
  const expectedFailures: Record<string, string[]> = {
    'SPEC-9.1': ['result.line_ranges[1].start', 'result.line_ranges[1].end'],
    'SPEC-9.2': ['diff.contains'],
    'SPEC-9.3-multi': ['diff.equals'],
    'SPEC-9.3-single': ['result.diff'],
    'SPEC-9.4': ['diff.contains', 'diff.contains'],
    'SPEC-9.6-go': ['files["/work/test_multiedit_final.txt"]'],
    'SPEC-9.6-story-2': ['files["/new_feature/README.md"]'],
    'SPEC-9.6-story-4': ['outcome', 'files["/src/app.py"]'],
    'SPEC-9.7': ['result.summary.total_files'],
    'SPEC-9.8': ['files["/a.txt"]'],
  };

  it('every case fails, on exactly the contradicted check', async () => {
    const report = await runSuite(load('seed-examples'));
    expect(report.passed).toBe(0);
    expect(Object.fromEntries(report.cases.map((c) => [c.id, c.failures.map((f) => f.what)]))).toEqual(expectedFailures);
  });

  it('shows the document\'s claim beside the actual value', async () => {
    const report = await runSuite(load('seed-examples'));
    const byId = new Map(report.cases.map((c) => [c.id, c]));
    expect(byId.get('SPEC-9.1')!.failures[0]).toMatchObject({ expected: 4, actual: 2 });
    expect(byId.get('SPEC-9.7')!.failures[0]).toMatchObject({ expected: 3, actual: 2 });
    expect(byId.get('SPEC-9.4')!.failures.map((f) => f.expected)).toEqual(['- port = 8080', '+ port = 3000']);
    expect(byId.get('SPEC-9.3-single')!.failures[0]!.actual).toMatch(/^--- \/test\/config\.toml\n/);
  });
});

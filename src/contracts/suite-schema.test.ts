import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { getProfile, PROFILE_IDS } from '../engine/profiles/registry';
import { BUILTIN_SUITES } from './builtin';
import { loadSuite, loadSuiteText, suiteJsonSchema, type SuiteInput } from './suite-schema';

const minimal = (): SuiteInput => ({
  version: 1,
  suite: 'tiny',
  profile: 'edit_text_file',
  cases: [
    {
      id: 'c1',
      title: 'one edit',
      given: { files: { '/a.txt': 'x' } },
      when: { path: '/a.txt', old_string: 'x', new_string: 'y' },
      then: { files: { '/a.txt': 'y' } },
    },
  ],
});

/** A minimal suite with one change applied to a JSON copy (bad input is built on purpose). */
function variant(change: (suite: Record<string, any>) => void): unknown {
  const suite = JSON.parse(JSON.stringify(minimal())) as Record<string, any>;
  change(suite);
  return suite;
}

function errorsOf(json: unknown): { path: string; message: string }[] {
  const loaded = loadSuite(json);
  if (loaded.ok) throw new Error('expected the suite to be rejected');
  return loaded.errors;
}

describe('the suite schema accepts the built-in suites', () => {
  it.each(BUILTIN_SUITES.map((b) => [b.name, b.suite] as const))('%s validates', (_name, suite) => {
    const loaded = loadSuite(suite);
    expect(loaded.ok ? [] : loaded.errors).toEqual([]);
  });

  it('a built-in suite survives a JSON round trip (suites are plain JSON)', () => {
    for (const b of BUILTIN_SUITES) expect(loadSuite(JSON.parse(JSON.stringify(b.suite))).ok).toBe(true);
  });

  it('every built-in case cites its seed document, or the reference file it comes from, and the case name', () => {
    for (const b of BUILTIN_SUITES) {
      for (const c of b.suite.cases) {
        expect(c.source, `${b.name} ${c.id}`).toBeDefined();
        expect(c.source!.document, `${b.name} ${c.id}`).toMatch(b.suite.profile && getProfile(b.suite.profile).origin !== 'Seed documents' ? /\S/ : /\.md$/);
        expect(c.source!.case.length, `${b.name} ${c.id}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('the JSON Schema export', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const validate = ajv.compile(suiteJsonSchema());

  it('is versioned: version must be the literal 1', () => {
    const schema = suiteJsonSchema() as { properties: { version: unknown } };
    expect(schema.properties.version).toMatchObject({ const: 1 });
  });

  it.each(BUILTIN_SUITES.map((b) => [b.name, b.suite] as const))('accepts the built-in suite %s', (_name, suite) => {
    expect(validate(JSON.parse(JSON.stringify(suite))), JSON.stringify(validate.errors)).toBe(true);
  });

  it('rejects a relative path, an unknown field and a missing `when`', () => {
    expect(validate(variant((s) => (s.cases[0].given.files = { 'a.txt': 'x' })))).toBe(false);
    expect(validate(variant((s) => (s.cases[0].thn = {})))).toBe(false);
    expect(validate(variant((s) => delete s.cases[0].when))).toBe(false);
  });
});

describe('loadSuite rejects a bad suite with the place and the problem', () => {
  it('an unsupported version', () => {
    expect(errorsOf(variant((s) => (s.version = 2)))).toEqual([
      { path: 'version', message: 'unsupported suite version 2: this edit-playground reads version 1' },
    ]);
  });

  it('a missing version', () => {
    expect(errorsOf(variant((s) => delete s.version))).toEqual([{ path: 'version', message: 'version must be 1' }]);
  });

  it('a case without `when`', () => {
    expect(errorsOf(variant((s) => delete s.cases[0].when))).toEqual([
      { path: 'cases[0].when', message: 'required' },
    ]);
  });

  it('a relative path in given.files', () => {
    expect(errorsOf(variant((s) => (s.cases[0].given.files = { 'a.txt': 'x' })))).toEqual([
      { path: 'cases[0].given.files["a.txt"]', message: 'paths in a suite are call paths and must be absolute (start with /)' },
    ]);
  });

  it('a path outside the mount', () => {
    expect(errorsOf(variant((s) => (s.mount = '/project')))).toEqual([
      { path: 'cases[0].given.files["/a.txt"]', message: '/a.txt is not a file under the mount /project' },
      { path: 'cases[0].then.files["/a.txt"]', message: '/a.txt is not a file under the mount /project' },
    ]);
  });

  it('a case without an id', () => {
    expect(errorsOf(variant((s) => delete s.cases[0].id))).toEqual([{ path: 'cases[0].id', message: 'required (string)' }]);
  });

  it('a misspelt field', () => {
    expect(errorsOf(variant((s) => (s.cases[0].thn = {})))).toEqual([{ path: 'cases[0].thn', message: 'unknown field "thn"' }]);
  });

  it('an unknown profile', () => {
    expect(errorsOf(variant((s) => (s.profile = 'edit')))).toEqual([
      { path: 'profile', message: `profile must be one of ${PROFILE_IDS.join(', ')}` },
    ]);
  });

  it('a diff_context above 20', () => {
    const errors = errorsOf(variant((s) => (s.cases[0].diff_context = 21)));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe('cases[0].diff_context');
    expect(errors[0]!.message).toMatch(/20/);
  });

  it('duplicate case ids', () => {
    expect(errorsOf(variant((s) => s.cases.push({ ...s.cases[0] })))).toEqual([{ path: 'cases[1].id', message: 'duplicate case id "c1"' }]);
  });

  it('a regex that does not compile', () => {
    const errors = errorsOf(variant((s) => (s.cases[0].then = { error: { message: { regex: '(' } } })));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe('cases[0].then.error.message.regex');
    expect(errors[0]!.message).toMatch(/^not a valid regular expression: /);
  });

  it('both result and error', () => {
    expect(errorsOf(variant((s) => (s.cases[0].then = { result: {}, error: { code: 1 } })))).toEqual([
      { path: 'cases[0].then', message: 'then has both result and error: a call either succeeds or fails' },
    ]);
  });

  it('binary_files that are not base64', () => {
    const errors = errorsOf(variant((s) => (s.cases[0].given.binary_files = { '/b.bin': 'not base64!' })));
    expect(errors).toEqual([{ path: 'cases[0].given.binary_files["/b.bin"]', message: 'Invalid base64-encoded string' }]);
  });

  it('no cases', () => {
    expect(errorsOf(variant((s) => (s.cases = [])))).toEqual([{ path: 'cases', message: 'a suite needs at least one case' }]);
  });

  it('not an object at all', () => {
    expect(errorsOf([])).toEqual([{ path: '(suite)', message: 'expected object, received array' }]);
  });

  it('text that is not JSON, with the parser\'s position', () => {
    const loaded = loadSuiteText('{ "version": 1, }');
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.errors[0]!.message).toMatch(/^not valid JSON: .*line 1, column 17/);
  });

  it('loadSuiteText accepts a suite file with a BOM', () => {
    expect(loadSuiteText(`\uFEFF${JSON.stringify(minimal())}`).ok).toBe(true);
  });
});

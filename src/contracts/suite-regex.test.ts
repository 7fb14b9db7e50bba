import { describe, expect, it } from 'vitest';
import { runSuite } from './runner';
import { compileSuiteRegex } from './suite-regex';
import { loadSuite, type SuiteInput } from './suite-schema';

const matches = (regex: string, text: string, flags?: string): boolean => {
  const compiled = compileSuiteRegex(regex, flags);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.test(text);
};

const problem = (regex: string, flags?: string): string => {
  const compiled = compileSuiteRegex(regex, flags);
  return compiled.ok ? '(compiled)' : compiled.message;
};

describe('suite regexes: JavaScript syntax, linear-time matching', () => {
  it('an exponential pattern for a backtracking engine answers at once', () => {
    expect(matches('(a|a)*b', `${'a'.repeat(30)}!`)).toBe(false);
    expect(matches('^(a+)+$', `${'a'.repeat(5000)}!`)).toBe(false);
    expect(matches('^(a+)+$', 'a'.repeat(5000))).toBe(true);
  });

  it('is unanchored unless the pattern says so', () => {
    expect(matches('^Edit 1: ', 'Edit 1: String not found')).toBe(true);
    expect(matches('not found', 'Edit 1: String not found')).toBe(true);
    expect(matches('^not found', 'Edit 1: String not found')).toBe(false);
  });

  it('JavaScript escapes mean what they mean in JavaScript', () => {
    expect(matches('\\u00e9', 'é')).toBe(true);
    expect(matches('\\uD83D\\uDE00', '😀')).toBe(true);
    expect(matches('\\u{1F600}', '😀', 'u')).toBe(true);
    expect(matches('\\x41\\cA', 'A\x01')).toBe(true);
    expect(matches('[\\b]', '\b')).toBe(true);
    expect(matches('\\e\\z', 'ez')).toBe(true); // identity escapes, not RE2's \z
    expect(matches('[[:alpha:]]', ':]')).toBe(true); // a class holding [ : a l p h, then a ]
    expect(matches('[[:alpha:]]', 'x')).toBe(false);
    expect(matches('\\s', '\u00a0')).toBe(true);
    expect(matches('^\\S+$', 'a\u00a0b')).toBe(false);
    expect(matches('[^]', '\n')).toBe(true);
    expect(matches('[]', 'anything')).toBe(false);
    expect(matches('a{,3}', 'a{,3}')).toBe(true);
    expect(matches('(?<word>\\w+)!', 'hi!')).toBe(true);
  });

  it('. stops at a line break unless s is given', () => {
    expect(matches('a.b', 'a\rb')).toBe(false);
    expect(matches('a.b', 'a\rb', 's')).toBe(true);
  });

  it('flags i, m and y keep their meaning; g and d change nothing', () => {
    expect(matches('^abc$', 'ABC', 'i')).toBe(true);
    expect(matches('^b$', 'a\nb', 'm')).toBe(true);
    expect(matches('^b$', 'a\nb')).toBe(false);
    expect(matches('b', 'ab', 'y')).toBe(false);
    expect(matches('a', 'ab', 'y')).toBe(true);
    expect(matches('b', 'ab', 'gd')).toBe(true);
    expect(matches('b', 'ab', 'gd')).toBe(true); // no lastIndex carried over between tests
  });

  it('what needs backtracking is a clear error naming the construct', () => {
    expect(problem('(a)\\1')).toMatch(/^regex uses a backreference \(\\1\), which suite regexes do not support: /);
    expect(problem('(?<q>a)\\k<q>')).toMatch(/^regex uses a backreference \(\\k<q>\)/);
    expect(problem('a(?=b)')).toMatch(/^regex uses a lookahead/);
    expect(problem('(?<!a)b')).toMatch(/^regex uses a lookbehind/);
    expect(problem('a', 'v')).toMatch(/^regex uses the flag v/);
    expect(problem('a{1001}')).toMatch(/^regex uses a repeat count above 1000/);
    expect(problem('(')).toMatch(/^not a valid regular expression: /);
  });
});

const NOT_FOUND_SUITE = (regex: string): SuiteInput => ({
  version: 1,
  suite: 'regex',
  profile: 'edit_text_file',
  cases: [
    {
      id: 'not-found',
      title: 'a not-found error for thirty a and a !',
      given: { files: { '/a.txt': 'hello\n' } },
      when: { path: '/a.txt', old_string: `${'a'.repeat(30)}!`, new_string: 'x' },
      then: { error: { message: { regex } } },
    },
  ],
});

describe('suite regexes in the runner', () => {
  it('(a|a)*b against the not-found error for thirty a and a ! fails the case, at once', async () => {
    const loaded = loadSuite(NOT_FOUND_SUITE('(a|a)*b'));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const report = await runSuite(loaded.suite);
    expect(report.cases[0]).toMatchObject({ passed: false, failures: [{ what: 'error.message' }] });
    expect(report.cases[0]!.failures[0]!.message).toMatch(/^error\.message: expected \/\(a\|a\)\*b\/, got "String not found in file: a{30}!"$/);
  });

  it('(a|a)*! matches the same error, and the case passes', async () => {
    const loaded = loadSuite(NOT_FOUND_SUITE('(a|a)*!$'));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect((await runSuite(loaded.suite)).cases[0]).toMatchObject({ passed: true, failures: [] });
  });

  it('loadSuite rejects a backreference with its path', () => {
    const loaded = loadSuite(NOT_FOUND_SUITE('(a)\\1'));
    expect(loaded).toMatchObject({ ok: false, errors: [{ path: 'cases[0].then.error.message.regex', message: expect.stringMatching(/^regex uses a backreference/) }] });
  });

  it('a suite that skipped loadSuite reports the unsupported regex as the case failure', async () => {
    const valid = loadSuite(NOT_FOUND_SUITE('x'));
    if (!valid.ok) throw new Error('the base suite is valid');
    const suite = { ...valid.suite, cases: [{ ...valid.suite.cases[0]!, then: { error: { message: { regex: 'a(?=!)' } }, warnings: [{ regex: '(.)\\1' }] } }] };
    const report = await runSuite(suite);
    expect(report.cases[0]!.passed).toBe(false);
    expect(report.cases[0]!.failures.map((f) => f.message)).toEqual([
      expect.stringMatching(/^error\.message: regex uses a lookahead/),
      expect.stringMatching(/^warnings: regex uses a backreference/),
    ]);
  });
});

// No input crashes (issue 12): any JSON value given as a call, an envelope, a suite or a
// transcript ends in an answer (a result or an error value), never in a throw or the CLI's
// "internal error". The values are fast-check's JSON plus what broke things before: keys named
// after Object.prototype members, nesting thousands of levels deep, very long strings and lone
// surrogates, placed where envelopes, profiles and suites look.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, tempDir } from '../../tests/support/cli-run';
import { runSuite } from '../contracts/runner';
import { loadSuite } from '../contracts/suite-schema';
import { parseCallText, parseEnvelope } from '../engine/envelope';
import type { ProfileId } from '../engine/types';
import { PROFILE_IDS } from '../engine/profiles/registry';
import { parseSession } from '../sessions/parse';
import { SESSION_FORMATS } from '../sessions/types';

const PROTO_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'toLocaleString', '__defineGetter__'];
// Keys the envelopes, profiles and transcripts look at, so random objects reach deep code paths.
const FIELD_KEYS = [
  'path', 'file_path', 'filePath', 'old_string', 'new_string', 'old_str', 'new_str', 'file_text', 'edits', 'replace_all', 'command',
  'view_range', 'insert_line', 'description', 'patch', 'input', 'name', 'arguments', 'type', 'id', 'jsonrpc', 'method', 'params',
  'tool_calls', 'function', 'role', 'content', 'parts', 'functionCall', 'args', 'output', 'candidates', 'message', 'call_id',
  'tool_use_id', 'is_error', 'result', 'error', 'payload', 'timestamp', 'uuid', 'text', 'instruction', 'expected_replacements',
];
const TOOL_NAMES = [...PROFILE_IDS, 'MultiEdit', 'tools/call', 'tool_use', 'function_call', 'custom_tool_call', 'apply_patch_call', 'function', 'assistant', 'user', 'response_item'];

const DEEP = 3000;
/** A counterexample report prints a deep value by its name (fast-check's printer recurses). */
const named = <T extends object>(value: T, name: string): T => Object.defineProperty(value, fc.toStringMethod, { value: () => name });
const deepArray = (n: number): unknown => {
  let v: unknown[] = [];
  for (let i = 0; i < n; i++) v = [v];
  return named(v, `${n} nested arrays`);
};
const deepObject = (n: number, key: string): unknown => {
  let v: object = {};
  for (let i = 0; i < n; i++) v = { [key]: v };
  return named(v, `${n} nested {${JSON.stringify(key)}: …}`);
};

const oddString = fc.oneof(
  fc.constantFrom('\ud800', '\udfff', 'a\ud83d', '\ude00b', 'hello', '/a.txt', 'a.txt', '/', '', 'hello\n', '*** Begin Patch\n*** End Patch', ...PROTO_KEYS, ...PROTO_KEYS.map((k) => `/${k}`), ...TOOL_NAMES),
  fc.constantFrom(200_000, 1_000_000).map((n) => 'a'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const jsonWithOddities: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    oddString,
    fc.constantFrom(null, true, 0, -1, 1e308, 2 ** 53),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...PROTO_KEYS, ...FIELD_KEYS), tie('value'), { maxKeys: 6 }),
    fc.tuple(fc.boolean(), fc.constantFrom(900, DEEP)).map(([array, n]) => (array ? deepArray(n) : deepObject(n, 'a'))),
    fc.tuple(fc.constantFrom(...FIELD_KEYS, ...PROTO_KEYS), fc.constantFrom(900, DEEP)).map(([key, n]) => deepObject(n, key)),
  ),
})).value;

/** Any JSON value: fast-check's, or one with the oddities above. */
const anyJson = fc.oneof(fc.jsonValue(), jsonWithOddities);

// Objects built from the arbitraries hold `__proto__` only as an own key when they come from
// JSON text, as a real call does: go through the text.
const viaText = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const profileOrNone = fc.constantFrom<ProfileId | null>(null, ...PROFILE_IDS);

const suiteOf = fc.record({
  profile: profileOrNone,
  id: oddString,
  when: anyJson,
  files: fc.dictionary(fc.constantFrom('/a.txt', '/__proto__', '/constructor', '/toString', 'relative', '__proto__'), oddString, { maxKeys: 3 }),
  regex: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('(a|a)*b', '(a)\\1', '(?=x)', '^Edit 1: ', '[^]', '\\u{1F600}', '\\p{L}')),
  flags: fc.constantFrom(undefined, '', 'i', 'msu', 'gy', 'v', 'x'),
  result: anyJson,
}).map(({ profile, id, when, files, regex, flags, result }) => ({
  version: 1,
  suite: 'fuzz',
  ...(profile !== null && { profile }),
  cases: [
    { id, title: 't', given: { files }, when, then: { error: { message: { regex, ...(flags !== undefined && { flags }) } } } },
    { id: `${id}-result`, title: 't', given: { files }, when, then: { result, warnings: [{ regex }] } },
  ],
}));

let dir: string;
let cleanup: () => void;
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  writeFileSync(join(dir, 'a.txt'), 'hello\n');
});
afterAll(() => cleanup());

/** stdout holds exactly one JSON document (and a line break). */
function oneJsonDocument(stdout: string): boolean {
  if (!stdout.endsWith('\n')) return false;
  try {
    JSON.parse(stdout);
    return true;
  } catch {
    return false;
  }
}

describe('no input crashes', () => {
  it('(a) edit-playground call: one JSON document, exit 0 or 1 (or 2 with an ENVELOPE error: no tool call), with every profile and without', async () => {
    await fc.assert(
      fc.asyncProperty(anyJson, profileOrNone, fc.boolean(), async (value, profile, dryRun) => {
        writeFileSync(join(dir, 'call.json'), JSON.stringify(value));
        const r = await run(['call', ...(dryRun ? ['--dry-run'] : []), ...(profile === null ? [] : ['--profile', profile]), 'call.json'], { cwd: dir });
        expect(r.stderr).not.toMatch(/internal error/);
        expect([0, 1, 2]).toContain(r.code);
        expect(oneJsonDocument(r.stdout)).toBe(true);
        if (r.code === 2) expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'ENVELOPE' } });
      }),
      { numRuns: 150 },
    );
  });

  it('(b) parseEnvelope and parseCallText answer ok or an error value', () => {
    fc.assert(
      fc.property(anyJson, profileOrNone, (value, profile) => {
        const json = viaText(value);
        for (const parsed of [parseEnvelope(json, profile), parseCallText(JSON.stringify(value), profile)]) {
          expect(typeof parsed.ok).toBe('boolean');
          if (!parsed.ok) expect(typeof parsed.error.message).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('(c) loadSuite and the runner: errors with paths, or a report; never a crashed case', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyJson, suiteOf), async (value) => {
        const loaded = loadSuite(viaText(value));
        if (!loaded.ok) {
          expect(loaded.errors.length).toBeGreaterThan(0);
          return;
        }
        const report = await runSuite(loaded.suite);
        for (const c of report.cases) expect(c.failures.filter((f) => f.what === 'run')).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('(c) edit-playground test with a suite file: exit 0 or 1 with one JSON document, or 2 for an invalid suite', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyJson, suiteOf), async (value) => {
        writeFileSync(join(dir, 'suite.json'), JSON.stringify(value));
        const r = await run(['test', 'suite.json', '--reporter', 'json'], { cwd: dir });
        expect(r.stderr).not.toMatch(/internal error/);
        expect([0, 1, 2]).toContain(r.code);
        if (r.code === 2) expect(r.stdout).toBe('');
        else expect(oneJsonDocument(r.stdout)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it('edit-playground test: a suite nested 100,000 levels deep is an invalid suite, not an internal error', async () => {
    // Before: z.json() overflowed the stack at a few thousand levels ("internal error: RangeError").
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    writeFileSync(join(dir, 'deep.json'), `{"version":1,"suite":"s","profile":"edit_text_file","cases":[{"id":"a","title":"t","when":{"path":"/a.txt","x":${deep}},"then":{"result":${deep}}}]}`);
    const r = await run(['test', 'deep.json', '--reporter', 'json'], { cwd: dir });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toContain('cases[0].when: must be a JSON value nested at most 1000 levels deep');
    expect(r.stderr).toContain('cases[0].then.result: must be a JSON value nested at most 1000 levels deep');
  });

  it('(d) parseSession reads any JSON or JSON Lines text, detected or in any format', () => {
    fc.assert(
      fc.property(fc.array(anyJson, { minLength: 1, maxLength: 4 }), fc.constantFrom(undefined, ...SESSION_FORMATS), fc.boolean(), (values, format, lines) => {
        const text = lines ? values.map((v) => JSON.stringify(v)).join('\n') : JSON.stringify(values[0]);
        const parsed = parseSession(text, format === undefined ? {} : { format });
        expect(Array.isArray(parsed.calls)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

// Keys named after Object.prototype members (`constructor`, `__proto__`, `toString`, ...) are data
// like any other: wherever user data is looked up by key, they must find only their own value.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageOf } from '../app/languages';
import { treeRows } from '../app/workspace/tree-rows';
import { run, tempDir } from '../../tests/support/cli-run';
import { runSuite } from '../contracts/runner';
import { loadSuiteText } from '../contracts/suite-schema';
import { parseCallText } from '../engine/envelope';

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  writeFileSync(join(dir, 'a.txt'), 'hello\n');
});
afterEach(() => cleanup());

describe('a call with prototype-named keys', () => {
  // The reproduction: `internal error: TypeError ... (reading 'def')` and no JSON, before.
  for (const [name, text] of [
    ['constructor at the top', '{"path":"/a.txt","old_string":"hello","new_string":"hi","constructor":1}'],
    ['__proto__ at the top', '{"path":"/a.txt","old_string":"hello","new_string":"hi","__proto__":{"x":1}}'],
  ] as const) {
    it(`${name}: runs, warns about the unknown field, prints one JSON document`, async () => {
      writeFileSync(join(dir, 'call.json'), text);
      const r = await run(['call', '--profile', 'edit_text_file', 'call.json'], { cwd: dir });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ success: true });
      expect(r.stderr).toMatch(/ignores a field it does not know: (constructor|__proto__)/);
      expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('hi\n');
    });
  }

  it('constructor inside an edit is an unknown field of that edit', async () => {
    writeFileSync(join(dir, 'call.json'), '{"path":"/a.txt","edits":[{"old_string":"hello","new_string":"hi","constructor":{}}]}');
    const r = await run(['call', '--profile', 'multi_edit_text_file', 'call.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true });
    expect(r.stderr).toMatch(/edits\[0\]\.constructor/);
  });

  for (const tool of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    it(`a tool named ${tool} is an unknown tool`, () => {
      for (const text of [
        `{"name":${JSON.stringify(tool)},"arguments":{}}`,
        `{"type":"tool_use","id":"t","name":${JSON.stringify(tool)},"input":{}}`,
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(tool)},"arguments":{}}}`,
        `{"functionCall":{"name":${JSON.stringify(tool)},"args":{}}}`,
      ]) {
        const parsed = parseCallText(text, null);
        expect(parsed).toMatchObject({ ok: false, error: { code: 'ENVELOPE', message: expect.stringMatching(new RegExp(`^Unknown tool "${tool}"`)) } });
      }
    });
  }
});

describe('a suite with prototype-named ids, paths and keys', () => {
  const suiteText = (cases: unknown[]) => JSON.stringify({ version: 1, suite: 'proto', profile: 'edit_text_file', cases });

  it('a case id __proto__ and a file /__proto__ run like any other', async () => {
    // Before: the runner's files map took `__proto__` through Object.prototype's setter, so the
    // file was missing and the case failed with "File not found: /__proto__".
    const loaded = loadSuiteText(
      suiteText([
        { id: '__proto__', title: 't', given: { files: { '/__proto__': 'hello\n' } }, when: { path: '/__proto__', old_string: 'hello', new_string: 'hi' }, then: { files: { '/__proto__': 'hi\n' } } },
        { id: 'constructor', title: 't', given: { files: { '/constructor': 'a\n' } }, when: { path: '/constructor', old_string: 'a', new_string: 'b' }, then: { files: { '/constructor': 'b\n' } } },
      ]),
    );
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const report = await runSuite(loaded.suite);
    expect(report.cases.map((c) => [c.id, c.passed, c.failures])).toEqual([
      ['__proto__', true, []],
      ['constructor', true, []],
    ]);
  });

  it('a __proto__ key in a path map is reported as not absolute, not silently dropped', () => {
    const text = suiteText([{ id: 'c', title: 't', given: { files: { '/a.txt': 'x' } }, when: { path: '/a.txt', old_string: 'x', new_string: 'y' }, then: {} }]).replace('"files":{', '"files":{"__proto__":"lost",');
    expect(loadSuiteText(text)).toEqual({ ok: false, errors: [{ path: 'cases[0].given.files.__proto__', message: 'paths in a suite are call paths and must be absolute (start with /)' }] });
  });

  it('a __proto__ key in a case call reaches the tool, as it does from the CLI', async () => {
    // Before: zod left it out of `when`, so the suite saw no unknown field where `call` warns.
    const text = suiteText([
      { id: 'c', title: 't', given: { files: { '/a.txt': 'hello\n' } }, when: { path: '/a.txt', old_string: 'hello', new_string: 'hi' }, then: { warnings: ['The tool ignores a field it does not know: __proto__'] } },
    ]).replace('"when":{', '"when":{"__proto__":{"x":1},');
    const loaded = loadSuiteText(text);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    expect((await runSuite(loaded.suite)).cases[0]).toMatchObject({ passed: true });
  });

  it('edit-playground test: the hanging regex of the issue gives its verdict (exit 1, one JSON document)', async () => {
    writeFileSync(
      join(dir, 'suite.json'),
      suiteText([
        { id: 'redos', title: 't', given: { files: { '/a.txt': 'hello\n' } }, when: { path: '/a.txt', old_string: `${'a'.repeat(30)}!`, new_string: 'x' }, then: { error: { message: { regex: '(a|a)*b' } } } },
      ]),
    );
    const r = await run(['test', 'suite.json', '--reporter', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(JSON.stringify(report)).toContain('error.message: expected /(a|a)*b/');
  });
});

describe('the app: workspace names after prototype members', () => {
  it('a file x.constructor or x.toString is plain text', () => {
    // Before: Object.prototype's constructor function came back as the Monaco language.
    expect(languageOf('src/x.constructor')).toBe('plaintext');
    expect(languageOf('x.toString')).toBe('plaintext');
    expect(languageOf('a.ts')).toBe('typescript');
  });

  it('a folder named constructor is closed until expanded, and then shows as loading', () => {
    const listings = { '': [{ name: 'constructor', kind: 'directory' as const }, { name: 'toString', kind: 'directory' as const }] };
    // Before: `listings.constructor` was Object, so an expanded folder never showed as loading.
    expect(treeRows(listings, {}).map((r) => [r.path, r.expanded, r.loading])).toEqual([
      ['constructor', false, false],
      ['toString', false, false],
    ]);
    expect(treeRows(listings, { constructor: true }).map((r) => [r.path, r.expanded, r.loading])).toEqual([
      ['constructor', true, true],
      ['toString', false, false],
    ]);
  });
});

// Gemini CLI's `replace` before 0.31.0, as contract cases: google-gemini/gemini-cli at v0.29.0
// (0.29.0 to 0.30.1 answer alike) and v0.28.0, packages/core/src/tools/edit.ts, and the tests of
// packages/core/src/tools/edit.test.ts at v0.29.0 (cited by their titles; they assert the new
// content, the count or the error type, re-expressed here with the full text the model receives).
// The mismatch text is also what a real 0.28/0.29 session recorded (keithrozario/Klayers
// gemini-chats/klayers-dev.md @20d5a776, line 1780).

import { describe, expect, it } from 'vitest';
import { runCall } from '../../run';
import type { RunOutcome } from '../../types';
import { MemoryFs } from '../../../workspace/memory-fs';

const TESTS = 'edit.test.ts @ v0.29.0';
type Files = Record<string, string>;

async function run(files: Files, input: Record<string, unknown>, release = '0.29.0'): Promise<{ outcome: RunOutcome; text: string | null }> {
  const fs = new MemoryFs(files);
  const outcome = await runCall(fs, 'replace', { instruction: 'test', ...input }, { release });
  const file = typeof input.file_path === 'string' ? input.file_path.slice(1) : '';
  const staged = outcome.ok ? outcome.stage.files.find((f) => f.displayPath.endsWith(file)) : undefined;
  return { outcome, text: staged?.finalText ?? null };
}
const answer = (o: RunOutcome) => (o.ok ? (o.result as { output: string }).output : o.error);
const modified = (path: string, n: number) => `Successfully modified file: ${path} (${n} replacements).`;
const mismatch = (path: string, expected: number, found: number) => ({
  code: 'edit_expected_occurrence_mismatch',
  message: `Failed to edit, Expected ${expected} ${expected === 1 ? 'occurrence' : 'occurrences'} but found ${found} for old_string in file: ${path}`,
});

describe(`replace before 0.31.0: the success text has no updated code (${TESTS})`, () => {
  it('should edit an existing file and return diff with fileName: the count only', async () => {
    const { outcome, text } = await run({ 'execute_me.txt': 'This is some old text.' }, { file_path: '/execute_me.txt', old_string: 'old', new_string: 'new' });
    expect(answer(outcome)).toBe(modified('/execute_me.txt', 1));
    expect(text).toBe('This is some new text.');
  });

  it('0.28.0 answers alike; a created file says so, with nothing after it', async () => {
    const { outcome } = await run({}, { file_path: '/new.txt', old_string: '', new_string: 'a\n' }, '0.28.0');
    expect(answer(outcome)).toBe('Created new file: /new.txt with provided content.');
  });

  it('modified_by_user: the user modified new_string, after the count', async () => {
    const { outcome } = await run({ 'm.py': 'print(1)\n' }, { file_path: '/m.py', old_string: 'print(1)', new_string: 'print(9)', modified_by_user: true });
    expect(answer(outcome)).toBe(`${modified('/m.py', 1)} User modified the \`new_string\` content to be: print(9).`);
  });
});

describe(`replace before 0.31.0: expected_replacements (${TESTS} > expected_replacements)`, () => {
  it('should succeed when occurrences match expected_replacements', async () => {
    const { outcome, text } = await run({ 'r.txt': 'foo foo foo' }, { file_path: '/r.txt', old_string: 'foo', new_string: 'bar', expected_replacements: 3 });
    expect(answer(outcome)).toBe(modified('/r.txt', 3));
    expect(text).toBe('bar bar bar');
  });

  it('should fail when occurrences do not match expected_replacements', async () => {
    const { outcome } = await run({ 'r.txt': 'foo foo foo' }, { file_path: '/r.txt', old_string: 'foo', new_string: 'bar', expected_replacements: 2 });
    expect(answer(outcome)).toEqual(mismatch('/r.txt', 2, 3));
  });

  it('should default to 1 expected replacement if not specified (Error Scenarios > EXPECTED_OCCURRENCE_MISMATCH too)', async () => {
    const { outcome } = await run({ 'e.txt': 'one one two' }, { file_path: '/e.txt', old_string: 'one', new_string: 'new' });
    expect(answer(outcome)).toEqual(mismatch('/e.txt', 1, 2));
  });

  it('the schema: a number, at least 1; allow_multiple is no field of it', async () => {
    const files = { 'r.txt': 'foo foo' };
    expect(answer((await run(files, { file_path: '/r.txt', old_string: 'foo', new_string: 'bar', expected_replacements: '2' })).outcome)).toEqual({ code: 'invalid_tool_params', message: 'params/expected_replacements must be number' });
    expect(answer((await run(files, { file_path: '/r.txt', old_string: 'foo', new_string: 'bar', expected_replacements: 0 })).outcome)).toEqual({ code: 'invalid_tool_params', message: 'params/expected_replacements must be >= 1' });
    expect(answer((await run(files, { file_path: '/r.txt', old_string: 'foo', new_string: 'bar', allow_multiple: true })).outcome)).toEqual(mismatch('/r.txt', 1, 2));
  });
});

describe(`replace before 0.31.0: the strategies (${TESTS} > calculateReplacement)`, () => {
  it('should perform a flexible, whitespace-insensitive replacement: each line gets the first line\'s indentation', async () => {
    const { outcome, text } = await run({ 't.txt': '  hello\n    world\n' }, { file_path: '/t.txt', old_string: 'hello\nworld', new_string: 'goodbye\nmoon' });
    expect(answer(outcome)).toBe(modified('/t.txt', 1));
    expect(text).toBe('  goodbye\n  moon\n');
  });

  it('a flexible match loses the line break after it (only the file\'s last one is put back)', async () => {
    const { text } = await run({ t: '  line1\n  line2\n  line3\n' }, { file_path: '/t', old_string: 'line1\nline2', new_string: 'line1-replaced\nline2-replaced' });
    expect(text).toBe('  line1-replaced\n  line2-replaced  line3\n');
  });

  it('should perform a regex-based replacement for flexible intra-line whitespace', async () => {
    const { outcome, text } = await run({ 't.js': '  function  myFunc( a, b ) {\n    return a + b;\n  }' }, { file_path: '/t.js', old_string: 'function myFunc(a, b) {', new_string: 'const yourFunc = (a, b) => {' });
    expect(answer(outcome)).toBe(modified('/t.js', 1));
    expect(text).toBe('  const yourFunc = (a, b) => {\n    return a + b;\n  }');
  });

  it('a regex match counts 1 and expands $ patterns in new_string; there is no fuzzy match', async () => {
    const { outcome, text } = await run({ t: 'x  =  1\n' }, { file_path: '/t', old_string: 'x = 1', new_string: '[$&]' });
    expect(answer(outcome)).toBe(modified('/t', 1));
    expect(text).toBe('[x  =  1]\n');
    const near = await run({ c: 'const myConfig = {\n  enableFeature: true,\n  retries: 3\n};' }, { file_path: '/c', old_string: 'const myConfig = {\n  enableFeature: true\n  retries: 3\n};', new_string: 'x' });
    expect(answer(near.outcome)).toEqual({
      code: 'edit_no_occurrence_found',
      message: "Failed to edit, 0 occurrences found for old_string in /c. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.",
    });
  });

  it('should NOT insert extra newlines when replacing a block preceded by a blank line (regression): fixed in 0.29.0, not in 0.28.0', async () => {
    const files = { 't.js': '\n  function oldFunc() {\n    // some code\n  }' };
    const input = { file_path: '/t.js', old_string: 'function  oldFunc() {\n    // some code\n  }', new_string: 'function newFunc() {\n  // new code\n}' };
    expect((await run(files, input)).text).toBe('\n  function newFunc() {\n    // new code\n  }');
    expect((await run(files, input, '0.28.0')).text).toBe('\n  function newFunc() {\n\n    // new code\n\n  }');
  });

  it('should NOT insert extra newlines in flexible replacement when old_string starts with a blank line (regression): fixed in 0.29.0, not in 0.28.0', async () => {
    const files = { 't.js': '  // some comment\n\n  function oldFunc() {}' };
    const input = { file_path: '/t.js', old_string: '\nfunction oldFunc() {}', new_string: '\n  function newFunc() {}' };
    expect((await run(files, input)).text).toBe('  // some comment\n\n  function newFunc() {}');
    expect((await run(files, input, '0.28.0')).text).toBe('  // some comment\n\n\n\n  function newFunc() {}');
  });
});

describe('replace before 0.31.0: checks that came later', () => {
  it('no omission-placeholder check (faa1ec30, 0.31.0)', async () => {
    const { outcome } = await run({ 't.txt': 'old content' }, { file_path: '/t.txt', old_string: 'old content', new_string: '(rest of methods ...)' });
    expect(answer(outcome)).toBe(modified('/t.txt', 1));
  });

  it('a .git segment is in the workspace, and a .json file could be repaired (the warning says so)', async () => {
    const { outcome } = await run({ '.git/config': 'a' }, { file_path: '/.git/config', old_string: 'a', new_string: 'b' });
    expect(answer(outcome)).toBe(modified('/.git/config', 1));
    const json = await run({ 'x.json': '{}' }, { file_path: '/x.json', old_string: 'nope', new_string: 'b' });
    expect(json.outcome.warnings).toHaveLength(1);
    expect(json.outcome.warnings[0]).toMatch(/^Not reproduced: Gemini CLI's model-based repair/);
  });
});

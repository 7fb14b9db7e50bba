// Cases the conformance run (conformance/, issue 19) found where `replace` and Gemini CLI's own
// EditTool (@google/gemini-cli-core 0.55.0, run in-process, LLM correction off) disagreed, each
// minimised and pinned here with the bytes and text the reference gives, so the ordinary suite
// keeps them without the reference installed.

import { describe, expect, it } from 'vitest';
import { okResult, run, stagedFile, utf8, type Ran } from '../../../../tests/support/harness';

const R = '/root';
const go = (input: Record<string, unknown>, files: Record<string, string | Uint8Array> = {}) => run('replace', input, files, { options: { mount: R } });
const call = (file_path: string, old_string: string, new_string: string, extra: Record<string, unknown> = {}) => ({ file_path, instruction: 'i', old_string, new_string, ...extra });
const output = (r: Ran): string => okResult<{ output: string }>(r).output;
const bytesOf = (r: Ran, path: string): string => Buffer.from(r.fs.files.get(path)!).toString('hex');
const hex = (s: string): string => Buffer.from(utf8(s)).toString('hex');

describe('a lone CR, U+2028 or U+2029 inside the matched line window is replaced with the window, nothing after it is lost', () => {
  it('fuzzy: the issue\'s case (a lone CR between the matched lines)', async () => {
    const r = await go(call('/root/f.txt', 're\u00e9nx;\nfoo', 'X'), { 'f.txt': 'renx;\nzz\rfoo\nbar\n' });
    expect(bytesOf(r, 'f.txt')).toBe(hex('X\nbar\n'));
    expect(output(r)).toBe('Successfully modified file: /root/f.txt (1 replacements). Here is the updated code:\nX\nbar\n Applied fuzzy match at line 1-2.');
    // The text in no line sits inside the window: it goes with the window, not as a loss of its own.
    expect(stagedFile(r).steps.map((s) => s.strategy)).toEqual(['fuzzy']);
  });

  it('flexible: U+2028 between the matched lines', async () => {
    const r = await go(call('/root/f.txt', 'b\nc', 'X'), { 'f.txt': '  b\nzz\u2028  c\nd\n' });
    expect(bytesOf(r, 'f.txt')).toBe(hex('  X\nd\n'));
    expect(output(r)).toBe('Successfully modified file: /root/f.txt (1 replacements). Here is the updated code:\n  X\nd\n');
    expect(stagedFile(r).steps.map((s) => s.strategy)).toEqual(['flexible']);
  });

  it('flexible: U+2029 inside the window and a lone CR outside it (only the one outside is lost)', async () => {
    const r = await go(call('/root/f.txt', 'b\nc', 'X'), { 'f.txt': 'q\rb\n\u2029c\nd\n' });
    expect(bytesOf(r, 'f.txt')).toBe(hex('X\nd\n'));
    expect(stagedFile(r).steps.map((s) => s.strategy)).toEqual(['line-split', 'flexible']);
  });
});

describe('the workspace check of the pinned commit: Config.validatePathAccess', () => {
  const notInWorkspace = (p: string) =>
    `Path not in workspace: Attempted path "${p}" resolves outside the allowed workspace directories: /root or the project temp directory: /home/user/.gemini/tmp/project`;

  it.each([
    ['/root/.env/a.ts', '.env/a.ts'],
    ['.env/a.ts', '.env/a.ts'],
    ['/root/node_modules/f.txt', 'node_modules/f.txt'],
    ['/root/Node_Modules/f.txt', 'Node_Modules/f.txt'],
    ['/root/a/.git/config', 'a/.git/config'],
    ['/root/gha-creds-1.json', 'gha-creds-1.json'],
    ['/root/.env. /x', '.env. /x'],
    ['/root/.env:stream/x', '.env:stream/x'],
  ])('%s: a .git, .env or node_modules segment (any case, trailing dots and spaces, before a colon) is outside the workspace', async (filePath, rel) => {
    const r = await go(call(filePath, 'a', 'b'), { [rel]: 'a\n' });
    expect(r.outcome.ok).toBe(false);
    expect(r.outcome.ok ? null : r.outcome.error).toEqual({ code: 'invalid_tool_params', message: notInWorkspace(`/root/${rel}`) });
  });

  it('a segment that only contains such a name is inside', async () => {
    const r = await go(call('/root/my.env/node_modules2/.gitx', 'a', 'b'), { 'my.env/node_modules2/.gitx': 'a\n' });
    expect(bytesOf(r, 'my.env/node_modules2/.gitx')).toBe(hex('b\n'));
  });

  it.each([
    ['/root/a\tb.txt', 'Invalid path: Path contains invalid characters (newlines or control characters).'],
    ['/root/a\nb.txt', 'Invalid path: Path contains invalid characters (newlines or control characters).'],
    ['/root/a\rb.txt', 'Invalid path: Path contains invalid characters (newlines or control characters).'],
    ['/root/x/FAIL x.txt', 'Invalid path: Path appears to be a misinterpreted log fragment.'],
    ['/root/AssertionError: no', 'Invalid path: Path appears to be a misinterpreted log fragment.'],
    ['/root/folders/x...txt', 'Invalid path: Path contains suspicious characters (double quotes or ellipses) and is too long to be a simple filename.'],
    ['/root/long/say "hi".txt', 'Invalid path: Path contains suspicious characters (double quotes or ellipses) and is too long to be a simple filename.'],
    [`/root/${'n'.repeat(256)}`, `Invalid path: Path component "${'n'.repeat(20)}..." is too long (maximum 255 characters).`],
    [`/root/${'d/'.repeat(2046)}f`, 'Invalid path: Path is too long (maximum 4096 characters).'],
  ])('validatePath refuses path #%#', async (filePath, message) => {
    const r = await go(call(filePath, 'a', 'b'));
    expect(r.outcome.ok ? null : r.outcome.error).toEqual({ code: 'invalid_tool_params', message });
  });

  it('a short path with an ellipsis or a quote is a name like any other', async () => {
    // Relative to a one-letter mount, `/r/x...t` is 8 characters: validatePath lets it through.
    const r = await run('replace', call('/r/x...t', 'a', 'b'), { 'x...t': 'a' }, { options: { mount: '/r' } });
    expect(bytesOf(r, 'x...t')).toBe(hex('b'));
  });

  it('the path is checked after NUL characters are removed', async () => {
    const r = await go(call('/root/f\0.txt', 'a', 'b'), { 'f.txt': 'a' });
    expect(bytesOf(r, 'f.txt')).toBe(hex('b'));
  });
});

// Cases the conformance run (conformance/, issue 19) found where `replace` and Gemini CLI's own
// EditTool (@google/gemini-cli-core 0.55.0, run in-process, LLM correction off) disagreed, each
// minimised and pinned here with the bytes and text the reference gives, so the ordinary suite
// keeps them without the reference installed.

import { describe, expect, it } from 'vitest';
import { okResult, run, stagedFile, utf8, type Ran } from '../support/harness';

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

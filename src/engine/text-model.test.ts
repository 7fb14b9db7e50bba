// SPEC 2.1-2.6, the text model every profile shares. Expected strings and bytes are worked out by
// hand from the SPEC, never copied from the engine's output.

import { describe, expect, it } from 'vitest';
import {
  BOM,
  concatBytes,
  latin1,
  okResult,
  run,
  stagedFile,
  toolError,
  utf8,
  withBom,
  type EditTextFileResult,
  type MultiEditResult,
  type MultiEditTextFileResult,
} from '../../tests/support/harness';

const A8K = 'a'.repeat(8 * 1024);

describe('SPEC 2.1 a NUL byte in the first 8 KiB makes the file binary', () => {
  it('edit_text_file refuses a file with a NUL with -32004 "Cannot edit binary file: {path}"', async () => {
    const r = await run('edit_text_file', { path: '/bin.dat', old_string: 'abc', new_string: 'xyz' }, { 'bin.dat': utf8('abc\0def') });
    expect(toolError(r)).toEqual({ code: -32004, message: 'Cannot edit binary file: /bin.dat' });
  });

  it('multi_edit_text_file refuses it with the same error', async () => {
    const r = await run('multi_edit_text_file', { path: '/bin.dat', edits: [{ old_string: 'abc', new_string: 'x' }] }, { 'bin.dat': utf8('abc\0def') });
    expect(toolError(r)).toEqual({ code: -32004, message: 'Cannot edit binary file: /bin.dat' });
  });

  it('MultiEdit refuses it with BINARY_FILE', async () => {
    const r = await run('MultiEdit', { file_path: '/bin.dat', edits: [{ old_string: 'abc', new_string: 'x' }] }, { 'bin.dat': utf8('abc\0def') });
    expect(toolError(r).code).toBe('BINARY_FILE');
  });

  it('a NUL at byte 8191 (the last byte of the first 8 KiB) is binary', async () => {
    const file = utf8(`${'a'.repeat(8191)}\0\nb\n`);
    const r = await run('edit_text_file', { path: '/f', old_string: 'b', new_string: 'c' }, { f: file });
    expect(toolError(r)).toEqual({ code: -32004, message: 'Cannot edit binary file: /f' });
  });

  it('a NUL at byte 8193, past the first 8 KiB, is valid UTF-8 text and is kept', async () => {
    // bytes 0-8191 'a', 8192 '\n', 8193 NUL, 8194 '\n', then "b\n"
    const r = await run('edit_text_file', { path: '/f', old_string: 'b', new_string: 'c' }, { f: utf8(`${A8K}\n\0\nb\n`) }, { options: { diffContext: 0 } });
    expect(okResult<EditTextFileResult>(r)).toEqual({ success: true, diff: '--- /f\n+++ /f\n@@ -3,1 +3,1 @@\n-b\n+c\n', line_range: { start: 3, end: 3 } });
    expect(r.after.f).toBe(`${A8K}\n\0\nc\n`);
  });
});

describe('SPEC 2.1 bytes that are not valid UTF-8 are refused as binary, never decoded lossily', () => {
  const cases: [string, number[]][] = [
    ['a lone 0xFF', [0x61, 0xff, 0x0a]],
    ['a lone continuation byte', [0x61, 0x80, 0x0a]],
    ['an overlong encoding of "/"', [0x61, 0xc0, 0xaf, 0x0a]],
    ['a UTF-16 surrogate encoded in UTF-8 (CESU)', [0x61, 0xed, 0xa0, 0x80, 0x0a]],
    ['a sequence cut off at the end of the file', [0x61, 0x0a, 0xe2, 0x82]],
    ['a code point above U+10FFFF', [0x61, 0xf4, 0x90, 0x80, 0x80]],
  ];
  it.each(cases)('%s: edit_text_file answers -32004 and writes nothing', async (_name, bytes) => {
    const r = await run('edit_text_file', { path: '/x.txt', old_string: 'a', new_string: 'b' }, { 'x.txt': Uint8Array.from(bytes) });
    expect(toolError(r)).toEqual({ code: -32004, message: 'Cannot edit binary file: /x.txt' });
  });

  it('an invalid byte far past the first 8 KiB still makes the file binary', async () => {
    const file = concatBytes(utf8(`${A8K}${A8K}\nz\n`), Uint8Array.of(0xff));
    const r = await run('multi_edit_text_file', { path: '/x.txt', edits: [{ old_string: 'z', new_string: 'y' }] }, { 'x.txt': file });
    expect(toolError(r)).toEqual({ code: -32004, message: 'Cannot edit binary file: /x.txt' });
  });

  it('MultiEdit answers BINARY_FILE for invalid UTF-8', async () => {
    const r = await run('MultiEdit', { file_path: '/x.txt', edits: [{ old_string: 'a', new_string: 'b' }] }, { 'x.txt': Uint8Array.of(0x61, 0xff) });
    expect(toolError(r).code).toBe('BINARY_FILE');
  });
});

describe('SPEC 2.1 a UTF-8 BOM is recorded, hidden from matching, and written back', () => {
  it('an edit keeps the BOM and the diff does not show it', async () => {
    const r = await run('edit_text_file', { path: '/bom.txt', old_string: 'hello', new_string: 'bye' }, { 'bom.txt': withBom('hello\nworld\n') });
    expect(okResult<EditTextFileResult>(r)).toEqual({
      success: true,
      diff: '--- /bom.txt\n+++ /bom.txt\n@@ -1,2 +1,2 @@\n-hello\n+bye\n world\n',
      line_range: { start: 1, end: 1 },
    });
    expect(r.after['bom.txt']).toBe(latin1(withBom('bye\nworld\n')));
  });

  it('old_string cannot match the BOM: "\\uFEFFhello" is not found', async () => {
    const r = await run('edit_text_file', { path: '/bom.txt', old_string: '\uFEFFhello', new_string: 'bye' }, { 'bom.txt': withBom('hello\n') });
    expect(toolError(r)).toEqual({ code: -32010, message: 'String not found in file: \uFEFFhello' });
  });

  it('an edit at the very start of the file goes after the BOM', async () => {
    const r = await run('multi_edit_text_file', { path: '/b', edits: [{ old_string: 'x', new_string: 'NEW\nx' }] }, { b: withBom('x\r\ny\r\n') });
    okResult(r);
    // CRLF dominant (2 of 2): the inserted break is CRLF, BOM stays first.
    expect(r.after.b).toBe(latin1(withBom('NEW\r\nx\r\ny\r\n')));
  });

  it('a U+FEFF that an edit writes at offset 0 of a BOM-less file is content, written as EF BB BF', async () => {
    const r = await run('edit_text_file', { path: '/n', old_string: 'a', new_string: '\uFEFFa' }, { n: 'a' });
    okResult(r);
    // The BOM character written by the edit is content, at offset 0: bytes EF BB BF 61.
    expect(r.after.n).toBe(latin1(concatBytes(BOM, utf8('a'))));
    expect(stagedFile(r).finalText).toBe('\uFEFFa');
  });
});

describe('SPEC 2.1 files over the size limit are refused with a clear error', () => {
  it('edit_text_file: one byte over maxFileBytes is "File too large: {path}" (-32004)', async () => {
    const r = await run('edit_text_file', { path: '/big.txt', old_string: 'a', new_string: 'b' }, { 'big.txt': 'a123456789\n' }, { options: { maxFileBytes: 10 } });
    expect(toolError(r)).toEqual({ code: -32004, message: 'File too large: /big.txt' });
  });

  it('a file of exactly maxFileBytes is edited', async () => {
    const r = await run('edit_text_file', { path: '/big.txt', old_string: 'a', new_string: 'b' }, { 'big.txt': 'a12345678\n' }, { options: { maxFileBytes: 10 } });
    expect(okResult<EditTextFileResult>(r).line_range).toEqual({ start: 1, end: 1 });
    expect(r.after['big.txt']).toBe('b12345678\n');
  });

  it('the BOM counts toward the size', async () => {
    const r = await run('edit_text_file', { path: '/big.txt', old_string: 'a', new_string: 'b' }, { 'big.txt': withBom('a12345678') }, { options: { maxFileBytes: 11 } });
    expect(toolError(r)).toEqual({ code: -32004, message: 'File too large: /big.txt' });
  });

  it('multi_edit_text_file uses the same error', async () => {
    const r = await run('multi_edit_text_file', { path: '/big.txt', edits: [{ old_string: 'a', new_string: 'b' }] }, { 'big.txt': 'aaaaaaaaaaa' }, { options: { maxFileBytes: 10 } });
    expect(toolError(r)).toEqual({ code: -32004, message: 'File too large: /big.txt' });
  });

  it('MultiEdit answers FILE_TOO_LARGE and names the file', async () => {
    const r = await run('MultiEdit', { file_path: '/big.txt', edits: [{ old_string: 'a', new_string: 'b' }] }, { 'big.txt': 'aaaaaaaaaaa' }, { options: { maxFileBytes: 10 } });
    const e = toolError(r);
    expect(e.code).toBe('FILE_TOO_LARGE');
    expect(e.message).toContain('/big.txt');
  });
});

describe('SPEC 2.2 CRLF is read as LF; untouched line endings keep their bytes', () => {
  it('a CRLF file: the edited line keeps CRLF, the others are untouched, the diff is on the LF view', async () => {
    const r = await run('edit_text_file', { path: '/crlf.txt', old_string: 'two', new_string: 'TWO' }, { 'crlf.txt': 'one\r\ntwo\r\nthree\r\n' });
    expect(okResult<EditTextFileResult>(r)).toEqual({
      success: true,
      diff: '--- /crlf.txt\n+++ /crlf.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n',
      line_range: { start: 2, end: 2 },
    });
    expect(r.after['crlf.txt']).toBe('one\r\nTWO\r\nthree\r\n');
  });

  it('a line break inserted into a CRLF file is CRLF', async () => {
    const r = await run('edit_text_file', { path: '/crlf.txt', old_string: 'two', new_string: 'two\nhalf' }, { 'crlf.txt': 'one\r\ntwo\r\nthree\r\n' });
    expect(okResult<EditTextFileResult>(r)).toEqual({
      success: true,
      diff: '--- /crlf.txt\n+++ /crlf.txt\n@@ -1,3 +1,4 @@\n one\n two\n+half\n three\n',
      line_range: { start: 2, end: 2 },
    });
    expect(r.after['crlf.txt']).toBe('one\r\ntwo\r\nhalf\r\nthree\r\n');
  });

  it('a mixed file with a CRLF majority (3 of 4) inserts CRLF and keeps its lone LF', async () => {
    const r = await run('edit_text_file', { path: '/m', old_string: 'b', new_string: 'B1\nB2' }, { m: 'a\r\nb\r\nc\r\nd\n' });
    okResult(r);
    expect(r.after.m).toBe('a\r\nB1\r\nB2\r\nc\r\nd\n');
  });

  it('a mixed file with a tie (2 of 4) is LF-dominant: inserted breaks are LF, every CRLF stays', async () => {
    const r = await run('edit_text_file', { path: '/m', old_string: 'b', new_string: 'B1\nB2' }, { m: 'a\r\nb\nc\r\nd\n' });
    okResult(r);
    expect(r.after.m).toBe('a\r\nB1\nB2\nc\r\nd\n');
  });

  it('a mixed file with an LF majority: a CRLF inside the matched text is replaced, the new break is LF', async () => {
    const r = await run('edit_text_file', { path: '/m', old_string: 'b\nc', new_string: 'B\nC' }, { m: 'a\nb\r\nc\nd\r\n' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /m\n+++ /m\n@@ -1,4 +1,4 @@\n a\n-b\n-c\n+B\n+C\n d\n');
    expect(r.after.m).toBe('a\nB\nC\nd\r\n');
  });

  it('text that old_string and new_string share at their edges is untouched: its CRLF stays (engine reading of "untouched")', async () => {
    // Only "c" -> "C" changes; the CRLF after "b" is common to both strings, so it is not rewritten.
    const r = await run('edit_text_file', { path: '/m', old_string: 'b\nc', new_string: 'b\nC' }, { m: 'a\nb\r\nc\nd\n' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /m\n+++ /m\n@@ -1,4 +1,4 @@\n a\n b\n-c\n+C\n d\n');
    expect(r.after.m).toBe('a\nb\r\nC\nd\n');
  });

  it('old_string written with CRLF matches an LF file', async () => {
    const r = await run('edit_text_file', { path: '/lf', old_string: 'x\r\ny', new_string: 'z' }, { lf: 'x\ny\n' });
    expect(okResult<EditTextFileResult>(r)).toEqual({ success: true, diff: '--- /lf\n+++ /lf\n@@ -1,2 +1,1 @@\n-x\n-y\n+z\n', line_range: { start: 1, end: 2 } });
    expect(r.after.lf).toBe('z\n');
  });

  it('old_string written with LF matches a CRLF file, and the removed CRLF goes with it', async () => {
    const r = await run('edit_text_file', { path: '/c', old_string: 'p\nq', new_string: 'r' }, { c: 'p\r\nq\r\n' });
    expect(okResult<EditTextFileResult>(r).line_range).toEqual({ start: 1, end: 2 });
    expect(r.after.c).toBe('r\r\n');
  });

  it('new_string written with CRLF is read as LF and takes the ending of an LF file', async () => {
    const r = await run('edit_text_file', { path: '/lf', old_string: 'y', new_string: 'y1\r\ny2' }, { lf: 'x\ny\n' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /lf\n+++ /lf\n@@ -1,2 +1,3 @@\n x\n-y\n+y1\n+y2\n');
    expect(r.after.lf).toBe('x\ny1\ny2\n');
  });

  it('a CRLF-only difference between old_string and a match is no difference: the match is found', async () => {
    const r = await run('multi_edit_text_file', { path: '/c', edits: [{ old_string: 'one\ntwo\n', new_string: 'uno\r\ndos\r\n' }] }, { c: 'one\r\ntwo\r\n' });
    expect(okResult<MultiEditTextFileResult>(r).line_ranges).toEqual([{ edit_index: 0, start: 1, end: 2 }]);
    expect(r.after.c).toBe('uno\r\ndos\r\n');
  });

  it('MultiEdit replace_all in a CRLF file keeps every CRLF', async () => {
    const r = await run('MultiEdit', { file_path: '/c', edits: [{ old_string: 'v', new_string: 'w', replace_all: true }] }, { c: 'v\r\nv\r\nv' });
    expect(okResult<MultiEditResult>(r).edits[0]!.replacements).toBe(3);
    expect(r.after.c).toBe('w\r\nw\r\nw');
  });

  it('a file created by MultiEdit takes the line ending its new_string uses', async () => {
    const r = await run('MultiEdit', { file_path: '/new.txt', edits: [{ old_string: '', new_string: 'a\r\nb\r\n' }, { old_string: 'b', new_string: 'b\nc' }] });
    expect(okResult<MultiEditResult>(r).created).toBe(true);
    expect(r.after['new.txt']).toBe('a\r\nb\r\nc\r\n');
    expect(stagedFile(r).diff).toBe('--- /dev/null\n+++ /new.txt\n@@ -0,0 +1,3 @@\n+a\n+b\n+c\n');
  });
});

describe('SPEC 2.3 occurrences are counted overlapping', () => {
  it('edit_text_file: "aa" appears 2 times in "aaa"', async () => {
    const r = await run('edit_text_file', { path: '/a', old_string: 'aa', new_string: 'b' }, { a: 'aaa' });
    expect(toolError(r)).toEqual({ code: -32011, message: 'String appears 2 times (must be unique): aa' });
  });

  it('"aba" appears 2 times in "ababa" (a non-overlapping count would say 1)', async () => {
    const r = await run('edit_text_file', { path: '/a', old_string: 'aba', new_string: 'x' }, { a: 'ababa' });
    expect(toolError(r)).toEqual({ code: -32011, message: 'String appears 2 times (must be unique): aba' });
  });

  it('multi_edit_text_file: "Edit 0: String appears 2 times: aa"', async () => {
    const r = await run('multi_edit_text_file', { path: '/a', edits: [{ old_string: 'aa', new_string: 'b' }] }, { a: 'aaa' });
    expect(toolError(r)).toEqual({ code: -32011, message: 'Edit 0: String appears 2 times: aa' });
  });

  it('MultiEdit without replace_all: MULTIPLE_MATCHES naming the edit and the overlapping count', async () => {
    const r = await run('MultiEdit', { file_path: '/a', edits: [{ old_string: 'aa', new_string: 'b' }] }, { a: 'aaa' });
    const e = toolError(r);
    expect(e.code).toBe('MULTIPLE_MATCHES');
    expect(e.message).toMatch(/^Edit 0: .*\b2 times\b/);
  });

  it('"unique" is exactly one occurrence: "ab" once in "aab" is edited', async () => {
    const r = await run('edit_text_file', { path: '/a', old_string: 'ab', new_string: 'X' }, { a: 'aab' });
    okResult(r);
    expect(r.after.a).toBe('aX');
  });
});

describe('SPEC 2.4 replacement text is literal ($ patterns are written as they are)', () => {
  const patterns = ['$&', '$1', '$$', '$`', "$'", '$<name>', '$0$&$$$'];
  it.each(patterns)('edit_text_file writes %s literally', async (p) => {
    const r = await run('edit_text_file', { path: '/p', old_string: 'X', new_string: `<${p}>` }, { p: 'price: X;\n' });
    okResult(r);
    expect(r.after.p).toBe(`price: <${p}>;\n`);
  });

  it('multi_edit_text_file writes "$& $1 $$ $` $\'" literally, and a later edit can match it', async () => {
    const r = await run('multi_edit_text_file', { path: '/p', edits: [{ old_string: 'X', new_string: "$& $1 $$ $` $'" }, { old_string: '$$', new_string: '$' }] }, { p: 'aXb' });
    okResult(r);
    expect(r.after.p).toBe("a$& $1 $ $` $'b");
  });

  it('MultiEdit replace_all writes "$&$&" literally at every occurrence', async () => {
    const r = await run('MultiEdit', { file_path: '/p', edits: [{ old_string: 'a', new_string: '$&$&', replace_all: true }] }, { p: 'a-a' });
    expect(okResult<MultiEditResult>(r).edits[0]!.replacements).toBe(2);
    expect(r.after.p).toBe('$&$&-$&$&');
  });

  it('a created file holds "$\'" literally', async () => {
    const r = await run('MultiEdit', { file_path: '/n', edits: [{ old_string: '', new_string: "x$'y$`z" }] });
    okResult(r);
    expect(r.after.n).toBe("x$'y$`z");
  });
});

describe('SPEC 2.5 replace_all replaces non-overlapping occurrences left to right', () => {
  it('MultiEdit "aa" in "aaaa" makes 2 replacements', async () => {
    const r = await run('MultiEdit', { file_path: '/a', edits: [{ old_string: 'aa', new_string: 'b', replace_all: true }] }, { a: 'aaaa' });
    const res = okResult<MultiEditResult>(r);
    expect(res.edits).toEqual([{ index: 0, replacements: 2, line_ranges: [{ start: 1, end: 1 }, { start: 1, end: 1 }] }]);
    expect(r.after.a).toBe('bb');
  });

  it('"aa" in "aaa" makes 1 replacement, leftmost first', async () => {
    const r = await run('MultiEdit', { file_path: '/a', edits: [{ old_string: 'aa', new_string: 'b', replace_all: true }] }, { a: 'aaa' });
    expect(okResult<MultiEditResult>(r).edits[0]!.replacements).toBe(1);
    expect(r.after.a).toBe('ba');
  });

  it('"aa" in "aaaaa" makes 2 replacements', async () => {
    const r = await run('MultiEdit', { file_path: '/a', edits: [{ old_string: 'aa', new_string: 'b', replace_all: true }] }, { a: 'aaaaa' });
    expect(okResult<MultiEditResult>(r).edits[0]!.replacements).toBe(2);
    expect(r.after.a).toBe('bba');
  });

  it('SPEC 10.7: one line range per replacement, in order, across lines', async () => {
    const r = await run('MultiEdit', { file_path: '/a', edits: [{ old_string: 'k', new_string: 'K', replace_all: true }] }, { a: 'k k\nx\nk\n' });
    expect(okResult<MultiEditResult>(r).edits[0]).toEqual({ index: 0, replacements: 3, line_ranges: [{ start: 1, end: 1 }, { start: 1, end: 1 }, { start: 3, end: 3 }] });
    expect(r.after.a).toBe('K K\nx\nK\n');
  });

  it('a replacement that recreates the pattern is not rescanned: "ab"→"aab" in "abab"', async () => {
    const r = await run('MultiEdit', { file_path: '/a', edits: [{ old_string: 'ab', new_string: 'aab', replace_all: true }] }, { a: 'abab' });
    expect(okResult<MultiEditResult>(r).edits[0]!.replacements).toBe(2);
    expect(r.after.a).toBe('aabaab');
  });
});

describe('SPEC 2.6 line ranges are 1-based, inclusive, on the content before the edit', () => {
  const file = 'line 1\nline 2\nline 3\n';
  const cases: [string, { start: number; end: number }][] = [
    ['line 2\n', { start: 2, end: 2 }],
    ['line 2', { start: 2, end: 2 }],
    ['line 2\nline 3', { start: 2, end: 3 }],
    ['\nline 2', { start: 1, end: 2 }],
    ['1\nline 2\n', { start: 1, end: 2 }],
    ['line 3\n', { start: 3, end: 3 }],
  ];
  it.each(cases)('%j in "line 1\\nline 2\\nline 3\\n" is %j', async (old, range) => {
    const r = await run('edit_text_file', { path: '/f', old_string: old, new_string: 'X' }, { f: file });
    expect(okResult<EditTextFileResult>(r).line_range).toEqual(range);
  });

  it('multi_edit_text_file: each range is in the content that edit was applied to', async () => {
    const r = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'A', new_string: 'A\nA2' }, { old_string: 'C', new_string: 'c' }] }, { f: 'A\nB\nC\n' });
    expect(okResult<MultiEditTextFileResult>(r).line_ranges).toEqual([
      { edit_index: 0, start: 1, end: 1 },
      { edit_index: 1, start: 4, end: 4 },
    ]);
  });

  it('a created file: the range covers the new content', async () => {
    const r = await run('MultiEdit', { file_path: '/n.txt', edits: [{ old_string: '', new_string: 'a\nb\nc' }] });
    expect(okResult<MultiEditResult>(r).edits[0]!.line_ranges).toEqual([{ start: 1, end: 3 }]);
  });

  it('a created file whose content ends with a newline: the trailing \\n belongs to the last line', async () => {
    const r = await run('MultiEdit', { file_path: '/n.txt', edits: [{ old_string: '', new_string: 'a\nb\n' }] });
    expect(okResult<MultiEditResult>(r).edits[0]!.line_ranges).toEqual([{ start: 1, end: 2 }]);
  });

  it('a created file of one line break is still line 1', async () => {
    const r = await run('MultiEdit', { file_path: '/n.txt', edits: [{ old_string: '', new_string: '\n' }] });
    expect(okResult<MultiEditResult>(r).edits[0]!.line_ranges).toEqual([{ start: 1, end: 1 }]);
  });

  it('astral characters count as characters, not as lines', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: '𝔸\n😀', new_string: 'x' }, { f: '😀\n𝔸\n😀\n' });
    expect(okResult<EditTextFileResult>(r).line_range).toEqual({ start: 2, end: 3 });
    expect(r.after.f).toBe(latin1(utf8('😀\nx\n')));
  });
});

describe('SPEC 2.1 the default size limit is 50 MiB, refused without reading the file', () => {
  it('a file of 50 MiB + 1 byte (by stat) is "File too large" and is never read', async () => {
    const { runCall } = await import('./run');
    let reads = 0;
    const fs = {
      stat: async () => ({ kind: 'file' as const, size: 50 * 1024 * 1024 + 1 }),
      read: async () => {
        reads++;
        return { kind: 'missing' as const };
      },
      write: async () => ({ ok: false as const, message: 'read-only' }),
      remove: async () => ({ ok: false as const, message: 'read-only' }),
      list: async () => ({ kind: 'missing' as const }),
    };
    const o = await runCall(fs, 'edit_text_file', { path: '/huge.log', old_string: 'a', new_string: 'b' });
    expect(o.ok ? o.result : o.error).toEqual({ code: -32004, message: 'File too large: /huge.log' });
    expect(reads).toBe(0);
  });
});

describe('bytes the engine encoded decode back without decoding again, to what a decoder gives', () => {
  it('a text, a text with a BOM, and a text with a lone surrogate (encoded as U+FFFD) read back as a fresh decode reads them', async () => {
    const { decodeFile, decodeUtf8, encodeText } = await import('./text');
    const fresh = new TextDecoder('utf-8', { ignoreBOM: true });
    for (const [text, bom] of [['héllo\r\nwörld\n', false], ['a\nb', true], ['x\uD800y\n', false], ['\uFEFFz', false], ['', true]] as const) {
      const bytes = encodeText(text, bom);
      const copy = bytes.slice();
      expect(decodeUtf8(bytes)).toBe(fresh.decode(copy));
      const a = decodeFile(bytes);
      const b = decodeFile(copy);
      expect(a).toEqual(b);
    }
    expect(decodeUtf8(encodeText('x\uD800y', false))).toBe('x\uFFFDy');
    expect(decodeUtf8(encodeText('a\nb', true))).toBe('\uFEFFa\nb');
  });
});

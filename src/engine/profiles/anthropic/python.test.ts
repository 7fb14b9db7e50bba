// The Python semantics the Anthropic text editor profiles reproduce. Every expected value here
// is what CPython 3.11 (the reference's interpreter) gives for the same input.

import { describe, expect, it } from 'vitest';
import { catN, maybeTruncate, pyPath, TRUNCATED_MESSAGE } from './output';
import { pyDecodeUtf8, pyEncodeError, pyOsError, universalNewlines } from './python-io';
import { countUpTo2, expandTabs, linesContaining, pyList, pyRepr } from './python-text';

describe('str.expandtabs(): tab stops every 8 columns, counted in code points, reset by \\n and \\r', () => {
  it.each([
    ['a\tb', 'a       b'],
    ['\t', '        '],
    ['ab\t\tc', 'ab              c'],
    ['1234567\tx', '1234567 x'],
    ['12345678\tx', '12345678        x'],
    ['ab\r\tc', 'ab\r        c'],
    ['ab\n\tc\r\n\td', 'ab\n        c\r\n        d'],
    ['\u{1F600}\tx', '\u{1F600}       x'],
    ['é\t|', 'é       |'],
    ['no tab', 'no tab'],
  ])('%j becomes %j', (input, expected) => {
    expect(expandTabs(input).text).toBe(expected);
  });

  it('reports each run of tabs with its replacement and line, and counts tabs and lines', () => {
    expect(expandTabs('a\t\tb\nc\n\td\t')).toEqual({
      text: 'a               b\nc\n        d       ',
      runs: [
        { start: 1, end: 3, text: '               ', line: 1 },
        { start: 7, end: 8, text: '        ', line: 3 },
        { start: 9, end: 10, text: '       ', line: 3 },
      ],
      tabs: 4,
      lines: 2,
    });
  });
});

describe('str(Path(p)) on POSIX', () => {
  it.each([
    ['/a//b/./c/', '/a/b/c'],
    ['//a/b', '//a/b'],
    ['///a', '/a'],
    ['/', '/'],
    ['//', '//'],
    ['a/./b/', 'a/b'],
    ['.', '.'],
    ['', '.'],
    ['/a/../b', '/a/../b'],
    ['./x', 'x'],
    ['a//', 'a'],
  ])('%j is %j', (input, expected) => {
    expect(pyPath(input)).toBe(expected);
  });
});

describe('repr(str)', () => {
  it.each([
    ["it's", '"it\'s"'],
    ['say "hi"', '\'say "hi"\''],
    ['both \' and "', '\'both \\\' and "\''],
    ['tab\there', "'tab\\there'"],
    ['nl\n', "'nl\\n'"],
    ['\u0000\u007f', "'\\x00\\x7f'"],
    ['é ü', "'é ü'"],
    ['\u200b', "'\\u200b'"],
    ['\ud800', "'\\ud800'"],
    ['\u{1F600}', "'\u{1F600}'"],
    ['\u00a0', "'\\xa0'"],
    ['\u2028', "'\\u2028'"],
    ['back\\slash', "'back\\\\slash'"],
  ])('%j is %s', (input, expected) => {
    expect(pyRepr(input)).toBe(expected);
  });

  it('an OSError names the path by its repr', () => {
    expect(pyOsError(2, "/tmp/it's")).toBe('[Errno 2] No such file or directory: "/tmp/it\'s"');
    expect(pyOsError(20, '/a/b')).toBe("[Errno 20] Not a directory: '/a/b'");
  });
});

describe('bytes.decode("utf-8") errors: CPython\'s classification and byte positions', () => {
  it.each([
    [[0x80], "'utf-8' codec can't decode byte 0x80 in position 0: invalid start byte"],
    [[0x61, 0x62, 0xc0, 0xaf], "'utf-8' codec can't decode byte 0xc0 in position 2: invalid start byte"],
    [[0xe0, 0x80, 0x80], "'utf-8' codec can't decode byte 0xe0 in position 0: invalid continuation byte"],
    [[0xed, 0xa0, 0x80], "'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte"],
    [[0xf0, 0x9f, 0x98], "'utf-8' codec can't decode bytes in position 0-2: unexpected end of data"],
    [[0xf4, 0x90, 0x80, 0x80], "'utf-8' codec can't decode byte 0xf4 in position 0: invalid continuation byte"],
    [[0xf8], "'utf-8' codec can't decode byte 0xf8 in position 0: invalid start byte"],
    [[0x78, 0xe4, 0xb8, 0xad, 0x78, 0xe4], "'utf-8' codec can't decode byte 0xe4 in position 5: unexpected end of data"],
    [[0xe4, 0xb8, 0x41], "'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte"],
    [[0xf0, 0x9f, 0x98, 0x41], "'utf-8' codec can't decode bytes in position 0-2: invalid continuation byte"],
    [[0xf0, 0x9f], "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"],
  ])('%j', (bytes, message) => {
    expect(pyDecodeUtf8(Uint8Array.from(bytes))).toEqual({ ok: false, message });
  });

  it('keeps a BOM as U+FEFF and NUL as a character', () => {
    expect(pyDecodeUtf8(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61, 0x00, 0x62))).toEqual({ ok: true, text: '\uFEFFa\u0000b' });
  });

  it('universal newlines read CRLF and a lone CR as LF', () => {
    expect(universalNewlines('a\r\nb\rc\n\r\r\n')).toBe('a\nb\nc\n\n\n');
  });
});

describe('str.encode("utf-8") errors: runs of lone surrogates at code point positions', () => {
  it.each([
    ['a\ud800', "'utf-8' codec can't encode character '\\ud800' in position 1: surrogates not allowed"],
    ['ab\udc00\ud800c', "'utf-8' codec can't encode characters in position 2-3: surrogates not allowed"],
    ['\u{1F600}\udfff', "'utf-8' codec can't encode character '\\udfff' in position 1: surrogates not allowed"],
    ['\ud800\u{1F600}\udc00', "'utf-8' codec can't encode character '\\ud800' in position 0: surrogates not allowed"],
  ])('%j', (text, message) => {
    expect(pyEncodeError(text)).toBe(message);
  });

  it('counts the position from where the text stands in the file', () => {
    expect(pyEncodeError('x\ud800', 10)).toBe("'utf-8' codec can't encode character '\\ud800' in position 11: surrogates not allowed");
    expect(pyEncodeError('fine \u{1F600}')).toBe(null);
  });
});

describe('str.count and the reference\'s line list', () => {
  it('counts non-overlapping occurrences, an empty needle len + 1 times', () => {
    expect(countUpTo2('aaa', 'aa')).toBe(1);
    expect(countUpTo2('aaaa', 'aa')).toBe(2);
    expect(countUpTo2('abab', '')).toBe(2);
    expect(countUpTo2('', '')).toBe(1);
    expect(countUpTo2('abc', 'x')).toBe(0);
  });

  it('a lone surrogate never matches half of a character', () => {
    expect(countUpTo2('\u{1F600}', '\ud83d')).toBe(0);
  });

  it('lists each line holding the needle once; a needle spanning lines is in none; an empty one in all', () => {
    expect(linesContaining('ab ab\nx\nab\n', 'ab')).toEqual([1, 3]);
    expect(linesContaining('a\nb\na\nb\n', 'a\nb')).toEqual([]);
    expect(linesContaining('x\ny', '')).toEqual([1, 2]);
    expect(pyList([1, 10])).toBe('[1, 10]');
    expect(pyList([true, false, 3])).toBe('[True, False, 3]');
  });
});

describe('maybe_truncate and the cat -n rendering', () => {
  it('cuts after 16,000 code points, not UTF-16 units', () => {
    const astral = '\u{1F600}'.repeat(16000);
    expect(maybeTruncate(astral)).toBe(astral);
    expect(maybeTruncate(`${astral}x`)).toBe(astral + TRUNCATED_MESSAGE);
    expect(maybeTruncate('abcdef', 3)).toBe(`abc${TRUNCATED_MESSAGE}`);
  });

  it('numbers lines as {n:6}\\t{line}, expanding tabs after the cut', () => {
    expect(catN('a\tb\n', '/f', 9)).toBe("Here's the result of running `cat -n` on /f:\n     9\ta       b\n    10\t\n");
    expect(catN('x', 'd', 1234567)).toBe("Here's the result of running `cat -n` on d:\n1234567\tx\n");
  });
});

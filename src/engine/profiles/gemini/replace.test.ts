// Gemini CLI's `replace` profile beyond its own tests (those are the contract suite): the build
// checks, where a path resolves, the bytes written (CRLF, trailing newline, BOM, invalid UTF-8,
// text the line split loses), the stage's steps and the updated-code snippet.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedSpans, jsdiffSpans, updatedCodeSnippet } from './snippet';
import { levenshtein } from './fuzzy';
import { omissionPlaceholders } from './params';
import { latin1, okResult, run, stagedFile, toolError, utf8, withBom, type Ran } from '../../../../tests/support/harness';

const R = '/root';
const go = (input: Record<string, unknown>, files: Record<string, string | Uint8Array> = {}) => run('replace', input, files, { options: { mount: R } });
const call = (file_path: string, old_string: string, new_string: string, extra: Record<string, unknown> = {}) => ({ file_path, instruction: 'i', old_string, new_string, ...extra });
const output = (r: Ran): string => okResult<{ output: string }>(r).output;
const modified = (path: string, n: number, snippet: string) => `Successfully modified file: ${path} (${n} replacements). Here is the updated code:\n${snippet}`;

// Property tests sized by runs; on a busy 2-core machine they can take well over vitest's 60 s
// default (one took more than that at a load of 16), so they get a generous bound of their own.
const PROPERTY_TIMEOUT = 300_000;

describe('build checks: the schema as ajv words it, first error only', () => {
  it.each([
    [{}, "params must have required property 'file_path'"],
    [{ file_path: 1 }, "params must have required property 'instruction'"],
    [{ file_path: '/root/a', old_string: 'a', new_string: 'b' }, "params must have required property 'instruction'"],
    [{ file_path: 1, instruction: 'i', old_string: 'a', new_string: 'b' }, 'params/file_path must be string'],
    [{ file_path: '/root/a', instruction: 'i', old_string: null, new_string: 'b' }, 'params/old_string must be string'],
    [{ file_path: '/root/a', instruction: 'i', old_string: 'a', new_string: 'b', allow_multiple: 'yes' }, 'params/allow_multiple must be boolean'],
    [{ file_path: '', instruction: 'i', old_string: 'a', new_string: 'b' }, "The 'file_path' parameter must be non-empty."],
  ])('%j → %s', async (input, message) => {
    expect(toolError(await go(input))).toEqual({ code: 'invalid_tool_params', message });
  });

  it('a non-object is refused by the validator itself', async () => {
    const r = await run('replace', 'text', {}, { options: { mount: R } });
    expect(toolError(r)).toEqual({ code: 'invalid_tool_params', message: 'Value of params must be an object' });
  });

  it('omission placeholders: comment and parenthesised forms, trailing dots, other words are code', () => {
    expect(omissionPlaceholders('  // Rest of   Methods ...\n(unchanged code ....)\n// rest of code ... more\nx = "..."')).toEqual(['rest of methods ...', 'unchanged code ...']);
  });
});

describe('where file_path points', () => {
  it('a relative path is the file under the mount', async () => {
    const r = await go(call('src/a.txt', 'x', 'y'), { 'src/a.txt': 'x' });
    expect(output(r)).toBe(modified('/root/src/a.txt', 1, 'y'));
  });

  it('a relative path naming no file is corrected to the one file whose path ends with it', async () => {
    const r = await go(call('b/a.txt', 'x', 'y'), { 'pkg/b/a.txt': 'x', 'other/a.txt': 'x' });
    expect(output(r)).toBe(modified('/root/pkg/b/a.txt', 1, 'y'));
    expect(r.outcome.warnings).toEqual(["file_path b/a.txt names no file under /root; the reference's path correction found the one file /root/pkg/b/a.txt"]);
  });

  it('two candidates: no correction, the path under the mount is missing', async () => {
    const r = await go(call('a.txt', 'x', 'y'), { 'p/a.txt': 'x', 'q/a.txt': 'x' });
    expect(toolError(r)).toEqual({ code: 'file_not_found', message: 'File not found: /root/a.txt' });
  });

  it('a leading @ is a file reference unless such a path exists', async () => {
    expect(output(await go(call('@src/a.txt', 'x', 'y'), { 'src/a.txt': 'x' }))).toBe(modified('/root/src/a.txt', 1, 'y'));
    const kept = await go(call('@src/new.txt', '', 'n'), { '@src/other.txt': '' });
    expect(output(kept)).toBe('Created new file: /root/@src/new.txt with provided content. Here is the updated code:\nn');
  });

  it('.. climbing out of the mount is outside the workspace', async () => {
    expect(toolError(await go(call('../x.txt', 'a', 'b')))).toEqual({
      code: 'invalid_tool_params',
      message: 'Path not in workspace: Attempted path "/x.txt" resolves outside the allowed workspace directories: /root or the project temp directory: /home/user/.gemini/tmp/project',
    });
  });

  it('a directory fails as Node reading it fails', async () => {
    expect(toolError(await go(call('/root/d', 'a', 'b'), { 'd/f.txt': '' }))).toEqual({ code: 'edit_preparation_failure', message: 'EISDIR: illegal operation on a directory, read' });
  });
});

describe('what is written', () => {
  it('mixed endings: every line ending becomes CRLF, with a warning', async () => {
    const r = await go(call('/root/m.txt', 'b', 'B'), { 'm.txt': 'a\r\nb\nc\n' });
    expect(latin1(r.fs.files.get('m.txt')!)).toBe('a\r\nB\r\nc\r\n');
    expect(r.outcome.warnings).toEqual(['/root/m.txt: the file has CRLF line endings, and the reference writes every line ending as CRLF: 2 LF line endings become CRLF']);
  });

  // Issue 16, item 11: `\r\r\n` endings lose their extra CR on every line, the untouched ones too.
  it('a CR before a CRLF ending is absorbed into it, on every line, with a warning that says how many', async () => {
    const r = await go(call('/root/cr.txt', 'b', 'B'), { 'cr.txt': 'a\r\r\nb\r\r\nc\r\r\nd\r\n' });
    expect(latin1(r.fs.files.get('cr.txt')!)).toBe('a\r\nB\r\nc\r\nd\r\n');
    expect(stagedFile(r).steps.map((s) => [s.strategy, s.rewrite ?? false])).toEqual([
      ['exact', false],
      ['crlf', true],
    ]);
    expect(r.outcome.warnings).toEqual(['/root/cr.txt: the reference reads CRLF as LF and writes every line ending as CRLF, so a carriage return right before a line ending is absorbed into it: 3 carriage returns are lost']);
  });

  it('the trailing newline is put back as a step of its own', async () => {
    const r = await go(call('/root/t.txt', 'b\n', 'c'), { 't.txt': 'a\nb\n' });
    expect(r.after['t.txt']).toBe('a\nc\n');
    expect(stagedFile(r).steps.map((s) => [s.strategy, s.rewrite ?? false])).toEqual([
      ['exact', false],
      ['trailing-newline', true],
    ]);
    expect(r.outcome.warnings).toEqual(["/root/t.txt: the reference keeps the file's trailing newline: the edit removed it, and it is put back"]);
  });

  it('a file without a final newline keeps having none', async () => {
    const r = await go(call('/root/t.txt', 'b', 'c\n'), { 't.txt': 'a\nb' });
    expect(r.after['t.txt']).toBe('a\nc');
  });

  it('a BOM is an ordinary character and stays', async () => {
    const r = await go(call('/root/b.txt', 'x', 'y'), { 'b.txt': withBom('x\n') });
    expect(latin1(r.fs.files.get('b.txt')!)).toBe(latin1(withBom('y\n')));
    expect(output(r)).toBe(modified('/root/b.txt', 1, '\uFEFFy\n'));
  });

  it('invalid UTF-8 is read as U+FFFD and written so', async () => {
    const r = await go(call('/root/u.txt', 'x', 'y'), { 'u.txt': Uint8Array.of(0x78, 0x0a, 0xff, 0x0a) });
    expect(latin1(r.fs.files.get('u.txt')!)).toBe(latin1(utf8('y\n\uFFFD\n')));
    expect(r.outcome.warnings).toEqual(['/root/u.txt: the reference reads the file as UTF-8 text; its invalid bytes become U+FFFD (EF BF BD) when it writes it back']);
  });

  it('a flexible match loses a line\'s text up to a lone CR, as the reference rejoins its lines', async () => {
    const r = await go(call('/root/c.txt', 'b\nc', 'B\nC'), { 'c.txt': 'a\rz\n  b\n  c\n' });
    expect(r.after['c.txt']).toBe('z\n  B\n  C\n');
    expect(r.outcome.warnings).toEqual([
      "/root/c.txt: old_string has no exact match; the reference's flexible match found it (whole lines equal once trimmed; new_string re-indented to the first matched line)",
      "/root/c.txt: the reference's flexible match rebuilds the file from its lines, and 2 characters in no line (a line's text up to a lone CR, U+2028 or U+2029, or a CR before a CR LF) are lost",
    ]);
    expect(stagedFile(r).steps.map((s) => s.strategy)).toEqual(['line-split', 'flexible']);
  });

  it('identical strings that match: no change', async () => {
    expect(toolError(await go(call('/root/a.txt', 'x', 'x'), { 'a.txt': 'x' }))).toEqual({
      code: 'edit_no_change',
      message: 'No changes to apply. The old_string and new_string are identical in file: /root/a.txt',
    });
  });

  it('modified_by_user (not declared, not forbidden) adds the reference\'s sentence', async () => {
    const r = await go(call('/root/a.txt', 'x', 'y', { modified_by_user: true }), { 'a.txt': 'x' });
    expect(output(r)).toBe(`${modified('/root/a.txt', 1, 'y')} User modified the \`new_string\` content to be: y.`);
    // The reference reads the field, so the run does not call it ignored; a field it does not read is.
    expect(r.outcome.warnings).toEqual([]);
    const stray = await go(call('/root/a.txt', 'x', 'y', { expected_replacements: 1 }), { 'a.txt': 'x' });
    expect(stray.outcome.warnings).toEqual(['The tool ignores a field it does not know: expected_replacements']);
  });
});

describe('updated-code snippet', () => {
  it('5 lines of context, `...` for lines left out', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `l${i + 1}`);
    const after = lines.map((l) => (l === 'l15' ? 'X' : l));
    expect(updatedCodeSnippet(lines.join('\n') + '\n', after.join('\n') + '\n')).toBe(['...', ...after.slice(9, 20), '...'].join('\n'));
  });

  it('the shortcut for a block with no common line agrees with jsdiff', () => {
    const text = fc.array(fc.constantFrom('a\n', 'b\n', 'c\r\n', 'a\r\n', 'd'), { maxLength: 12 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(changedSpans(a, b)).toEqual(jsdiffSpans(a, b));
        const crlf = b.replaceAll('\r\n', '\n').replaceAll('\n', '\r\n');
        expect(changedSpans(a, crlf)).toEqual(jsdiffSpans(a, crlf));
      }),
      { numRuns: 2000 },
    );
  }, PROPERTY_TIMEOUT);

  it('heads and tails longer than the compared chunks agree with jsdiff, and the snippet reads the lines split(/\\r?\\n/) gives', () => {
    // The snippet as the reference builds it: every line split out, the shown ones joined.
    const bySplit = (original: string, written: string): string => {
      const spans = changedSpans(original, written);
      if (original === '' || spans.length === 0) return written;
      const lines = written.split(/\r?\n/);
      const widened = spans.map((s) => ({ start: Math.max(0, s.start - 5), end: Math.min(lines.length, s.end + 5) })).sort((x, y) => x.start - y.start);
      const merged: { start: number; end: number }[] = [];
      for (const s of widened) {
        const last = merged[merged.length - 1];
        if (last !== undefined && s.start <= last.end) last.end = Math.max(last.end, s.end);
        else merged.push({ ...s });
      }
      const parts: string[] = [];
      let shownTo = 0;
      for (const s of merged) {
        if (s.start > shownTo) parts.push('...');
        parts.push(lines.slice(s.start, s.end).join('\n'));
        shownTo = s.end;
      }
      if (shownTo < lines.length) parts.push('...');
      return parts.join('\n');
    };
    const piece = fc.array(fc.constantFrom('a', 'b', '\n', '\r', '\r\n', 'line of text\n'), { maxLength: 40 }).map((xs) => xs.join(''));
    const big = fc.tuple(fc.nat(3000), fc.constantFrom('x\n', 'y\r\n', 'z'));
    fc.assert(
      fc.property(big, piece, piece, big, (head, a, b, tail) => {
        const h = head[1].repeat(head[0]);
        const t = tail[1].repeat(tail[0]);
        const before = h + a + t;
        const after = h + b + t;
        expect(changedSpans(before, after)).toEqual(jsdiffSpans(before, after));
        expect(updatedCodeSnippet(before, after)).toBe(bySplit(before, after));
      }),
      { numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT);

  it('the linear head, tail and middle agree with jsdiff on any text, small middles and large', () => {
    const chars = fc.array(fc.constantFrom('a', 'b', '\n', '\r', '\r\n'), { maxLength: 160 }).map((xs) => xs.join(''));
    const manyLines = fc.array(fc.constantFrom('a\n', 'b\n', 'ab\n', 'c\r\n', 'd'), { minLength: 60, maxLength: 200 }).map((xs) => xs.join(''));
    for (const text of [chars, manyLines]) {
      fc.assert(
        fc.property(text, text, (a, b) => {
          expect(changedSpans(a, b)).toEqual(jsdiffSpans(a, b));
          expect(changedSpans(a, a + b)).toEqual(jsdiffSpans(a, a + b));
          expect(changedSpans(b + a, a)).toEqual(jsdiffSpans(b + a, a));
        }),
        { numRuns: 1500 },
      );
    }
  }, PROPERTY_TIMEOUT);

  it('levenshtein is the edit distance', () => {
    expect([levenshtein('kitten', 'sitting'), levenshtein('', 'abc'), levenshtein('flaw', 'lawn')]).toEqual([3, 3, 2]);
  });
});

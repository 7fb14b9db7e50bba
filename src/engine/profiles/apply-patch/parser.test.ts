// apply_patch's parser (codex-rs/apply-patch/src/parser.rs): the grammar, codex's leniency, and
// its error texts and line numbers. Cases re-express parser.rs's own unit tests where named.

import { describe, expect, it } from 'vitest';
import { parseErrorText, parsePatch, type Chunk, type Hunk } from './parser';
import { linesRust, trimEndRust, trimRust } from './rust-text';

function hunks(patch: string): Hunk[] {
  const p = parsePatch(patch);
  if (!p.ok) throw new Error(parseErrorText(p.error));
  return p.hunks;
}

function error(patch: string): string {
  const p = parsePatch(patch);
  if (p.ok) throw new Error(`parsed: ${JSON.stringify(p.hunks)}`);
  return parseErrorText(p.error);
}

const chunk = (c: Partial<Chunk>): Chunk => ({ changeContext: null, oldLines: [], newLines: [], contextLines: [], isEndOfFile: false, ...c });

describe('patch boundaries (test_parse_patch)', () => {
  it('a first line other than "*** Begin Patch" is an invalid patch', () => {
    expect(error('bad')).toBe("invalid patch: The first line of the patch must be '*** Begin Patch'");
  });

  it('a missing "*** End Patch" is an invalid patch', () => {
    expect(error('*** Begin Patch\nbad')).toBe("invalid patch: The last line of the patch must be '*** End Patch'");
  });

  it('an empty input has no first line, so codex names the last', () => {
    expect(error('')).toBe("invalid patch: The last line of the patch must be '*** End Patch'");
    expect(error('  \n\n ')).toBe("invalid patch: The last line of the patch must be '*** End Patch'");
  });

  it('markers padded with spaces are accepted (the whole text and each marker line are trimmed)', () => {
    expect(hunks('*** Begin Patch \n*** Add File: foo\n+hi\n *** End Patch')).toEqual([{ kind: 'add', path: 'foo', contents: 'hi\n' }]);
  });

  it('a patch with no operation parses to no hunks', () => {
    expect(hunks('*** Begin Patch\n*** End Patch')).toEqual([]);
  });

  it('CRLF line breaks in the patch are read as LF (Rust str::lines)', () => {
    expect(hunks('*** Begin Patch\r\n*** Add File: a\r\n+x\r\n*** End Patch\r\n')).toEqual([{ kind: 'add', path: 'a', contents: 'x\n' }]);
  });
});

describe('heredoc-wrapped patches (test_parse_patch_lenient)', () => {
  const inner = '*** Begin Patch\n*** Update File: file2.py\n import foo\n+bar\n*** End Patch';
  const expected: Hunk[] = [
    { kind: 'update', path: 'file2.py', movePath: null, chunks: [chunk({ oldLines: ['import foo'], newLines: ['import foo', 'bar'], contextLines: [0, 0] })] },
  ];

  it.each(['<<EOF', "<<'EOF'", '<<"EOF"'])('%s ... EOF is unwrapped', (open) => {
    expect(hunks(`${open}\n${inner}\nEOF\n`)).toEqual(expected);
  });

  it('mismatched quotes are not a heredoc', () => {
    expect(error(`<<"EOF'\n${inner}\nEOF\n`)).toBe("invalid patch: The first line of the patch must be '*** Begin Patch'");
  });

  it('a heredoc whose patch lacks "*** End Patch" reports the inner patch', () => {
    expect(error('<<EOF\n*** Begin Patch\n*** Update File: file2.py\nEOF\n')).toBe("invalid patch: The last line of the patch must be '*** End Patch'");
  });
});

describe('file operations (test_parse_patch)', () => {
  it('add, delete, and update with a move and an @@ context line', () => {
    const patch = '*** Begin Patch\n*** Add File: path/add.py\n+abc\n+def\n*** Delete File: path/delete.py\n*** Update File: path/update.py\n*** Move to: path/update2.py\n@@ def f():\n-    pass\n+    return 123\n*** End Patch';
    expect(hunks(patch)).toEqual([
      { kind: 'add', path: 'path/add.py', contents: 'abc\ndef\n' },
      { kind: 'delete', path: 'path/delete.py' },
      { kind: 'update', path: 'path/update.py', movePath: 'path/update2.py', chunks: [chunk({ changeContext: 'def f():', oldLines: ['    pass'], newLines: ['    return 123'] })] },
    ]);
  });

  it('an update followed by another operation', () => {
    expect(hunks('*** Begin Patch\n*** Update File: file.py\n@@\n+line\n*** Add File: other.py\n+content\n*** End Patch')).toEqual([
      { kind: 'update', path: 'file.py', movePath: null, chunks: [chunk({ newLines: ['line'] })] },
      { kind: 'add', path: 'other.py', contents: 'content\n' },
    ]);
  });

  it('the first chunk may omit its @@ line', () => {
    expect(hunks('*** Begin Patch\n*** Update File: file2.py\n import foo\n+bar\n*** End Patch')[0]).toEqual({
      kind: 'update',
      path: 'file2.py',
      movePath: null,
      chunks: [chunk({ oldLines: ['import foo'], newLines: ['import foo', 'bar'], contextLines: [0, 0] })],
    });
  });

  it('an update with no chunk is an invalid hunk at its header line', () => {
    expect(error('*** Begin Patch\n*** Update File: test.py\n*** End Patch')).toBe("invalid hunk at line 2, Update file hunk for path 'test.py' is empty");
  });

  it('an add with no lines creates an empty file', () => {
    expect(hunks('*** Begin Patch\n*** Add File: empty\n*** End Patch')).toEqual([{ kind: 'add', path: 'empty', contents: '' }]);
  });

  it('absolute and relative paths are kept as written (test_parse_patch_accepts_relative_and_absolute_hunk_paths)', () => {
    expect(hunks('*** Begin Patch\n*** Add File: relative-add.py\n+content\n*** Delete File: /tmp/x/absolute-delete.py\n*** End Patch')).toEqual([
      { kind: 'add', path: 'relative-add.py', contents: 'content\n' },
      { kind: 'delete', path: '/tmp/x/absolute-delete.py' },
    ]);
  });

  it('an unknown header names the trimmed line (test_parse_one_hunk)', () => {
    expect(error('*** Begin Patch\n  bad  \n*** End Patch')).toBe(
      "invalid hunk at line 2, 'bad' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'",
    );
  });

  it('line numbers count the lines of earlier operations', () => {
    expect(error('*** Begin Patch\n*** Add File: a\n+1\n+2\n*** Frobnicate File: foo\n*** End Patch')).toMatch(/^invalid hunk at line 5, '\*\*\* Frobnicate File: foo'/);
  });

  it('"*** Move to:" is matched on the untrimmed line, so its trailing spaces stay in the path', () => {
    expect(hunks('*** Begin Patch\n*** Update File: a\n*** Move to: b \n@@\n-x\n+y\n*** End Patch')[0]).toMatchObject({ movePath: 'b ' });
  });
});

describe('update chunks (test_update_file_chunk)', () => {
  const update = (body: string) => `*** Begin Patch\n*** Update File: f\n${body}\n*** End Patch`;

  it('a second chunk without @@ is an error naming the line', () => {
    expect(error('*** Begin Patch\n*** Update File: f\n@@\n-a\n\tbad\n*** End Patch')).toBe(
      "invalid hunk at line 5, Expected update hunk to start with a @@ context marker, got: '\tbad'",
    );
  });

  it('"@@" alone with nothing after it contains no lines', () => {
    expect(error('*** Begin Patch\n*** Update File: f\n@@\n*** End Patch')).toBe('invalid hunk at line 4, Update hunk does not contain any lines');
    expect(error('*** Begin Patch\n*** Update File: f\n@@\n@@\n*** End Patch')).toBe("invalid hunk at line 4, Unexpected line found in update hunk: '@@'. Every line should start with ' ' (context line), '+' (added line), or '-' (removed line)");
  });

  it('a line with another prefix right after @@ is an unexpected line', () => {
    expect(error(update('@@\nbad'))).toBe(
      "invalid hunk at line 4, Unexpected line found in update hunk: 'bad'. Every line should start with ' ' (context line), '+' (added line), or '-' (removed line)",
    );
  });

  it('"*** End of File" right after @@ contains no lines', () => {
    expect(error(update('@@\n*** End of File'))).toBe('invalid hunk at line 4, Update hunk does not contain any lines');
  });

  it('context, removed and added lines, an empty line as empty context, ending at the next marker', () => {
    expect(hunks(update('@@ change_context\n\n context\n-remove\n+add\n context2'))[0]).toEqual({
      kind: 'update',
      path: 'f',
      movePath: null,
      chunks: [
        chunk({
          changeContext: 'change_context',
          oldLines: ['', 'context', 'remove', 'context2'],
          newLines: ['', 'context', 'add', 'context2'],
          contextLines: [0, 0, 1, 1, 3, 3],
        }),
      ],
    });
  });

  it('"*** End of File" marks the chunk', () => {
    expect(hunks(update('@@\n+line\n*** End of File'))[0]).toMatchObject({ chunks: [chunk({ newLines: ['line'], isEndOfFile: true })] });
  });

  it('an empty line inside a chunk is empty context, even right before the next @@; a whitespace-only line is context', () => {
    const [h] = hunks(update('@@\n-a\n+b\n\n@@\n-c\n+d'));
    expect(h).toMatchObject({ chunks: [chunk({ oldLines: ['a', ''], newLines: ['b', ''], contextLines: [1, 1] }), chunk({ oldLines: ['c'], newLines: ['d'] })] });
    const [k] = hunks(update('@@\n-a\n   \n+b'));
    expect(k).toMatchObject({ chunks: [chunk({ oldLines: ['a', '  '], newLines: ['  ', 'b'], contextLines: [1, 0] })] });
  });
});

describe('Rust string semantics', () => {
  it('trim removes Unicode White_Space, not U+FEFF', () => {
    expect(trimRust('\u3000\u00a0 x\t\u0085')).toBe('x');
    expect(trimRust('\ufeffx')).toBe('\ufeffx');
    expect(trimEndRust('  x  \t')).toBe('  x');
  });

  it('lines drops a \\r only before a \\n', () => {
    expect(linesRust('a\r\nb\r')).toEqual(['a', 'b\r']);
    expect(linesRust('a\n\nb\n')).toEqual(['a', '', 'b']);
    expect(linesRust('')).toEqual([]);
  });
});

// The parts of aider's dialect one at a time. Expected values are what CPython 3.11 and aider's
// own functions return for the same input (Aider-AI/aider @5dc9490b; difflib; diff-match-patch).

import { describe, expect, it } from 'vitest';
import { fromFindReplace, toFindReplace } from './convert';
import { diffLines } from './dmp-cleanup';
import { findBlocks, findFilename } from './editblock-parse';
import { findSimilarLines, replaceMostSimilarChunk, stripQuotedWrapping } from './editblock-replace';
import { chooseFence, type Fence } from './fence';
import * as hooks from './hooks';
import { pathName, pyStrip, splitKeep, splitLines } from './python';
import { recogniseAiderReply } from './recognise';
import { closestMatch, fullHunk, SequenceMatcher } from './sequence-matcher';
import { normalizeHunk } from './udiff-apply';
import { findDiffs } from './udiff-parse';
import { findWholeEdits } from './wholefile';

const TRIPLE: Fence = ['```', '```'];

describe("Python's str", () => {
  it('splitlines cuts at every line boundary Python knows, CR LF as one', () => {
    expect(splitKeep('a\x0bb\x1cc\u2028d\r\ne\rf')).toEqual(['a\x0b', 'b\x1c', 'c\u2028', 'd\r\n', 'e\r', 'f']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('')).toEqual([]);
  });
  it('strip removes Python whitespace, not a BOM', () => {
    expect(pyStrip('\x1c\u3000 a \u0085')).toBe('a');
    expect(pyStrip('\uFEFFa')).toBe('\uFEFFa');
  });
  it('PurePosixPath.name', () => {
    expect(['dir/file3.py', '\\windows\\__init__.py', 'a/b/', 'a/.', '/'].map(pathName)).toEqual(['file3.py', '\\windows\\__init__.py', 'b', 'a', '']);
  });
});

describe('difflib', () => {
  it('ratio over lists of lines', () => {
    expect(new SequenceMatcher(['a', 'b', 'c'], ['a', 'x', 'c']).ratio()).toBe(0.6666666666666666);
  });
  it('autojunk: an element in more than 1% of a b of 200 or more never starts a match', () => {
    const a = [...Array(150).fill('x'), ...Array(60).fill('y')];
    const b = [...Array(130).fill('y'), ...Array(90).fill('x')];
    expect(new SequenceMatcher(a, b).ratio()).toBe(0);
  });
  it('opcodes', () => {
    expect(new SequenceMatcher([...'abcd'], [...'bcda']).opcodes()).toEqual([
      ['delete', 0, 1, 0, 0],
      ['equal', 1, 4, 0, 3],
      ['insert', 4, 4, 3, 4],
    ]);
  });
  it('get_close_matches(n=1): the best, a tie going to the greater string', () => {
    expect(closestMatch('abcd', ['abce', 'abcf'], 0.7)).toBe('abcf');
    expect(closestMatch('zzzz', ['abce'], 0.7)).toBeNull();
  });
  it('unified_diff with full context, headers dropped', () => {
    expect(fullHunk(['a\n', 'b\n', 'c\n'], ['a\n', 'c\n', 'd\n'])).toEqual([' a\n', '-b\n', ' c\n', '+d\n']);
    expect(fullHunk(['a\n'], ['a\n'])).toEqual([]);
  });
});

describe("diff-match-patch's line diff (aider's diff_lines)", () => {
  it('inserts and deletes', () => {
    expect(diffLines('one\ntwo\nthree\nfour\n', 'zero\none\nthree\nfour\nfive\n')).toEqual(['+zero\n', ' one\n', '-two\n', ' three\n', ' four\n', '+five\n']);
  });
  it('the semantic cleanup folds a short equality into the changes around it', () => {
    expect(diffLines('a\nb\nc\nd\ne\nf\n', 'a\nx\nc\nd\ny\nf\n')).toEqual([' a\n', '-b\n', '-c\n', '-d\n', '-e\n', '+x\n', '+c\n', '+d\n', '+y\n', ' f\n']);
  });
  it('a long random pair ends as one replacement', () => {
    const A = 'e\nc\nc\ne\na\nd\nb\na\nb\na\nc\nd\nb\nd\ne\na\ne\nb\na\nb\nd\nc\nb\nd\nb\na\nb\ne\ne\nd\nb\nb\na\na\nb\nb\nb\nb\nc\nc\n';
    const B = 'b\ne\nb\nb\nb\nd\nc\na\nc\nd\nb\nb\nc\na\nc\nc\ne\ne\na\ne\nc\na\nc\nc\nc\nd\nc\nb\nd\nd\nb\na\nc\na\nc\nd\na\ne\nd\nc\n';
    const out = diffLines(A, B);
    expect(out.filter((l) => l[0] === '-').join('')).toBe(A.slice(0, -2).replace(/^/gm, '-').replace(/-$/, ''));
    expect(out.slice(-1)).toEqual([' c\n']);
    expect(out.filter((l) => l[0] === '+').map((l) => l.slice(1)).join('')).toBe(B.slice(0, -2));
  });
});

describe('editblock_coder.py', () => {
  const valid = ['file1.py', 'file2.py', 'dir/file3.py', '\\windows\\__init__.py'];
  it('find_filename (test_find_filename, every assertion)', () => {
    expect(findFilename(['file1.py', '```'], TRIPLE, valid)).toBe('file1.py');
    expect(findFilename(['```python', 'file3.py', '```'], TRIPLE, valid)).toBe('dir/file3.py');
    expect(findFilename(['```', 'invalid_file.py', '```'], TRIPLE, valid)).toBe('invalid_file.py');
    expect(findFilename(['```python', 'file1.py', '```', '```', 'file2.py', '```'], TRIPLE, valid)).toBe('file2.py');
    expect(findFilename(['# file1.py', '```'], TRIPLE, valid)).toBe('file1.py');
    expect(findFilename(['file1_py', '```'], TRIPLE, valid)).toBe('file1.py');
    expect(findFilename(['\\windows__init__.py', '```'], TRIPLE, valid)).toBe('\\windows\\__init__.py');
  });
  it('strip_quoted_wrapping (its three tests)', () => {
    expect(stripQuotedWrapping('filename.ext\n```\nWe just want this content\nNot the filename and triple quotes\n```', 'filename.ext', TRIPLE)).toBe(
      'We just want this content\nNot the filename and triple quotes\n',
    );
    expect(stripQuotedWrapping('```\nWe just want this content\nNot the triple quotes\n```', null, TRIPLE)).toBe('We just want this content\nNot the triple quotes\n');
    expect(stripQuotedWrapping('We just want this content\nNot the triple quotes\n', null, TRIPLE)).toBe('We just want this content\nNot the triple quotes\n');
  });
  it('replace_most_similar_chunk: which rule found the lines', () => {
    expect(replaceMostSimilarChunk('    line1\n    line2\n    line3\n', 'line1\nline2\n', 'new_line1\nnew_line2\n')).toEqual({
      text: '    new_line1\n    new_line2\n    line3\n',
      strategy: 'leading-whitespace',
    });
    expect(replaceMostSimilarChunk('a\nb\nc\n', 'a\n...\nc\n', 'A\n...\nC\n')).toEqual({ text: 'A\nb\nC\n', strategy: 'dotdotdots' });
    expect(replaceMostSimilarChunk('a\nb\n', 'a\n...\n', 'A\n')).toBeNull();
  });
  it('find_similar_lines: the lines themselves when both ends match, else five lines around', () => {
    const content = Array.from({ length: 20 }, (_, i) => `l${i}`).join('\n');
    expect(findSimilarLines('l8\nl9\nl10\n', content)).toBe('l8\nl9\nl10');
    expect(findSimilarLines('lX\nl9\nl10\nl11\n', content)).toBe('l3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\nl13\nl14\nl15\nl16');
    expect(findSimilarLines('zz\n', content)).toBe('');
  });
  it('find_original_update_blocks: a shell block is not an edit', () => {
    expect(findBlocks('```bash\nls -l\n```\nx.py\n<<<<<<< SEARCH\n=======\nhi\n>>>>>>> REPLACE\n', TRIPLE, [])).toEqual({
      ok: true,
      blocks: [{ path: 'x.py', search: '', replace: 'hi\n' }],
      shell: ['ls -l\n'],
    });
  });
  it('choose_fence: the first fence no line of the chat starts with', () => {
    expect(chooseFence(['a\n```\n'])).toEqual({ fence: ['````', '````'], fallback: false });
    expect(chooseFence(['```\n````\n'])).toEqual({ fence: ['<source>', '</source>'], fallback: false });
    expect(chooseFence(['```', '````', '<source>', '<code>', '<pre>', '<codeblock>', '<sourcecode>']).fallback).toBe(true);
  });
});

describe('udiff_coder.py', () => {
  it('find_diffs (test_find_multi_diffs): two hunks, the first of 3 lines', () => {
    const hunks = findDiffs('```diff\n--- a.py\n+++ a.py\n@@ ... @@\n x\n y\n+z\n\n--- b.py\n+++ b.py\n@@ ... @@\n-p\n+q\n```\n');
    expect(hunks).toEqual([
      { path: 'a.py', lines: [' x\n', ' y\n', '+z\n'] },
      { path: 'b.py', lines: ['-p\n', '+q\n'] },
    ]);
  });
  it('a ```diff fence on the last line: Python reads a loop variable that was never set', () => {
    expect(() => findDiffs('text\n```diff')).toThrow("cannot access local variable 'line_num' where it is not associated with a value");
  });
  it('normalize_hunk: a whitespace-only line keeps only its line break', () => {
    expect(normalizeHunk([' a\n', '    \n', '-b\n', '+c\n'])).toEqual([' a\n', ' \n', '-b\n', '+c\n']);
  });
});

describe('wholefile_coder.py', () => {
  it('a name from the line before the fence wins over a quoted one', () => {
    const parsed = findWholeEdits('See `a.txt`:\n\n```\none\n```\na.txt\n```\ntwo\n```\n', TRIPLE, ['a.txt']);
    expect(parsed).toEqual({ ok: true, edits: [{ path: 'a.txt', source: 'block', content: 'two\n' }] });
  });
});

describe('a pasted reply', () => {
  it('is recognised by its SEARCH marker or its ```diff fence, never as whole', () => {
    expect(recogniseAiderReply('x.py\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n')).toEqual({ reply: 'x.py\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n', format: 'diff' });
    expect(recogniseAiderReply('ok\n```diff\n--- a\n+++ a\n@@ @@\n-x\n+y\n```\n')?.format).toBe('udiff');
    expect(recogniseAiderReply('a.txt\n```\nnew\n```\n')).toBeNull();
    expect(recogniseAiderReply('*** Begin Patch\n*** End Patch')).toBeNull();
  });
});

describe('find/replace conversion', () => {
  it('one block per edit, and back', () => {
    const input = fromFindReplace([
      { path: 'a.py', search: 'x = 1', replace: 'x = 2\n' },
      { path: 'new.md', search: '', replace: '# New\n' },
    ]);
    expect(input).toEqual({ reply: 'a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n\nnew.md\n<<<<<<< SEARCH\n=======\n# New\n>>>>>>> REPLACE\n', format: 'diff' });
    expect(toFindReplace(input)).toEqual([
      { path: 'a.py', search: 'x = 1\n', replace: 'x = 2\n' },
      { path: 'new.md', search: '', replace: '# New\n' },
    ]);
    expect(toFindReplace({ reply: 'a.txt\n```\nx\n```\n', format: 'whole' })).toBeNull();
    expect(toFindReplace({ reply: '<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n' })).toBeNull();
  });
});

describe('hooks', () => {
  const reply = 'a.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n\nb.py\n<<<<<<< SEARCH\n=======\nnew\n>>>>>>> REPLACE\n';
  it('claim the tool and the blocks a transcript lists', () => {
    expect(hooks.claimsCall('aider_edit', {})).toBe(true);
    expect(hooks.claimsCall('aider', {})).toBe(false);
    expect(hooks.claimsCall('aider_search_replace', { path: 'a.py', search: 'x\n', replace: 'y\n' })).toBe(true);
    expect(hooks.claimsCall('aider_search_replace', { search: 'x\n', replace: 'y\n' })).toBe(false);
    expect(hooks.claimsCall('aider_reply', { reply, format: 'diff-fenced' })).toBe(true);
    expect(hooks.claimsCall('aider_reply', { reply, format: 'architect' })).toBe(false);
    expect(hooks.claimsCall('Edit', {})).toBe(false);
  });
  it("judge aider's answers: `Applied edit to` lines in any order, a Windows path's separators aside", () => {
    // AFI-Protocol/afi-core `.aider.chat.history.md` @59f26499 (MIT) line 1914: three files of one reply, in a Python set's order.
    expect(hooks.sameOutput('Applied edit to dist/dags/index.js\nApplied edit to dist/dags/signalProcessingDAG.js\nApplied edit to dist/index.js', 'Applied edit to dist/dags/index.js\nApplied edit to dist/index.js\nApplied edit to dist/dags/signalProcessingDAG.js')).toBe(true);
    expect(hooks.sameOutput('Applied edit to packages/module/es/src/CONVENTIONS.md', 'Applied edit to packages\\module\\es\\src\\CONVENTIONS.md')).toBe(true);
    expect(hooks.sameOutput('Applied edit to a.py\nApplied edit to b.py', 'Applied edit to a.py')).toBe(false);
    expect(hooks.sameOutput('Applied edit to a.py\nApplied edit to a.py', 'Applied edit to a.py\nApplied edit to b.py')).toBe(false);
    expect(hooks.sameOutput('Applied edit to a.py', 'Applied edit to A.py')).toBe(false);
    // A failure message: the path lines' separators aside, line by line and in order.
    const failed = (p: string, tail = 'x'): string => `# 1 SEARCH/REPLACE block failed to match!\n\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in ${p}\n<<<<<<< SEARCH\n${tail}\n=======\ny\n>>>>>>> REPLACE\n\nDid you mean to match some of these actual lines from ${p}?`;
    expect(hooks.sameOutput(failed('src/a.ts'), failed('src\\a.ts'))).toBe(true);
    expect(hooks.sameOutput(failed('src/a.ts', 'a\\b'), failed('src/a.ts', 'a/b'))).toBe(false);
    expect(hooks.sameOutput('The REPLACE lines are already in src/a.ts!\nb', 'b\nThe REPLACE lines are already in src\\a.ts!')).toBe(false);
  });
  it('name the paths a reply names and creates', () => {
    expect(hooks.paths({ reply })).toEqual(['a.py', 'b.py']);
    expect(hooks.createdPaths({ reply })).toEqual(['b.py']);
    expect(hooks.paths({ reply: '```diff\n--- a/x.md\n+++ b/x.md\n@@ @@\n-a\n+b\n```\n', format: 'udiff' })).toEqual(['x.md']);
    expect(hooks.paths({ reply: 'w.txt\n```\nhi\n```\n', format: 'whole' })).toEqual(['w.txt']);
    expect(hooks.paths({ path: 'c.py', search: 'x\n', replace: 'y\n' })).toEqual(['c.py']);
    expect(hooks.paths(42)).toEqual([]);
  });
  it('convert to and from a plain find/replace', () => {
    expect(hooks.toPlain({ reply }, 'a.py')).toEqual({ path: 'a.py', edits: [{ old: 'x\n', new: 'y\n', replaceAll: false }] });
    expect(hooks.toPlain({ reply }, 'c.py')).toBeNull();
    expect(hooks.fromPlain({ path: 'a.py', edits: [{ old: 'x', new: 'y', replaceAll: false }] })).toEqual({
      ok: true,
      input: { reply: 'a.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n', format: 'diff' },
    });
    expect(hooks.fromPlain({ path: 'a.py', edits: [{ old: 'x', new: 'y', replaceAll: true }] }).ok).toBe(false);
  });
  it('recognise a pasted reply by its SEARCH line', () => {
    expect(hooks.BARE_TEXT.test(reply)).toBe(true);
    expect(hooks.BARE_TEXT.test('*** Begin Patch\n')).toBe(false);
  });
});

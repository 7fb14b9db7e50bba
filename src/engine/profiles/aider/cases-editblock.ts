// Contract cases for the `diff` format, re-expressed from aider's tests/basic/test_editblock.py
// (Aider-AI/aider @5dc9490bb35f9729ef2c95d00a19ccd30c26339c, Apache-2.0). The reference tests call
// aider's functions directly (find_filename, replace_most_similar_chunk, strip_quoted_wrapping,
// find_original_update_blocks) or run a Coder on a temp folder; each becomes a call of the tool on
// an in-memory workspace mounted at /repo, with the texts aider writes and sends back in full.

import { at, blocks, type AiderCase } from './case-kit';
import { EDITBLOCK_REPLY_CASES } from './cases-editblock-replies';

const DOC = 'Aider-AI/aider@5dc9490b tests/basic/test_editblock.py';
const src = (test: string, detail?: string) => ({ document: DOC, case: detail === undefined ? `TestUtils.${test}` : `TestUtils.${test} (${detail})` });

// aider's test also lists `\\windows\\__init__.py`; a browser's private file system refuses a
// backslash in a file name, and every case runs in Node and in the browser (`test --browser`), so
// that path and its fuzzy-match assertion are a unit test instead (units.test.ts, findFilename).
const VALID = ['file1.py', 'file2.py', 'dir/file3.py'];
const validFiles = at(Object.fromEntries(VALID.map((f) => [f, 'one\n'])));

/** test_find_filename: the lines before a block name its file; each assertion edits the file it names. */
const findFilename: AiderCase[] = [
  ['alone', 'file1.py\n```\n', 'file1.py', 'filename on a single line'],
  ['in-fence', '```python\nfile3.py\n```\n', 'dir/file3.py', 'filename in fence: the chat file with that base name'],
  ['multiple-fences', '```python\nfile1.py\n```\n```\nfile2.py\n```\n', 'file2.py', 'multiple fences: only the three lines before count'],
  ['hash', '# file1.py\n```\n', 'file1.py', 'filename having extra characters'],
  ['fuzzy', 'file1_py\n```\n', 'file1.py', 'fuzzy matching'],
].map(([id, before, file, detail]): AiderCase => ({
  id: `find-filename-${id}`,
  title: `find_filename: ${detail} → ${file}`,
  source: src('test_find_filename', detail),
  given: { files: validFiles },
  when: { reply: `${before}<<<<<<< SEARCH\none\n=======\nuno\n>>>>>>> REPLACE\n\`\`\`\n`, chat_files: VALID },
  then: { result: { output: `Applied edit to ${file}` }, files: at({ [file!]: 'uno\n' }), warnings: [] },
}));

const NOT_FOUND_REPLY = '```\ninvalid_file.py\n```\n<<<<<<< SEARCH\nzero\n=======\nnil\n>>>>>>> REPLACE\n```\n';
findFilename.push({
  id: 'find-filename-no-valid',
  title: 'find_filename: no chat file matches, so the name as written (aider creates it empty, then the block fails)',
  source: src('test_find_filename', 'no valid filename'),
  given: { files: validFiles },
  when: { reply: NOT_FOUND_REPLY, chat_files: VALID },
  then: {
    error: {
      code: 'ValueError',
      message:
        '# 1 SEARCH/REPLACE block failed to match!\n\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in invalid_file.py\n<<<<<<< SEARCH\nzero\n=======\nnil\n>>>>>>> REPLACE\n\n' +
        'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n',
    },
    files: at({ 'invalid_file.py': null }),
    warnings: ['aider writes each edit that applies as it goes and creates a missing file before editing it; it would have left on disk: invalid_file.py (created empty)'],
  },
});

const WRAPPED = 'We just want this content\nNot the filename and triple quotes\n';
const stripWrapping: AiderCase[] = [
  ['filename', 'filename.ext\n```\nWe just want this content\nNot the filename and triple quotes\n```\n', 'test_strip_quoted_wrapping'],
  ['no-filename', '```\nWe just want this content\nNot the filename and triple quotes\n```\n', 'test_strip_quoted_wrapping_no_filename'],
  ['no-wrapping', WRAPPED, 'test_strip_quoted_wrapping_no_wrapping'],
].map(([id, search, test]): AiderCase => ({
  id: `strip-wrapping-${id}`,
  title: `strip_quoted_wrapping: a SEARCH ${id === 'no-wrapping' ? 'without wrapping is used as is' : 'wrapped in its file name and a fence is unwrapped'}`,
  source: src(test!),
  given: { files: at({ 'filename.ext': `first\n${WRAPPED}last\n` }) },
  when: { reply: blocks(['filename.ext', search!, 'Replaced\n']) },
  then: { result: { output: 'Applied edit to filename.ext' }, files: at({ 'filename.ext': 'first\nReplaced\nlast\n' }), warnings: [] },
}));

const parsing: AiderCase[] = [
  {
    id: 'blocks-name-in-fence',
    title: 'find_original_update_blocks: the name inside the fence (diff-fenced)',
    source: src('test_find_original_update_blocks'),
    given: { files: at({ 'foo.txt': 'One\nTwo\nThree\n' }) },
    when: { reply: "\nHere's the change:\n\n```text\nfoo.txt\n<<<<<<< SEARCH\nTwo\n=======\nTooooo\n>>>>>>> REPLACE\n```\n\nHope you like it!\n", format: 'diff-fenced' },
    then: { result: { output: 'Applied edit to foo.txt' }, files: at({ 'foo.txt': 'One\nTooooo\nThree\n' }), warnings: [] },
  },
  {
    id: 'blocks-quote-below-filename',
    title: 'find_original_update_blocks: the name on the line before the fence',
    source: src('test_find_original_update_blocks_quote_below_filename'),
    given: { files: at({ 'foo.txt': 'One\nTwo\nThree\n' }) },
    when: { reply: "\nHere's the change:\n\nfoo.txt\n```text\n<<<<<<< SEARCH\nTwo\n=======\nTooooo\n>>>>>>> REPLACE\n```\n\nHope you like it!\n" },
    then: { result: { output: 'Applied edit to foo.txt' }, files: at({ 'foo.txt': 'One\nTooooo\nThree\n' }), warnings: [] },
  },
  {
    id: 'blocks-unclosed',
    title: 'find_original_update_blocks: a block without its end is a format error quoting the reply read so far',
    source: src('test_find_original_update_blocks_unclosed'),
    given: { files: at({ 'foo.txt': 'Two\n' }) },
    when: { reply: "\nHere's the change:\n\n```text\nfoo.txt\n<<<<<<< SEARCH\nTwo\n=======\nTooooo\n\n\noops!\n" },
    then: {
      error: { code: 'ValueError', message: "\nHere's the change:\n\n```text\nfoo.txt\n<<<<<<< SEARCH\nTwo\n=======\nTooooo\n\n\noops!\n\n^^^ Expected `>>>>>>> REPLACE` or `=======`" },
      files: at({ 'foo.txt': 'Two\n' }),
      warnings: [],
    },
  },
  {
    id: 'blocks-missing-filename',
    title: 'find_original_update_blocks: a first block without a file name',
    source: src('test_find_original_update_blocks_missing_filename'),
    given: { files: at({ 'foo.txt': 'Two\n' }) },
    when: { reply: "\nHere's the change:\n\n```text\n<<<<<<< SEARCH\nTwo\n=======\nTooooo\n\n\noops!\n>>>>>>> REPLACE\n" },
    then: {
      error: { code: 'ValueError', message: "\nHere's the change:\n\n```text\n<<<<<<< SEARCH\n\n^^^ Bad/missing filename. The filename must be alone on the line before the opening fence ```" },
      warnings: [],
    },
  },
];


/** The replace_most_similar_chunk tests: the file is `whole`, the block's SEARCH `part`, its REPLACE `replace`. */
const chunk = (id: string, test: string, title: string, whole: string, part: string, replace: string, expected: string): AiderCase => ({
  id,
  title,
  source: src(test),
  given: { files: at({ 'f.txt': whole }) },
  when: { reply: blocks(['f.txt', part, replace]) },
  then: { result: { output: 'Applied edit to f.txt' }, files: at({ 'f.txt': expected }), warnings: [] },
});

const matching: AiderCase[] = [
  chunk(
    'whitespace-varied',
    'test_replace_part_with_missing_varied_leading_whitespace',
    'SEARCH missing the same leading whitespace on lines of varied indentation',
    '\n    line1\n    line2\n        line3\n    line4\n',
    'line2\n    line3\n',
    'new_line2\n    new_line3\n',
    '\n    line1\n    new_line2\n        new_line3\n    line4\n',
  ),
  chunk('whitespace-missing', 'test_replace_part_with_missing_leading_whitespace', 'SEARCH missing all leading whitespace', '    line1\n    line2\n    line3\n', 'line1\nline2\n', 'new_line1\nnew_line2\n', '    new_line1\n    new_line2\n    line3\n'),
  chunk('multiple-matches', 'test_replace_multiple_matches', 'only the first occurrence is replaced', 'line1\nline2\nline1\nline3\n', 'line1\n', 'new_line\n', 'new_line\nline2\nline1\nline3\n'),
  chunk(
    'multiple-matches-whitespace',
    'test_replace_multiple_matches_missing_whitespace',
    'only the first occurrence is replaced, leading whitespace restored',
    '    line1\n    line2\n    line1\n    line3\n',
    'line1\n',
    'new_line\n',
    '    new_line\n    line2\n    line1\n    line3\n',
  ),
  chunk(
    'whitespace-some-missing',
    'test_replace_part_with_just_some_missing_leading_whitespace',
    'SEARCH missing part of the leading whitespace; REPLACE shifted by the same amount',
    '    line1\n    line2\n    line3\n',
    ' line1\n line2\n',
    ' new_line1\n     new_line2\n',
    '    new_line1\n        new_line2\n    line3\n',
  ),
  chunk(
    'whitespace-blank-first-line',
    'test_replace_part_with_missing_leading_whitespace_including_blank_line',
    'a spurious blank first line in SEARCH (aider issue #25)',
    '    line1\n    line2\n    line3\n',
    '\n  line1\n  line2\n',
    '  new_line1\n  new_line2\n',
    '    new_line1\n    new_line2\n    line3\n',
  ),
];

const FUZZY_WHOLE = 'This is a sample text.\nAnother line of text.\nYet another line.\n';
/** aider's fuzzy matching is disabled (v0.11.2-dev), and so are these two tests: the block fails with the hint. */
const fuzzyDisabled: AiderCase[] = [
  {
    id: 'fuzzy-disabled-one-line',
    title: 'no fuzzy matching: a near miss fails, with the closest lines as the hint',
    source: src('__test_replace_most_similar_chunk', 'disabled in aider: fuzzy logic disabled v0.11.2-dev'),
    given: { files: at({ 'f.txt': FUZZY_WHOLE }) },
    when: { reply: blocks(['f.txt', 'This is a sample text\n', 'This is a replaced text.\n']) },
    then: {
      error: {
        code: 'ValueError',
        message:
          '# 1 SEARCH/REPLACE block failed to match!\n\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in f.txt\n<<<<<<< SEARCH\nThis is a sample text\n=======\nThis is a replaced text.\n>>>>>>> REPLACE\n\n' +
          'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n',
      },
      warnings: [],
    },
  },
  {
    id: 'fuzzy-disabled-two-lines',
    title: 'no fuzzy matching: two near-miss lines fail; the REPLACE-lines hint is absent as they are not in the file',
    source: src('__test_replace_most_similar_chunk_not_perfect_match', 'disabled in aider: fuzzy logic disabled v0.11.2-dev'),
    given: { files: at({ 'f.txt': FUZZY_WHOLE }) },
    when: { reply: blocks(['f.txt', 'This was a sample text.\nAnother line of txt\n', 'This is a replaced text.\nModified line of text.\n']) },
    then: {
      error: {
        code: 'ValueError',
        message:
          '# 1 SEARCH/REPLACE block failed to match!\n\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in f.txt\n<<<<<<< SEARCH\nThis was a sample text.\nAnother line of txt\n=======\nThis is a replaced text.\nModified line of text.\n>>>>>>> REPLACE\n\n' +
          'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n',
      },
      warnings: [],
    },
  },
];

export const EDITBLOCK_CASES: AiderCase[] = [...findFilename, ...stripWrapping, ...parsing, ...matching, ...fuzzyDisabled, ...EDITBLOCK_REPLY_CASES];

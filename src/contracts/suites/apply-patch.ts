// `apply_patch` (SPEC 11): Codex's own tests re-expressed as contract cases. The workspace is
// mounted where the tests' working directory would be, `/workspace`; codex names files in its
// error messages by their absolute path. Results are the summary the apply_patch program prints;
// errors are the texts Codex's tool handler returns to the model (docs/profiles/apply_patch.md).
//
// The fixture scenarios' files are as upstream has them: the stored copies read for this suite
// carry an extra "# apply-patch/tests/fixtures/..." comment line that is not part of upstream's
// fixtures (with it, scenario 001 could not produce its expected file).

import type { SuiteInput } from '../suite-schema';

const W = '/workspace';
const SCENARIOS = 'codex-rs/apply-patch/tests/fixtures/scenarios';
const LIB = 'codex-rs/apply-patch/src/lib.rs';
const PARSER = 'codex-rs/apply-patch/src/parser.rs';
const SEEK = 'codex-rs/apply-patch/src/seek_sequence.rs';
const FILE_UPDATE = 'codex-rs/apply-patch/src/file_update_tests.rs';
const INVOCATION = 'codex-rs/apply-patch/src/invocation.rs';
const CLI = 'codex-rs/core/tests/suite/apply_patch_cli.rs';

/** Workspace files by path relative to the mount. */
const at = <T extends string | null>(files: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(files).map(([k, v]) => [`${W}/${k}`, v]));
const scenario = (name: string) => ({ document: `${SCENARIOS}/${name}`, case: `${name} (patch.txt, input/, expected/)` });
const patch = (...body: string[]) => ({ input: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') });
const success = (...lines: string[]) => ({ output: ['Success. Updated the following files:', ...lines, ''].join('\n') });
const VERIFY = 'apply_patch verification failed: ';
const NEWLINE_WARNING = (p: string) => `${p}: codex gives every line of the file a line break, so the file, which had no final newline, now ends with one`;

export const applyPatchSuite: SuiteInput = {
  version: 1,
  suite: 'apply_patch',
  description: "OpenAI's V4A apply_patch as Codex applies it (SPEC 11): codex-rs/apply-patch's fixture scenarios and unit tests, and Codex's apply_patch tool tests.",
  profile: 'apply_patch',
  mount: W,
  diff_context: 3,
  cases: [
    {
      id: 'S001',
      title: 'Add a file',
      source: scenario('001_add_file'),
      when: patch('*** Add File: bar.md', '+This is a new file'),
      then: { result: success('A bar.md'), files: at({ 'bar.md': 'This is a new file\n' }) },
    },
    {
      id: 'S002',
      title: 'Add, delete and update in one patch; the summary lists A, then M, then D',
      source: { document: CLI, case: 'apply_patch_cli_multiple_operations_integration (and scenario 002_multiple_operations)' },
      given: { files: at({ 'modify.txt': 'line1\nline2\n', 'delete.txt': 'obsolete\n' }) },
      when: patch('*** Add File: nested/new.txt', '+created', '*** Delete File: delete.txt', '*** Update File: modify.txt', '@@', '-line2', '+changed'),
      then: {
        result: success('A nested/new.txt', 'M modify.txt', 'D delete.txt'),
        files: at({ 'nested/new.txt': 'created\n', 'modify.txt': 'line1\nchanged\n', 'delete.txt': null }),
        warnings: [],
      },
    },
    {
      id: 'S003',
      title: 'Two chunks in one file',
      source: { document: CLI, case: 'apply_patch_cli_multiple_chunks (and scenario 003_multiple_chunks)' },
      given: { files: at({ 'multi.txt': 'line1\nline2\nline3\nline4\n' }) },
      when: patch('*** Update File: multi.txt', '@@', '-line2', '+changed2', '@@', '-line4', '+changed4'),
      then: {
        result: success('M multi.txt'),
        files: at({ 'multi.txt': 'line1\nchanged2\nline3\nchanged4\n' }),
        diff: { removed: ['line2', 'line4'], added: ['changed2', 'changed4'] },
      },
    },
    {
      id: 'S004',
      title: 'Move to a new directory: the destination is written, the source removed',
      source: { document: CLI, case: 'apply_patch_cli_moves_file_to_new_directory (and scenario 004_move_to_new_directory)' },
      given: { files: at({ 'old/name.txt': 'old content\n', 'old/other.txt': 'other\n' }) },
      when: patch('*** Update File: old/name.txt', '*** Move to: renamed/dir/name.txt', '@@', '-old content', '+new content'),
      then: {
        result: success('M renamed/dir/name.txt'),
        files: at({ 'old/name.txt': null, 'old/other.txt': 'other\n', 'renamed/dir/name.txt': 'new content\n' }),
        diff: { contains: ['--- old/name.txt\n+++ /dev/null\n', '--- old/name.txt\n+++ renamed/dir/name.txt\n@@ -1,1 +1,1 @@\n-old content\n+new content\n'] },
      },
    },
    {
      id: 'S005',
      title: 'A patch with no operation is rejected',
      source: { document: CLI, case: 'apply_patch_cli_rejects_empty_patch (and scenario 005_rejects_empty_patch)' },
      given: { files: at({ 'foo.txt': 'foo\n' }) },
      when: patch(),
      then: { error: { code: 'PatchRejected', message: 'patch rejected: empty patch' } },
    },
    {
      id: 'S006',
      title: 'Lines that are not in the file',
      source: { document: CLI, case: 'apply_patch_cli_reports_missing_context (and scenario 006_rejects_missing_context)' },
      given: { files: at({ 'modify.txt': 'line1\nline2\n' }) },
      when: patch('*** Update File: modify.txt', '@@', '-missing', '+changed'),
      then: { error: { code: 'ComputeReplacements', message: `${VERIFY}Failed to find expected lines in ${W}/modify.txt:\nmissing` } },
    },
    {
      id: 'S007',
      title: 'Deleting a missing file',
      source: { document: CLI, case: 'apply_patch_cli_delete_missing_file_reports_error (and scenario 007_rejects_missing_file_delete)' },
      given: { files: at({ 'foo.txt': 'foo\n' }) },
      when: patch('*** Delete File: missing.txt'),
      then: { error: { code: 'IoError', message: `${VERIFY}Failed to read ${W}/missing.txt: No such file or directory (os error 2)` } },
    },
    {
      id: 'S008',
      title: 'An update with no chunk',
      source: scenario('008_rejects_empty_update_hunk'),
      given: { files: at({ 'foo.txt': 'foo\n' }) },
      when: patch('*** Update File: foo.txt'),
      then: { error: { code: 'InvalidHunkError', message: `${VERIFY}invalid hunk at line 2, Update file hunk for path 'foo.txt' is empty` } },
    },
    {
      id: 'S009',
      title: 'Updating a missing file',
      source: { document: CLI, case: 'apply_patch_cli_reports_missing_target_file (and scenario 009_requires_existing_file_for_update)' },
      when: patch('*** Update File: missing.txt', '@@', '-nope', '+better'),
      then: { error: { code: 'IoError', message: `${VERIFY}Failed to read file to update ${W}/missing.txt: No such file or directory (os error 2)` } },
    },
    {
      id: 'S010',
      title: 'A move replaces an existing destination',
      source: { document: CLI, case: 'apply_patch_cli_move_overwrites_existing_destination (and scenario 010_move_overwrites_existing_destination)' },
      given: { files: at({ 'old/name.txt': 'from\n', 'renamed/dir/name.txt': 'existing\n' }) },
      when: patch('*** Update File: old/name.txt', '*** Move to: renamed/dir/name.txt', '@@', '-from', '+new'),
      then: {
        result: success('M renamed/dir/name.txt'),
        files: at({ 'old/name.txt': null, 'renamed/dir/name.txt': 'new\n' }),
        warnings: ['renamed/dir/name.txt: the move replaces the existing file'],
      },
    },
    {
      id: 'S011',
      title: '"*** Add File" overwrites an existing file',
      source: { document: CLI, case: 'apply_patch_cli_add_overwrites_existing_file (and scenario 011_add_overwrites_existing_file)' },
      given: { files: at({ 'duplicate.txt': 'old content\n' }) },
      when: patch('*** Add File: duplicate.txt', '+new content'),
      then: { result: success('A duplicate.txt'), files: at({ 'duplicate.txt': 'new content\n' }), warnings: ['duplicate.txt: "*** Add File" replaces the existing file'] },
    },
    {
      id: 'S012',
      title: 'Deleting a directory fails verification',
      source: { document: CLI, case: 'apply_patch_cli_delete_directory_reports_verification_error (and scenario 012_delete_directory_fails)' },
      given: { files: at({ 'dir/foo.txt': 'foo\n' }) },
      when: patch('*** Delete File: dir'),
      then: { error: { code: 'IoError', message: `${VERIFY}Failed to read ${W}/dir: Is a directory (os error 21)` } },
    },
    {
      id: 'S013',
      title: 'An unknown file operation header',
      source: { document: CLI, case: 'apply_patch_cli_rejects_invalid_hunk_header (and scenario 013_rejects_invalid_hunk_header)' },
      given: { files: at({ 'foo.txt': 'foo\n' }) },
      when: patch('*** Frobnicate File: foo'),
      then: {
        error: {
          code: 'InvalidHunkError',
          message: `${VERIFY}invalid hunk at line 2, '*** Frobnicate File: foo' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'`,
        },
      },
    },
    {
      id: 'S014',
      title: 'An updated file without a final newline gets one',
      source: { document: CLI, case: 'apply_patch_cli_updates_file_appends_trailing_newline (and scenario 014_update_file_appends_trailing_newline)' },
      given: { files: at({ 'no_newline.txt': 'no newline at end' }) },
      when: patch('*** Update File: no_newline.txt', '@@', '-no newline at end', '+first line', '+second line'),
      then: { files: at({ 'no_newline.txt': 'first line\nsecond line\n' }), warnings: [NEWLINE_WARNING('no_newline.txt')] },
    },
    {
      id: 'S015',
      title: 'A failing operation after one that would succeed: verification fails first, nothing is written',
      source: { document: CLI, case: 'apply_patch_cli_verification_failure_has_no_side_effects (scenario 015_failure_after_partial_success_leaves_changes runs the bare program instead)' },
      when: patch('*** Add File: created.txt', '+hello', '*** Update File: missing.txt', '@@', '-old', '+new'),
      then: { error: { code: 'IoError', message: `${VERIFY}Failed to read file to update ${W}/missing.txt: No such file or directory (os error 2)` }, warnings: [] },
    },
    {
      id: 'S016',
      title: 'A chunk with only added lines appends them at the end of the file',
      source: scenario('016_pure_addition_update_chunk'),
      given: { files: at({ 'input.txt': 'line1\nline2\n' }) },
      when: patch('*** Update File: input.txt', '@@', '+added line 1', '+added line 2'),
      then: { files: at({ 'input.txt': 'line1\nline2\nadded line 1\nadded line 2\n' }) },
    },
    {
      id: 'S017',
      title: 'A file operation header padded with spaces',
      source: scenario('017_whitespace_padded_hunk_header'),
      given: { files: at({ 'foo.txt': 'old\n' }) },
      when: { input: '*** Begin Patch\n  *** Update File: foo.txt\n@@\n-old\n+new\n*** End Patch\n' },
      then: { result: success('M foo.txt'), files: at({ 'foo.txt': 'new\n' }) },
    },
    {
      id: 'S018',
      title: 'Begin and End markers padded with spaces',
      source: scenario('018_whitespace_padded_patch_markers'),
      given: { files: at({ 'file.txt': 'one\n' }) },
      when: { input: ' *** Begin Patch\n*** Update File: file.txt\n@@\n-one\n+two\n*** End Patch \n' },
      then: { files: at({ 'file.txt': 'two\n' }) },
    },
    {
      id: 'S019',
      title: 'Non-ASCII text',
      source: scenario('019_unicode_simple'),
      given: { files: at({ 'foo.txt': 'line1\nna\u00efve caf\u00e9\nline3\n' }) },
      when: { input: '*** Begin Patch\n*** Update File: foo.txt\n@@\n line1\n-na\u00efve caf\u00e9\n+na\u00efve caf\u00e9 \u2705\n*** End Patch \n' },
      then: { files: at({ 'foo.txt': 'line1\nna\u00efve caf\u00e9 \u2705\nline3\n' }) },
    },
    {
      id: 'S020',
      title: 'Delete a file',
      source: scenario('020_delete_file_success'),
      given: { files: at({ 'keep.txt': 'keep\n', 'obsolete.txt': 'obsolete\n' }) },
      when: patch('*** Delete File: obsolete.txt'),
      then: { result: success('D obsolete.txt'), files: at({ 'keep.txt': 'keep\n', 'obsolete.txt': null }) },
    },
    {
      id: 'S020b',
      title: 'Begin and End marker lines with spaces around them',
      source: scenario('020_whitespace_padded_patch_marker_lines'),
      given: { files: at({ 'file.txt': 'one\n' }) },
      when: { input: '*** Begin Patch \n*** Update File: file.txt\n@@\n-one\n+two\n *** End Patch\n' },
      then: { files: at({ 'file.txt': 'two\n' }) },
    },
    {
      id: 'S021',
      title: 'A chunk that only deletes',
      source: scenario('021_update_file_deletion_only'),
      given: { files: at({ 'lines.txt': 'line1\nline2\nline3\n' }) },
      when: patch('*** Update File: lines.txt', '@@', ' line1', '-line2', ' line3'),
      then: { files: at({ 'lines.txt': 'line1\nline3\n' }) },
    },
    {
      id: 'S022',
      title: '"*** End of File" anchors the chunk at the end',
      source: scenario('022_update_file_end_of_file_marker'),
      given: { files: at({ 'tail.txt': 'first\nsecond\n' }) },
      when: patch('*** Update File: tail.txt', '@@', ' first', '-second', '+second updated', '*** End of File'),
      then: { files: at({ 'tail.txt': 'first\nsecond updated\n' }) },
    },
    {
      id: 'L-ADD-ABS',
      title: 'An absolute path is named as written in the summary',
      source: { document: LIB, case: 'test_add_file_hunk_creates_file_with_contents' },
      when: patch(`*** Add File: ${W}/add.txt`, '+ab', '+cd'),
      then: { result: success(`A ${W}/add.txt`), files: at({ 'add.txt': 'ab\ncd\n' }) },
    },
    {
      id: 'L-REL-ABS',
      title: 'Relative and absolute paths in one patch',
      source: { document: LIB, case: 'test_apply_patch_hunks_accept_relative_and_absolute_paths' },
      given: { files: at({ 'relative-delete.txt': 'delete relative\n', 'absolute-delete.txt': 'delete absolute\n', 'relative-update.txt': 'relative old\n', 'absolute-update.txt': 'absolute old\n' }) },
      when: patch(
        ...['*** Add File: relative-add.txt', '+relative add', `*** Add File: ${W}/absolute-add.txt`, '+absolute add'],
        ...['*** Delete File: relative-delete.txt', `*** Delete File: ${W}/absolute-delete.txt`],
        ...['*** Update File: relative-update.txt', '@@', '-relative old', '+relative new', `*** Update File: ${W}/absolute-update.txt`, '@@', '-absolute old', '+absolute new'],
      ),
      then: {
        result: success('A relative-add.txt', `A ${W}/absolute-add.txt`, 'M relative-update.txt', `M ${W}/absolute-update.txt`, 'D relative-delete.txt', `D ${W}/absolute-delete.txt`),
        files: at({ 'relative-add.txt': 'relative add\n', 'absolute-add.txt': 'absolute add\n', 'relative-delete.txt': null, 'absolute-delete.txt': null }),
      },
    },
    {
      id: 'L-MOVE',
      title: 'Update and move: the summary names the destination',
      source: { document: LIB, case: 'test_update_file_hunk_can_move_file' },
      given: { files: at({ 'src.txt': 'line\n' }) },
      when: patch('*** Update File: src.txt', '*** Move to: dst.txt', '@@', '-line', '+line2'),
      then: { result: success('M dst.txt'), files: at({ 'src.txt': null, 'dst.txt': 'line2\n' }) },
    },
    {
      id: 'L-CHUNKS',
      title: 'Chunks with context lines; the file is listed once',
      source: { document: LIB, case: 'test_multiple_update_chunks_apply_to_single_file' },
      given: { files: at({ 'multi.txt': 'foo\nbar\nbaz\nqux\n' }) },
      when: patch('*** Update File: multi.txt', '@@', ' foo', '-bar', '+BAR', '@@', ' baz', '-qux', '+QUX'),
      then: { result: success('M multi.txt'), files: at({ 'multi.txt': 'foo\nBAR\nbaz\nQUX\n' }) },
    },
    {
      id: 'L-INTERLEAVED',
      title: 'Replacements in separate chunks and an append at End of File',
      source: { document: LIB, case: 'test_update_file_hunk_interleaved_changes' },
      given: { files: at({ 'interleaved.txt': 'a\nb\nc\nd\ne\nf\n' }) },
      when: patch('*** Update File: interleaved.txt', '@@', ' a', '-b', '+B', '@@', ' c', ' d', '-e', '+E', '@@', ' f', '+g', '*** End of File'),
      then: { files: at({ 'interleaved.txt': 'a\nB\nc\nd\nE\nf\ng\n' }) },
    },
    {
      id: 'L-PURE-ADD',
      title: 'An added-lines chunk before a replacing chunk still appends at the end',
      source: { document: LIB, case: 'test_pure_addition_chunk_followed_by_removal' },
      given: { files: at({ 'panic.txt': 'line1\nline2\nline3\n' }) },
      when: patch('*** Update File: panic.txt', '@@', '+after-context', '+second-line', '@@', ' line1', '-line2', '-line3', '+line2-replacement'),
      then: { files: at({ 'panic.txt': 'line1\nline2-replacement\nafter-context\nsecond-line\n' }) },
    },
    {
      id: 'L-UNICODE',
      title: 'ASCII dashes in the patch match an EN DASH and a NON-BREAKING HYPHEN in the file',
      source: { document: LIB, case: 'test_update_line_with_unicode_dash' },
      given: { files: at({ 'unicode.py': 'import asyncio  # local import \u2013 avoids top\u2011level dep\n' }) },
      when: patch('*** Update File: unicode.py', '@@', '-import asyncio  # local import - avoids top-level dep', '+import asyncio  # HELLO'),
      then: { result: success('M unicode.py'), files: at({ 'unicode.py': 'import asyncio  # HELLO\n' }) },
    },
    {
      id: 'U-FIRST',
      title: 'Replacing the first line',
      source: { document: FILE_UPDATE, case: 'test_unified_diff_first_line_replacement' },
      given: { files: at({ 'first.txt': 'foo\nbar\nbaz\n' }) },
      when: patch('*** Update File: first.txt', '@@', '-foo', '+FOO', ' bar', ''),
      then: { files: at({ 'first.txt': 'FOO\nbar\nbaz\n' }) },
    },
    {
      id: 'U-LAST',
      title: 'Replacing the last line; a trailing empty context line stands for the final newline',
      source: { document: FILE_UPDATE, case: 'test_unified_diff_last_line_replacement' },
      given: { files: at({ 'last.txt': 'foo\nbar\nbaz\n' }) },
      when: patch('*** Update File: last.txt', '@@', ' foo', ' bar', '-baz', '+BAZ', ''),
      then: { files: at({ 'last.txt': 'foo\nbar\nBAZ\n' }) },
    },
    {
      id: 'U-EOF',
      title: 'Inserting a line at End of File',
      source: { document: FILE_UPDATE, case: 'test_unified_diff_insert_at_eof' },
      given: { files: at({ 'insert.txt': 'foo\nbar\nbaz\n' }) },
      when: patch('*** Update File: insert.txt', '@@', '+quux', '*** End of File'),
      then: { files: at({ 'insert.txt': 'foo\nbar\nbaz\nquux\n' }) },
    },
    {
      id: 'U-CRLF',
      title: 'CRLF endings and a UTF-8 BOM are kept',
      source: { document: FILE_UPDATE, case: 'test_apply_patch_preserves_utf8_bom_and_crlf' },
      given: { files: at({ 'bom.txt': '\ufefffoo\r\n\u4e2d\u6587\r\n' }) },
      when: patch('*** Update File: bom.txt', '@@', '-foo', '+bar', ' \u4e2d\u6587'),
      then: { files: at({ 'bom.txt': '\ufeffbar\r\n\u4e2d\u6587\r\n' }), warnings: [] },
    },
    {
      id: 'SEEK-RSTRIP',
      title: 'Lines match ignoring trailing whitespace',
      source: { document: SEEK, case: 'test_rstrip_match_ignores_trailing_whitespace' },
      given: { files: at({ 'ws.txt': 'foo   \nbar\t\t\n' }) },
      when: patch('*** Update File: ws.txt', '@@', ' foo', '-bar', '+BAR'),
      then: { files: at({ 'ws.txt': 'foo   \nBAR\n' }) },
    },
    {
      id: 'SEEK-TRIM',
      title: 'Lines match ignoring surrounding whitespace',
      source: { document: SEEK, case: 'test_trim_match_ignores_leading_and_trailing_whitespace' },
      given: { files: at({ 'ws.txt': '    foo   \n   bar\t\n' }) },
      when: patch('*** Update File: ws.txt', '@@', ' foo', '-bar', '+BAR'),
      then: { files: at({ 'ws.txt': '    foo   \nBAR\n' }) },
    },
    {
      id: 'P-FIRST',
      title: 'The first line must be "*** Begin Patch"',
      source: { document: PARSER, case: 'test_parse_patch' },
      when: { input: 'bad' },
      then: { error: { code: 'InvalidPatchError', message: `${VERIFY}invalid patch: The first line of the patch must be '*** Begin Patch'` } },
    },
    {
      id: 'P-LAST',
      title: 'The last line must be "*** End Patch"',
      source: { document: PARSER, case: 'test_parse_patch' },
      when: { input: '*** Begin Patch\nbad' },
      then: { error: { code: 'InvalidPatchError', message: `${VERIFY}invalid patch: The last line of the patch must be '*** End Patch'` } },
    },
    {
      id: 'P-HEREDOC',
      title: "A patch wrapped in <<'EOF' ... EOF is unwrapped",
      source: { document: CLI, case: 'apply_patch_function_accepts_lenient_heredoc_wrapped_patch (parser.rs test_parse_patch_lenient)' },
      when: { input: "<<'EOF'\n*** Begin Patch\n*** Add File: lenient.txt\n+lenient\n*** End Patch\nEOF\n" },
      then: { files: at({ 'lenient.txt': 'lenient\n' }) },
    },
    {
      id: 'I-TWICE',
      title: 'Two operations on the same file are rejected',
      source: { document: INVOCATION, case: 'try_verify_apply_patch_args: "multiple operations target"' },
      given: { files: at({ 'a.txt': 'a\n' }) },
      when: patch('*** Update File: a.txt', '@@', '-a', '+b', '*** Delete File: a.txt'),
      then: { error: { code: 'InvalidPatchError', message: `${VERIFY}invalid patch: multiple operations target ${W}/a.txt` } },
    },
    {
      id: 'C-INSERT',
      title: 'A chunk that only inserts between context lines',
      source: { document: CLI, case: 'apply_patch_cli_insert_only_hunk_modifies_file' },
      given: { files: at({ 'insert_only.txt': 'alpha\nomega\n' }) },
      when: patch('*** Update File: insert_only.txt', '@@', ' alpha', '+beta', ' omega'),
      then: { files: at({ 'insert_only.txt': 'alpha\nbeta\nomega\n' }) },
    },
    {
      id: 'C-RENAME',
      title: 'A move without a content change',
      source: { document: CLI, case: 'apply_patch_cli_move_without_content_change_has_no_turn_diff' },
      given: { files: at({ 'old/name.txt': 'same\n' }) },
      when: patch('*** Update File: old/name.txt', '*** Move to: renamed/name.txt', '@@', ' same'),
      then: { result: success('M renamed/name.txt'), files: at({ 'old/name.txt': null, 'renamed/name.txt': 'same\n' }) },
    },
    {
      id: 'C-EOF',
      title: 'End of File anchor replacing the last line',
      source: { document: CLI, case: 'apply_patch_cli_end_of_file_anchor' },
      given: { files: at({ 'tail.txt': 'alpha\nlast\n' }) },
      when: patch('*** Update File: tail.txt', '@@', '-last', '+end', '*** End of File'),
      then: { files: at({ 'tail.txt': 'alpha\nend\n' }) },
    },
    {
      id: 'C-SECOND-CHUNK',
      title: 'An empty line before a second chunk without @@ is context that must match',
      source: { document: CLI, case: 'apply_patch_cli_missing_second_chunk_context_rejected' },
      given: { files: at({ 'two_chunks.txt': 'a\nb\nc\nd\n' }) },
      when: { input: '*** Begin Patch\n*** Update File: two_chunks.txt\n@@\n-b\n+B\n\n-d\n+D\n*** End Patch' },
      then: { error: { code: 'ComputeReplacements', message: `${VERIFY}Failed to find expected lines in ${W}/two_chunks.txt:\nb\n\nd` } },
    },
    {
      id: 'C-CONTEXT',
      title: 'An @@ line picks the second of two identical blocks',
      source: { document: CLI, case: 'apply_patch_change_context_disambiguates_target' },
      given: { files: at({ 'multi_ctx.txt': 'fn a\nx=10\ny=2\nfn b\nx=10\ny=20\n' }) },
      when: patch('*** Update File: multi_ctx.txt', '@@ fn b', '-x=10', '+x=11'),
      then: { files: at({ 'multi_ctx.txt': 'fn a\nx=10\ny=2\nfn b\nx=11\ny=20\n' }) },
    },
    {
      id: 'C-OUTSIDE',
      title: 'Adding a file outside the workspace is rejected',
      source: { document: CLI, case: 'apply_patch_cli_rejects_path_traversal_outside_workspace' },
      when: patch('*** Add File: ../escape.txt', '+outside'),
      then: { error: { code: 'PatchRejected', message: 'patch rejected: writing outside of the project; rejected by user approval settings' } },
    },
    {
      id: 'C-OUTSIDE-MOVE',
      title: 'Moving a file outside the workspace is rejected',
      source: { document: CLI, case: 'apply_patch_cli_rejects_move_path_traversal_outside_workspace' },
      given: { files: at({ 'stay.txt': 'from\n' }) },
      when: patch('*** Update File: stay.txt', '*** Move to: ../escape-move.txt', '@@', '-from', '+to'),
      then: { error: { code: 'PatchRejected', message: 'patch rejected: writing outside of the project; rejected by user approval settings' } },
    },
  ],
};

// `apply_patch` (SPEC 11): Codex's own tests re-expressed as contract cases. The workspace is
// mounted where the tests' working directory would be, `/workspace`; codex names files in its
// error messages by their absolute path. Results are the summary the apply_patch program prints;
// errors are the texts Codex's tool handler returns to the model (src/engine/profiles/apply-patch/apply_patch.md).
// The fixture scenarios are in apply-patch-scenarios.ts; codex's unit tests are here.
//
// The fixture scenarios' files are as upstream has them: the stored copies read for this suite
// carry an extra "# apply-patch/tests/fixtures/..." comment line that is not part of upstream's
// fixtures (with it, scenario 001 could not produce its expected file).

import type { ProfileSuite } from '../profile';
import { applyPatchReleaseCases } from './cases-releases';
import { scenarioCases } from './cases-scenarios';
import { at, CLI, FILE_UPDATE, INVOCATION, LIB, PARSER, patch, SEEK, success, VERIFY, W } from './cases-support';

export const applyPatchSuite: ProfileSuite = {
  description: "OpenAI's V4A apply_patch as Codex applies it (SPEC 11): codex-rs/apply-patch's fixture scenarios and unit tests, and Codex's apply_patch tool tests.",
  mount: W,
  diff_context: 3,
  cases: [
    ...scenarioCases,
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
    ...applyPatchReleaseCases,
  ],
};

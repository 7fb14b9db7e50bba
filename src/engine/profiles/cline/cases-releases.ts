// Cline's `replace_in_file` and `write_to_file` as older releases answer (release: the Cline
// version the case runs as; releases.ts). Each re-expresses a test of cline/cline at the release
// tag or commit named in `source`, or the line of its code the release changed, with the full text
// the model receives. At v3.15.0, diff_edge_cases2.test.ts runs each diff through both appliers:
// `cnfc` ("v1", the streaming apply of 3.12 and before) and `cnfc2` ("v2", the state machine of
// 3.13.0 to 3.17.11), expecting v1's text and an error from v2; its errors' texts are the ones
// NewFileContentConstructor throws there.

import type { ClineCase } from './cases';
import { CLINE_MOUNT, savedOutput } from './cases';

const file = (): string => `${CLINE_MOUNT}/test.txt`;
const EDGE_315 = 'src/core/assistant-message/diff_edge_cases2.test.ts @ v3.15.0';
const DIFF_315 = 'src/core/assistant-message/diff.test.ts @ v3.15.0';
const DIFF_FIX = 'src/core/assistant-message/diff.test.ts @ a9527573f1 (3.17.12), run as the release before it';
const V2 = 'src/core/assistant-message/diff.ts @ v3.15.0 (NewFileContentConstructor)';

const HINT_ANGLE =
  ' (Please also ensure that when using the replace_in_file tool, Do NOT add extra characters to the markers (e.g., <<<<<<< SEARCH> is INVALID). Do NOT forget to use the closing >>>>>>> REPLACE marker. Do NOT modify the marker format in any way. Malformed XML will cause complete tool failure and break the entire editing process.)';
const HINT_DASH =
  ' (Please also ensure that when using the replace_in_file tool, Do NOT add extra characters to the markers (e.g., ------- SEARCH> is INVALID). Do NOT forget to use the closing +++++++ REPLACE marker. Do NOT modify the marker format in any way. Malformed XML will cause complete tool failure and break the entire editing process.)';
const CLOSING =
  'Now that you have the latest state of the file, try the operation again with fewer, more precise SEARCH blocks. For large files especially, it may be prudent to try to limit yourself to <5 SEARCH/REPLACE blocks at a time, then wait for the user to respond with the result of the operation before following up with another replace_in_file call to make additional edits.\n(If you run into this error 3 times in a row, you may use the write_to_file tool as a fallback.)';
const CLOSING_311 =
  "Now that you have the latest state of the file, try the operation again with fewer/more precise SEARCH blocks.\n(If you run into this error 3 times in a row, you may use the write_to_file tool as a fallback. Keep in mind, the write_to_file fallback is far from ideal, as this means you'll be re-writing the entire contents of the file just to make a few edits, which takes time and money. So let's bias towards using replace_in_file as effectively as possible)";

/** The whole answer to a diff that failed, as `hint` and `closing` write it. */
const failed = (message: string, original: string, hint = '', closing = CLOSING): string =>
  `The tool execution failed with the following error:\n<error>\n${message}\n\nThis is likely because the SEARCH block content doesn't match exactly with what's in the file, or if you used multiple SEARCH/REPLACE blocks they may not have been in the order they appear in the file.${hint}\n\nThe file was reverted to its original state:\n\n<file_content path="test.txt">\n${original}\n</file_content>\n\n${closing}\n</error>`;

/** A release's success: before 3.52.0 the file is saved trimmed at its end, with one line break. */
function applied(id: string, release: string, doc: string, test: string, original: string, diff: string, saved: string): ClineCase {
  return {
    id,
    title: `${release}: ${test}`,
    release,
    source: { document: doc, case: test },
    given: { files: { [file()]: original } },
    when: { path: 'test.txt', diff },
    then: { result: { output: savedOutput('test.txt', saved) }, files: { [file()]: saved } },
  };
}

function refusedAs(id: string, release: string, doc: string, test: string, original: string, diff: string, message: string): ClineCase {
  return {
    id,
    title: `${release}: ${test}`,
    release,
    source: { document: doc, case: test },
    given: { files: { [file()]: original } },
    when: { path: 'test.txt', diff },
    then: { error: { code: 'tool_error', message }, files: { [file()]: original } },
  };
}

const MISSING_SEARCH = '=======\nnew content\n>>>>>>> REPLACE';
const CONSECUTIVE = '<<<<<<< SEARCH\n=======\nreplaced\n>>>>>>> REPLACE\n<<<<<<< SEARCH\n=======\nanother\n>>>>>>> REPLACE';
const NO_MATCH = '<<<<<<< SEARCH\nnon-existent\n=======\nreplaced\n>>>>>>> REPLACE';
const NOT_FOUND = 'The SEARCH block:\nnon-existent\n...does not match anything in the file';
const OUT_OF_ORDER = '------- SEARCH\nfourth\n=======\nnew fourth\n+++++++ REPLACE\n------- SEARCH\nsecond\n=======\nnew second\n+++++++ REPLACE';
const OPEN_BLOCK = '------- SEARCH\nline2\n=======\nreplaced';

/** Built when cases.ts asks (it imports this file, and this one its helpers). */
export const replaceInFileReleaseCases = (): ClineCase[] => [
  applied('release-3.12.0-missing-search-block', '3.12.0', EDGE_315, 'should handle missing search block (cnfc)', 'line1\nline2', MISSING_SEARCH, 'new content\n'),
  refusedAs('release-3.13.0-missing-search-block', '3.13.0', EDGE_315, 'should handle missing search block (cnfc2 throws)', 'line1\nline2', MISSING_SEARCH,
    failed('Invalid SEARCH/REPLACE block structure - no lines available to process', 'line1\nline2')),
  applied('release-3.12.0-consecutive-search-blocks', '3.12.0', EDGE_315, 'should handle consecutive search blocks (cnfc)', 'text', CONSECUTIVE, 'replaced\nanother\n'),
  refusedAs('release-3.13.0-consecutive-search-blocks', '3.13.0', EDGE_315, 'should handle consecutive search blocks (cnfc2 throws)', 'text', CONSECUTIVE,
    failed('The SEARCH block:\n\n...matched an incorrect content in the file.', 'text')),
  applied('release-3.12.0-reverse-markers', '3.12.0', EDGE_315, 'should handle reverse markers order (cnfc)', 'content', '>>>>>>> SEARCH\n=======\ninvalid\n<<<<<<< REPLACE', 'invalid\ncontent\n'),
  applied('release-3.12.0-incomplete-block', '3.12.0', EDGE_315, 'should handle incomplete block structure (cnfc: "t")', 'valid text', '<<<<<<< SEARCH\ntext\n>>>>>>> REPLACE', 't\n'),
  applied('release-3.13.0-empty-search-block', '3.13.0', EDGE_315, 'should handle empty search block (cnfc2: the whole file)', 'any content', '<<<<<<< SEARCH\n=======\ninserted\n>>>>>>> REPLACE', 'inserted\n'),
  refusedAs('release-3.8.5-no-match', '3.8.5', DIFF_315, 'should throw error when no match found (diffError before bf10cd4efb)', 'line1\nline2\nline3', NO_MATCH,
    failed(`${NOT_FOUND}.`, 'line1\nline2\nline3', '', CLOSING_311)),
  refusedAs('release-3.12.0-no-match', '3.12.0', DIFF_315, 'should throw error when no match found (cnfc: a26494e5cc)', 'line1\nline2\nline3', NO_MATCH,
    failed(`${NOT_FOUND} or was searched out of order in the provided blocks.`, 'line1\nline2\nline3')),
  refusedAs('release-3.13.0-no-match', '3.13.0', DIFF_315, 'should throw error when no match found (cnfc2)', 'line1\nline2\nline3', NO_MATCH, failed(`${NOT_FOUND}.`, 'line1\nline2\nline3')),
  refusedAs('release-3.17.5-no-match', '3.17.5', 'src/core/prompts/responses.ts @ f2ffe26a (diffError)', 'should throw error when no match found', 'line1\nline2\nline3', NO_MATCH,
    failed(`${NOT_FOUND}.`, 'line1\nline2\nline3', HINT_ANGLE)),
  refusedAs('release-3.17.9-out-of-order', '3.17.9', DIFF_FIX, 'should handle out-of-order replacements with different positions', 'first\nsecond\nthird\nfourth\n', OUT_OF_ORDER,
    failed('The SEARCH block:\nsecond\n...does not match anything in the file.', 'first\nsecond\nthird\nfourth\n', HINT_DASH)),
  refusedAs('release-3.17.9-missing-replace-marker', '3.17.9', DIFF_FIX, 'should handle missing final REPLACE marker when isFinal is true', 'line1\nline2\nline3', OPEN_BLOCK,
    failed('File processing incomplete - SEARCH/REPLACE operations still active during finalization', 'line1\nline2\nline3', HINT_DASH)),
  applied('release-3.18.0-missing-replace-marker', '3.18.0', 'src/core/assistant-message/diff.test.ts @ a9527573f1', 'should handle missing final REPLACE marker when isFinal is true (saved with a final line break)', 'line1\nline2\nline3', OPEN_BLOCK, 'line1\nreplaced\nline3\n'),
  {
    id: 'release-3.13.0-second-separator',
    title: '3.13.0: a second ======= in a block is a marker out of turn',
    release: '3.13.0',
    source: { document: V2, case: 'updateProcessingState: Invalid state transition' },
    given: { files: { [file()]: 'a\nb\n' } },
    when: { path: 'test.txt', diff: '<<<<<<< SEARCH\nb\n=======\nB\n=======' },
    then: { error: { code: 'tool_error', message: failed('Invalid state transition.\nValid transitions are:\n- Idle → StateSearch\n- StateSearch → StateReplace', 'a\nb\n') }, files: { [file()]: 'a\nb\n' } },
  },
  // The same diff as the streaming apply runs it: the second ======= outputs the file up to the match again, and the end the whole file (no
  // REPLACE marker moved the search on). aphrodite's 5_High_Aide_Task_May-12-2025 export (no licence) records this answer.
  applied('release-3.12.0-second-separator', '3.12.0', 'src/core/assistant-message/diff.ts @ v3.12.0 (constructNewFileContent)', 'a second ======= searches again', 'a\nb\n', '<<<<<<< SEARCH\nb\n=======\nB\n=======', 'a\nB\na\na\nb\n'),
];

const WRITE_FIX = 'src/core/task/tools/handlers/WriteToFileToolHandler.ts @ dd35448a^ (newContent.trimEnd())';

export const writeToFileReleaseCases = (): ClineCase[] => [
  {
    id: 'release-3.18.0-trailing-lines-trimmed',
    title: '3.18.0 (before 3.52.0): the content is saved trimmed at its end, with one line break',
    release: '3.18.0',
    source: { document: WRITE_FIX, case: 'remove any trailing newlines, since it\'s automatically inserted by the editor' },
    given: { files: {} },
    when: { path: 'test.txt', content: 'a\nb\n\n\n' },
    then: { result: { output: savedOutput('test.txt', 'a\nb\n') }, files: { [file()]: 'a\nb\n' } },
  },
  {
    id: 'release-3.18.0-final-line-break-added',
    title: '3.18.0 (before 3.52.0): content without a final line break is saved with one',
    release: '3.18.0',
    source: { document: 'src/integrations/editor/DiffViewProvider.ts @ dd35448a^ (update: join("\\n") + "\\n")', case: 'isFinal: the document is the lines and a line break, truncated after them' },
    given: { files: { [file()]: 'old\nlines\nhere\n' } },
    when: { path: 'test.txt', content: 'Hello World' },
    then: { result: { output: savedOutput('test.txt', 'Hello World\n') }, files: { [file()]: 'Hello World\n' } },
  },
  {
    id: 'release-3.52.0-final-line-break-kept-out',
    title: '3.52.0 and later: content without a final line break is saved as it is',
    release: '3.52.0',
    source: { document: 'src/integrations/editor/__tests__/DiffViewProvider.test.ts @ dd35448a', case: 'Hello World over a longer file' },
    given: { files: { [file()]: 'old\nlines\nhere\n' } },
    when: { path: 'test.txt', content: 'Hello World' },
    then: { result: { output: savedOutput('test.txt', 'Hello World\n') }, files: { [file()]: 'Hello World' } },
  },
];

// Contract cases for `replace_in_file` and `write_to_file`, as plain data in the suite format
// (src/contracts/suite-schema.ts; no import of it: the engine imports nothing from contracts).
// Reference: cline/cline at 9ee618111d58630fea30b27439216448225458e0 (Apache-2.0). Each case
// re-expresses one of its tests, named in `source` (file, then `describe > it`), as a call of the
// tool on a workspace mounted at /w, with the full text the model receives. Cline's tests call
// constructNewFileContent with an original text; here that text is the file `test.txt`.

import type { ContractCaseData, JsonValue, ProfileSuite } from '../profile';
import { replaceInFileReleaseCases, writeToFileReleaseCases } from './cases-releases';

export interface ClineCase extends ContractCaseData {
  id: string;
  title: string;
  source: { document: string; case: string };
  given: { files: Record<string, string> };
  when: { [field: string]: JsonValue };
  then: {
    result?: { output: string };
    error?: { code: string; message: string };
    files?: Record<string, string | null>;
    warnings?: string[];
  };
}

export const CLINE_MOUNT = '/w';
const DIFF_TESTS = 'src/core/assistant-message/diff.test.ts';
const EDGE_TESTS = 'src/core/assistant-message/diff_edge_cases.test.ts';
const PARAM_TESTS = 'src/core/prompts/__tests__/toolSpecificMissingParamErrors.test.ts';
const CONTENT_TESTS = 'src/core/prompts/__tests__/writeToFileMissingContentError.test.ts';

/** The success text, written out here (not taken from the profile) so a case can catch a change. */
export const savedOutput = (path: string, final: string): string =>
  `The content was successfully saved to ${path}.\n\nHere is the full, updated content of the file that was saved:\n\n<final_file_content path="${path}">\n${final}\n</final_file_content>\n\nIMPORTANT: For any future changes to this file, use the final_file_content shown above as your reference. This content reflects the current state of the file, including any auto-formatting (e.g., if you used single quotes but the formatter converted them to double quotes). Always base your SEARCH/REPLACE operations on this final version to ensure accuracy.\n\n`;

export const diffErrorOutput = (message: string, path: string, original: string): string =>
  `The tool execution failed with the following error:\n<error>\n${message}\n\nThis is likely because the SEARCH block content doesn't match exactly with what's in the file, or if you used multiple SEARCH/REPLACE blocks they may not have been in the order they appear in the file. (Please also ensure that when using the replace_in_file tool, Do NOT add extra characters to the markers (e.g., ------- SEARCH> is INVALID). Do NOT forget to use the closing +++++++ REPLACE marker. Do NOT modify the marker format in any way. Malformed XML will cause complete tool failure and break the entire editing process.)\n\nThe file was reverted to its original state:\n\n<file_content path="${path}">\n${original}\n</file_content>\n\nNow that you have the latest state of the file, try the operation again with fewer, more precise SEARCH blocks. For large files especially, it may be prudent to try to limit yourself to <5 SEARCH/REPLACE blocks at a time, then wait for the user to respond with the result of the operation before following up with another replace_in_file call to make additional edits.\n(If you run into this error 3 times in a row, you may use the write_to_file tool as a fallback.)\n</error>`;

const EMPTY_SEARCH =
  "Empty SEARCH block detected with non-empty file. This usually indicates a malformed SEARCH marker.\nPlease ensure your SEARCH marker follows the correct format:\n- Use '------- SEARCH' (7+ dashes + space + SEARCH)\n";
const malformatted = (search: string) => `The SEARCH block:\n${search}\n...is malformatted.`;

const REMINDER =
  "# Reminder: Instructions for Tool Use\nTool uses are formatted using XML-style tags. The tool name is enclosed in opening and closing tags, and each parameter is similarly enclosed within its own set of tags. Here's the structure:\n<tool_name>\n<parameter1_name>value1</parameter1_name>\n<parameter2_name>value2</parameter2_name>\n...\n</tool_name>\nFor example:\n<attempt_completion>\n<result>\nI have completed the task...\n</result>\n</attempt_completion>\nAlways adhere to this format for all tool uses to ensure proper parsing and execution.";

const F = `${CLINE_MOUNT}/test.txt`;

/** A reference test of constructNewFileContent as a call: success writes `expected`. */
function edit(id: string, doc: string, name: string, original: string, diff: string, expected: string, warnings?: string[]): ClineCase {
  return {
    id,
    title: name,
    source: { document: doc, case: name },
    given: { files: { [F]: original } },
    when: { path: 'test.txt', diff },
    then: { result: { output: savedOutput('test.txt', `${expected.trimEnd()}\n`) }, files: { [F]: expected }, ...(warnings && { warnings }) },
  };
}

/** A reference test that expects constructNewFileContent to throw: the model gets this error, the file stays. */
function refused(id: string, doc: string, name: string, original: string, diff: string, message: string): ClineCase {
  return {
    id,
    title: name,
    source: { document: doc, case: name },
    given: { files: { [F]: original } },
    when: { path: 'test.txt', diff },
    then: { error: { code: 'tool_error', message: diffErrorOutput(message, 'test.txt', original) }, files: { [F]: original } },
  };
}

const cnfc = (name: string) => `constructNewFileContent > should handle ${name} case correctly`;
const L3 = 'line1\nline2\nline3';
const trimmedNote = (n: number) =>
  `test.txt: SEARCH block ${n} has no exact match after the previous block; its lines match once each is trimmed (Cline's line-trimmed fallback); the whole lines are replaced`;

const tableCases: ClineCase[] = [
  edit('empty-file', DIFF_TESTS, cnfc('empty file'), '', '------- SEARCH\n=======\nnew content\n+++++++ REPLACE', 'new content\n'),
  refused('malformed-mixed-symbols', DIFF_TESTS, cnfc('malformed search - mixed symbols'), L3, '<<-- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', EMPTY_SEARCH),
  refused('malformed-few-dashes', DIFF_TESTS, cnfc('malformed search - insufficient dashes'), L3, '-- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', EMPTY_SEARCH),
  refused('malformed-no-space', DIFF_TESTS, cnfc('malformed search - missing space'), L3, '-------SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', EMPTY_SEARCH),
  edit('exact', DIFF_TESTS, cnfc('exact match replacement'), L3, '------- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', 'line1\nreplaced\nline3', []),
  edit('line-trimmed', DIFF_TESTS, cnfc('line-trimmed match replacement'), 'line1\n line2 \nline3', '------- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', 'line1\nreplaced\nline3', [trimmedNote(1)]),
  edit(
    'block-anchor',
    DIFF_TESTS,
    cnfc('block anchor match replacement'),
    'line1\nstart\nmiddle\nend\nline5',
    '------- SEARCH\nstart\nmiddle\nend\n=======\nreplaced\n+++++++ REPLACE',
    'line1\nreplaced\nline5',
  ),
  edit('incremental', DIFF_TESTS, cnfc('incremental processing'), L3, '------- SEARCH\nline2\n=======\nreplaced\n\n+++++++ REPLACE', 'line1\nreplaced\n\nline3'),
  edit('final-chunk', DIFF_TESTS, cnfc('final chunk with remaining content'), L3, '------- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', 'line1\nreplaced\nline3'),
  edit(
    'multiple-ordered',
    DIFF_TESTS,
    cnfc('multiple ordered replacements'),
    'First\nSecond\nThird\nFourth',
    '------- SEARCH\nFirst\n=======\n1st\n+++++++ REPLACE\n\n------- SEARCH\nThird\n=======\n3rd\n+++++++ REPLACE',
    '1st\nSecond\n3rd\nFourth',
  ),
  edit(
    'replace-then-delete',
    DIFF_TESTS,
    cnfc('replace then delete'),
    'line1\nline2\nline3\nline4',
    '------- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE\n\n------- SEARCH\nline4\n=======\n+++++++ REPLACE',
    'line1\nreplaced\nline3\n',
  ),
  edit(
    'delete-then-replace',
    DIFF_TESTS,
    cnfc('delete then replace'),
    'line1\nline2\nline3\nline4',
    '------- SEARCH\nline1\n=======\n+++++++ REPLACE\n\n------- SEARCH\nline3\n=======\nreplaced\n+++++++ REPLACE',
    'line2\nreplaced\nline4',
  ),
  refused('missing-separator', DIFF_TESTS, cnfc('malformed diff - missing separator'), L3, '------- SEARCH\nline2\n+++++++ REPLACE\nreplaced', malformatted('line2')),
  refused('separator-trailing-space', DIFF_TESTS, cnfc('malformed diff - trailing space on separator'), L3, '------- SEARCH\nline2\n======= \nreplaced\n+++++++ REPLACE', malformatted('line2\n======= \nreplaced')),
  refused('double-replace', DIFF_TESTS, cnfc('malformed diff - double replace markers'), L3, '------- SEARCH\nline2\n+++++++ REPLACE\nfirst replacement\n+++++++ REPLACE', malformatted('line2')),
  refused('separator-with-dashes', DIFF_TESTS, cnfc('malformed diff - malformed separator with dashes'), L3, '------- SEARCH\nline2\n------- =======\nreplaced\n+++++++ REPLACE', malformatted('line2\n------- =======\nreplaced')),
];

const namedCases: ClineCase[] = [
  refused(
    'no-match',
    DIFF_TESTS,
    'constructNewFileContent > should throw error when no match found',
    L3,
    '------- SEARCH\nnon-existent\n=======\nreplaced\n+++++++ REPLACE',
    'The SEARCH block:\nnon-existent\n...does not match anything in the file.',
  ),
  edit('missing-replace-marker', DIFF_TESTS, 'constructNewFileContent > should handle missing final REPLACE marker when isFinal is true', L3, '------- SEARCH\nline2\n=======\nreplaced', 'line1\nreplaced\nline3'),
  edit(
    'missing-replace-marker-lines',
    DIFF_TESTS,
    'constructNewFileContent > should handle missing final REPLACE marker with multiple lines of replacement',
    'function test() {\n\tconst a = 1;\n\treturn a;\n}',
    "------- SEARCH\n\tconst a = 1;\n\treturn a;\n=======\n\tconst a = 42;\n\tconsole.log('updated');\n\treturn a;",
    "function test() {\n\tconst a = 42;\n\tconsole.log('updated');\n\treturn a;\n}",
  ),
  edit(
    'out-of-order',
    DIFF_TESTS,
    'Diff Format Out of Order Cases > should handle out-of-order replacements with different positions',
    'first\nsecond\nthird\nfourth\n',
    '------- SEARCH\nfourth\n=======\nnew fourth\n+++++++ REPLACE\n------- SEARCH\nsecond\n=======\nnew second\n+++++++ REPLACE',
    'first\nnew second\nthird\nnew fourth\n',
    ['test.txt: SEARCH block 2 has no exact match after the previous block; it matches before the previous block, so it applies out of order'],
  ),
  edit(
    'out-of-order-multiple',
    DIFF_TESTS,
    'Diff Format Out of Order Cases > should handle multiple out-of-order replacements',
    'one\ntwo\nthree\nfour\nfive\n',
    '------- SEARCH\nfour\n=======\nfourth\n+++++++ REPLACE\n------- SEARCH\ntwo\n=======\nsecond\n+++++++ REPLACE\n------- SEARCH\nfive\n=======\nfifth\n+++++++ REPLACE',
    'one\nsecond\nthree\nfourth\nfifth\n',
  ),
  edit(
    'out-of-order-indented',
    DIFF_TESTS,
    'Diff Format Out of Order Cases > should handle out-of-order replacements with indentation',
    'function test() {\n\tconst a = 1;\n\tconst b = 2;\n\tconst c = 3;\n\n}',
    '------- SEARCH\n\tconst c = 3;\n=======\n\tconst c = 30;\n+++++++ REPLACE\n------- SEARCH\n\tconst a = 1;\n=======\n\tconst a = 10;\n+++++++ REPLACE',
    'function test() {\n\tconst a = 10;\n\tconst b = 2;\n\tconst c = 30;\n\n}',
  ),
  edit(
    'out-of-order-empty-lines',
    DIFF_TESTS,
    'Diff Format Out of Order Cases > should handle out-of-order replacements with empty lines',
    'header\n\nbody\n\nfooter\n',
    '------- SEARCH\nfooter\n=======\nnew footer\n+++++++ REPLACE\n------- SEARCH\n\nbody\n\n=======\nnew body content\n+++++++ REPLACE',
    'header\nnew body content\nnew footer\n',
  ),
];

const BCA = 'before\ncontent\nafter';
const BCA_NEW = 'before\nnew content\nafter';
const edgeCase = (id: string, it: string, diff: string, original = BCA, expected = BCA_NEW) =>
  edit(id, EDGE_TESTS, `Diff Format Edge Cases > ${it}`, original, diff, expected);
const TWO = 'before\nfirst content\nafter\nsecond content\nend';
const TWO_NEW = 'before\nfirst new content\nafter\nsecond new content\nend';

const edgeCases: ClineCase[] = [
  edgeCase('edge-search-5', 'should handle SEARCH prefix symbols - less than 7', '----- SEARCH\ncontent\n=======\nnew content\n+++++++ REPLACE'),
  edgeCase('edge-search-11', 'should handle SEARCH prefix symbols - more than 7', '----------- SEARCH\ncontent\n=======\nnew content\n+++++++ REPLACE'),
  edgeCase('edge-5-5', 'should handle SEARCH - less than 7 and REPLACE = less than 7', '----- SEARCH\ncontent\n=====\nnew content\n+++++++ REPLACE'),
  edgeCase('edge-5-8', 'should handle SEARCH - less than 7 and REPLACE = more than 7', '----- SEARCH\ncontent\n========\nnew content\n+++++++ REPLACE'),
  edgeCase('edge-11-10', 'should handle SEARCH - more than 7 and REPLACE = more than 7', '----------- SEARCH\ncontent\n==========\nnew content\n+++++++ REPLACE'),
  edgeCase('edge-11-5', 'should handle SEARCH - more than 7 and REPLACE = less than 7', '----------- SEARCH\ncontent\n=====\nnew content\n+++++++ REPLACE'),
  edgeCase(
    'edge-consecutive',
    'should handle consecutive SEARCH-REPLACE with second block SEARCH - less than 7',
    '------- SEARCH\nfirst content\n=======\nfirst new content\n+++++++ REPLACE\n----- SEARCH\nsecond content\n=======\nsecond new content\n+++++++ REPLACE',
    TWO,
    TWO_NEW,
  ),
  edgeCase(
    'edge-consecutive-5-5',
    'should handle consecutive SEARCH-REPLACE with second block SEARCH - less than 7 and REPLACE = less than 7',
    '------- SEARCH\nfirst content\n=======\nfirst new content\n+++++++ REPLACE\n----- SEARCH\nsecond content\n=====\nsecond new content\n+++++++ REPLACE',
    TWO,
    TWO_NEW,
  ),
];

const MISSING_DIFF = (path: string) =>
  `The tool execution failed with the following error:\n<error>\nFailed to edit '${path}': The 'diff' parameter was empty.\n\nThe diff parameter must contain SEARCH/REPLACE blocks in this format:\n<<<<<<< SEARCH\nexact lines to find\n=======\nreplacement lines\n>>>>>>> REPLACE\n\nRules:\n- The SEARCH block must match existing file content exactly (including whitespace and indentation)\n- You can include multiple SEARCH/REPLACE blocks in a single diff parameter\n- If you're unsure of the exact content, use read_file first to see the current file\n</error>`;

const MISSING_CONTENT = (path: string) =>
  `The tool execution failed with the following error:\n<error>\nFailed to write to '${path}': The 'content' parameter was empty. This typically happens when the file content is too large to generate in a single response, or when output token limits are reached before the content parameter is fully written.\n\nSuggestions:\n- If the file is large, try breaking down the task into smaller steps. Write a skeleton first, then fill in sections using replace_in_file.\n- If the file already exists, prefer replace_in_file to make targeted edits instead of rewriting the entire file.\n- Ensure the 'content' parameter contains the complete file content before closing the tool tag.\n\n${REMINDER}\n</error>`;

/** Cases of the tool around the diff: its parameter errors. */
export const replaceInFileToolCases: ClineCase[] = [
  {
    id: 'missing-diff',
    title: 'an empty diff is refused with the format and the rules',
    source: { document: PARAM_TESTS, case: 'formatResponse.replaceInFileMissingDiffError > should include the file path in the error message' },
    given: { files: { [`${CLINE_MOUNT}/src/app.ts`]: 'x\n' } },
    when: { path: 'src/app.ts', diff: '' },
    then: { error: { code: 'tool_error', message: MISSING_DIFF('src/app.ts') }, files: { [`${CLINE_MOUNT}/src/app.ts`]: 'x\n' } },
  },
];

export const writeToFileCases: ClineCase[] = [
  {
    id: 'missing-content',
    title: 'a missing content is refused, first failure in a row',
    source: { document: CONTENT_TESTS, case: 'formatResponse.writeToFileMissingContentError > first failure (tier 1) > should include the tool use instructions reminder' },
    given: { files: {} },
    when: { path: 'src/app.ts' },
    then: { error: { code: 'tool_error', message: MISSING_CONTENT('src/app.ts') }, files: { [`${CLINE_MOUNT}/src/app.ts`]: null } },
  },
];

const HANDLER = 'src/core/task/tools/handlers/WriteToFileToolHandler.ts';
const at = (file: string) => `${CLINE_MOUNT}/${file}`;
const MISSING_PATH = `The tool execution failed with the following error:\n<error>\nMissing value for required parameter 'path'. Please retry with complete response.\n\n${REMINDER}\n</error>`;

/** The handler's own paths (no reference test covers them): each names the code it follows. */
replaceInFileToolCases.push(
  {
    id: 'legacy-markers',
    title: 'the older <<<<<<< SEARCH / >>>>>>> REPLACE markers apply the same way',
    source: { document: 'src/core/assistant-message/diff.ts', case: 'LEGACY_SEARCH_BLOCK_START_REGEX, LEGACY_REPLACE_BLOCK_END_REGEX' },
    given: { files: { [F]: L3 } },
    when: { path: 'test.txt', diff: '<<<<<<< SEARCH\nline2\n=======\nreplaced\n>>>>>>> REPLACE' },
    then: { result: { output: savedOutput('test.txt', 'line1\nreplaced\nline3\n') }, files: { [F]: 'line1\nreplaced\nline3' }, warnings: [] },
  },
  {
    id: 'search-marker-gt',
    title: 'a SEARCH marker ending in > is read as one, though Cline\'s error text calls it invalid',
    source: { document: 'src/core/assistant-message/diff.ts', case: 'SEARCH_BLOCK_START_REGEX /^[-]{3,} SEARCH>?$/' },
    given: { files: { [F]: L3 } },
    when: { path: 'test.txt', diff: '------- SEARCH>\nline2\n=======\nreplaced\n+++++++ REPLACE>' },
    then: { result: { output: savedOutput('test.txt', 'line1\nreplaced\nline3\n') }, files: { [F]: 'line1\nreplaced\nline3' } },
  },
  {
    id: 'new-file',
    title: 'a missing file is opened empty: an empty SEARCH creates it',
    source: { document: HANDLER, case: 'validateAndPrepareFileOperation: fileExists false, originalContent ""' },
    given: { files: {} },
    when: { path: 'src/new.ts', diff: '------- SEARCH\n=======\nexport const a = 1;\n+++++++ REPLACE' },
    then: { result: { output: savedOutput('src/new.ts', 'export const a = 1;\n') }, files: { [at('src/new.ts')]: 'export const a = 1;\n' } },
  },
  {
    id: 'new-file-search',
    title: 'a missing file with a non-empty SEARCH: no match in the empty text, nothing created',
    source: { document: HANDLER, case: 'validateAndPrepareFileOperation: constructNewFileContent throws' },
    given: { files: {} },
    when: { path: 'src/new.ts', diff: '------- SEARCH\nx\n=======\ny\n+++++++ REPLACE' },
    then: { error: { code: 'tool_error', message: diffErrorOutput('The SEARCH block:\nx\n...does not match anything in the file.', 'src/new.ts', '') }, files: { [at('src/new.ts')]: null } },
  },
  {
    id: 'crlf-line-trimmed',
    title: 'a CRLF file: the LF search matches by trimmed lines, the save keeps CRLF, the answer shows CRLF',
    source: { document: HANDLER, case: 'DiffViewProvider.saveChanges: finalContent in the new content\'s line ending' },
    given: { files: { [F]: 'one\r\ntwo\r\nthree\r\n' } },
    when: { path: 'test.txt', diff: '------- SEARCH\ntwo\n=======\nTWO\n+++++++ REPLACE' },
    then: {
      result: { output: savedOutput('test.txt', 'one\r\nTWO\r\nthree\r\n') },
      files: { [F]: 'one\r\nTWO\r\nthree\r\n' },
      warnings: [
        trimmedNote(1),
        "test.txt: VS Code saves every line break of a document as its one ending (CRLF here); the new text's other line breaks are saved as CRLF",
      ],
    },
  },
  {
    id: 'missing-path',
    title: 'no path: Cline\'s missing-parameter error',
    source: { document: HANDLER, case: 'execute: !rawRelPath → sayAndCreateMissingParamError' },
    given: { files: {} },
    when: { diff: '------- SEARCH\n=======\nx\n+++++++ REPLACE' },
    then: { error: { code: 'tool_error', message: MISSING_PATH } },
  },
);

writeToFileCases.push(
  {
    id: 'create',
    title: 'a new file in a new folder',
    source: { document: HANDLER, case: 'execute: fileExists false (newFileCreated)' },
    given: { files: {} },
    when: { path: 'src/new.ts', content: 'a\nb\n' },
    then: { result: { output: savedOutput('src/new.ts', 'a\nb\n') }, files: { [at('src/new.ts')]: 'a\nb\n' }, warnings: [] },
  },
  {
    id: 'overwrite',
    title: 'an existing file is replaced whole',
    source: { document: HANDLER, case: 'execute: fileExists true (editedExistingFile)' },
    given: { files: { [F]: 'old\ntext\n' } },
    when: { path: 'test.txt', content: 'new\n' },
    then: { result: { output: savedOutput('test.txt', 'new\n') }, files: { [F]: 'new\n' } },
  },
  {
    id: 'fenced',
    title: 'a fenced answer loses its fence lines and is trimmed',
    source: { document: HANDLER, case: 'validateAndPrepareFileOperation: newContent.startsWith("```") / endsWith("```")' },
    given: { files: {} },
    when: { path: 'a.ts', content: '```ts\nconst a = 1;\n```' },
    then: {
      result: { output: savedOutput('a.ts', 'const a = 1;\n') },
      files: { [at('a.ts')]: 'const a = 1;' },
      warnings: ['a.ts: the content is wrapped in a ``` fence; Cline drops the fence lines and trims what is left'],
    },
  },
  {
    id: 'empty-content',
    title: 'empty content empties the file; Cline\'s answer shows undefined as the content',
    source: { document: 'src/integrations/editor/DiffViewProvider.ts', case: 'saveChanges: !this.newContent → finalContent undefined' },
    given: { files: { [F]: 'x\n' } },
    when: { path: 'test.txt', content: '' },
    then: { result: { output: savedOutput('test.txt', 'undefined') }, files: { [F]: '' } },
  },
  {
    id: 'absolute-path-field',
    title: 'native calls may name the file absolutePath',
    source: { document: HANDLER, case: 'execute: block.params.path || block.params.absolutePath' },
    given: { files: {} },
    when: { absolutePath: 'b.txt', content: 'b\n' },
    then: { result: { output: savedOutput('b.txt', 'b\n') }, files: { [at('b.txt')]: 'b\n' } },
  },
  {
    id: 'crlf-overwrite',
    title: 'LF content over a CRLF file is saved CRLF; the answer shows it with the content\'s LF',
    source: { document: 'src/integrations/editor/DiffViewProvider.ts', case: 'saveChanges: normalizedPostSaveContent' },
    given: { files: { [F]: 'a\r\nb\r\n' } },
    when: { path: 'test.txt', content: 'x\ny\n' },
    then: {
      result: { output: savedOutput('test.txt', 'x\ny\n') },
      files: { [F]: 'x\r\ny\r\n' },
      warnings: ["test.txt: VS Code saves every line break of a document as its one ending (CRLF here); the new text's other line breaks are saved as CRLF"],
    },
  },
  {
    id: 'missing-path',
    title: 'no path: Cline\'s missing-parameter error',
    source: { document: HANDLER, case: 'execute: !rawRelPath → sayAndCreateMissingParamError' },
    given: { files: {} },
    when: { content: 'x' },
    then: { error: { code: 'tool_error', message: MISSING_PATH } },
  },
);

export const replaceInFileCases: ClineCase[] = [...tableCases, ...namedCases, ...edgeCases, ...replaceInFileToolCases, ...replaceInFileReleaseCases()];

/** The cases as contract suites (suite-schema.ts), which the registry names after their profiles. */
export const replaceInFileSuite: ProfileSuite = {
  description: "Cline's replace_in_file (cline/cline @9ee61811): diff.test.ts, diff_edge_cases.test.ts, the missing-parameter tests and the handler's paths; as older releases answer (release: the Cline version, cases-releases.ts)",
  mount: CLINE_MOUNT,
  cases: replaceInFileCases,
};

export const writeToFileSuite: ProfileSuite = {
  description: "Cline's write_to_file (cline/cline @9ee61811): the missing-content test and the handler's paths; as releases before 3.52.0 save (release)",
  mount: CLINE_MOUNT,
  cases: [...writeToFileCases, ...writeToFileReleaseCases()],
};

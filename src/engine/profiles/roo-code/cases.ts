// Contract cases for `apply_diff`, plain data in the suite format (src/contracts/suite-schema.ts;
// not imported: the engine imports nothing from contracts). Reference: RooCodeInc/Roo-Code at
// cb836567180a3ff1da6d082f3178b90c3bd22a70 (Apache-2.0), src/core/diff/strategies/__tests__/
// multi-search-replace.spec.ts; each case names the `describe > it` it re-expresses, as a call of
// the tool on `test.ts` in a workspace mounted at /w, with the full answer the model receives.
// The reference's tests build the strategy with a 5-line buffer (and 0.9 for "fuzzy matching");
// the tool runs Roo Code's own (1.0, 40 lines), so only tests whose outcome does not depend on
// that are here. A `{ regex }` message is matched, not compared (a case says why).

import type { ContractCaseData, JsonValue, ProfileSuite } from '../profile';
import { APPLY_DIFF_SPEC } from './spec-tests';

export interface RooCase extends ContractCaseData {
  id: string;
  title: string;
  source: { document: string; case: string };
  given: { files: Record<string, string> };
  when: { [field: string]: JsonValue };
  then: {
    result?: { output: string };
    error?: { code: string; message: string | { regex: string } };
    files?: Record<string, string | null>;
  };
}

export const ROO_MOUNT = '/w';
const SPEC = 'src/core/diff/strategies/__tests__/multi-search-replace.spec.ts';
const F = `${ROO_MOUNT}/test.ts`;


const ANSWER =
  '{"path":"test.ts","operation":"modified","notice":"You do not need to re-read the file, as you have seen all changes Proceed with the task using these changes as the new baseline."}';
const SINGLE =
  '\n<notice>Making multiple related changes in a single apply_diff is more efficient. If other changes are needed in this file, please include them as additional SEARCH/REPLACE blocks.</notice>';

/** The answer after a save: the JSON, and the notice when the diff has one `<<<<<<< SEARCH`. */
export const savedAnswer = (diff: string, partFail = false): string =>
  (partFail ? `But unable to apply all diff parts to file: ${F}. Use the read_file tool to check the newest file version and re-apply diffs.\n` : '') +
  ANSWER +
  ((diff.match(/<<<<<<< SEARCH/g) ?? []).length === 1 ? SINGLE : '');

const unable = (error: string): string => `Unable to apply diff to file: ${F}\n\n<error_details>\n${error}\n</error_details>`;

const invalidDiff = (found: string, expected: string, line: number): string =>
  `ERROR: Diff block is malformed: marker '${found}' found in your diff content at line ${line}. Expected: ${expected}\n\nCORRECT FORMAT:\n\n<<<<<<< SEARCH\n:start_line: (required) The line number of original content where the search block starts.\n-------\n[exact content to find including whitespace]\n=======\n[new content to replace with]\n>>>>>>> REPLACE\n`;

const mergeConflict = (found: string, line: number): string =>
  `ERROR: Special marker '${found}' found in your diff content at line ${line}:\n\nWhen removing merge conflict markers like '${found}' from files, you MUST escape them\nin your SEARCH section by prepending a backslash (\\) at the beginning of the line:\n\nCORRECT FORMAT:\n\n<<<<<<< SEARCH\ncontent before\n\\${found}    <-- Note the backslash here in this example\ncontent after\n=======\nreplacement content\n>>>>>>> REPLACE\n\nWithout escaping, the system confuses your content with diff syntax markers.\nYou may use multiple diff blocks in a single diff request, but ANY of ONLY the following separators that occur within SEARCH or REPLACE content must be escaped, as follows:\n\\<<<<<<< SEARCH>?\n\\=======\n\\>>>>>>> REPLACE\n`;

const lineMarker = (marker: string, line: number): string =>
  `ERROR: Invalid line marker '${marker}' found in REPLACE section at line ${line}\n\nLine markers (:start_line: and :end_line:) are only allowed in SEARCH sections.\n\nCORRECT FORMAT:\n<<<<<<< SEARCH\n:start_line:5\ncontent to find\n=======\nreplacement content\n>>>>>>> REPLACE\n\nINCORRECT FORMAT:\n<<<<<<< SEARCH\ncontent to find\n=======\n:start_line:5    <-- Invalid location\nreplacement content\n>>>>>>> REPLACE\n`;

function ok(id: string, it: string, original: string, diff: string, expected: string): RooCase {
  return { id, title: it.split(' > ').pop()!, source: { document: SPEC, case: `MultiSearchReplaceDiffStrategy > ${it}` }, given: { files: { [F]: original } }, when: { path: 'test.ts', diff }, then: { result: { output: savedAnswer(diff) }, files: { [F]: expected } } };
}

function refused(id: string, it: string, original: string, diff: string, message: string | { regex: string }): RooCase {
  return { id, title: it.split(' > ').pop()!, source: { document: SPEC, case: `MultiSearchReplaceDiffStrategy > ${it}` }, given: { files: { [F]: original } }, when: { path: 'test.ts', diff }, then: { error: { code: 'tool_error', message }, files: { [F]: original } } };
}

const V = 'validateMarkerSequencing > ';
const SOME = 'some content\n';
const block = (search: string, replace: string, head = '<<<<<<< SEARCH') => `${head}\n${search}=======\n${replace}>>>>>>> REPLACE`;

const validation: RooCase[] = [
  ok('valid-sequence', `${V}validates correct marker sequence`, SOME, block(SOME, 'new content\n'), 'new content\n'),
  ok('valid-extra-gt', `${V}validates correct marker sequence with extra > in SEARCH`, SOME, block(SOME, 'new content\n', '<<<<<<< SEARCH>'), 'new content\n'),
  refused('invalid-two-gt', `${V}validates correct marker sequence with multiple > in SEARCH`, SOME, block(SOME, 'new content\n', '<<<<<<< SEARCH>>'), unable(mergeConflict('<<<<<<< SEARCH>>', 1))),
  ok(
    'valid-mixed-gt',
    `${V}validates mixed cases with and without extra > in the same diff`,
    'content1\ncontent2\n',
    '<<<<<<< SEARCH>\ncontent1\n=======\nnew1\n>>>>>>> REPLACE\n\n<<<<<<< SEARCH\ncontent2\n=======\nnew2\n>>>>>>> REPLACE',
    'new1\nnew2\n',
  ),
  ok('valid-gt-spaces', `${V}validates extra > with whitespace variations`, SOME, block(SOME, 'new content\n', '<<<<<<< SEARCH>  '), 'new content\n'),
  refused('invalid-space-gt', `${V}validates extra > with whitespace variations`, SOME, block(SOME, 'new content\n', '<<<<<<< SEARCH  >'), unable(mergeConflict('<<<<<<< SEARCH  >', 1))),
  ok('valid-gt-line-numbers', `${V}validates extra > with line numbers`, 'content1\n', '<<<<<<< SEARCH>\n:start_line:10\n-------\ncontent1\n=======\nnew1\n>>>>>>> REPLACE', 'new1\n'),
  ok('valid-two-blocks', `${V}validates multiple correct marker sequences`, 'content1\ncontent2\n', '<<<<<<< SEARCH\ncontent1\n=======\nnew1\n>>>>>>> REPLACE\n\n<<<<<<< SEARCH\ncontent2\n=======\nnew2\n>>>>>>> REPLACE', 'new1\nnew2\n'),
  ok(
    'valid-two-blocks-lines',
    `${V}validates multiple correct marker sequences with line numbers`,
    'content1\ncontent2\n',
    '<<<<<<< SEARCH\n:start_line:10\n-------\ncontent1\n=======\nnew1\n>>>>>>> REPLACE\n\n<<<<<<< SEARCH\n:start_line:10\n-------\ncontent2\n=======\nnew2\n>>>>>>> REPLACE',
    'new1\nnew2\n',
  ),
  refused('separator-first', `${V}detects separator before search`, SOME, '=======\ncontent\n>>>>>>> REPLACE', unable(invalidDiff('=======', '<<<<<<< SEARCH>?', 1))),
  refused('missing-separator', `${V}detects missing separator`, SOME, '<<<<<<< SEARCH\ncontent\n>>>>>>> REPLACE', unable(invalidDiff('>>>>>>> REPLACE', '=======', 3))),
  refused('two-separators', `${V}detects two separators`, SOME, '<<<<<<< SEARCH\ncontent\n=======\n=======\n>>>>>>> REPLACE', unable(mergeConflict('=======', 4))),
  refused('bare-replace-prefix', `${V}detects replace before separator (merge conflict message)`, SOME, '<<<<<<< SEARCH\ncontent\n>>>>>>>', unable(mergeConflict('>>>>>>>', 3))),
  refused('incomplete', `${V}detects incomplete sequence`, SOME, '<<<<<<< SEARCH\ncontent\n=======\nnew content', unable("ERROR: Unexpected end of sequence: Expected '>>>>>>> REPLACE' was not found.")),
];

const L = 'line marker validation in REPLACE sections > ';
const FIND = 'content to find\n';
const markerCases: RooCase[] = [
  refused('start-line-in-replace', `${L}should reject start_line marker in REPLACE section`, FIND, block(FIND, ':start_line:5\nreplacement content\n'), unable(lineMarker(':start_line:', 4))),
  refused('end-line-in-replace', `${L}should reject end_line marker in REPLACE section`, FIND, block(FIND, ':end_line:10\nreplacement content\n'), unable(lineMarker(':end_line:', 4))),
  refused(
    'second-block-marker',
    `${L}should reject line markers in multiple diff blocks where one has invalid markers`,
    'content1\ncontent2\n',
    '<<<<<<< SEARCH\n:start_line:1\ncontent1\n=======\nreplacement1\n>>>>>>> REPLACE\n\n<<<<<<< SEARCH\ncontent2\n=======\n:start_line:5\nreplacement2\n>>>>>>> REPLACE',
    unable(lineMarker(':start_line:', 11)),
  ),
  ok(
    'markers-in-search',
    `${L}should allow valid markers in SEARCH section with content in REPLACE`,
    'a\nb\nc\nd\n' + FIND,
    '<<<<<<< SEARCH\n:start_line:5\n:end_line:10\n-------\ncontent to find\n=======\nreplacement content\n>>>>>>> REPLACE',
    'a\nb\nc\nd\nreplacement content\n',
  ),
  ok('escaped-start-line', `${L}should allow escaped line markers in REPLACE content`, FIND, block(FIND, 'replacement content\n\\:start_line:5\nmore content\n'), 'replacement content\n:start_line:5\nmore content\n'),
  ok('escaped-end-line', `${L}should allow escaped end_line markers in REPLACE content`, FIND, block(FIND, 'replacement content\n\\:end_line:10\nmore content\n'), 'replacement content\n:end_line:10\nmore content\n'),
  ok(
    'escaped-both',
    `${L}should allow both escaped line markers in REPLACE content`,
    FIND,
    block(FIND, 'replacement content\n\\:start_line:5\n\\:end_line:10\nmore content\n'),
    'replacement content\n:start_line:5\n:end_line:10\nmore content\n',
  ),
  refused('both-in-replace', `${L}should reject both line markers in REPLACE section`, FIND, block(FIND, ':start_line:5\n:end_line:10\nreplacement content\n'), unable(lineMarker(':start_line:', 4))),
  refused('marker-with-spaces', `${L}should reject line markers with whitespace in REPLACE section`, FIND, block(FIND, '  :start_line:5  \nreplacement content\n'), unable(lineMarker(':start_line:', 4))),
  refused('marker-mid-replace', `${L}should reject line markers in middle of REPLACE content`, FIND, block(FIND, 'some replacement\n:end_line:15\nmore replacement\n'), unable(lineMarker(':end_line:', 5))),
  refused('marker-error-format', `${L}should provide helpful error message format`, 'content\n', block('content\n', ':start_line:5\nreplacement\n'), unable(lineMarker(':start_line:', 4))),
];

/**
 * Every test of the spec that calls applyDiff, as a call of the tool (spec-tests.ts holds their
 * strings). Left out: "fuzzy matching > should match content with small differences (>90%
 * similar)", which needs the 0.9 threshold the test builds its strategy with (Roo Code's tool
 * uses 1.0, and fails it); multi-search-replace.test.ts runs it at 0.9. A failure's message is
 * matched by its opening: the rest is the no-match text, pinned whole in that unit test.
 */
const LEFT_OUT = new Set(['fuzzy matching > should match content with small differences (>90% similar)']);
const slug = (it: string): string => `spec-${it.split(' > ').pop()!.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
const specCases: RooCase[] = APPLY_DIFF_SPEC.filter((t) => !LEFT_OUT.has(t.it)).map((t) =>
  t.expected === null
    ? refused(slug(t.it), t.it, t.original, t.diff, { regex: '^(<error_details>\\nNo sufficiently similar match found|Unable to apply diff to file: /w/test\\.ts\\n\\n<error_details>\\nInvalid diff format)' })
    : ok(slug(t.it), t.it, t.original, t.diff, t.expected),
);

const NL = 'src/core/diff/strategies/__tests__/multi-search-replace-trailing-newline.spec.ts';
const nl = (c: RooCase): RooCase => ({ ...c, source: { document: NL, case: c.source.case.replace('MultiSearchReplaceDiffStrategy > ', 'MultiSearchReplaceDiffStrategy - trailing newline preservation > ') } });
const JAVA = [
  '                List<ContactInfoItemResp> addressInfoList = new ArrayList<>(CollectionUtils.size(repairInfoList) > 10 ? 10',
  '                                : CollectionUtils.size(repairInfoList) + CollectionUtils.size(homeAddressInfoList)',
  '                                                + CollectionUtils.size(idNoAddressInfoList) + CollectionUtils.size(workAddressInfoList)',
  '                                                + CollectionUtils.size(personIdentityInfoList));',
];
const JAVA_NEW = [
  '                // Filter addresses if optimization is enabled',
  '                if (isAddressDisplayOptimizeEnabled()) {',
  '                    homeAddressInfoList = filterAddressesByThreeYearRule(homeAddressInfoList);',
  '                    personIdentityInfoList = filterAddressesByThreeYearRule(personIdentityInfoList);',
  '                    idNoAddressInfoList = filterAddressesByThreeYearRule(idNoAddressInfoList);',
  '                    workAddressInfoList = filterAddressesByThreeYearRule(workAddressInfoList);',
  '                }',
  ...JAVA,
].join('\n');
const CLASS = 'class Example {\n    constructor() {\n        this.value = 0;\n    }\n}';
const trailingNewline: RooCase[] = [
  nl(
    ok(
      'numbered-search-only',
      'should preserve trailing newlines in SEARCH content with line numbers',
      CLASS,
      '<<<<<<< SEARCH\n1 | class Example {\n2 |     constructor() {\n3 |         this.value = 0;\n4 |     }\n5 | }\n=======\nclass Example {\n    constructor() {\n        this.value = 1;\n    }\n}\n>>>>>>> REPLACE',
      CLASS.replace('= 0', '= 1'),
    ),
  ),
  nl(
    ok(
      'numbered-crlf',
      'should handle Windows line endings with trailing newlines and line numbers',
      'function test() {\r\n    return true;\r\n}\r\n',
      '<<<<<<< SEARCH\n1 | function test() {\n2 |     return true;\n3 | }\n=======\nfunction test() {\n    return false;\n}\n>>>>>>> REPLACE',
      'function test() {\r\n    return false;\r\n}\r\n',
    ),
  ),
  nl(
    ok(
      'numbered-two-blocks',
      'should handle multiple search/replace blocks with trailing newlines',
      'function one() {\n    return 1;\n}\nfunction two() {\n    return 2;\n}',
      '<<<<<<< SEARCH\n1 | function one() {\n2 |     return 1;\n3 | }\n=======\nfunction one() {\n    return 10;\n}\n>>>>>>> REPLACE\n<<<<<<< SEARCH\n5 | function two() {\n6 |     return 2;\n7 | }\n=======\nfunction two() {\n    return 20;\n}\n>>>>>>> REPLACE',
      'function one() {\n    return 10;\n}\nfunction two() {\n    return 20;\n}',
    ),
  ),
  nl(
    ok(
      'numbered-last-line',
      'should handle content with line numbers at the last line',
      JAVA.join('\n'),
      `<<<<<<< SEARCH\n${JAVA.map((l, i) => `${1476 + i} | ${l}`).join('\n')}\n=======\n${JAVA_NEW}\n>>>>>>> REPLACE`,
      JAVA_NEW,
    ),
  ),
  nl(
    ok(
      'numbered-no-final-newline',
      'should correctly strip line numbers even when last line has no trailing newline',
      'line 1\nline 2\nline 3',
      '<<<<<<< SEARCH\n1 | line 1\n2 | line 2\n3 | line 3\n=======\nline 1\nmodified line 2\nline 3\n>>>>>>> REPLACE',
      'line 1\nmodified line 2\nline 3',
    ),
  ),
];

/** Tool-level cases (ApplyDiffTool.ts): its parameter and file errors, a part that fails. */
const TOOL = 'src/core/tools/ApplyDiffTool.ts';
const toolCases: RooCase[] = [
  {
    id: 'missing-file',
    title: 'a missing file is refused with its absolute path',
    source: { document: TOOL, case: 'execute: fileExists is false' },
    given: { files: {} },
    when: { path: 'test.ts', diff: block('a\n', 'b\n') },
    then: { error: { code: 'tool_error', message: `File does not exist at path: ${F}\n\n<error_details>\nThe specified file could not be found. Please verify the file path and try again.\n</error_details>` } },
  },
  {
    id: 'missing-diff',
    title: 'an empty diff is a missing parameter',
    source: { document: TOOL, case: 'execute: !diffContent' },
    given: { files: { [F]: 'a\n' } },
    when: { path: 'test.ts', diff: '' },
    then: {
      error: {
        code: 'tool_error',
        message:
          '{"status":"error","message":"The tool execution failed","error":"Missing value for required parameter \'diff\'. Please retry with complete response.\\n\\n# Reminder: Instructions for Tool Use\\n\\nTools are invoked using the platform\'s native tool calling mechanism. Each tool requires specific parameters as defined in the tool descriptions. Refer to the tool definitions provided in your system instructions for the correct parameter structure and usage examples.\\n\\nAlways ensure you provide all required parameters for the tool you wish to use."}',
      },
      files: { [F]: 'a\n' },
    },
  },
  {
    id: 'part-fails',
    title: 'one block applies, the other is identical: saved, with the hint first',
    source: { document: TOOL, case: 'execute: partFailHint' },
    given: { files: { [F]: 'a\nb\n' } },
    when: { path: 'test.ts', diff: `${block('a\n', 'A\n')}\n${block('b\n', 'b\n')}` },
    then: { result: { output: savedAnswer('two blocks', true) }, files: { [F]: 'A\nb\n' } },
  },
];

export const applyDiffCases: RooCase[] = [...validation, ...markerCases, ...specCases, ...trailingNewline, ...toolCases];

/** The cases as a contract suite (suite-schema.ts), which the registry names after the profile. */
export const applyDiffSuite: ProfileSuite = {
  description: "Roo Code's apply_diff (RooCodeInc/Roo-Code @cb836567): multi-search-replace.spec.ts, its trailing-newline spec and ApplyDiffTool.ts",
  mount: ROO_MOUNT,
  cases: applyDiffCases,
};

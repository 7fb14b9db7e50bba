// Gemini CLI's `replace` (SPEC 11), reference google-gemini/gemini-cli packages/core/src/tools/edit.ts
// at 5411f113cafae26161b4969b0237b8e1e024e2c2. The reference's tests (edit.test.ts) run on a temp
// folder and mostly assert error types or fragments; each is re-expressed here on an in-memory
// workspace mounted at /root with the full text the model receives. Tests that need a model
// (FixLLMEditWithInstruction), the IDE, JIT context or plan mode are left out; those that call
// applyReplacement or calculateReplacement directly become calls of the tool. The model's repair
// is off by default, so a failed match answers with the reference's first error and a warning.

import type { CaseError, ContractCaseData, JsonValue, ProfileSuite } from '../profile';
import { replaceReleaseCases } from './cases-releases';

const R = '/root';
const TESTS = 'packages/core/src/tools/edit.test.ts';
const src = (...titles: string[]) => ({ document: TESTS, case: titles.join(' > ') });
const call = (file: string, old_string: string, new_string: string, extra: Record<string, JsonValue> = {}) => ({ file_path: `${R}/${file}`, instruction: 'test', old_string, new_string, ...extra });
const modified = (file: string, n: number, snippet: string, tail = '') => ({
  output: `Successfully modified file: ${R}/${file} (${n} replacements). Here is the updated code:\n${snippet}${tail}`,
});
const REPAIR =
  "Not reproduced: Gemini CLI's model-based repair (FixLLMEditWithInstruction). It is off by default (tools.disableLLMCorrection: true); " +
  'with it on, the reference would first ask a model to correct old_string and new_string and could then succeed, or answer edit_no_change_llm_judgement';
const noOccurrence = (file: string): CaseError => ({
  code: 'edit_no_occurrence_found',
  message: `Failed to edit, 0 occurrences found for old_string in ${R}/${file}. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.`,
});
const mismatch = (file: string, n: number): CaseError => ({
  code: 'edit_expected_occurrence_mismatch',
  message: `Failed to edit, Expected 1 occurrence but found ${n} for old_string in file: ${R}/${file}. If you intended to replace multiple occurrences, set 'allow_multiple' to true.`,
});
const strategyNote = (file: string, s: 'flexible' | 'regex' | 'fuzzy') =>
  `${R}/${file}: old_string has no exact match; the reference's ${s} match found it (${
    {
      flexible: 'whole lines equal once trimmed; new_string re-indented to the first matched line',
      regex: "old_string's tokens with any whitespace between them, from a line start; new_string re-indented",
      fuzzy: 'lines within a 10% weighted edit distance; new_string re-indented to the first matched line',
    }[s]
  })`;
const PLACEHOLDER = "`new_string` contains an omission placeholder (for example 'rest of methods ...'). Provide exact literal replacement text.";
/** Workspace files by path relative to the mount. */
const at = <T extends string | null>(files: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(files).map(([k, v]) => [`${R}/${k}`, v]));

type Case = ContractCaseData;

const DOLLAR: [string, string, string, string, string][] = [
  ['$ literal', "price is $100 and pattern end is ' '", 'price is $100', 'price is $200', "price is $200 and pattern end is ' '"],
  ["$' literal", 'foo', 'foo', "bar$'baz", "bar$'baz"],
  ['$& literal', 'hello world', 'hello', '$&-replacement', '$&-replacement world'],
  ['$` literal', 'prefix-middle-suffix', 'middle', 'new$`content', 'prefix-new$`content-suffix'],
  ['$1, $2 capture groups literal', 'test string', 'test', '$1$2replacement', '$1$2replacement string'],
  ['normal strings without problematic $', 'normal text replacement', 'text', 'string', 'normal string replacement'],
  ['complex regex patterns with $ at end', "| select('match', '^[sv]d[a-z]$')", "'^[sv]d[a-z]$'", "'^[sv]d[a-z]$' # updated", "| select('match', '^[sv]d[a-z]$' # updated)"],
  ['$$ (escaped dollar)', 'price value', 'value', '$$100', 'price $$100'],
];

const dollarCases: Case[] = DOLLAR.map(([name, current, oldStr, newStr, expected], i): Case => ({
  id: `dollar-${i + 1}`,
  title: `new_string is inserted literally: ${name}`,
  source: src('EditTool', 'applyReplacement', `should handle ${name}`),
  given: { files: at({ 'd.txt': current }) },
  when: call('d.txt', oldStr, newStr),
  then: { result: modified('d.txt', 1, expected), files: at({ 'd.txt': expected }), warnings: [] },
}));

const LONG = 'a'.repeat(2000);
const TWICE = '\nfunction doIt() {\n  console.log("hello");\n}\n\nfunction doIt() {\n  console.log("hello");\n}\n';
const TWICE_BYE = TWICE.replaceAll('hello', 'bye');

const strategyCases: Case[] = [
  {
    id: 'multiple-dollar',
    title: 'every occurrence gets new_string literally with allow_multiple',
    source: src('EditTool', 'applyReplacement', 'should handle multiple occurrences with $ sequences'),
    given: { files: at({ 'd.txt': 'foo bar foo baz' }) },
    when: call('d.txt', 'foo', "test$'end", { allow_multiple: true }),
    then: { result: modified('d.txt', 2, "test$'end bar test$'end baz"), files: at({ 'd.txt': "test$'end bar test$'end baz" }) },
  },
  {
    id: 'exact',
    title: 'an exact match is replaced',
    source: src('EditTool', 'calculateReplacement', 'should perform an exact replacement'),
    given: { files: at({ 'test.txt': 'hello world' }) },
    when: call('test.txt', 'world', 'moon'),
    then: { result: modified('test.txt', 1, 'hello moon'), files: at({ 'test.txt': 'hello moon' }), warnings: [] },
  },
  {
    id: 'flexible',
    title: 'whole lines equal once trimmed match; new_string takes the first line\'s indentation',
    source: src('EditTool', 'calculateReplacement', 'should perform a flexible, whitespace-insensitive replacement'),
    given: { files: at({ 'test.txt': '  hello\n    world\n' }) },
    when: call('test.txt', 'hello\nworld', 'goodbye\nmoon'),
    then: { result: modified('test.txt', 1, '  goodbye\n  moon\n'), files: at({ 'test.txt': '  goodbye\n  moon\n' }), warnings: [strategyNote('test.txt', 'flexible')] },
  },
  {
    id: 'no-match',
    title: 'no strategy finds old_string: 0 occurrences',
    source: src('EditTool', 'calculateReplacement', 'should return 0 occurrences if no match is found'),
    given: { files: at({ 'test.txt': 'hello world' }) },
    when: call('test.txt', 'nomatch', 'moon'),
    then: { error: noOccurrence('test.txt'), warnings: [REPAIR] },
  },
  {
    id: 'regex',
    title: 'whitespace inside a line differs: the regex strategy matches and keeps the line\'s indentation',
    source: src('EditTool', 'calculateReplacement', 'should perform a regex-based replacement for flexible intra-line whitespace'),
    given: { files: at({ 'test.js': '  function  myFunc( a, b ) {\n    return a + b;\n  }' }) },
    when: call('test.js', 'function myFunc(a, b) {', 'const yourFunc = (a, b) => {'),
    then: {
      result: modified('test.js', 1, '  const yourFunc = (a, b) => {\n    return a + b;\n  }'),
      files: at({ 'test.js': '  const yourFunc = (a, b) => {\n    return a + b;\n  }' }),
      warnings: [strategyNote('test.js', 'regex')],
    },
  },
  {
    id: 'fuzzy',
    title: 'a near match (a missing comma) is found by the fuzzy strategy, which says where',
    source: src('EditTool', 'calculateReplacement', 'should perform a fuzzy replacement when exact match fails but similarity is high'),
    given: { files: at({ 'config.ts': 'const myConfig = {\n  enableFeature: true,\n  retries: 3\n};' }) },
    when: call('config.ts', 'const myConfig = {\n  enableFeature: true\n  retries: 3\n};', 'const myConfig = {\n  enableFeature: false,\n  retries: 5\n};'),
    then: {
      result: modified('config.ts', 1, 'const myConfig = {\n  enableFeature: false,\n  retries: 5\n};', ' Applied fuzzy match at line 1-4.'),
      files: at({ 'config.ts': 'const myConfig = {\n  enableFeature: false,\n  retries: 5\n};' }),
      warnings: [strategyNote('config.ts', 'fuzzy')],
    },
  },
  {
    id: 'fuzzy-below-threshold',
    title: 'a different text is no fuzzy match',
    source: src('EditTool', 'calculateReplacement', 'should NOT perform a fuzzy replacement when similarity is below threshold'),
    given: { files: at({ 'config.ts': 'const myConfig = {\n  enableFeature: true,\n  retries: 3\n};' }) },
    when: call('config.ts', 'function somethingElse() {\n  return false;\n}', 'const myConfig = {\n  enableFeature: false,\n  retries: 5\n};'),
    then: { error: noOccurrence('config.ts'), warnings: [REPAIR] },
  },
  {
    id: 'fuzzy-too-costly',
    title: 'fuzzy matching is skipped when lines × length² exceeds 4e8',
    source: src('EditTool', 'calculateReplacement', 'should NOT perform a fuzzy replacement when the complexity (length * size) is too high'),
    given: { files: at({ 'test.ts': Array(200).fill(LONG).join('\n') }) },
    when: call('test.ts', `${LONG}c`, 'replacement'),
    then: { error: noOccurrence('test.ts'), warnings: [REPAIR] },
  },
  {
    id: 'fuzzy-multiple',
    title: 'two fuzzy matches are both replaced with allow_multiple (the reference test checks the count without the tool)',
    source: src('EditTool', 'calculateReplacement', 'should perform multiple fuzzy replacements if multiple valid matches are found'),
    given: { files: at({ 'test.ts': TWICE }) },
    when: call('test.ts', "function doIt() {\n  console.log('hello');\n}", 'function doIt() {\n  console.log("bye");\n}', { allow_multiple: true }),
    then: { result: modified('test.ts', 2, TWICE_BYE, ' Applied fuzzy match at lines 2-4, 6-8.'), files: at({ 'test.ts': TWICE_BYE }), warnings: [strategyNote('test.ts', 'fuzzy')] },
  },
  {
    id: 'fuzzy-multiple-count',
    title: 'two fuzzy matches without allow_multiple are a count mismatch',
    source: src('EditTool', 'calculateReplacement', 'should perform multiple fuzzy replacements if multiple valid matches are found'),
    given: { files: at({ 'test.ts': TWICE }) },
    when: call('test.ts', "function doIt() {\n  console.log('hello');\n}", 'function doIt() {\n  console.log("bye");\n}'),
    then: { error: mismatch('test.ts', 2), warnings: [REPAIR] },
  },
  {
    id: 'flexible-trailing-newline',
    title: 'a flexible match keeps the line break after it',
    source: src('EditTool', 'calculateReplacement', 'should preserve trailing newlines in flexible replacement (regression)'),
    given: { files: at({ 'test.txt': '  line1\n  line2\n  line3\n' }) },
    when: call('test.txt', 'line1\nline2', 'line1-replaced\nline2-replaced'),
    then: { files: at({ 'test.txt': '  line1-replaced\n  line2-replaced\n  line3\n' }), warnings: [strategyNote('test.txt', 'flexible')] },
  },
  {
    id: 'flexible-multiple',
    title: 'flexible matches with allow_multiple are each replaced once, the scan going on after each',
    source: src('EditTool', 'calculateReplacement', 'should correctly increment loop index in flexible replacement when allow_multiple is true (regression)'),
    given: { files: at({ 'test.txt': '  match1\n  match2\n  match1\n  match2\n' }) },
    when: call('test.txt', 'match1\nmatch2', 'replaced1\nreplaced2\nreplaced3', { allow_multiple: true }),
    then: { files: at({ 'test.txt': '  replaced1\n  replaced2\n  replaced3\n  replaced1\n  replaced2\n  replaced3\n' }) },
  },
  {
    id: 'flexible-rebase',
    title: 'a flexible match rebases new_string\'s relative indentation onto the matched block',
    source: src('EditTool', 'calculateReplacement', 'should correctly rebase indentation in flexible replacement without double-indenting'),
    given: { files: at({ 'test.ts': '    if (a) {\n        foo();\n    }\n' }) },
    when: call('test.ts', 'if (a) {\n    foo();\n}', 'if (a) {\n    bar();\n}'),
    then: { files: at({ 'test.ts': '    if (a) {\n        bar();\n    }\n' }) },
  },
  {
    id: 'fuzzy-rebase',
    title: 'a fuzzy match rebases new_string\'s relative indentation onto the matched block',
    source: src('EditTool', 'calculateReplacement', 'should correctly rebase indentation in fuzzy replacement without double-indenting'),
    given: { files: at({ 'test.ts': '    const myConfig = {\n      enableFeature: true,\n      retries: 3\n    };' }) },
    when: call('test.ts', 'const myConfig = {\n  enableFeature: true\n  retries: 3\n};', 'const myConfig = {\n  enableFeature: false,\n  retries: 5\n};'),
    then: { files: at({ 'test.ts': '    const myConfig = {\n      enableFeature: false,\n      retries: 5\n    };' }), warnings: [strategyNote('test.ts', 'fuzzy')] },
  },
  {
    id: 'regex-blank-line-before',
    title: 'a regex match after a blank line adds no line break',
    source: src('EditTool', 'calculateReplacement', 'should NOT insert extra newlines when replacing a block preceded by a blank line (regression)'),
    given: { files: at({ 'test.js': '\n  function oldFunc() {\n    // some code\n  }' }) },
    when: call('test.js', 'function  oldFunc() {\n    // some code\n  }', 'function newFunc() {\n  // new code\n}'),
    then: { files: at({ 'test.js': '\n  function newFunc() {\n    // new code\n  }' }), warnings: [strategyNote('test.js', 'regex')] },
  },
  {
    id: 'flexible-leading-blank-line',
    title: 'a flexible match whose old_string starts with a blank line adds no line break',
    source: src('EditTool', 'calculateReplacement', 'should NOT insert extra newlines in flexible replacement when old_string starts with a blank line (regression)'),
    given: { files: at({ 'test.js': '  // some comment\n\n  function oldFunc() {}' }) },
    when: call('test.js', '\nfunction oldFunc() {}', '\n  function newFunc() {}'),
    then: { files: at({ 'test.js': '  // some comment\n\n  function newFunc() {}' }), warnings: [strategyNote('test.js', 'flexible')] },
  },
];

const ALLOW: [string, string, boolean | undefined, string | { code: string; n?: number }][] = [
  ['succeed when allow_multiple is true and there are multiple occurrences', 'foo foo foo', true, 'bar bar bar'],
  ['succeed when allow_multiple is true and there is exactly 1 occurrence', 'foo', true, 'bar'],
  ['fail when allow_multiple is false and there are multiple occurrences', 'foo foo foo', false, { code: 'mismatch', n: 3 }],
  ['default to 1 expected replacement if allow_multiple not specified', 'foo foo', undefined, { code: 'mismatch', n: 2 }],
  ['succeed when allow_multiple is false and there is exactly 1 occurrence', 'foo', false, 'bar'],
  ['fail when allow_multiple is true but there are 0 occurrences', 'baz', true, { code: 'none' }],
  ['fail when allow_multiple is false but there are 0 occurrences', 'baz', false, { code: 'none' }],
];
const F = 'replacements_test.txt';

const allowCases: Case[] = ALLOW.map(([name, content, allow, outcome], i): Case => ({
  id: `allow-multiple-${i + 1}`,
  title: name.replace(/^(succeed|fail)/, (w) => (w === 'succeed' ? 'succeeds' : 'fails')),
  source: src('EditTool', 'allow_multiple', `should ${name}`),
  given: { files: at({ [F]: content }) },
  when: call(F, 'foo', 'bar', allow === undefined ? {} : { allow_multiple: allow }),
  then:
    typeof outcome === 'string'
      ? { result: modified(F, content.split('foo').length - 1, outcome), files: at({ [F]: outcome }) }
      : { error: outcome.code === 'none' ? noOccurrence(F) : mismatch(F, outcome.n!), warnings: [REPAIR] },
}));

const validationCases: Case[] = [
  {
    id: 'valid-params',
    title: 'valid parameters pass the build checks (the missing file is then reported)',
    source: src('EditTool', 'validateToolParams', 'should return null for valid params'),
    when: call('test.txt', 'old', 'new'),
    then: { error: { code: 'file_not_found', message: `File not found: ${R}/test.txt` }, warnings: [] },
  },
  {
    id: 'outside-workspace',
    title: 'a path outside the workspace is refused before anything is read',
    source: src('EditTool', 'validateToolParams', 'should return an error if path is outside the workspace'),
    when: { file_path: '/tmp/outside.txt', instruction: 'An instruction', old_string: 'old', new_string: 'new' },
    then: {
      error: {
        code: 'invalid_tool_params',
        message: `Path not in workspace: Attempted path "/tmp/outside.txt" resolves outside the allowed workspace directories: ${R} or the project temp directory: /home/user/.gemini/tmp/project`,
      },
    },
  },
  {
    id: 'placeholder-new',
    title: 'new_string may not introduce an omission placeholder',
    source: src('EditTool', 'validateToolParams', 'should reject omission placeholder in new_string when old_string does not contain that placeholder'),
    given: { files: at({ 'test.txt': 'old content' }) },
    when: call('test.txt', 'old content', '(rest of methods ...)'),
    then: { error: { code: 'invalid_tool_params', message: PLACEHOLDER } },
  },
  {
    id: 'placeholder-additional',
    title: 'new_string may not add a placeholder old_string lacks',
    source: src('EditTool', 'validateToolParams', 'should reject new_string when it contains an additional placeholder not present in old_string'),
    given: { files: at({ 'test.txt': '(rest of methods ...)' }) },
    when: call('test.txt', '(rest of methods ...)', '(rest of methods ...)\n(unchanged code ...)'),
    then: { error: { code: 'invalid_tool_params', message: PLACEHOLDER } },
  },
  {
    id: 'placeholder-kept',
    title: 'placeholders old_string already has are allowed',
    source: src('EditTool', 'validateToolParams', 'should allow omission placeholders when all are already present in old_string'),
    given: { files: at({ 'test.txt': '(rest of methods ...)\n(unchanged code ...)' }) },
    when: call('test.txt', '(rest of methods ...)\n(unchanged code ...)', '(unchanged code ...)\n(rest of methods ...)'),
    then: { files: at({ 'test.txt': '(unchanged code ...)\n(rest of methods ...)' }) },
  },
  {
    id: 'placeholder-in-literal',
    title: 'placeholder words inside a string literal are code, not a placeholder',
    source: src('EditTool', 'validateToolParams', 'should allow normal code that contains placeholder text in a string literal'),
    given: { files: at({ 'test.ts': 'const msg = "old";' }) },
    when: call('test.ts', 'const msg = "old";', 'const msg = "(rest of methods ...)";'),
    then: { result: modified('test.ts', 1, 'const msg = "(rest of methods ...)";'), files: at({ 'test.ts': 'const msg = "(rest of methods ...)";' }) },
  },
  {
    id: 'nul-in-path',
    title: 'NUL characters are removed from an absolute file_path',
    source: src('EditTool', 'validateToolParams', 'should sanitize null bytes in absolute path during invocation setup'),
    given: { files: at({ 'test.txt': 'old' }) },
    when: call('test\u0000.txt', 'old', 'new'),
    then: { result: modified('test.txt', 1, 'new'), files: at({ 'test.txt': 'new' }) },
  },
];

const executeCases: Case[] = [
  {
    id: 'edit-existing',
    title: 'an edit answers with the file, the count and the updated code',
    source: src('EditTool', 'execute', 'should edit an existing file and return diff with fileName'),
    given: { files: at({ 'execute_me.txt': 'This is some old text.' }) },
    when: call('execute_me.txt', 'old', 'new'),
    then: { result: modified('execute_me.txt', 1, 'This is some new text.'), files: at({ 'execute_me.txt': 'This is some new text.' }), warnings: [] },
  },
  {
    id: 'not-found-text',
    title: 'old_string not in the file: the 0-occurrences text',
    source: src('EditTool', 'execute', 'should return error if old_string is not found in file'),
    given: { files: at({ 'execute_me.txt': 'Some content.' }) },
    when: call('execute_me.txt', 'nonexistent', 'replacement'),
    then: { error: noOccurrence('execute_me.txt'), warnings: [REPAIR] },
  },
  {
    id: 'crlf-kept',
    title: 'a CRLF file is written back with CRLF',
    source: src('EditTool', 'execute', 'should preserve CRLF line endings when editing a file'),
    given: { files: at({ 'execute_me.txt': 'line one\r\nline two\r\n' }) },
    when: call('execute_me.txt', 'line two', 'line three'),
    then: { result: modified('execute_me.txt', 1, 'line one\nline three\n'), files: at({ 'execute_me.txt': 'line one\r\nline three\r\n' }), warnings: [] },
  },
  {
    id: 'create-crlf',
    title: 'a created file holds new_string as given, CRLF included',
    source: src('EditTool', 'execute', 'should create a new file with CRLF line endings if new_string has them'),
    when: call('execute_me.txt', '', 'new line one\r\nnew line two\r\n'),
    then: {
      result: { output: `Created new file: ${R}/execute_me.txt with provided content. Here is the updated code:\nnew line one\r\nnew line two\r\n` },
      files: at({ 'execute_me.txt': 'new line one\r\nnew line two\r\n' }),
    },
  },
  {
    id: 'error-file-not-found',
    title: 'FILE_NOT_FOUND: a missing file with a non-empty old_string',
    source: src('EditTool', 'Error Scenarios', 'should return FILE_NOT_FOUND error'),
    when: call('error_test.txt', 'any', 'new'),
    then: { error: { code: 'file_not_found', message: `File not found: ${R}/error_test.txt` }, warnings: [] },
  },
  {
    id: 'error-create-existing',
    title: 'ATTEMPT_TO_CREATE_EXISTING_FILE: an empty old_string on an existing file',
    source: src('EditTool', 'Error Scenarios', 'should return ATTEMPT_TO_CREATE_EXISTING_FILE error'),
    given: { files: at({ 'error_test.txt': 'existing content' }) },
    when: call('error_test.txt', '', 'new content'),
    then: { error: { code: 'attempt_to_create_existing_file', message: `File already exists, cannot create: ${R}/error_test.txt` }, warnings: [] },
  },
  {
    id: 'error-no-occurrence',
    title: 'NO_OCCURRENCE_FOUND',
    source: src('EditTool', 'Error Scenarios', 'should return NO_OCCURRENCE_FOUND error'),
    given: { files: at({ 'error_test.txt': 'content' }) },
    when: call('error_test.txt', 'not-found', 'new'),
    then: { error: noOccurrence('error_test.txt') },
  },
  {
    id: 'error-mismatch',
    title: 'EXPECTED_OCCURRENCE_MISMATCH',
    source: src('EditTool', 'Error Scenarios', 'should return EXPECTED_OCCURRENCE_MISMATCH error'),
    given: { files: at({ 'error_test.txt': 'one one two' }) },
    when: call('error_test.txt', 'one', 'new'),
    then: { error: mismatch('error_test.txt', 2) },
  },
  {
    id: 'repair-off',
    title: 'with the repair off (the default) the first error is the answer',
    source: src('EditTool', 'disableLLMCorrection', 'should NOT call FixLLMEditWithInstruction when disableLLMCorrection is true'),
    given: { files: at({ 'test.txt': 'Some content.' }) },
    when: call('test.txt', 'nonexistent', 'replacement'),
    then: { error: noOccurrence('test.txt'), warnings: [REPAIR] },
  },
  {
    id: 'repair-never-json',
    title: 'a .json file is never repaired: no warning about it',
    source: src('EditTool', 'disableLLMCorrection', 'should NOT call FixLLMEditWithInstruction for .json files even when disableLLMCorrection is false'),
    given: { files: at({ 'test.json': '{"a": 1}' }) },
    when: call('test.json', 'nonexistent', 'replacement'),
    then: { error: noOccurrence('test.json'), warnings: [] },
  },
  {
    id: 'repair-never-ipynb',
    title: 'a .ipynb file is never repaired: no warning about it',
    source: src('EditTool', 'disableLLMCorrection', 'should NOT call FixLLMEditWithInstruction for .ipynb files even when disableLLMCorrection is false'),
    given: { files: at({ 'test.ipynb': '{"cells": []}' }) },
    when: call('test.ipynb', 'nonexistent', 'replacement'),
    then: { error: noOccurrence('test.ipynb'), warnings: [] },
  },
  {
    id: 'no-jit-context',
    title: 'without JIT context the success text ends with the updated code',
    source: src('EditTool', 'JIT context discovery', 'should not append JIT context when disabled'),
    given: { files: at({ 'jit-disabled-test.ts': 'const x = 1;' }) },
    when: call('jit-disabled-test.ts', 'const x = 1;', 'const x = 2;'),
    then: { result: modified('jit-disabled-test.ts', 1, 'const x = 2;') },
  },
];

export const replaceSuite: ProfileSuite = {
  description: "Gemini CLI's replace tool (edit.ts): its own tests (edit.test.ts) as contract cases, with the full texts the model receives; as other releases answer (release: the version).",
  mount: R,
  diff_context: 3,
  cases: [...dollarCases, ...strategyCases, ...validationCases, ...executeCases, ...allowCases, ...replaceReleaseCases],
};

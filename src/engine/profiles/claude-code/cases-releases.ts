// Claude Code's Edit as older releases answered it (release: the Claude Code version the case runs
// as). The texts are those the bundled cli.js of @anthropic-ai/claude-code builds at each version,
// bisected to the first version that has them (claude-code-versions.md quotes the fragments;
// versions.test.ts pins the same texts per release).

import type { ContractCaseData } from '../profile';

/** The bundle of the release that first has the text (claude-code-versions.md quotes the fragment). */
const cli = (v: string): string => `@anthropic-ai/claude-code@${v} cli.js`;
const HEAD = "The file /a.txt has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n";
const TEN = 'l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\n';
const snippet = (sep: string): string => ['l2', 'l3', 'l4', 'l5', 'L6', 'l7', 'l8', 'l9', 'l10'].map((l, i) => `${String(i + 2).padStart(6)}${sep}${l}`).join('\n');
const wrap = (s: string): string => `<tool_use_error>${s}</tool_use_error>`;
const l6 = { file_path: '/a.txt', old_string: 'l6', new_string: 'L6' };

export const editReleaseCases: ContractCaseData[] = [
  {
    id: 'release-1.0.0-snippet',
    title: '1.0.0: success is a cat -n snippet numbered with a tab, from at most 4 lines before the change',
    release: '1.0.0',
    source: { document: cli('1.0.0'), case: 'Edit success: the snippet' },
    given: { files: { '/a.txt': TEN } },
    when: l6,
    then: { result: { output: HEAD + snippet('\t') }, files: { '/a.txt': TEN.replace('l6', 'L6') }, warnings: [] },
  },
  {
    id: 'release-1.0.51-snippet',
    title: '1.0.21 to 2.0.36: the snippet is numbered with an arrow',
    release: '1.0.51',
    source: { document: cli('1.0.21'), case: 'the numbering: padStart(6) then →' },
    given: { files: { '/a.txt': TEN } },
    when: l6,
    then: { result: { output: HEAD + snippet('→') }, files: { '/a.txt': TEN.replace('l6', 'L6') }, warnings: [] },
  },
  {
    id: 'release-2.1.0-flagged',
    title: '2.0.37 to 2.1.19: the snippet, unless a server-side flag was on (the warning names the other answer)',
    release: '2.1.0',
    source: { document: cli('2.0.37'), case: 'tengu_file_edit_optimization' },
    given: { files: { '/a.txt': TEN } },
    when: l6,
    then: {
      result: { output: HEAD + snippet('→') },
      warnings: [
        'Claude Code 2.0.37 to 2.1.19 answered this way unless the server-side flag tengu_file_edit_optimization was on for the session; with it on, the answer was: The file /a.txt has been updated successfully.',
      ],
    },
  },
  {
    id: 'release-1.0.51-replace-all',
    title: '1.0.8 to 2.1.71: replace_all names both strings',
    release: '1.0.51',
    source: { document: cli('1.0.8'), case: "replace_all: All occurrences of '<old>' were successfully replaced with '<new>'." },
    given: { files: { '/a.txt': 'x x\n' } },
    when: { file_path: '/a.txt', old_string: 'x', new_string: 'y', replace_all: true },
    then: { result: { output: "The file /a.txt has been updated. All occurrences of 'x' were successfully replaced with 'y'." }, files: { '/a.txt': 'y y\n' } },
  },
  {
    id: 'release-1.0.51-not-found-bare',
    title: 'before 1.0.68: errors are not wrapped in <tool_use_error>',
    release: '1.0.51',
    source: { document: cli('1.0.68'), case: 'validateInput errors wrapped from this release' },
    given: { files: { '/a.txt': 'hello\n' } },
    when: { file_path: '/a.txt', old_string: 'zz', new_string: 'y' },
    then: { error: { message: 'String to replace not found in file.\nString: zz' } },
  },
  {
    id: 'release-1.0.0-expected-replacements',
    title: 'before 1.0.8: too many matches name expected_replacements',
    release: '1.0.0',
    source: { document: cli('1.0.0'), case: 'validateInput: the number of matches against expected_replacements' },
    given: { files: { '/a.txt': 'x x\n' } },
    when: { file_path: '/a.txt', old_string: 'x', new_string: 'y' },
    then: {
      error: {
        message:
          'Found 2 matches of the string to replace, but expected 1. The number of actual matches must equal the expected replacements. Please adjust your string to match or update the expected count.\nString: x',
      },
    },
  },
  {
    id: 'release-2.1.0-missing-file',
    title: 'before 2.1.48: a missing file does not name the working directory',
    release: '2.1.0',
    source: { document: cli('2.1.48'), case: 'File does not exist. Note: your current working directory is <cwd>.' },
    when: { file_path: '/nope.txt', old_string: 'a', new_string: 'b' },
    then: { error: { message: wrap('File does not exist.') }, files: { '/nope.txt': null } },
  },
];

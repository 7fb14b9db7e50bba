// The text editor as SWE-agent 1.x's port answers (release `swe-agent`: SWE-agent/SWE-agent
// tools/edit_anthropic/bin/str_replace_editor at v1.1.0, 0f3acafa, the same texts at v1.0.0,
// v1.0.1 and 3ea751c0, delivered through SWE-ReX up to 1.2.x: the pty's CRLF, the answer's
// surrounding whitespace stripped). The texts are those variants-swe-agent.test.ts pins, checked
// against the script run under CPython 3.11 and against real trajectories' observations
// (tests/sessions/real/swe-agent/). Cases in the demo's own wording are in cases.ts.

import type { CaseError, ContractCaseData } from '../profile';

const SCRIPT = 'SWE-agent tools/edit_anthropic/bin/str_replace_editor (v1.1.0, 0f3acafa)';
const SWE_TESTS = 'SWE-agent tests/tools/test_str_replace_editor.py (9ecf4458)';
const RELEASE = 'swe-agent';
const TWELVE = Array.from({ length: 12 }, (_, i) => `${i + 1}`).join('\n') + '\n';
const EDITED = 'Review the changes and make sure they are as expected. Edit the file again if necessary.';

/** What SWE-ReX up to 1.2.x hands over for a printed text: the pty's CRLF, the ends stripped. */
const pty = (printed: string): string => printed.trim().replaceAll('\n', '\r\n');
const refused = (printed: string): CaseError => ({ code: 'ToolError', message: pty(printed) });

export const sweAgentCases: ContractCaseData[] = [
  {
    id: 'swe-agent-snippet-window',
    title: 'SWE-agent: the snippet shows max(1, r-4) to min(r+4+newlines, lines), a line earlier at both ends than the demo',
    release: RELEASE,
    source: { document: SCRIPT, case: 'str_replace: the snippet after an edit' },
    given: { files: { '/w/a.py': TWELVE } },
    when: { command: 'str_replace', path: '/w/a.py', old_str: '7', new_str: '7a\n7b' },
    then: {
      result: {
        output: pty(
          "The file /w/a.py has been edited. Here's the result of running `cat -n` on a snippet of /w/a.py:\n" +
            '     2\t2\n     3\t3\n     4\t4\n     5\t5\n     6\t6\n     7\t7a\n     8\t7b\n     9\t8\n    10\t9\n    11\t10\n' +
            `${EDITED}\n`,
        ),
      },
      files: { '/w/a.py': '1\n2\n3\n4\n5\n6\n7a\n7b\n8\n9\n10\n11\n12\n' },
    },
  },
  {
    id: 'swe-agent-same-strings',
    title: 'SWE-agent: an old_str equal to new_str is refused after the occurrence checks',
    release: RELEASE,
    source: { document: SCRIPT, case: 'str_replace: old_str is the same as new_str' },
    given: { files: { '/w/a.py': TWELVE } },
    when: { command: 'str_replace', path: '/w/a.py', old_str: '3', new_str: '3' },
    then: { error: refused('No replacement was performed, old_str `3` is the same as new_str `3`.') },
  },
  {
    id: 'swe-agent-multiple',
    title: 'SWE-agent: several occurrences name their lines',
    release: RELEASE,
    source: { document: SCRIPT, case: 'str_replace: multiple occurrences' },
    given: { files: { '/w/a.py': TWELVE } },
    when: { command: 'str_replace', path: '/w/a.py', old_str: '1', new_str: '1' },
    then: { error: refused('No replacement was performed. Multiple occurrences of old_str `1` in lines [1, 10, 11, 12]. Please ensure it is unique') },
  },
  {
    id: 'swe-agent-not-found',
    title: 'SWE-agent: an old_str that is not there',
    release: RELEASE,
    source: { document: SCRIPT, case: 'str_replace: old_str did not appear verbatim' },
    given: { files: { '/w/a.py': TWELVE } },
    when: { command: 'str_replace', path: '/w/a.py', old_str: 'x', new_str: 'y' },
    then: { error: refused('No replacement was performed, old_str `x` did not appear verbatim in /w/a.py.') },
  },
  {
    id: 'swe-agent-create-exists',
    title: 'SWE-agent: create over an existing file',
    release: RELEASE,
    source: { document: SCRIPT, case: 'validate_path: create on an existing file' },
    given: { files: { '/w/d/a.txt': 'x' } },
    when: { command: 'create', path: '/w/d/a.txt', file_text: 'y' },
    then: { error: refused('File already exists at: /w/d/a.txt. Cannot overwrite files using command `create`.') },
  },
  {
    id: 'swe-agent-create-no-parent',
    title: 'SWE-agent: create refuses a missing parent folder',
    release: RELEASE,
    source: { document: SCRIPT, case: 'create: the parent directory does not exist' },
    when: { command: 'create', path: '/w/x/y.txt', file_text: 'hi' },
    then: { error: refused('The parent directory /w/x does not exist. Please create it first.'), files: { '/w/x/y.txt': null } },
  },
  {
    id: 'swe-agent-insert',
    title: 'SWE-agent: insert answers with the snippet, its last empty line losing its tab to the strip',
    release: RELEASE,
    source: { document: SCRIPT, case: 'insert' },
    given: { files: { '/w/a.txt': 'a\nb\n' } },
    when: { command: 'insert', path: '/w/a.txt', insert_line: 1, new_str: 'X' },
    then: {
      result: {
        output: pty(
          "The file /w/a.txt has been edited. Here's the result of running `cat -n` on a snippet of the edited file:\n     1\ta\n     2\tX\n     3\tb\n     4\t\n" +
            'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.\n',
        ),
      },
      files: { '/w/a.txt': 'a\nX\nb\n' },
    },
  },
  {
    id: 'swe-agent-undo-no-history',
    title: 'SWE-agent: undo_edit finds no history in any release (each call is a new process)',
    release: RELEASE,
    source: { document: SWE_TESTS, case: 'test_undo_edit_restores_previous_content (passes only on an unreleased branch)' },
    given: { files: { '/w/a.py': 'x = 2\n' } },
    when: { command: 'undo_edit', path: '/w/a.py' },
    then: { error: refused('No edit history found for /w/a.py.') },
  },
  {
    id: 'swe-agent-unknown-command',
    title: 'SWE-agent: an unknown command quotes the allowed ones',
    release: RELEASE,
    source: { document: SCRIPT, case: 'Unrecognized command' },
    given: { files: { '/w/a.txt': 'x' } },
    when: { command: 'nope', path: '/w/a.txt' },
    then: { error: refused('Unrecognized command nope. The allowed commands for the str_replace_editor tool are: "view", "create", "str_replace", "insert", "undo_edit"') },
  },
];

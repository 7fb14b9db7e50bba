// Contract cases for the `udiff` format, re-expressed from aider's tests/basic/test_udiff.py
// (Aider-AI/aider @5dc9490bb35f9729ef2c95d00a19ccd30c26339c, Apache-2.0). The tests call
// find_diffs and check the file name and hunk lines it reads; here each reply is applied to a
// file holding the hunk's old lines, so the name and the lines show in what is written.

import { at, type AiderCase } from './case-kit';

const DOC = 'Aider-AI/aider@5dc9490b tests/basic/test_udiff.py';
const src = (test: string) => ({ document: DOC, case: `TestUnifiedDiffCoder.${test}` });
const udiff = (reply: string, chat_files?: string[]) => ({ reply, format: 'udiff' as const, ...(chat_files && { chat_files }) });

const single = (header: string) => `\nSome text...\n\n\`\`\`diff\n${header}@@ ... @@\n-Original\n+Modified\n\`\`\`\n`;

const VERSIONCHECK = `def check_version():
    try:
        pass
    except Exception as err:
        print_cmd(f"Error checking pypi for new version: {err}")

`;
const MAIN = `    other_group.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help="Show the version number and exit",
    )
    other_group.add_argument(
        "--apply",
        metavar="FILE",
        help="Apply the changes from the given file instead of running the chat (debug)",
    )
`;

export const UDIFF_CASES: AiderCase[] = [
  {
    id: 'udiff-single-hunk',
    title: 'one hunk under --- file.txt / +++ file.txt',
    source: src('test_find_diffs_single_hunk'),
    given: { files: at({ 'file.txt': 'Original\n' }) },
    when: udiff(single('--- file.txt\n+++ file.txt\n')),
    then: { result: { output: 'Applied edit to file.txt' }, files: at({ 'file.txt': 'Modified\n' }), warnings: [] },
  },
  {
    id: 'udiff-dev-null',
    title: '--- /dev/null names the file by its +++ line',
    source: src('test_find_diffs_dev_null'),
    given: { files: at({ 'file.txt': 'Original\n' }) },
    when: udiff(single('--- /dev/null\n+++ file.txt\n')),
    then: { result: { output: 'Applied edit to file.txt' }, files: at({ 'file.txt': 'Modified\n' }), warnings: [] },
  },
  {
    id: 'udiff-dirname-with-spaces',
    title: 'a path with spaces in its folder name',
    source: src('test_find_diffs_dirname_with_spaces'),
    given: { files: at({ 'dir name with spaces/file.txt': 'Original\n' }) },
    when: udiff(single('--- dir name with spaces/file.txt\n+++ dir name with spaces/file.txt\n')),
    then: { result: { output: 'Applied edit to dir name with spaces/file.txt' }, files: at({ 'dir name with spaces/file.txt': 'Modified\n' }), warnings: [] },
  },
  {
    id: 'udiff-multi-diffs',
    title: 'one fence with diffs of two files',
    source: src('test_find_multi_diffs'),
    given: { files: at({ 'aider/versioncheck.py': VERSIONCHECK, 'aider/main.py': MAIN }) },
    when: udiff(`
To implement the \`--check-update\` option, I will make the following changes:

1. Add the \`--check-update\` argument to the argument parser in \`aider/main.py\`.
2. Modify the \`check_version\` function in \`aider/versioncheck.py\` to return a boolean indicating whether an update is available.
3. Use the returned value from \`check_version\` in \`aider/main.py\` to set the exit status code when \`--check-update\` is used.

Here are the diffs for those changes:

\`\`\`diff
--- aider/versioncheck.py
+++ aider/versioncheck.py
@@ ... @@
     except Exception as err:
         print_cmd(f"Error checking pypi for new version: {err}")
+        return False

--- aider/main.py
+++ aider/main.py
@@ ... @@
     other_group.add_argument(
         "--version",
         action="version",
         version=f"%(prog)s {__version__}",
         help="Show the version number and exit",
     )
+    other_group.add_argument(
+        "--check-update",
+        action="store_true",
+        help="Check for updates and return status in the exit code",
+        default=False,
+    )
     other_group.add_argument(
         "--apply",
         metavar="FILE",
\`\`\`

These changes will add the \`--check-update\` option to the command-line interface and use the \`check_version\` function to determine if an update is available, exiting with status code \`0\` if no update is available and \`1\` if an update is available.
`),
    then: {
      result: { output: 'Applied edit to aider/versioncheck.py\nApplied edit to aider/main.py' },
      files: at({
        'aider/versioncheck.py': VERSIONCHECK.replace('{err}")\n', '{err}")\n        return False\n'),
        'aider/main.py': MAIN.replace('    )\n    other_group.add_argument(\n        "--apply"', '    )\n    other_group.add_argument(\n        "--check-update",\n        action="store_true",\n        help="Check for updates and return status in the exit code",\n        default=False,\n    )\n    other_group.add_argument(\n        "--apply"'),
      }),
      warnings: [],
    },
  },
];

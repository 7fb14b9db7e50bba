// Contract cases for what the trajectories do not show, each re-expressing a branch of the
// reference's shell functions (SWE-agent/SWE-agent at 5b143857, MIT: config/commands/defaults.sh
// `open`, `goto`, `scroll_down`, `scroll_up`, `create`, `_constrain_line`, `_print`; and
// config/commands/edit_linting.sh `edit`). SWE-agent 0.x has no unit tests of these functions;
// every expected text was checked by running the functions themselves (bash 5.2, jq 1.6, mawk)
// on the same files with flake8 5.0.4 (pycodestyle 2.10, pyflakes 2.5, CPython 3.11.2). The
// files live under /repo, the working directory.

import { numbered, PY_SCOPE, type WindowedCase } from './trajectory-cases';

const SPACE_WARNING = (abs: string): string =>
  `${abs} holds whitespace: SWE-agent at 5b143857 passes the open file's path unquoted to realpath, awk and grep, which split it (its answer is garbled); shown here as SWE-agent answers since 55fec071`;

const R = '/repo';
const DEFAULTS = 'SWE-agent/SWE-agent@5b143857 config/commands/defaults.sh';
const LINTING = 'SWE-agent/SWE-agent@5b143857 config/commands/edit_linting.sh';
const src = (file: string, fn: string, branch: string) => ({ document: file, case: `${fn}: ${branch}` });

/** A 150-line text file: `line 1` … `line 150`. */
const LONG = Array.from({ length: 150 }, (_, i) => `line ${i + 1}`);
const LONG_TEXT = `${LONG.join('\n')}\n`;
const header = (file: string, total: number): string => `[File: ${R}/${file} (${total} lines total)]\n`;
const UPDATED = 'File updated. Please review the changes and make sure they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.\n';
const RULE = '-------------------------------------------------\n';
const refusal = (errors: string[], applied: string, original: string): string =>
  'Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit commmand.\n\nERRORS:\n' +
  errors.map((e) => `- ${e}\n`).join('') +
  `\nThis is how your edit would have looked if applied\n${RULE}${applied}${RULE}\n` +
  `This is the original code before your edit\n${RULE}${original}${RULE}` +
  'Your changes have NOT been applied. Please fix your edit command and try again.\n' +
  'You either need to 1) Specify the correct start/end line arguments or 2) Correct your edit code.\n' +
  'DO NOT re-run the same failed edit command. Running it again will lead to the same error.\n';

const onLong = (current_line = 50) => ({ open_file: `${R}/long.txt`, current_line });
const given = { files: { [`${R}/long.txt`]: LONG_TEXT } };
const NONE = { open_file: 'n/a' };

const navigation: WindowedCase[] = [
  { id: 'open-usage', title: 'open without a path answers its usage', source: src(DEFAULTS, 'open', '[ -z "$1" ]'), mount: R, when: { action: 'open', state: NONE }, then: { error: { code: 'usage', message: 'Usage: open <file>\n' } } },
  {
    id: 'open-line-not-a-number',
    title: 'open with a line that is not digits answers its usage and why',
    source: src(DEFAULTS, 'open', 'line_number not ^[0-9]+$'),
    mount: R,
    given,
    when: { action: 'open long.txt -5', state: NONE },
    then: { error: { code: 'usage', message: 'Usage: open <file> [<line_number>]\nError: <line_number> must be a number\n' } },
  },
  { id: 'open-missing', title: 'open of a missing file says it is not found, naming it as given', source: src(DEFAULTS, 'open', 'not a file or folder'), mount: R, when: { action: 'open nope.txt', state: NONE }, then: { error: { code: 'missing', message: 'File nope.txt not found\n' }, warnings: [] } },
  {
    id: 'open-folder',
    title: 'open of a folder says so',
    source: src(DEFAULTS, 'open', '[ -d "$1" ]'),
    mount: R,
    given: { files: { [`${R}/src/a.py`]: 'x = 1\n' } },
    when: { action: 'open src', state: NONE },
    then: { error: { code: 'directory', message: 'Error: src is a directory. You can only open files. Use cd or ls to navigate directories.\n' } },
  },
  {
    id: 'open-top',
    title: 'open without a line shows the first 100 lines and how many are below',
    source: src(DEFAULTS, 'open', 'no line_number: WINDOW/2'),
    mount: R,
    given,
    when: { action: 'open long.txt', state: NONE },
    then: { result: { output: `${header('long.txt', 150)}${numbered(LONG, 1, 100)}(50 more lines below)\n` }, warnings: [] },
  },
  {
    id: 'open-at-line',
    title: 'open at a line puts it a sixth of a window from the top',
    source: src(DEFAULTS, 'open', 'line_number + WINDOW/2 - WINDOW/6'),
    mount: R,
    given: { files: { [`${R}/long.txt`]: `${[...LONG, ...LONG].join('\n')}\n` } },
    when: { action: 'open long.txt 120', state: NONE },
    then: { result: { output: `${header('long.txt', 300)}(104 more lines above)\n${numbered([...LONG, ...LONG], 105, 204)}(96 more lines below)\n` } },
  },
  {
    id: 'open-beyond-end',
    title: 'open at a line past the end warns twice and shows the end',
    source: src(DEFAULTS, 'open', '$2 -gt $max_line'),
    mount: R,
    given,
    when: { action: 'open long.txt 500', state: NONE },
    then: {
      result: { output: `Warning: <line_number> (500) is greater than the number of lines in the file (150)\nWarning: Setting <line_number> to 150\n${header('long.txt', 150)}(50 more lines above)\n${numbered(LONG, 51, 150)}` },
    },
  },
  {
    id: 'open-line-zero',
    title: 'open at line 0 warns and shows the top',
    source: src(DEFAULTS, 'open', '$2 -lt 1'),
    mount: R,
    given,
    when: { action: 'open long.txt 0', state: NONE },
    then: { result: { output: `Warning: <line_number> (0) is less than 1\nWarning: Setting <line_number> to 1\n${header('long.txt', 150)}${numbered(LONG, 1, 100)}(50 more lines below)\n` } },
  },
  { id: 'goto-no-file', title: 'goto with no open file says so', source: src(DEFAULTS, 'goto', '[ -z "$CURRENT_FILE" ]'), mount: R, when: { action: 'goto 5', state: NONE }, then: { error: { code: 'no_file_open', message: 'No file open. Use the open command first.\n' } } },
  { id: 'goto-two-lines', title: 'goto takes one line number', source: src(DEFAULTS, 'goto', '$# -gt 1'), mount: R, given, when: { action: 'goto 5 6', state: onLong() }, then: { error: { code: 'usage', message: 'goto allows only one line number at a time.\n' } } },
  { id: 'goto-usage', title: 'goto without a line answers its usage', source: src(DEFAULTS, 'goto', '[ -z "$1" ]'), mount: R, given, when: { action: 'goto', state: onLong() }, then: { error: { code: 'usage', message: 'Usage: goto <line>\n' } } },
  { id: 'goto-not-a-number', title: 'goto with a line that is not digits', source: src(DEFAULTS, 'goto', '$1 not ^[0-9]+$'), mount: R, given, when: { action: 'goto ten', state: onLong() }, then: { error: { code: 'usage', message: 'Usage: goto <line>\nError: <line> must be a number\n' } } },
  { id: 'goto-beyond-end', title: 'goto past the last line is refused', source: src(DEFAULTS, 'goto', '$1 -gt $max_line'), mount: R, given, when: { action: 'goto 151', state: onLong() }, then: { error: { code: 'usage', message: 'Error: <line> must be less than or equal to 150\n' } } },
  {
    id: 'goto-middle',
    title: 'goto a line near the end shows the last full window',
    source: src(DEFAULTS, 'goto', 'CURRENT_LINE, then _constrain_line'),
    mount: R,
    given,
    when: { action: 'goto 70', state: onLong() },
    then: { result: { output: `${header('long.txt', 150)}(50 more lines above)\n${numbered(LONG, 51, 150)}` } },
  },
  { id: 'scroll-no-file', title: 'scroll_down with no open file says so', source: src(DEFAULTS, 'scroll_down', '[ -z "$CURRENT_FILE" ]'), mount: R, when: { action: 'scroll_down', state: NONE }, then: { error: { code: 'no_file_open', message: 'No file open. Use the open command first.\n' } } },
  {
    id: 'scroll-down',
    title: 'scroll_down moves a window less the overlap, held at the end',
    source: src(DEFAULTS, 'scroll_down', 'CURRENT_LINE + WINDOW - OVERLAP'),
    mount: R,
    given,
    when: { action: 'scroll_down', state: onLong(50) },
    then: { result: { output: `${header('long.txt', 150)}(50 more lines above)\n${numbered(LONG, 51, 150)}` } },
  },
  {
    id: 'scroll-up',
    title: 'scroll_up from the end goes back to the top',
    source: src(DEFAULTS, 'scroll_up', 'CURRENT_LINE - WINDOW + OVERLAP'),
    mount: R,
    given,
    when: { action: 'scroll_up', state: onLong(100) },
    then: { result: { output: `${header('long.txt', 150)}${numbered(LONG, 1, 100)}(50 more lines below)\n` } },
  },
  { id: 'create-usage', title: 'create without a name answers its usage', source: src(DEFAULTS, 'create', '[ -z "$1" ]'), mount: R, when: { action: 'create', state: NONE }, then: { error: { code: 'usage', message: 'Usage: create <filename>\n' } } },
  {
    id: 'create-exists',
    title: 'create of an existing file says so and opens it, unchanged',
    source: src(DEFAULTS, 'create', '[ -e "$1" ]'),
    mount: R,
    given: { files: { [`${R}/a.txt`]: 'one\ntwo' } },
    when: { action: 'create a.txt', state: NONE },
    then: { error: { code: 'exists', message: `Error: File 'a.txt' already exists.\n${header('a.txt', 2)}1:one\n2:two\n` } },
  },
  {
    id: 'create-in-folder',
    title: 'create in an existing folder (the path quoted as the shell reads it)',
    source: src(DEFAULTS, 'create', 'printf "\\n" > "$1"; open "$1"'),
    mount: R,
    given: { files: { [`${R}/src/a.py`]: 'x = 1\n' } },
    when: { action: "create 'src/new.py'", state: NONE },
    then: { result: { output: `${header('src/new.py', 1)}1:\n` }, files: { [`${R}/src/new.py`]: '\n' }, warnings: [] },
  },
  {
    id: 'create-path-with-space',
    title: 'a path with a space: this version of the reference passes it unquoted to realpath and awk and garbles its answer; a warning says so',
    source: src(DEFAULTS, '_print', 'realpath $CURRENT_FILE (unquoted until 55fec071)'),
    mount: R,
    when: { action: 'create "my file.txt"', state: NONE },
    then: {
      result: { output: `${header('my file.txt', 1)}1:\n` },
      files: { [`${R}/my file.txt`]: '\n' },
      warnings: [SPACE_WARNING(`${R}/my file.txt`)],
    },
  },
];

/** A 30-line Python file: `v1 = 1` … `v30 = 30`. */
const V = Array.from({ length: 30 }, (_, i) => `v${i + 1} = ${i + 1}`);
const PY = ['def f(a):', '    return a', '', 'print(f(1))'];
const onPy = { open_file: `${R}/m.py` };
const pyGiven = { files: { [`${R}/m.py`]: `${PY.join('\n')}\n` } };

const edits: WindowedCase[] = [
  { id: 'edit-no-file', title: 'edit with no open file says so (with backticks, unlike goto)', source: src(LINTING, 'edit', '[ -z "$CURRENT_FILE" ]'), mount: R, when: { action: 'edit 1:1\nx\nend_of_edit', state: NONE }, then: { error: { code: 'no_file_open', message: 'No file open. Use the `open` command first.\n' } } },
  { id: 'edit-no-colon', title: 'edit without an end line answers its usage', source: src(LINTING, 'edit', '-z "$end_line"'), mount: R, given, when: { action: 'edit 5\nx\nend_of_edit', state: onLong() }, then: { error: { code: 'usage', message: 'Usage: edit <start_line>:<end_line>\n' } } },
  { id: 'edit-start-not-a-number', title: 'edit whose start is not digits', source: src(LINTING, 'edit', 'start_line not ^[0-9]+$'), mount: R, given, when: { action: 'edit a:3\nx\nend_of_edit', state: onLong() }, then: { error: { code: 'usage', message: 'Usage: edit <start_line>:<end_line>\nError: start_line must be a number\n' } } },
  { id: 'edit-end-not-a-number', title: 'edit whose end is not digits', source: src(LINTING, 'edit', 'end_line not ^[0-9]+$'), mount: R, given, when: { action: 'edit 3:b\nx\nend_of_edit', state: onLong() }, then: { error: { code: 'usage', message: 'Usage: edit <start_line>:<end_line>\nError: end_line must be a number\n' } } },
  {
    id: 'edit-delete',
    title: 'an edit with no lines deletes the range; the window starts at the top',
    source: src(LINTING, 'edit', 'empty replacement'),
    mount: R,
    given: { files: { [`${R}/a.txt`]: 'a\nb\nc\nd' } },
    when: { action: 'edit 2:3\nend_of_edit', state: { open_file: `${R}/a.txt` } },
    then: { result: { output: `${header('a.txt', 2)}1:a\n2:d\n${UPDATED}` }, files: { [`${R}/a.txt`]: 'a\nd\n' }, warnings: [] },
  },
  {
    id: 'edit-past-end',
    title: 'an edit past the last line appends',
    source: src(LINTING, 'edit', '${lines[@]:$end_line} past the end'),
    mount: R,
    given: { files: { [`${R}/a.txt`]: 'a\nb\n' } },
    when: { action: 'edit 9:12\nz\nend_of_edit', state: { open_file: `${R}/a.txt` } },
    then: { result: { output: `${header('a.txt', 3)}1:a\n2:b\n3:z\n${UPDATED}` }, files: { [`${R}/a.txt`]: 'a\nb\nz\n' } },
  },
  {
    id: 'edit-reversed-range',
    title: 'an end before the start keeps lines end+1..start-1 on both sides of the new text',
    source: src(LINTING, 'edit', 'start_line > end_line'),
    mount: R,
    given: { files: { [`${R}/a.txt`]: 'a\nb\nc\nd\n' } },
    when: { action: 'edit 4:2\nX\nend_of_edit', state: { open_file: `${R}/a.txt` } },
    then: { result: { output: `${header('a.txt', 6)}1:a\n2:b\n3:c\n4:X\n5:c\n6:d\n${UPDATED}` }, files: { [`${R}/a.txt`]: 'a\nb\nc\nX\nc\nd\n' } },
  },
  {
    id: 'edit-text-file-not-linted',
    title: 'a file not named .py is not linted: broken Python is written',
    source: src(LINTING, 'edit', '[[ $CURRENT_FILE == *.py ]] false'),
    mount: R,
    given: { files: { [`${R}/notes.txt`]: 'x = 1\n' } },
    when: { action: 'edit 1:1\nx = (\nend_of_edit\n', state: { open_file: `${R}/notes.txt` } },
    then: { result: { output: `${header('notes.txt', 1)}1:x = (\n${UPDATED}` }, files: { [`${R}/notes.txt`]: 'x = (\n' }, warnings: [] },
  },
  {
    id: 'edit-lint-unterminated-string',
    title: 'an unterminated string is refused; a short file shows whole in both windows',
    source: src(LINTING, 'edit', 'lint_output not empty'),
    mount: R,
    given: pyGiven,
    when: { action: 'edit 4:4\nprint("done)\nend_of_edit\n', state: onPy },
    then: {
      error: { code: 'lint_failed', message: refusal(['E999 SyntaxError: unterminated string literal (detected at line 4)'], `${header('m.py', 4)}${numbered(['def f(a):', '    return a', '', 'print("done)'], 1, 4)}`, `${header('m.py', 4)}${numbered(PY, 1, 4)}`) },
      files: pyGiven.files,
      warnings: [PY_SCOPE],
    },
  },
  {
    id: 'edit-lint-missing-block',
    title: "a block opener left without its body is refused with CPython's IndentationError",
    source: src(LINTING, 'edit', 'lint_output not empty'),
    mount: R,
    given: pyGiven,
    when: { action: 'edit 2:2\nreturn a\nend_of_edit\n', state: onPy },
    then: {
      error: {
        code: 'lint_failed',
        message: refusal(['E999 IndentationError: expected an indented block after function definition on line 1'], `${header('m.py', 4)}${numbered(['def f(a):', 'return a', '', 'print(f(1))'], 1, 4)}`, `${header('m.py', 4)}${numbered(PY, 1, 4)}`),
      },
      warnings: [PY_SCOPE],
    },
  },
  {
    id: 'edit-lint-e111-anywhere',
    title: 'E111 anywhere in the file refuses any edit: this version does not set aside errors the file had before',
    source: src(LINTING, 'edit', 'flake8 --select=…E111… on the whole file'),
    mount: R,
    given: { files: { [`${R}/two.py`]: 'if True:\n  x = 1\ny = 2\n' } },
    when: { action: 'edit 3:3\ny = 3\nend_of_edit', state: { open_file: `${R}/two.py` } },
    then: {
      error: { code: 'lint_failed', message: refusal(['E111 indentation is not a multiple of 4'], `${header('two.py', 3)}1:if True:\n2:  x = 1\n3:y = 3\n`, `${header('two.py', 3)}1:if True:\n2:  x = 1\n3:y = 2\n`) },
      files: { [`${R}/two.py`]: 'if True:\n  x = 1\ny = 2\n' },
    },
  },
  {
    id: 'edit-lint-reversed-range-windows',
    title: "a refused edit whose end is before its start: the original's window is w = e−s+11 = −4 lines, which GNU head and tail read as all but the last 4 and the last 4",
    source: src(LINTING, 'edit', 'WINDOW=$((end_line - start_line + 10)) below zero'),
    mount: R,
    given: { files: { [`${R}/r.py`]: `${V.join('\n')}\n` } },
    when: { action: 'edit 20:5\nx = (\nend_of_edit', state: { open_file: `${R}/r.py` } },
    then: {
      error: {
        code: 'lint_failed',
        message: refusal(
          ["E999 SyntaxError: '(' was never closed"],
          `${header('r.py', 45)}(13 more lines above)\n${numbered([...V.slice(0, 19), 'x = (', ...V.slice(5)], 14, 24)}(21 more lines below)\n`,
          `${header('r.py', 30)}(15 more lines above)\n${numbered(V, 8, 11)}(19 more lines below)\n`,
        ),
      },
    },
  },
  {
    id: 'edit-adds-final-newline',
    title: 'the edited file always ends with LF (printf "%s\\n")',
    source: src(LINTING, 'edit', 'printf "%s\\n" "${new_lines[@]}"'),
    mount: R,
    given: { files: { [`${R}/a.txt`]: 'a\nb' } },
    when: { action: 'edit 1:1\nA\nend_of_edit', state: { open_file: `${R}/a.txt` } },
    then: { result: { output: `${header('a.txt', 2)}1:A\n2:b\n${UPDATED}` }, files: { [`${R}/a.txt`]: 'A\nb\n' } },
  },
  {
    id: 'edit-window-follows-edit',
    title: 'after an edit deep in a file the window centres 50 lines below the edit start',
    source: src(LINTING, 'edit', 'CURRENT_LINE=$start_line; _constrain_line; _print'),
    mount: R,
    given: { files: { [`${R}/long.txt`]: `${[...LONG, ...LONG].join('\n')}\n` } },
    when: { action: 'edit 120:121\nnew\nend_of_edit', state: onLong(0) },
    then: {
      result: {
        output: `${header('long.txt', 299)}(69 more lines above)\n${numbered([...LONG.slice(0, 119), 'new', ...LONG.slice(121), ...LONG], 70, 169)}(130 more lines below)\n${UPDATED}`,
      },
    },
  },
];

export const SOURCE_CASES: readonly WindowedCase[] = [...navigation, ...edits];

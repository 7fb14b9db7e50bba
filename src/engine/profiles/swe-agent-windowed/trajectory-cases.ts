// Contract cases re-expressed from SWE-agent's published 0.x trajectories (SWE-agent/SWE-agent,
// MIT), one case per step that runs a windowed command, each starting from the files and the
// window the step ran on. The expected outputs are the steps' observations byte for byte (a test
// compares them with the trajectory files).
// - pydicom: tests/test_data/trajectories/gpt4__swe-bench-dev-easy_first_only__default__t-0.00__
//   p-0.95__c-3.00__install-1/pydicom__pydicom-1458.traj at 3ea751c0 (copied to
//   tests/sessions/real/swe-agent/SWE-agent--pydicom__pydicom-1458.traj). Lines 1–236 of
//   numpy_handler.py never appear in it: stand-in lines take their place (one defining the names
//   the shown lines use, comments, then the `def` and the docstring line 237 continues), which no
//   output shows.
// - test repo: tests/test_data/trajectories/gpt4__klieret__swe-agent-test-repo__default_from_url__
//   t-0.00__p-0.95__c-3.00__install-1/klieret__swe-agent-test-repo-i1.traj at af8c6700 and
//   …/gpt4__swe-agent-test-repo__default_from_url__…/6e44b9__sweagenttestrepo-1c2844.traj at eba58287.
// - marshmallow: the demonstration trajectories/demonstrations/replay__marshmallow-code__
//   marshmallow-1867__default_sys-env_window100__t-0.20__p-0.95__c-2.00__install-1/
//   marshmallow-code__marshmallow-1867.traj at 9e4381df (2024-04-02; later commits rewrote it for
//   SWE-agent 1.x). fields.py's lines 1425–1558 appear in it; stand-ins take the others' places.

import type { ContractCaseData } from '../profile';
import { FIELDS_1425_1558 } from './marshmallow-lines';
import { NUMPY_HANDLER_237_372 } from './pydicom-lines';

type Files = Record<string, string | null>;
export interface WindowedCase extends ContractCaseData {
  id: string;
  title: string;
  source: { document: string; case: string };
  mount: string;
  given?: { files: Record<string, string> };
  when: { action: string; state?: { open_file?: string; working_dir?: string; current_line?: number } };
  then: { result?: { output: string }; error?: { code: string; message: string }; files?: Files; warnings?: string[] };
}

const PYDICOM_TRAJ = 'SWE-agent/SWE-agent@3ea751c0 tests/test_data/trajectories/gpt4__swe-bench-dev-easy_first_only__default__t-0.00__p-0.95__c-3.00__install-1/pydicom__pydicom-1458.traj';
const P = '/pydicom__pydicom';
const HANDLER = `${P}/pydicom/pixel_data_handlers/numpy_handler.py`;
const SCRIPT = `${P}/reproduce_bug.py`;

/** `N:line` for lines `from`..`to` of a 1-based line list, each ending with LF. */
export const numbered = (lines: readonly string[], from: number, to: number): string =>
  lines
    .slice(from - 1, to)
    .map((l, i) => `${from + i}:${l}\n`)
    .join('');

/** The names the shown lines use, defined in line 1 so that flake8 finds none undefined (F821), then comments. */
const STAND_IN = [
  'SUPPORTED_TRANSFER_SYNTAXES = cast = get_expected_length = np = pixel_dtype = should_change_PhotometricInterpretation_to_RGB = unpack_bits = warnings = None',
  ...Array.from({ length: 233 }, (_, i) => `# stand-in for line ${i + 2}, not shown in the trajectory`),
  'def get_pixeldata(ds, read_only=False):',
  '    """Stand-in for the docstring\'s first lines.',
];
export const HANDLER_LINES: readonly string[] = [...STAND_IN, ...NUMPY_HANDLER_237_372];
const handlerText = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

const fix = (first: string): string[] => [
  first,
  "        'BitsAllocated', 'Rows', 'Columns', 'SamplesPerPixel', 'PhotometricInterpretation'",
  '    ]',
  "    if 'PixelData' in ds:",
  "        required_elements.append('PixelRepresentation')",
  '    missing = [elem for elem in required_elements if elem not in ds]',
  '    if missing:',
  '        raise AttributeError(',
  '            "Unable to convert the pixel data as the following required "',
  '            "elements are missing from the dataset: " + ", ".join(missing)',
  '        )',
];
const FIX_LINES = fix('    required_elements = [');
/** Step 5 leaves out the first line. */
const FIX_5 = FIX_LINES.slice(1);
const editAction = (range: string, body: readonly string[]): string => `edit ${range}\n${body.join('\n')}\nend_of_edit\n`;
const splice = (lines: readonly string[], from: number, to: number, body: readonly string[]): string[] => [...lines.slice(0, from - 1), ...body, ...lines.slice(to)];

const RULE = '-------------------------------------------------\n';
const refusal = (error: string, applied: string, original: string): string =>
  'Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit commmand.\n\nERRORS:\n' +
  `- ${error}\n\nThis is how your edit would have looked if applied\n${RULE}${applied}${RULE}\n` +
  `This is the original code before your edit\n${RULE}${original}${RULE}` +
  'Your changes have NOT been applied. Please fix your edit command and try again.\n' +
  'You either need to 1) Specify the correct start/end line arguments or 2) Correct your edit code.\n' +
  'DO NOT re-run the same failed edit command. Running it again will lead to the same error.\n';
const UPDATED = 'File updated. Please review the changes and make sure they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.\n';
export const PY_SCOPE =
  "The reference runs flake8 on the Python file; the playground checks what CPython's tokenizer finds (strings, brackets, line continuations, indentation, a block's missing body) worded as CPython 3.10/3.11, and E111. It does not parse the grammar (CPython's \"invalid syntax\") or check names (F821, F822, F831), so flake8 may reject an edit accepted here, or word an error differently";

const ORIGINAL_282_300 = `[File: ${HANDLER} (372 lines total)]\n(281 more lines above)\n${numbered(HANDLER_LINES, 282, 300)}(72 more lines below)\n`;
const AFTER_5 = splice(HANDLER_LINES, 287, 295, FIX_5);
const AFTER_6 = splice(HANDLER_LINES, 287, 295, FIX_LINES);
const AFTER_8 = splice(HANDLER_LINES, 287, 296, FIX_LINES);

const SCRIPT_BODY = [
  'import numpy as np',
  'from pydicom.dataset import Dataset, FileMetaDataset',
  '',
  'ds = Dataset()',
  'ds.file_meta = FileMetaDataset()',
  "ds.file_meta.TransferSyntaxUID = '1.2.840.10008.1.2.1'",
  '',
  'ds.BitsAllocated = 32',
  'ds.SamplesPerPixel = 1',
  'ds.Rows = 5',
  'ds.Columns = 5',
  "ds.PhotometricInterpretation = 'MONOCHROME2'",
  '',
  'pixel_array = np.zeros((ds.Rows, ds.Columns), dtype=np.float32)',
  'ds.FloatPixelData = pixel_array.flatten().tobytes()',
  '',
  'result = np.array_equal(ds.pixel_array, pixel_array)',
  'print("Script completed successfully, no errors. Result:", result)',
];
const ON_HANDLER = { open_file: HANDLER, working_dir: P };
const step = (n: number) => ({ document: PYDICOM_TRAJ, case: `trajectory[${n}]` });

const pydicom: WindowedCase[] = [
  {
    id: 'pydicom-0-create',
    title: 'create makes a file holding one empty line and shows it',
    source: step(0),
    mount: P,
    when: { action: 'create reproduce_bug.py\n', state: { open_file: 'n/a', working_dir: P } },
    then: { result: { output: `[File: ${SCRIPT} (1 lines total)]\n1:\n` }, files: { [SCRIPT]: '\n' }, warnings: [] },
  },
  {
    id: 'pydicom-1-edit-new-file',
    title: 'edit 1:1 replaces the one empty line; every line is shown and the file ends with LF',
    source: step(1),
    mount: P,
    given: { files: { [SCRIPT]: '\n' } },
    when: { action: editAction('1:1', SCRIPT_BODY), state: { open_file: SCRIPT, working_dir: P } },
    then: { result: { output: `[File: ${SCRIPT} (18 lines total)]\n${numbered(SCRIPT_BODY, 1, 18)}${UPDATED}` }, files: { [SCRIPT]: `${SCRIPT_BODY.join('\n')}\n` }, warnings: [PY_SCOPE] },
  },
  {
    id: 'pydicom-4-open-at-line',
    title: 'open with a line near the end shows the last 100 lines (the window cannot pass the end)',
    source: step(4),
    mount: P,
    given: { files: { [HANDLER]: handlerText(HANDLER_LINES) } },
    when: { action: 'open pydicom/pixel_data_handlers/numpy_handler.py 293\n', state: { open_file: SCRIPT, working_dir: P } },
    then: { result: { output: `[File: ${HANDLER} (372 lines total)]\n(272 more lines above)\n${numbered(HANDLER_LINES, 273, 372)}` }, warnings: [] },
  },
  {
    id: 'pydicom-5-lint-unmatched-bracket',
    title: "an edit that leaves a ']' unmatched is refused with both windows (E999 unmatched ']')",
    source: step(5),
    mount: P,
    given: { files: { [HANDLER]: handlerText(HANDLER_LINES) } },
    when: { action: editAction('287:295', FIX_5), state: ON_HANDLER },
    then: {
      error: {
        code: 'lint_failed',
        message: refusal(
          "E999 SyntaxError: unmatched ']'",
          `[File: ${HANDLER} (373 lines total)]\n(281 more lines above)\n${numbered(AFTER_5, 282, 301)}(72 more lines below)\n`,
          ORIGINAL_282_300,
        ),
      },
      files: { [HANDLER]: handlerText(HANDLER_LINES) },
      warnings: [PY_SCOPE],
    },
  },
  {
    id: 'pydicom-6-lint-unmatched-paren',
    title: "an edit one line short leaves a ')' unmatched; the windows centre on the edit (steps 6 and 7 alike)",
    source: step(6),
    mount: P,
    given: { files: { [HANDLER]: handlerText(HANDLER_LINES) } },
    when: { action: editAction('287:295', FIX_LINES), state: ON_HANDLER },
    then: {
      error: {
        code: 'lint_failed',
        message: refusal(
          "E999 SyntaxError: unmatched ')'",
          `[File: ${HANDLER} (374 lines total)]\n(280 more lines above)\n${numbered(AFTER_6, 281, 301)}(73 more lines below)\n`,
          ORIGINAL_282_300,
        ),
      },
      warnings: [PY_SCOPE],
    },
  },
  {
    id: 'pydicom-8-edit',
    title: 'the corrected edit is written; the window starts 50 lines above the edit',
    source: step(8),
    mount: P,
    given: { files: { [HANDLER]: handlerText(HANDLER_LINES) } },
    when: { action: editAction('287:296', FIX_LINES), state: ON_HANDLER },
    then: {
      result: { output: `[File: ${HANDLER} (373 lines total)]\n(236 more lines above)\n${numbered(AFTER_8, 237, 336)}(37 more lines below)\n${UPDATED}` },
      files: { [HANDLER]: handlerText(AFTER_8) },
      warnings: [PY_SCOPE],
    },
  },
];

const TEST_REPO_1 = 'SWE-agent/SWE-agent@af8c6700 tests/test_data/trajectories/gpt4__klieret__swe-agent-test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1/klieret__swe-agent-test-repo-i1.traj';
const TEST_REPO_2 = 'SWE-agent/SWE-agent@eba58287 tests/test_data/trajectories/gpt4__swe-agent-test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1/6e44b9__sweagenttestrepo-1c2844.traj';
const K = '/klieret__swe-agent-test-repo';
const U = '/__Users__fuchur__Documents__24__git_sync__swe-agent-test-repo';
const COLON = ['#!/usr/bin/env python3', '', '', 'def division(a: float, b: float) -> float', '    return a/b', '', '', 'if __name__ == "__main__":', '    print(division(123, 15))', ''];
const FIXED = splice(COLON, 4, 4, ['def division(a: float, b: float) -> float:']);
const GUARDED = splice(FIXED, 4, 5, ['def division(a: float, b: float) -> float:', '    if b == 0:', '        raise ValueError("Cannot divide by zero")', '    return a / b']);
const CAUGHT = splice(GUARDED, 10, 11, ['if __name__ == "__main__":', '    try:', '        print(division(23, 0))', '    except ValueError as e:', '        print(e)']);
const text = (lines: readonly string[]): string => `${lines.join('\n')}\n`;
const whole = (abs: string, lines: readonly string[]): string => `[File: ${abs} (${lines.length} lines total)]\n${numbered(lines, 1, lines.length)}`;

const testRepo: WindowedCase[] = [
  {
    id: 'test-repo-1-open',
    title: 'open without a line shows a short file whole (its last line empty)',
    source: { document: TEST_REPO_1, case: 'trajectory[1]' },
    mount: K,
    given: { files: { [`${K}/tests/missing_colon.py`]: text(COLON) } },
    when: { action: 'open tests/missing_colon.py\n', state: { open_file: 'n/a', working_dir: K } },
    then: { result: { output: whole(`${K}/tests/missing_colon.py`, COLON) }, warnings: [] },
  },
  {
    id: 'test-repo-2-edit-adds-colon',
    title: 'an edit that repairs a syntax error is written (the file had the error before)',
    source: { document: TEST_REPO_1, case: 'trajectory[2]' },
    mount: K,
    given: { files: { [`${K}/tests/missing_colon.py`]: text(COLON) } },
    when: { action: 'edit 4:4\ndef division(a: float, b: float) -> float:\nend_of_edit\n', state: { open_file: `${K}/tests/missing_colon.py`, working_dir: K } },
    then: { result: { output: whole(`${K}/tests/missing_colon.py`, FIXED) + UPDATED }, files: { [`${K}/tests/missing_colon.py`]: text(FIXED) }, warnings: [PY_SCOPE] },
  },
  {
    id: 'test-repo-4-edit-grows',
    title: 'an edit of two lines into four moves the rest down',
    source: { document: TEST_REPO_2, case: 'trajectory[4]' },
    mount: U,
    given: { files: { [`${U}/tests/missing_colon.py`]: text(FIXED) } },
    when: { action: editAction('4:5', GUARDED.slice(3, 7)), state: { open_file: `${U}/tests/missing_colon.py`, working_dir: U } },
    then: { result: { output: whole(`${U}/tests/missing_colon.py`, GUARDED) + UPDATED }, files: { [`${U}/tests/missing_colon.py`]: text(GUARDED) }, warnings: [PY_SCOPE] },
  },
  {
    id: 'test-repo-5-edit-block',
    title: 'an edit that adds a try block at the end of the file',
    source: { document: TEST_REPO_2, case: 'trajectory[5]' },
    mount: U,
    given: { files: { [`${U}/tests/missing_colon.py`]: text(GUARDED) } },
    when: { action: editAction('10:11', CAUGHT.slice(9, 14)), state: { open_file: `${U}/tests/missing_colon.py`, working_dir: U } },
    then: { result: { output: whole(`${U}/tests/missing_colon.py`, CAUGHT) + UPDATED }, files: { [`${U}/tests/missing_colon.py`]: text(CAUGHT) }, warnings: [PY_SCOPE] },
  },
];

const MARSH_TRAJ =
  'SWE-agent/SWE-agent@9e4381df trajectories/demonstrations/replay__marshmallow-code__marshmallow-1867__default_sys-env_window100__t-0.20__p-0.95__c-2.00__install-1/marshmallow-code__marshmallow-1867.traj';
const M = '/marshmallow-code__marshmallow';
const FIELDS = `${M}/src/marshmallow/fields.py`;
const REPRO = `${M}/reproduce.py`;
const FIELDS_LINES: readonly string[] = [
  'Field = FieldInstanceResolutionError = Nested = copy = dt = resolve_field_instance = typing = None',
  ...Array.from({ length: 1421 }, (_, i) => `# stand-in for line ${i + 2}, not shown in the trajectory`),
  'class TimeDelta(Field):',
  '    """Stand-in for the docstring\'s first lines.',
  ...FIELDS_1425_1558,
  ...Array.from({ length: 439 }, (_, i) => `# stand-in for line ${1559 + i}, not shown in the trajectory`),
];
const ROUNDED = '        return int(round(value.total_seconds() / base_unit.total_seconds()))  # round to nearest int';
const REPRO_BODY = [
  'from marshmallow.fields import TimeDelta',
  'from datetime import timedelta',
  '',
  'td_field = TimeDelta(precision="milliseconds")',
  '',
  'obj = dict()',
  'obj["td_field"] = timedelta(milliseconds=345)',
  '',
  'print(td_field.serialize("td_field", obj))',
];
const mstep = (n: number) => ({ document: MARSH_TRAJ, case: `trajectory[${n}]` });
const ON_FIELDS = { open_file: FIELDS, working_dir: M };
const ROUNDED_LINES = splice(FIELDS_LINES, 1475, 1475, [ROUNDED]);
const UNINDENTED = splice(FIELDS_LINES, 1475, 1475, [ROUNDED.trimStart()]);

const marshmallow: WindowedCase[] = [
  {
    id: 'marshmallow-0-create',
    title: 'create in the demonstration',
    source: mstep(0),
    mount: M,
    when: { action: 'create reproduce.py\n', state: { open_file: 'n/a', working_dir: M } },
    then: { result: { output: `[File: ${REPRO} (1 lines total)]\n1:\n` }, files: { [REPRO]: '\n' } },
  },
  {
    id: 'marshmallow-1-edit-new-file',
    title: 'edit 1:1 writes the script',
    source: mstep(1),
    mount: M,
    given: { files: { [REPRO]: '\n' } },
    when: { action: editAction('1:1', REPRO_BODY), state: { open_file: REPRO, working_dir: M } },
    then: { result: { output: `[File: ${REPRO} (9 lines total)]\n${numbered(REPRO_BODY, 1, 9)}${UPDATED}` }, files: { [REPRO]: `${REPRO_BODY.join('\n')}\n` } },
  },
  {
    id: 'marshmallow-5-open-at-line',
    title: 'open at line 1474 of 1997: the line sits 16 lines below the top',
    source: mstep(5),
    mount: M,
    given: { files: { [FIELDS]: handlerText(FIELDS_LINES) } },
    when: { action: 'open src/marshmallow/fields.py 1474\n', state: { open_file: REPRO, working_dir: M } },
    then: { result: { output: `[File: ${FIELDS} (1997 lines total)]\n(1458 more lines above)\n${numbered(FIELDS_LINES, 1459, 1558)}(439 more lines below)\n` } },
  },
  {
    id: 'marshmallow-6-lint-unexpected-indent',
    title: 'a line edited without its indentation: the next method is an unexpected indent',
    source: mstep(6),
    mount: M,
    given: { files: { [FIELDS]: handlerText(FIELDS_LINES) } },
    when: { action: editAction('1475:1475', [ROUNDED.trimStart()]), state: ON_FIELDS },
    then: {
      error: {
        code: 'lint_failed',
        message: refusal(
          'E999 IndentationError: unexpected indent',
          `[File: ${FIELDS} (1997 lines total)]\n(1468 more lines above)\n${numbered(UNINDENTED, 1469, 1479)}(518 more lines below)\n`,
          `[File: ${FIELDS} (1997 lines total)]\n(1469 more lines above)\n${numbered(FIELDS_LINES, 1470, 1480)}(517 more lines below)\n`,
        ),
      },
      warnings: [PY_SCOPE],
    },
  },
  {
    id: 'marshmallow-7-edit',
    title: 'the indented line is written; the window starts 50 lines above it',
    source: mstep(7),
    mount: M,
    given: { files: { [FIELDS]: handlerText(FIELDS_LINES) } },
    when: { action: editAction('1475:1475', [ROUNDED]), state: ON_FIELDS },
    then: {
      result: { output: `[File: ${FIELDS} (1997 lines total)]\n(1424 more lines above)\n${numbered(ROUNDED_LINES, 1425, 1524)}(473 more lines below)\n${UPDATED}` },
      files: { [FIELDS]: handlerText(ROUNDED_LINES) },
      warnings: [PY_SCOPE],
    },
  },
];

export const TRAJECTORY_CASES: readonly WindowedCase[] = [...pydicom, ...testRepo, ...marshmallow];

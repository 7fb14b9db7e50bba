// SWE-agent's windowed commands as a later release answers (release: the SWE-agent commit).
// c786b9a9 (2024-04-24) reworded the first line of `edit`'s lint refusal
// (config/commands/edit_linting.sh). The expected text is a real refusal: SWE-agent/SWE-agent
// @3ea751c0 (MIT), trajectories/demonstrations/ctf/crypto/BabyEncryption.traj,
// $.trajectory[7].observation (`edit 2:2` of chall.py, recorded 2024-08), with the last LF the
// trajectory strips; releases.test.ts pins the same text and the reference's.

import type { WindowedCase } from './trajectory-cases';
import { numbered } from './trajectory-cases';

const TRAJ = 'SWE-agent/SWE-agent@3ea751c0 trajectories/demonstrations/ctf/crypto/BabyEncryption.traj';
const DIR = '/__Users__talora__LLM_CTF_Dataset_Dev__HTB__crypto__BabyEncryption';
const CHALL = ['import string', 'from secret import MSG', '', 'def encryption(msg):', '    ct = []', '    for char in msg:', '        ct.append((123 * char + 18) % 256)', '    return bytes(ct)', '', 'ct = encryption(MSG)', "f = open('./msg.enc','w')", 'f.write(ct.hex())', 'f.close()', '', ''];
const EDITED = [CHALL[0]!, '    cipher = binascii.unhexlify(f.read())', ...CHALL.slice(2)];
const RULE = '-------------------------------------------------\n';
const shownWindow = (lines: readonly string[]): string => `[File: ${DIR}/chall.py (15 lines total)]\n${numbered(lines, 1, 10)}(5 more lines below)\n`;

export const WINDOWED_RELEASE_CASES: WindowedCase[] = [
  {
    id: 'release-c786b9a9-lint-refusal',
    title: "c786b9a9 and later: edit's lint refusal asks the model to read the error message carefully",
    release: 'c786b9a9',
    source: { document: TRAJ, case: '$.trajectory[7] (edit 2:2 of chall.py)' },
    mount: DIR,
    given: { files: { [`${DIR}/chall.py`]: `${CHALL.join('\n')}\n` } },
    when: { action: 'edit 2:2\n    cipher = binascii.unhexlify(f.read())\nend_of_edit\n', state: { open_file: `${DIR}/chall.py`, working_dir: DIR } },
    then: {
      error: {
        code: 'lint_failed',
        message:
          'Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then retry editing the file.' +
          `\n\nERRORS:\n- E999 IndentationError: unexpected indent\n\nThis is how your edit would have looked if applied\n${RULE}${shownWindow(EDITED)}${RULE}\n` +
          `This is the original code before your edit\n${RULE}${shownWindow(CHALL)}${RULE}` +
          'Your changes have NOT been applied. Please fix your edit command and try again.\nYou either need to 1) Specify the correct start/end line arguments or 2) Correct your edit code.\nDO NOT re-run the same failed edit command. Running it again will lead to the same error.\n',
      },
    },
  },
];

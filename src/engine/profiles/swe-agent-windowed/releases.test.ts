// swe_agent_windowed by release (version drift): SWE-agent c786b9a9 (2024-04-24) reworded the first
// line of `edit`'s lint refusal (config/commands/edit_linting.sh; 762a9639 the same in
// cursors_edit_linting.sh). The expected text is a real refusal: SWE-agent/SWE-agent @3ea751c0
// (MIT), trajectories/demonstrations/ctf/crypto/BabyEncryption.traj, $.trajectory[7].observation
// (`edit 2:2` of chall.py, recorded 2024-08), which ends without the last LF the trajectory strips.

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { profileReleases, releaseProblem } from '../../releases';
import { runCall, runProfile } from '../../run';
import type { RunOptions, RunOutcome } from '../../types';
import { createSessionTools } from '../../../sessions/session-tools';
import { releaseForVersion, windowedRelease } from './releases';
import { numbered } from './trajectory-cases';

const DIR = '/__Users__talora__LLM_CTF_Dataset_Dev__HTB__crypto__BabyEncryption';
const CHALL = ['import string', 'from secret import MSG', '', 'def encryption(msg):', '    ct = []', '    for char in msg:', '        ct.append((123 * char + 18) % 256)', '    return bytes(ct)', '', 'ct = encryption(MSG)', "f = open('./msg.enc','w')", 'f.write(ct.hex())', 'f.close()', '', ''];
const EDITED = [CHALL[0]!, '    cipher = binascii.unhexlify(f.read())', ...CHALL.slice(2)];
const CALL = { action: 'edit 2:2\n    cipher = binascii.unhexlify(f.read())\nend_of_edit\n', state: { open_file: `${DIR}/chall.py`, working_dir: DIR } };
const RULE = '-------------------------------------------------\n';
const shownWindow = (lines: readonly string[]) => `[File: ${DIR}/chall.py (15 lines total)]\n${numbered(lines, 1, 10)}(5 more lines below)\n`;
const REST =
  `\n\nERRORS:\n- E999 IndentationError: unexpected indent\n\nThis is how your edit would have looked if applied\n${RULE}${shownWindow(EDITED)}${RULE}\n` +
  `This is the original code before your edit\n${RULE}${shownWindow(CHALL)}${RULE}` +
  'Your changes have NOT been applied. Please fix your edit command and try again.\nYou either need to 1) Specify the correct start/end line arguments or 2) Correct your edit code.\nDO NOT re-run the same failed edit command. Running it again will lead to the same error.\n';
const OLD = `Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit commmand.${REST}`;
const NEW = `Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then retry editing the file.${REST}`;

const fs = () => new MemoryFs({ 'chall.py': `${CHALL.join('\n')}\n` });
const run = (options: RunOptions = {}): Promise<RunOutcome> => runCall(fs(), 'swe_agent_windowed', CALL, { mount: DIR, ...options });
const errorOf = (o: RunOutcome) => (o.ok ? null : o.error);

describe("edit's lint refusal by release", () => {
  it('no release and 5b143857: "Please understand the fixes and retry your edit commmand."', async () => {
    expect(errorOf(await run())).toEqual({ code: 'lint_failed', message: OLD });
    expect(errorOf(await run({ release: '5b143857' }))).toEqual({ code: 'lint_failed', message: OLD });
  });

  it('c786b9a9 (and a longer form of the commit): the recorded refusal, byte for byte', async () => {
    expect(errorOf(await run({ release: 'c786b9a9' }))).toEqual({ code: 'lint_failed', message: NEW });
    expect(errorOf(await run({ release: 'c786b9a9fc06930bd14570cb01cfdc7783706286' }))).toEqual({ code: 'lint_failed', message: NEW });
  });

  it('the releases a picker offers, and what --release refuses', () => {
    expect(profileReleases('swe_agent_windowed')).toEqual({
      default: '5b143857',
      kind: 'a SWE-agent commit of the windowed commands (5b143857 or c786b9a9)',
      choices: [
        { value: 'c786b9a9', label: 'c786b9a9 (2024-04-24) and later' },
        { value: '5b143857', label: '5b143857 (2024-04-02, the reference)' },
      ],
    });
    expect(releaseProblem('swe_agent_windowed', '762a9639')).toBe('"762a9639" is not a SWE-agent commit of the windowed commands (5b143857 or c786b9a9)');
    expect(windowedRelease('C786B9A9')?.commit).toBe('c786b9a9');
  });
});

describe('the release a trajectory records', () => {
  it('0.0.1 is 5b143857; 0.2.0 spans both; 0.5.0 on, and 1.x, are c786b9a9; none decides nothing', () => {
    expect(['0.0.1', '0.2.0', '0.5.0', '0.7.0', '1.0.1', undefined, 'dev'].map((v) => releaseForVersion(v)?.commit ?? null)).toEqual(['5b143857', null, 'c786b9a9', 'c786b9a9', 'c786b9a9', null, null]);
  });

  it('a session with no decisive version answers as the reference and names the other release\'s answer in a warning', async () => {
    const o = await runProfile(createSessionTools().profile('swe_agent_windowed'), fs(), CALL, { mount: DIR });
    expect(errorOf(o)).toEqual({ code: 'lint_failed', message: OLD });
    expect(o.warnings.at(-1)).toBe(`5b143857's answer; the recording does not say which release ran it; as c786b9a9 (2024-04-24) ran it, the answer was: ${NEW}`);
  });

  it('a session recorded by SWE-agent 1.0.1 answers as c786b9a9, with no other answer', async () => {
    const o = await runProfile(createSessionTools().profile('swe_agent_windowed', '1.0.1'), fs(), CALL, { mount: DIR });
    expect(errorOf(o)).toEqual({ code: 'lint_failed', message: NEW });
    expect(o.warnings.filter((w) => w.includes('the answer was:'))).toEqual([]);
  });
});

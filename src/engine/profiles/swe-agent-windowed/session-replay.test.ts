// SWE-agent 0.x's windowed commands in a session (issue 18): the reader lists them as calls of the
// registered profile that claims them (swe_agent_windowed), each with its step's state, and the
// session runs them on one window, as SWE-agent's shell keeps CURRENT_FILE and CURRENT_LINE.
// Source: SWE-agent/SWE-agent tests/test_data/trajectories/…/pydicom__pydicom-1458.traj @3ea751c0.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getProfile } from '../registry';
import { parseSession } from '../../../sessions/parse';
import { replaySession } from '../../../sessions/replay';
import { seedFromTranscript } from '../../../sessions/seed';
import { createSessionTools, runProfile } from '../../../sessions/session-tools';
import { MemoryFs } from '../../../workspace/memory-fs';
import { unreproduced } from './hooks';
import { numbered } from './trajectory-cases';

const ID = 'swe_agent_windowed';

describe('a SWE-agent 0.x trajectory', () => {
  const s = parseSession(readFileSync('tests/sessions/real/swe-agent/SWE-agent--pydicom__pydicom-1458.traj', 'utf8'));

  it('lists the windowed commands as swe_agent_windowed calls (create and edit edit, open reads), none unsupported', () => {
    expect(s.calls.filter((c) => c.profile === ID).map((c) => `#${c.index} ${c.toolName} ${c.kind}`)).toEqual([
      '#0 create edit',
      '#1 edit edit',
      '#4 open read',
      '#5 edit edit',
      '#6 edit edit',
      '#7 edit edit',
      '#8 edit edit',
    ]);
    expect(s.calls.filter((c) => c.unsupported !== undefined)).toEqual([]);
    expect(s.calls[1]!.input).toEqual({ action: s.calls[1]!.input!.action, state: { open_file: '/pydicom__pydicom/reproduce_bug.py', working_dir: '/pydicom__pydicom' } });
  });
});

describe("a session's window", () => {
  const file = `${Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n')}\n`;
  const firstLines = (o: Awaited<ReturnType<typeof runProfile>>, n: number) => (o.ok ? (o.result as { output: string }).output.split('\n').slice(0, n) : [o.error.message]);

  it('goes on from where the last call left it; the registered profile starts every call with no open file', async () => {
    const fs = new MemoryFs({ 'a.txt': file });
    const tools = createSessionTools();
    expect(firstLines(await runProfile(tools.profile(ID), fs, { action: 'open a.txt 200' }), 2)).toEqual(['[File: /a.txt (300 lines total)]', '(184 more lines above)']);
    expect(firstLines(await runProfile(tools.profile(ID), fs, { action: 'scroll_down' }), 2)).toEqual(['[File: /a.txt (300 lines total)]', '(200 more lines above)']);
    expect(firstLines(await runProfile(getProfile(ID), fs, { action: 'scroll_down' }), 1)).toEqual(['No file open. Use the open command first.\n']);
    // Another session has a window of its own.
    expect(firstLines(await runProfile(createSessionTools().profile(ID), fs, { action: 'scroll_down' }), 1)).toEqual(['No file open. Use the open command first.\n']);
  });
});

// SWE-agent/SWE-agent @3ea751c0 (MIT), trajectories/demonstrations/ctf/crypto/BabyEncryption.traj:
// $.trajectory[9] (`open decrypt.py`, the whole file) and [10] (an `edit 2:2` flake8 refused with
// F821: binascii is never imported), recorded with c786b9a9's refusal line.
describe('a refusal by a check the linter does not perform', () => {
  const dir = '/__Users__talora__LLM_CTF_Dataset_Dev__HTB__crypto__BabyEncryption';
  const decrypt = ["with open('msg.enc', 'rb') as f:", '    cipher = f.read()', '', '', "decrypted_msg = ''.join([chr((b-18) * pow(123, -1, 256)) for b in cipher])", 'print(decrypted_msg)'];
  const edited = [decrypt[0]!, '    cipher = binascii.unhexlify(f.read())', ...decrypt.slice(2)];
  const rule = '-------------------------------------------------\n';
  const header = `[File: ${dir}/decrypt.py (6 lines total)]\n`;
  const refusal =
    "Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then retry editing the file.\n\nERRORS:\n- F821 undefined name 'binascii'\n\n" +
    `This is how your edit would have looked if applied\n${rule}${header}${numbered(edited, 1, 6)}${rule}\nThis is the original code before your edit\n${rule}${header}${numbered(decrypt, 1, 6)}${rule}` +
    'Your changes have NOT been applied. Please fix your edit command and try again.\nYou either need to 1) Specify the correct start/end line arguments or 2) Correct your edit code.\nDO NOT re-run the same failed edit command. Running it again will lead to the same error.';
  const state = (open: string) => JSON.stringify({ open_file: open, working_dir: dir });
  const trajectory = {
    trajectory: [
      { action: 'open decrypt.py\n', observation: `${header}${numbered(decrypt, 1, 6).slice(0, -1)}`, state: state(`${dir}/chall.py`) },
      { action: 'edit 2:2\n    cipher = binascii.unhexlify(f.read())\nend_of_edit\n', observation: refusal, state: state(`${dir}/decrypt.py`) },
    ],
  };

  it('is cannot judge (unchecked), the file left as the recording left it', async () => {
    const session = parseSession(JSON.stringify(trajectory));
    const seed = seedFromTranscript(session);
    expect(seed.entries.map((e) => `${e.path} ${e.how}`)).toEqual(['decrypt.py whole']);
    const r = await replaySession(session, new MemoryFs(seed.files), { mount: seed.mount });
    expect(r.calls[1]!.verdict).toMatchObject({
      verdict: 'cannot judge',
      ours: { isError: false },
      recorded: { isError: true, text: refusal },
      cannotJudge: { reason: 'unchecked', evidence: 'the recorded refusal lists flake8\'s "F821 undefined name \'binascii\'", a check the playground\'s linter does not perform (python-check.ts)' },
    });
    expect(r.files).toEqual([]);
  });

  it('a problem the linter reports, or one our answer lists too, is ours to judge', () => {
    const withProblem = (p: string) => refusal.replace("F821 undefined name 'binascii'", p);
    expect(unreproduced(withProblem('E999 IndentationError: unexpected indent'), '')).toBeNull();
    expect(unreproduced(withProblem('E999 SyntaxError: invalid syntax'), '')).toBe('the recorded refusal lists flake8\'s "E999 SyntaxError: invalid syntax", a check the playground\'s linter does not perform (python-check.ts)');
    expect(unreproduced(withProblem('E999 SyntaxError: invalid syntax'), withProblem('E999 SyntaxError: invalid syntax'))).toBeNull();
    expect(unreproduced('File updated.', '')).toBeNull();
  });
});

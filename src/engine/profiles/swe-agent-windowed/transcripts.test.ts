// swe_agent_windowed's hooks on SWE-agent 0.x's trajectory (pydicom__pydicom-1458.traj @3ea751c0,
// copied to tests/sessions/real/swe-agent/): its windowed commands are this profile's calls, what
// they name and show; and a find/replace written as an edit of whole lines (what-if). The session
// itself (the reader, the window kept across calls) is tested in session-replay.test.ts.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { profileForTool } from '../../envelope';
import { getProfile } from '../registry';
import { fromFindReplace } from './hooks';

const ID = 'swe_agent_windowed';
const TRAJ = 'tests/sessions/real/swe-agent/SWE-agent--pydicom__pydicom-1458.traj';

describe('the steps of a 0.x trajectory', () => {
  const steps: { action: string; observation: string; state: string }[] = JSON.parse(readFileSync(TRAJ, 'utf8')).trajectory;
  // What SWE-agent's reader (src/sessions/swe-agent.ts) makes of a step: the command's name, and the action with the step's state.
  const calls = steps.map((st) => ({ name: /^\S+/.exec(st.action.trim())![0], input: { action: st.action, state: JSON.parse(st.state) as Record<string, string> }, text: st.observation }));
  const p = getProfile(ID);

  it('claims the windowed commands, by their names; the create and the edits edit, the open only reads', () => {
    expect(calls.flatMap((c, i) => (profileForTool(c.name, c.input) === ID ? [`#${i} ${c.name} ${p.readsOnly!(c.input) ? 'read' : 'edit'}`] : []))).toEqual([
      '#0 create edit',
      '#1 edit edit',
      '#4 open read',
      '#5 edit edit',
      '#6 edit edit',
      '#7 edit edit',
      '#8 edit edit',
    ]);
  });

  it('names the file the command works on, absolute by the working directory', () => {
    expect(p.paths!(calls[1]!.input)).toEqual(['/pydicom__pydicom/reproduce_bug.py']);
    expect(p.paths!(calls[4]!.input)).toEqual(['/pydicom__pydicom/pydicom/pixel_data_handlers/numpy_handler.py']);
    expect(p.createdPaths!(calls[0]!.input)).toEqual(['/pydicom__pydicom/reproduce_bug.py']);
    expect(p.createdPaths!(calls[1]!.input)).toEqual([]);
  });

  it("an `open`'s answer shows the window's lines at their numbers; an edit's answer shows nothing of the file before it", () => {
    const shown = p.shows!(calls[4]!.input, calls[4]!.text);
    const lines = shown?.kind === 'partial' ? shown.lines : new Map<number, string>();
    expect([shown?.kind, Math.min(...lines.keys()), Math.max(...lines.keys()), lines.size]).toEqual(['partial', 273, 372, 100]);
    expect(lines.get(372)).toBe('    return cast("np.ndarray", arr)');
    expect(p.shows!(calls[5]!.input, calls[5]!.text)).toBeNull();
  });

  it('a window that shows every line its header counts shows the file whole, with a final newline', () => {
    // SWE-agent/SWE-agent @3ea751c0, trajectories/demonstrations/ctf/crypto/BabyEncryption.traj, $.trajectory[0] (`open chall.py`).
    const dir = '/__Users__talora__LLM_CTF_Dataset_Dev__HTB__crypto__BabyEncryption';
    const body = ['import string', 'from secret import MSG', '', 'def encryption(msg):', '    ct = []', '    for char in msg:', '        ct.append((123 * char + 18) % 256)', '    return bytes(ct)', '', 'ct = encryption(MSG)', "f = open('./msg.enc','w')", 'f.write(ct.hex())', 'f.close()', '', ''];
    const observation = [`[File: ${dir}/chall.py (15 lines total)]`, ...body.map((l, i) => `${i + 1}:${l}`)].join('\n');
    const input = { action: 'open chall.py\n', state: { open_file: 'n/a', working_dir: dir } };
    expect(p.shows!(input, observation)).toEqual({ kind: 'whole', text: `${body.join('\n')}\n` });
    // One line fewer than the header counts, or a line past the window: part of it.
    expect(p.shows!(input, observation.replace('(15 lines total)', '(16 lines total)'))?.kind).toBe('partial');
    expect(p.shows!(input, `${observation}\n(1 more lines below)`)?.kind).toBe('partial');
    expect(p.shows!(input, `[File: ${dir}/empty.py (0 lines total)]`)).toEqual({ kind: 'whole', text: '' });
  });

  it("claims 0.x's edit N:M, not 1.x's search/replace edit, nor a call of another shape", () => {
    expect(profileForTool('edit', { action: 'edit 1:2\nx\nend_of_edit\n' })).toBe(ID);
    expect(profileForTool('edit', { action: "edit 'a' 'b'\n" })).toBeNull();
    expect(profileForTool('open', { action: 'open a.py' })).toBe(ID);
    expect(profileForTool('open', { path: 'a.py' })).toBeNull();
    expect(profileForTool(ID, { action: 'goto 3' })).toBe(ID);
  });
});

describe('what-if: a find/replace as an edit of the lines it spans', () => {
  const text = 'a\nbb\nccc\n';
  it('widens the found text to whole lines', () => {
    expect(fromFindReplace({ path: '/f.txt', edits: [{ old: 'b\nc', new: 'X', replaceAll: false }] }, text)).toEqual({
      ok: true,
      input: { action: 'edit 2:3\nbXcc\nend_of_edit', state: { open_file: '/f.txt' } },
    });
    expect(fromFindReplace({ path: '/f.txt', edits: [{ old: 'bb\n', new: '', replaceAll: false }] }, text)).toEqual({
      ok: true,
      input: { action: 'edit 2:2\nend_of_edit', state: { open_file: '/f.txt' } },
    });
  });
  it('refuses what an edit of whole lines cannot say', () => {
    expect(fromFindReplace({ path: '/f.txt', edits: [{ old: 'c', new: 'X', replaceAll: false }] }, text)).toEqual({ ok: false, message: 'The text to replace must occur exactly once in /f.txt to be written as an edit of its lines.' });
    expect(fromFindReplace({ path: '/f.txt', edits: [{ old: 'bb\n', new: 'B', replaceAll: false }] }, text)).toEqual({ ok: false, message: 'The replacement joins line 2 of /f.txt with the next one; an edit writes whole lines.' });
    expect(fromFindReplace({ path: '/f.txt', edits: [{ old: 'a', new: 'b', replaceAll: false }] }, null).ok).toBe(false);
  });
});

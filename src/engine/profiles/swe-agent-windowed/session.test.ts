// The window persists across a session's calls: the published trajectories replayed call by call
// with one WindowSession and no `state` in the input give every windowed step's observation
// byte for byte (the shell commands between them, python and find_file, change no file).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { commitStage } from '../../commit';
import { profileContext } from '../../run';
import { WINDOWED_COMMANDS } from './action';
import { HANDLER_LINES } from './trajectory-cases';
import { createSweAgentWindowed, sweAgentWindowed, WindowSession } from './windowed';

interface Step {
  action: string;
  observation: string;
}

async function replay(steps: readonly Step[], fs: MemoryFs, mount: string): Promise<{ step: number; ours: string; recorded: string }[]> {
  const profile = createSweAgentWindowed(new WindowSession());
  const seen = [];
  for (const [k, s] of steps.entries()) {
    if (!(WINDOWED_COMMANDS as readonly string[]).includes(s.action.split(/\s/)[0]!)) continue;
    const outcome = await profile.run({ action: s.action }, profileContext(fs, { mount }));
    if (outcome.ok && outcome.writes) expect((await commitStage(fs, outcome.stage)).ok).toBe(true);
    seen.push({ step: k, ours: outcome.ok ? (outcome.result as { output: string }).output : outcome.error.message, recorded: s.observation });
  }
  return seen;
}

describe('a session keeps the window between calls', () => {
  it('replays the pydicom trajectory: create, edit, open, three refused edits, the edit', async () => {
    const steps: Step[] = JSON.parse(readFileSync('tests/sessions/real/swe-agent/SWE-agent--pydicom__pydicom-1458.traj', 'utf8')).trajectory;
    const fs = new MemoryFs({ 'pydicom/pixel_data_handlers/numpy_handler.py': `${HANDLER_LINES.join('\n')}\n` });
    const seen = await replay(steps, fs, '/pydicom__pydicom');
    expect(seen.map((s) => s.step)).toEqual([0, 1, 4, 5, 6, 7, 8]);
    for (const s of seen) expect(s.ours, `step ${s.step}`).toBe(s.recorded);
  });

  it('scrolls from where the last command left the window', async () => {
    const lines = Array.from({ length: 250 }, (_, i) => `l${i + 1}`);
    const fs = new MemoryFs({ 'f.txt': `${lines.join('\n')}\n` });
    const profile = createSweAgentWindowed(new WindowSession());
    const ctx = profileContext(fs, { mount: '/w' });
    const firstShown = async (action: string): Promise<string> => {
      const o = await profile.run({ action }, ctx);
      return o.ok ? (o.result as { output: string }).output.split('\n')[1]! : o.error.message;
    };
    expect(await firstShown('open f.txt')).toBe('1:l1');
    expect(await firstShown('scroll_down')).toBe('(98 more lines above)');
    expect(await firstShown('scroll_down')).toBe('(150 more lines above)');
    expect(await firstShown('scroll_up')).toBe('(52 more lines above)');
    expect(await firstShown('goto 1')).toBe('1:l1');
  });

  it('the registered profile starts every call with no open file', async () => {
    const fs = new MemoryFs({ 'f.txt': 'a\n' });
    const ctx = profileContext(fs, { mount: '/w' });
    expect((await sweAgentWindowed.run({ action: 'open f.txt' }, ctx)).ok).toBe(true);
    const next = await sweAgentWindowed.run({ action: 'scroll_down' }, ctx);
    expect(next.ok ? next.result : next.error).toEqual({ code: 'no_file_open', message: 'No file open. Use the open command first.\n' });
  });
});

// SWE-agent 0.x's windowed commands in a session (issue 18): the reader lists them as calls of the
// registered profile that claims them (swe_agent_windowed), each with its step's state, and the
// session runs them on one window, as SWE-agent's shell keeps CURRENT_FILE and CURRENT_LINE.
// Source: SWE-agent/SWE-agent tests/test_data/trajectories/…/pydicom__pydicom-1458.traj @3ea751c0.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getProfile } from '../registry';
import { parseSession } from '../../../sessions/parse';
import { createSessionTools, runProfile } from '../../../sessions/session-tools';
import { MemoryFs } from '../../../workspace/memory-fs';

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

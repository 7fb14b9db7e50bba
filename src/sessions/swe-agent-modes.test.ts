// SWE-agent trajectories whose windowed commands are not the plain 0.x ones. The excerpts are from
// SWE-agent/SWE-agent @3ea751c087f32b16e039a2233dd6eefecef325d5 (MIT), trajectories/demonstrations/:
// - replay__marshmallow-code__marshmallow-1867__default_sys-env_cursors_window100__t-0.20__p-0.95__
//   c-2.00__install-1/marshmallow-code__marshmallow-1867.traj: $.trajectory[0] (`create
//   reproduce.py`, answered in cursor mode) and [6] (`set_cursors 1475 1475`).
// - replay__marshmallow-code__marshmallow-1867__function_calling__install-1/
//   marshmallow-code__marshmallow-1867.traj: $.history[2] (the `create` tool call), [4] (the `edit`
//   tool call, its text shortened here) and $.trajectory[0], [1] (the actions SWE-agent ran and
//   their observations, the second shortened), recorded by SWE-agent 1.x's tool bundles.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';

const STATE = '{"open_file": "n/a", "working_dir": "/marshmallow-code__marshmallow"}\n';
const CURSOR_CREATE = {
  action: 'create reproduce.py\n',
  observation: '[File: /marshmallow-code__marshmallow/reproduce.py (1 lines total)]\n<<<<< START CURSOR >>>>>\n1:\n<<<<< END CURSOR >>>>>\nSTART_CURSOR moved to 1\nEND_CURSOR moved to 1\n\n',
  state: STATE,
};
const PLAIN_CREATE = { ...CURSOR_CREATE, observation: '[File: /marshmallow-code__marshmallow/reproduce.py (1 lines total)]\n1:\n' };
const UNSUPPORTED = "SWE-agent's windowed create command in cursor mode (set_cursors, answers marked <<<<< START CURSOR >>>>>) has no profile in the playground yet: listed, not replayed";

describe('a trajectory in cursor mode', () => {
  it('lists its create and edit as unsupported edits (no profile), as its cursor edit already was', () => {
    const s = parseSession(JSON.stringify({ trajectory: [CURSOR_CREATE, { action: 'edit\nx = 1\nend_of_edit\n', observation: '', state: STATE }] }));
    expect(s.calls.map((c) => [c.toolName, c.kind, c.profile, c.unsupported ?? null])).toEqual([
      ['create', 'edit', null, UNSUPPORTED],
      ['edit', 'edit', null, UNSUPPORTED.replace('create', 'edit')],
    ]);
  });

  it('is told by a set_cursors step, or by a system prompt that offers set_cursors; not by a demonstration', () => {
    const setCursors = { action: 'set_cursors 1475 1475\n', observation: '', state: STATE };
    expect(parseSession(JSON.stringify({ trajectory: [PLAIN_CREATE, setCursors] })).calls[0]!.profile).toBeNull();
    const system = (content: string, demo = false) => ({ role: 'system', content, agent: 'primary', ...(demo && { is_demo: true }) });
    expect(parseSession(JSON.stringify({ trajectory: [PLAIN_CREATE], history: [system('COMMANDS:\nset_cursors:\n  docstring: sets the start and end cursors')] })).calls[0]!.profile).toBeNull();
    expect(parseSession(JSON.stringify({ trajectory: [PLAIN_CREATE], history: [system('set_cursors', true)] })).calls[0]!.profile).toBe('swe_agent_windowed');
    expect(parseSession(JSON.stringify({ trajectory: [PLAIN_CREATE] })).calls[0]!.profile).toBe('swe_agent_windowed');
  });
});

describe('a function-calling trajectory', () => {
  const call = (id: string, name: string, args: object, action: string) => ({
    role: 'assistant', content: '', agent: 'main', message_type: 'action', action,
    tool_calls: [{ function: { arguments: JSON.stringify(args), name }, id, type: 'function' }],
  });
  const tool = (id: string) => ({ role: 'tool', content: '', agent: 'main', message_type: 'observation', tool_call_ids: [id] });
  const EDIT = 'edit 1:1\nfrom marshmallow.fields import TimeDelta\nend_of_edit';
  const traj = {
    trajectory: [
      { action: 'create reproduce.py', observation: '[File: reproduce.py (1 lines total)]\r\n1:', state: { open_file: '/testbed/reproduce.py', working_dir: '/testbed' } },
      { action: EDIT, observation: 'File updated. Please review the changes and make sure they are correct\r\n(correct indentation, no duplicate lines, etc). Edit the file again if necessary.\r\n[File: /testbed/reproduce.py (1 lines total)]\r\n1:from marshmallow.fields import TimeDelta\r\n', state: { open_file: '/testbed/reproduce.py', working_dir: '/testbed' } },
    ],
    history: [
      { role: 'system', content: 'SETTING: …', agent: 'main', message_type: 'system_prompt' },
      call('call_1', 'create', { filename: 'reproduce.py' }, 'create reproduce.py'),
      tool('call_1'),
      call('call_2', 'edit', { replacement_text: 'from marshmallow.fields import TimeDelta', start_line: 1, end_line: 1 }, EDIT),
      tool('call_2'),
    ],
  };

  it("lists its windowed edits as 1.x's tool bundles' (unsupported), even where the action they ran reads as a 0.x command", () => {
    const s = parseSession(JSON.stringify(traj));
    const why = (name: string) => `SWE-agent's windowed ${name} command of SWE-agent 1.x's tool bundles, which a function-calling trajectory runs (other texts and window than the 0.x commands swe_agent_windowed reproduces) has no profile in the playground yet: listed, not replayed`;
    expect(s.calls.map((c) => [c.toolName, c.kind, c.profile, c.unsupported ?? null, c.result?.text.slice(0, 13) ?? null])).toEqual([
      ['create', 'edit', null, why('create'), '[File: reprod'],
      ['edit', 'edit', null, why('edit'), 'File updated.'],
    ]);
  });
});

// OpenHands' older flat events, as in All-Hands-AI/OpenHands tests/unit/resolver/mock_output/
// output.jsonl (MIT; the resolver's output of 2024: `{ issue, instruction, git_patch, history }`
// per line, events without id/source/args, each observation right after its action). The lines
// here are invented in that shape.

import { describe, expect, it } from 'vitest';
import { detectLine } from './detect';
import { parseSession } from './parse';
import { agentSkillsEdit } from './openhands-flat';

const line = (history: unknown[]): string => JSON.stringify({ issue: { owner: 'o', repo: 'r', number: 1 }, instruction: 'Fix it', git_patch: '', history, success: true });

const HISTORY = [
  { content: 'Fix it', images_urls: null, wait_for_response: false, action: 'message' },
  { command: 'ls', thought: 'Look first.', keep_prompt: true, action: 'run', is_confirmed: 'confirmed' },
  { content: 'a.css\r\n', command_id: -1, command: 'ls', exit_code: 0, observation: 'run' },
  { code: "open_file('/workspace/a.css')", thought: '', action: 'run_ipython', is_confirmed: 'confirmed', kernel_init_code: 'from agentskills import *' },
  { content: '[File: /workspace/a.css (1 lines total)]\n1|a {}\n', code: "open_file('/workspace/a.css')", observation: 'run_ipython' },
  { code: "edit_file_by_replace(\n'/workspace/a.css',\nto_replace='a {}',\nnew_content='a { color: red; }'\n)", action: 'run_ipython', is_confirmed: 'confirmed' },
  { content: '[File: /workspace/a.css (1 lines total after edit)]\n1|a { color: red; }\n[File updated (edited at line 1).]', code: 'edit_file_by_replace(…)', observation: 'run_ipython' },
  { command: 'false', action: 'run' },
  { content: '', command: 'false', exit_code: 1, observation: 'run' },
  { outputs: {}, thought: 'Done.', action: 'finish' },
];

describe("OpenHands' older flat events (resolver output)", () => {
  it('are detected as OpenHands, each action answered by the event after it', () => {
    const text = `${line(HISTORY)}\n`;
    expect(detectLine(JSON.parse(line(HISTORY)))).toEqual({
      format: 'openhands',
      why: 'an evaluation output with a "history" of events; event 1 is a "run" action in OpenHands\' older flat shape (no "source", its fields beside "action")',
    });
    const s = parseSession(text);
    expect(s.calls.map((c) => [c.toolName, c.kind, c.profile, c.result?.isError ?? null, c.result?.errorSource ?? null])).toEqual([
      ['run', 'other', null, false, 'exit-code'],
      ['run_ipython', 'other', null, false, 'unknown'],
      ['run_ipython', 'edit', null, false, 'unknown'],
      ['run', 'other', null, true, 'exit-code'],
    ]);
    expect(s.calls[0]!.input).toEqual({ command: 'ls' });
    expect(s.calls[1]!.input).toEqual({ code: "open_file('/workspace/a.css')" });
    expect(s.calls[2]!.result?.text).toBe('[File: /workspace/a.css (1 lines total after edit)]\n1|a { color: red; }\n[File updated (edited at line 1).]');
    expect(s.calls[2]!.unsupported).toBe(agentSkillsEdit(HISTORY[5]!.code));
  });

  it("names the agentskills a cell calls, and nothing for a cell that calls none", () => {
    expect(agentSkillsEdit("create_file('a.py')\nappend_file('a.py', 'x')\nappend_file ('b.py', 'y')")).toBe(
      "This Jupyter cell edits files through OpenHands' agentskills (create_file, append_file), which have no profile in the playground: their answers rest on the kernel's open file and window and on the runtime's lint setting, and the cell is Python the replay does not run. Listed, not replayed",
    );
    expect(agentSkillsEdit("open_file('a.py')\nsearch_file('x')")).toBeNull();
    expect(agentSkillsEdit("my_create_file('a.py')")).toBeNull();
    expect(agentSkillsEdit(null)).toBeNull();
  });
});

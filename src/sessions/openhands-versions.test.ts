// What an OpenHands trajectory hands over for choosing the str_replace_editor variant (the release,
// else the time of each call), the text the model read (`extras.formatted_output_and_error` in
// OpenHands 0.17–0.23, whose `content` is a diff), and the LLM-based `edit_file` listed as an
// unsupported edit. The real files are tests/sessions/real/openhands/ (sources in its README); the
// LLM-based edit follows All-Hands-AI/OpenHands @156d0686 `openhands/agenthub/codeact_agent/
// function_calling.py` (edit_file → FileEditAction(path, content, start, end, impl_source
// "llm_based_edit")) and `openhands/events/action/files.py` (FileEditAction's other fields).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';

const real = (name: string): string => readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'sessions', 'real', 'openhands', name), 'utf8');

const LLM_EDIT = "OpenHands' LLM-based edit_file has no profile in the playground yet: listed, not replayed";

describe('OpenHands: release, time, the text the model read', () => {
  it('basic.json (January 2025): the formatted output, not the diff in content; each call stamped with its event time', () => {
    const s = parseSession(real('OpenHands--basic.json'));
    expect(s.format).toBe('openhands');
    expect(s.calls.map((c) => [c.toolName, c.kind, c.version, c.recordedAt, c.result?.text, c.result?.isError, c.result?.errorSource])).toEqual([
      ['str_replace_editor', 'edit', undefined, '2025-01-27T22:45:13.764487', 'File created successfully at: /workspace/game_2048.py', false, 'text'],
      ['finish', 'other', undefined, '2025-01-27T22:45:18.405685', undefined, undefined, undefined],
    ]);
  });

  it('basic_gui_mode.json: both creates read as the model did', () => {
    const s = parseSession(real('OpenHands--basic_gui_mode.json'));
    expect(s.calls.filter((c) => c.kind === 'edit').map((c) => [c.recordedAt, c.result?.text])).toEqual([
      ['2025-01-20T20:29:48.925379', 'File created successfully at: /workspace/todo-app/index.html'],
      ['2025-01-20T20:29:56.899226', 'File created successfully at: /workspace/todo-app/app.js'],
    ]);
  });

  it('an evaluation output: the system action names OpenHands 0.35.0 for every call of its line', () => {
    const s = parseSession(real('OpenHands--multi_swe_bench-output.jsonl'));
    expect(s.format).toBe('openhands');
    expect(s.calls.length).toBe(105);
    expect([...new Set(s.calls.map((c) => c.version))]).toEqual(['0.35.0']);
    expect(s.calls.every((c) => c.recordedAt !== undefined && c.recordedAt.startsWith('2025-04-30T'))).toBe(true);
    const first = s.calls[0]!;
    expect([first.toolName, first.location, first.recordedAt]).toEqual(['execute_bash', { line: 1, path: '$.history[4]' }, '2025-04-30T16:32:57.821635']);
  });

  it('without event timestamps, an evaluation output\'s metadata.start_time (written with a T)', () => {
    const events = [
      { id: 0, source: 'agent', message: '', action: 'system', args: { content: 'You are OpenHands agent.', tools: [], openhands_version: '0.29.1', agent_class: 'CodeActAgent' } },
      { id: 1, source: 'agent', message: 'Running command: ls', action: 'run', args: { command: 'ls' } },
      { id: 2, source: 'agent', cause: 1, observation: 'run', content: 'a.py', extras: { command: 'ls', metadata: { exit_code: 0 } } },
      { id: 3, timestamp: '2025-03-20T10:00:05', source: 'agent', message: 'Running command: pwd', action: 'run', args: { command: 'pwd' } },
    ];
    const s = parseSession(JSON.stringify({ instance_id: 'x', metadata: { start_time: '2025-03-20 09:59:58' }, history: events }, null, 1));
    expect(s.calls.map((c) => [c.toolName, c.version, c.recordedAt])).toEqual([
      ['run', '0.29.1', '2025-03-20T09:59:58'],
      ['run', '0.29.1', '2025-03-20T10:00:05'],
    ]);
    // A bare array has no metadata: no time.
    expect(parseSession(JSON.stringify(events.slice(1, 3))).calls.map((c) => c.recordedAt)).toEqual([undefined]);
  });

  it('formatted_output_and_error decides the error, whatever content holds', () => {
    const edit = { id: 1, timestamp: '2025-01-10T12:00:00', source: 'agent', message: '', action: 'edit', tool_call_metadata: { function_name: 'str_replace_editor', tool_call_id: 't1', total_calls_in_response: 1 }, args: { path: '/w/a.py', command: 'str_replace', old_str: 'x = 1', new_str: 'x = 2', impl_source: 'oh_aci' } };
    const miss = 'ERROR:\nNo replacement was performed, old_str `x = 1` did not appear verbatim in /w/a.py.';
    const obs = { id: 2, timestamp: '2025-01-10T12:00:01', source: 'agent', message: 'I edited the file /w/a.py.', cause: 1, observation: 'edit', content: '', extras: { path: '/w/a.py', prev_exist: true, old_content: 'x = 1', new_content: 'x = 2', impl_source: 'oh_aci', formatted_output_and_error: miss } };
    const s = parseSession(JSON.stringify([edit, obs]));
    expect(s.calls.map((c) => c.result)).toEqual([{ isError: true, text: miss, errorSource: 'text', location: { line: null, path: '$[1]' } }]);
  });

  it('the LLM-based edit_file: listed as an unsupported edit with its own arguments', () => {
    const draft = '#EDIT: print y\nprint(MyClass().y)\n';
    const model = { path: '/workspace/file.py', content: draft, start: -1, end: -1 };
    const fc = {
      id: 5,
      timestamp: '2024-12-02T09:00:00',
      source: 'agent',
      message: '',
      action: 'edit',
      tool_call_metadata: {
        function_name: 'edit_file',
        tool_call_id: 'toolu_9',
        model_response: { id: 'r', choices: [{ index: 0, message: { role: 'assistant', content: '', tool_calls: [{ id: 'toolu_9', type: 'function', function: { name: 'edit_file', arguments: JSON.stringify(model) } }] } }] },
        total_calls_in_response: 1,
      },
      args: { path: '/workspace/file.py', command: '', file_text: null, old_str: null, new_str: null, insert_line: null, content: draft, start: -1, end: -1, thought: '', impl_source: 'llm_based_edit' },
    };
    const diff = '--- /workspace/file.py\n+++ /workspace/file.py\n@@ -8,0 +9 @@\n+print(MyClass().y)';
    const fcObs = { id: 6, timestamp: '2024-12-02T09:00:03', source: 'agent', message: 'I edited the file /workspace/file.py.', cause: 5, observation: 'edit', content: diff, extras: { path: '/workspace/file.py', prev_exist: true, old_content: 'x', new_content: 'y', impl_source: 'llm_based_edit' } };
    // Before function calling and before impl_source: an `edit` action with content/start/end only.
    const old = { id: 7, timestamp: '2024-10-01T09:00:00', source: 'agent', message: '', action: 'edit', args: { path: '/workspace/b.py', content: 'b = 1\n', start: 1, end: -1, thought: 'Fix b' } };
    const oldObs = { id: 8, source: 'agent', cause: 7, observation: 'edit', content: '--- /workspace/b.py\n+++ /workspace/b.py', extras: { path: '/workspace/b.py', prev_exist: false } };
    const s = parseSession(JSON.stringify([fc, fcObs, old, oldObs]));
    expect(s.calls.map((c) => ({ id: c.callId, tool: c.toolName, kind: c.kind, profile: c.profile, input: c.input, unsupported: c.unsupported, text: c.result?.text, recordedAt: c.recordedAt }))).toEqual([
      { id: 'toolu_9', tool: 'edit_file', kind: 'edit', profile: null, input: model, unsupported: LLM_EDIT, text: diff, recordedAt: '2024-12-02T09:00:00' },
      { id: null, tool: 'edit', kind: 'edit', profile: null, input: { path: '/workspace/b.py', content: 'b = 1\n', start: 1, end: -1 }, unsupported: LLM_EDIT, text: '--- /workspace/b.py\n+++ /workspace/b.py', recordedAt: '2024-10-01T09:00:00' },
    ]);
    expect(s.problems).toEqual([]);
  });

  it('recordedAt elsewhere: a Claude Code line\'s timestamp (the same field, set by claude-code.ts)', () => {
    const line = { type: 'assistant', sessionId: 's', uuid: 'u1', parentUuid: null, version: '2.0.5', timestamp: '2025-10-02T08:15:01.123Z', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/a.txt' } }] } };
    const s = parseSession(JSON.stringify(line));
    expect(s.calls.map((c) => [c.toolName, c.version, c.recordedAt])).toEqual([['Read', '2.0.5', '2025-10-02T08:15:01.123Z']]);
  });
});

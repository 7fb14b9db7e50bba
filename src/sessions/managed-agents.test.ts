// Claude Managed Agents session events. The event shapes are the API reference's
// (https://platform.claude.com/docs/en/managed-agents/events-and-streaming; the SDK models
// BetaManagedAgentsAgentToolUseEvent / …AgentToolResultEvent: `id`, `name`, `input`,
// `tool_use_id`, `content`, `is_error`, `session_thread_id`); the `write` tool use is the one a
// public test double emits (`{"name": "write", "input": {"file_path": "fake.txt", "content":
// "ma works"}}`). No full session log was found in public repositories.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';

const text = (t: string) => [{ type: 'text', text: t }];
const events = [
  { id: 'sevt_01', type: 'session.status_running', processed_at: '2026-05-14T12:00:00Z' },
  { id: 'sevt_02', type: 'agent.message', content: text('Writing the file.'), processed_at: '2026-05-14T12:00:01Z' },
  { id: 'sevt_03', type: 'agent.tool_use', name: 'write', input: { file_path: 'fake.txt', content: 'ma works' }, processed_at: '2026-05-14T12:00:02Z' },
  { id: 'sevt_04', type: 'agent.tool_result', tool_use_id: 'sevt_03', content: text('File created successfully at: fake.txt'), is_error: false, processed_at: '2026-05-14T12:00:03Z' },
  { id: 'sevt_05', type: 'agent.tool_use', name: 'bash', input: { command: 'cat missing.txt' }, session_thread_id: 'sthr_sub1', processed_at: '2026-05-14T12:00:04Z' },
  { id: 'sevt_06', type: 'agent.tool_result', tool_use_id: 'sevt_05', content: text('cat: missing.txt: No such file or directory'), is_error: true, processed_at: '2026-05-14T12:00:05Z' },
  { id: 'sevt_07', type: 'agent.custom_tool_use', name: 'lookup_order', input: { order_id: '42' }, processed_at: '2026-05-14T12:00:06Z' },
  { id: 'sevt_08', type: 'session.status_idle', stop_reason: { type: 'requires_action', requires_action: { event_ids: ['sevt_07'] } }, processed_at: '2026-05-14T12:00:07Z' },
  { id: 'sevt_09', type: 'user.custom_tool_result', custom_tool_use_id: 'sevt_07', content: text('shipped'), processed_at: '2026-05-14T12:00:08Z' },
];

describe('Claude Managed Agents session events', () => {
  it('a list response: tool uses are calls, results matched by their use id; edit and write are unsupported edits', () => {
    const s = parseSession(JSON.stringify({ data: events, first_id: 'sevt_01', last_id: 'sevt_09', has_more: false }));
    expect(s.format).toBe('managed-agents');
    expect(s.detection).toBe('Claude Managed Agents session events: the document is a list response with "data"; event 0 is a "session.status_running" event.');
    expect(s.problems).toEqual([]);
    expect(s.calls.map((c) => ({ id: c.callId, tool: c.toolName, kind: c.kind, unsupported: c.unsupported, agent: c.agent, at: c.location.path, result: c.result }))).toEqual([
      {
        id: 'sevt_03',
        tool: 'write',
        kind: 'edit',
        unsupported: "Managed Agents' write tool has no profile in the playground yet: listed, not replayed",
        agent: undefined,
        at: '$.data[2]',
        result: { isError: false, text: 'File created successfully at: fake.txt', errorSource: 'flag', location: { line: null, path: '$.data[3]' } },
      },
      { id: 'sevt_05', tool: 'bash', kind: 'other', unsupported: undefined, agent: 'sthr_sub1', at: '$.data[4]', result: { isError: true, text: 'cat: missing.txt: No such file or directory', errorSource: 'flag', location: { line: null, path: '$.data[5]' } } },
      { id: 'sevt_07', tool: 'lookup_order', kind: 'other', unsupported: undefined, agent: undefined, at: '$.data[6]', result: { isError: false, text: 'shipped', errorSource: 'flag', location: { line: null, path: '$.data[8]' } } },
    ]);
  });

  it('one event per line, as a client logs the stream', () => {
    const s = parseSession(events.map((e) => JSON.stringify(e)).join('\n'));
    expect(s.format).toBe('managed-agents');
    expect(s.detection).toBe('Claude Managed Agents session events: line 1 is a "session.status_running" event.');
    expect(s.calls.map((c) => [c.toolName, c.location.line, c.result?.location.line])).toEqual([
      ['write', 3, 4],
      ['bash', 5, 6],
      ['lookup_order', 7, 9],
    ]);
  });

  it('malformed: an event without a type, a tool use without a name, a result without its id, an unknown type', () => {
    const s = parseSession(
      JSON.stringify([
        { id: 'e1', type: 'agent.tool_use', input: {} },
        { id: 'e2', type: 'agent.tool_result', content: text('x') },
        { id: 'e3', name: 'edit' },
        { id: 'e4', type: 'agent.teleport' },
      ]),
    );
    expect(s.format).toBe('managed-agents');
    expect(s.calls).toEqual([]);
    expect(s.problems.map((p) => [p.code, p.location.path, p.message])).toEqual([
      ['bad-shape', '$[0]', 'A "agent.tool_use" event has no string "name"; it is skipped.'],
      ['bad-shape', '$[1]', 'A "agent.tool_result" event has no "tool_use_id".'],
      ['orphan-result', '$[1]', 'A tool result has no call id, so it cannot be matched to its call; it is skipped.'],
      ['bad-shape', '$[2]', 'A Managed Agents event must be an object with a string "type", got an object.'],
      ['unknown-type', '$[3].type', 'Unknown Managed Agents event type "agent.teleport": skipped.'],
    ]);
  });
});

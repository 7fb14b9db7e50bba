// Bad input is reported with its line or JSON path, and everything else still parses.

import { describe, expect, it } from 'vitest';
import { detectDocument, detectLine } from './detect';
import { parseSession } from './parse';
import type { ParsedSession } from './types';

const jsonl = (...lines: unknown[]): string => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
const problems = (s: ParsedSession) => s.problems.map((p) => `${p.code} @${p.location.line ?? '-'} ${p.location.path}: ${p.message}`);

const ccUse = (id: string, name: string, input: unknown) => ({ type: 'assistant', sessionId: 's', message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const ccResult = (id: string, content: unknown, extra: object = {}) => ({ type: 'user', sessionId: 's', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, ...extra }] } });

describe('JSONL lines that cannot be read', () => {
  it('an invalid line in the middle is skipped; a cut-off last line says so; the rest parses', () => {
    const text = jsonl(ccUse('a', 'Edit', { file_path: '/x', old_string: 'a', new_string: 'b' }), '{"type": "user", oops', ccResult('a', 'ok'), '{"type":"assistant","sessionId":"s","mess');
    const s = parseSession(text);
    expect(s.format).toBe('claude-code-jsonl');
    expect(s.calls).toHaveLength(1);
    expect(s.calls[0]!.result?.text).toBe('ok');
    expect(s.problems.map((p) => [p.code, p.location.line])).toEqual([
      ['invalid-line', 2],
      ['invalid-line', 4],
    ]);
    expect(s.problems[0]!.message).toMatch(/^Line 2 is not valid JSON \(.+\); it is skipped\.$/);
    expect(s.problems[1]!.message).toMatch(/^Line 4 is cut off: the transcript ends inside it \(.+\)\.$/);
  });

  it('a first line cut off still lets the rest be read as JSONL', () => {
    const s = parseSession(jsonl('{"type":"assistant","sessi', ccUse('a', 'Read', { file_path: '/x' }), ccResult('a', '     1→x')));
    expect(s.format).toBe('claude-code-jsonl');
    expect(s.detection).toBe('Claude Code session JSONL: line 2 is a "assistant" event with "sessionId".');
    expect(s.calls.map((c) => [c.toolName, c.kind, c.result?.text])).toEqual([['Read', 'read', '     1→x']]);
    expect(problems(s)).toEqual([expect.stringMatching(/^invalid-line @1 \$: Line 1 is not valid JSON/)]);
  });

  it('a line of two records written with no line break between them reads both, and says so', () => {
    const joined = `${JSON.stringify(ccUse('a', 'Edit', { file_path: '/x', old_string: '{"}', new_string: 'b' }))} ${JSON.stringify(ccResult('a', 'ok'))}`;
    const s = parseSession(jsonl(ccUse('r', 'Read', { file_path: '/x' }), joined, ccResult('r', '     1→{"}')));
    expect(s.calls.map((c) => [c.toolName, c.result?.text, c.location.line])).toEqual([
      ['Read', '     1→{"}', 1],
      ['Edit', 'ok', 2],
    ]);
    expect(problems(s)).toEqual(['invalid-line @2 $: Line 2 holds 2 JSON records with no line break between them; each is read.']);
  });

  it('a line that only looks joined stays one invalid line', () => {
    for (const bad of ['{"a":1}"b"', '{"a":1}}{', '{"a":1} x {"b":2}', '{"a":1}{"b":']) {
      const s = parseSession(jsonl(ccUse('a', 'Bash', { command: 'ls' }), bad, ccResult('a', 'x')));
      expect(s.problems.map((p) => [p.code, p.severity, p.location.line])).toEqual([['invalid-line', 'error', 2]]);
      expect(s.calls[0]!.result?.text).toBe('x');
    }
  });

  it('CRLF line ends, a byte order mark and blank lines change nothing', () => {
    const s = parseSession(`\uFEFF${JSON.stringify(ccUse('a', 'Bash', { command: 'ls' }))}\r\n\r\n   \r\n${JSON.stringify(ccResult('a', 'x'))}\r\n`);
    expect(s.problems).toEqual([]);
    expect(s.calls[0]!.result!.location.line).toBe(4);
  });
});

describe('unknown types are counted once per type', () => {
  it('Claude Code line types and content block types', () => {
    const s = parseSession(jsonl(ccUse('a', 'Bash', { command: 'ls' }), { type: 'telemetry', sessionId: 's' }, { type: 'telemetry', sessionId: 's' }, { type: 'user', sessionId: 's', message: { role: 'user', content: [{ type: 'hologram' }] } }, ccResult('a', 'x')));
    expect(problems(s)).toEqual([
      'unknown-type @2 $.type: Unknown Claude Code line type "telemetry" (2 times, first here): skipped.',
      'unknown-type @4 $.message.content[0]: Unknown content block type "hologram": skipped.',
    ]);
  });

  it("Claude Code's bookkeeping lines are no problem (2.1.167's ai-title among them)", () => {
    const s = parseSession(jsonl(ccUse('a', 'Bash', { command: 'ls' }), { type: 'ai-title', aiTitle: 'SDK signal processing flow', sessionId: 's' }, { type: 'custom-title', sessionId: 's' }, ccResult('a', 'x')));
    expect(problems(s)).toEqual([]);
  });

  it('Codex line types and Responses item types', () => {
    const s = parseSession(jsonl({ type: 'session_meta', payload: {} }, { type: 'mystery', payload: {} }, { type: 'response_item', payload: { type: 'teleport_call' } }));
    expect(problems(s)).toEqual([
      'unknown-type @2 $.type: Unknown Codex line type "mystery": skipped.',
      'unknown-type @3 $.payload: Unknown Responses item type "teleport_call": skipped.',
    ]);
  });
});

describe('arguments that are not a JSON object', () => {
  it('OpenAI Chat: invalid JSON keeps the raw text; a JSON array is refused; the calls stay listed', () => {
    const s = parseSession(JSON.stringify({ messages: [{ role: 'assistant', tool_calls: [
      { id: 'c1', type: 'function', function: { name: 'edit_text_file', arguments: '{"path": "/test/file.txt", "old_string": "line 2' } },
      { id: 'c2', type: 'function', function: { name: 'read_file', arguments: '["/test/file.txt"]' } },
    ] }, { role: 'tool', tool_call_id: 'c1', content: 'Error: bad arguments' }] }));
    expect(s.calls.map((c) => [c.toolName, c.input, c.rawArguments, c.profile])).toEqual([
      ['edit_text_file', null, '{"path": "/test/file.txt", "old_string": "line 2', 'edit_text_file'],
      ['read_file', null, '["/test/file.txt"]', null],
    ]);
    expect(problems(s)).toEqual([
      expect.stringMatching(/^invalid-arguments @- \$\.messages\[0\]\.tool_calls\[0\]: The arguments of "edit_text_file" cannot be read: "arguments" is not valid JSON \(.+\)\.$/),
      'invalid-arguments @- $.messages[0].tool_calls[1]: The arguments of "read_file" cannot be read: "arguments" must encode a JSON object, got an array.',
      'missing-result @- $.messages[0].tool_calls[1]: Call #1 ("read_file") has no recorded result: the transcript holds no result for it.',
    ]);
  });

  it('Anthropic: a tool_use input that is not an object, and a block without a name', () => {
    const s = parseSession(JSON.stringify([{ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Edit', input: 'old→new' }, { type: 'tool_use', id: 't2' }] }]), { format: 'anthropic-messages' });
    expect(s.detection).toBe('Anthropic Messages API, as chosen (not detected).');
    expect(problems(s)).toEqual([
      'invalid-arguments @- $[0].content[0]: The "input" of tool_use "Edit" must be an object, got the string "old→new".',
      'bad-shape @- $[0].content[1]: A tool_use block has no string "name", so its tool is unknown; it is skipped.',
      'missing-result @- $[0].content[0]: Call #0 ("Edit") has no recorded result: the transcript holds no result for it.',
    ]);
  });
});

describe('pairing calls with results', () => {
  it('a result without a call, a second result, a duplicate call id, a result before its call', () => {
    const s = parseSession(jsonl(
      ccResult('early', 'came first'),
      ccUse('early', 'Read', { file_path: '/a' }),
      ccUse('a', 'Bash', { command: 'ls' }),
      ccResult('a', 'one'),
      ccResult('a', 'two'),
      ccUse('a', 'Bash', { command: 'pwd' }),
      ccResult('ghost', 'nobody asked'),
    ));
    expect(s.calls.map((c) => [c.callId, c.result?.text])).toEqual([['early', 'came first'], ['a', 'one']]);
    expect(problems(s)).toEqual([
      'duplicate-result @5 $.message.content[0]: A second result for call id "a"; the first one is kept.',
      'duplicate-call-id @6 $.message.content[0]: Call id "a" is used again by a "Bash" call (first at line 3 ($.message.content[0])); this call is skipped.',
      'orphan-result @7 $.message.content[0]: A result for call id "ghost" has no matching call in the transcript.',
    ]);
  });

  // moredip/session-share's general-tool-calls.jsonl: a 2.1.11 session resumed under 2.1.14 copies
  // the history into the file again (45 calls and 45 results, each byte for byte as before).
  it('calls and results that come again exactly as before are one note, not a warning each', () => {
    const s = parseSession(jsonl(
      ccUse('a', 'Bash', { command: 'ls' }),
      ccResult('a', 'one'),
      ccUse('b', 'Read', { file_path: '/x' }),
      ccResult('b', 'two'),
      ccUse('a', 'Bash', { command: 'ls' }),
      ccResult('a', 'one'),
      ccUse('b', 'Read', { file_path: '/x' }),
      ccResult('b', 'two'),
      ccResult('b', 'changed'),
    ));
    expect(s.calls.map((c) => [c.callId, c.result?.text])).toEqual([['a', 'one'], ['b', 'two']]);
    expect(problems(s)).toEqual([
      'duplicate-result @9 $.message.content[0]: A second result for call id "b"; the first one is kept.',
      'duplicate-call-id @5 $.message.content[0]: 2 calls and 2 results came again exactly as before (a resumed session copies its history into the file; first copy here): the copies are skipped.',
    ]);
  });

  it('MCP: an id may be used again once answered; other requests and notifications are skipped', () => {
    const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { path: '/x' } } });
    const s = parseSession(jsonl(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 1, result: { tools: [] } },
      call(1, 'read_text_file'),
      { jsonrpc: '2.0', method: 'notifications/progress', params: {} },
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'a' }, { type: 'image', data: '' }, { type: 'text', text: 'b' }] } },
      [call(1, 'edit_text_file'), call(2, 'edit_text_file')],
      { jsonrpc: '2.0', id: 2, result: { content: [], isError: true } },
    ));
    expect(s.calls.map((c) => [c.callId, c.toolName, c.result?.text, c.result?.isError, c.location.path])).toEqual([
      ['1', 'read_text_file', 'a\nb', false, '$'],
      ['1', 'edit_text_file', undefined, undefined, '$[0]'],
      ['2', 'edit_text_file', '', true, '$[1]'],
    ]);
    expect(problems(s)).toEqual(['missing-result @6 $[0]: Call #1 ("edit_text_file") has no recorded result: the transcript holds no result for it.']);
  });
});

describe('detection', () => {
  it('names what decided, and the chosen format overrides it', () => {
    expect(detectLine({ type: 'response_item', payload: {} })).toEqual({ format: 'codex-rollout', why: 'a "response_item" line with a "payload"' });
    expect(detectLine({ type: 'function_call', name: 'f', arguments: '{}' })).toEqual({ format: 'openai-responses', why: 'a "function_call" item' });
    expect(detectDocument({ choices: [] })).toEqual({ format: 'openai-chat', why: 'a response with "choices"' });
    expect(detectDocument({ type: 'message', role: 'assistant', content: [] })).toEqual({ format: 'anthropic-messages', why: 'a response: "type": "message" with "content" blocks' });
    expect(detectDocument({ output: [] })).toEqual({ format: 'openai-responses', why: 'a response with an "output" item list' });
    expect(detectDocument([{ role: 'user', content: 'hi' }])?.format).toBe('anthropic-messages');
    expect(detectDocument({ hello: 'world' })).toBeNull();
  });

  it('a one-line Responses item list and a pretty-printed MCP array are documents', () => {
    const items = [{ type: 'custom_tool_call', call_id: 'p', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch' }, { type: 'custom_tool_call_output', call_id: 'p', output: 'Done!' }];
    const r = parseSession(JSON.stringify(items));
    expect([r.format, r.detection]).toEqual(['openai-responses', 'OpenAI Responses API: the document is an item list; item 0 is a "custom_tool_call".']);
    expect(r.calls[0]!.input).toEqual({ input: '*** Begin Patch\n*** End Patch' });
    const m = parseSession(JSON.stringify([{ jsonrpc: '2.0', id: 'x', method: 'tools/call', params: { name: 'edit_text_file' } }], null, 2));
    expect([m.format, m.calls[0]!.input, m.calls[0]!.callId]).toEqual(['mcp-jsonrpc', {}, 'x']);
  });

  it('empty text, unknown JSON and plain prose are reported, not thrown', () => {
    expect(problems(parseSession(' \n\n'))).toEqual(['not-detected @- $: The transcript is empty: paste or open a session file.']);
    const unknown = parseSession('{"hello": "world"}');
    expect([unknown.format, unknown.detection]).toEqual([null, 'Not detected: the JSON is none of the known transcript shapes.']);
    const prose = parseSession('Edit the file please\nthanks');
    expect(prose.format).toBeNull();
    expect(prose.problems[0]!.message).toMatch(/^The transcript is not valid JSON \(.+\), and none of its lines is a transcript line of a known format\.$/);
  });

  it("Cline's chat log (ui_messages.json) is named, with the file to open instead", () => {
    // The shape of CoreGems/Cline-Xray @51234401b30ca05c7ca40038aea10637436e9a79 task_sample/ui_messages.json.
    const log = parseSession(JSON.stringify([
      { ts: 1770577372307, type: 'say', say: 'task', text: 'rename it' },
      { ts: 1770577398678, type: 'say', say: 'tool', text: '{"tool":"editedExistingFile","path":"a.ts","content":"------- SEARCH\\na\\n=======\\nb\\n+++++++ REPLACE"}' },
      { ts: 1770577399000, type: 'ask', ask: 'completion_result', text: '' },
    ]));
    expect([log.format, log.detection]).toEqual([null, 'Not detected: the JSON is a log beside a transcript, not one.']);
    expect(problems(log)).toEqual([
      "not-detected @- $: This is Cline's chat log (ui_messages.json): it shows the calls as the chat did, not the answers the model got. Open api_conversation_history.json from the same task folder instead.",
    ]);
  });

  it('JSONL whose lines are all JSON of no known shape says so, not "neither JSON nor JSONL"', () => {
    // The shape of OpenHands' old resolver output (All-Hands-AI/OpenHands @156d0686c46aafb0fa9d291da6421fb6f64dddc0,
    // tests/unit/resolver/mock_output/output.jsonl): one {"issue", "history", …} object per line.
    const lines = parseSession(jsonl({ issue: { number: 5 }, history: [] }, { issue: { number: 6 }, history: [] }));
    expect([lines.format, lines.detection]).toEqual([null, "Not detected: the JSONL's lines are none of the known transcript shapes."]);
    expect(problems(lines)).toEqual([
      'not-detected @- $: Every line is JSON, but none is a transcript line of a known format: expected Claude Code, Codex, Claude Managed Agents or OpenHands JSONL, Responses items, MCP JSON-RPC messages or a Gemini CLI stream. Choose a format to read it anyway.',
    ]);
  });

  it('custom tools other than apply_patch get no profile, even with an edit tool name', () => {
    const s = parseSession(JSON.stringify([{ type: 'custom_tool_call', call_id: 'e', name: 'Edit', input: 'x' }]));
    expect(s.calls.map((c) => [c.toolName, c.input, c.profile, c.kind])).toEqual([['Edit', { input: 'x' }, null, 'other']]);
  });
});

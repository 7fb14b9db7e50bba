import { describe, expect, it } from 'vitest';
import { parseCallText } from './index';

const edit = { file_path: '/a.txt', old_string: 'a', new_string: 'b' };

describe('model output taken as it comes (issue 17, item 6)', () => {
  it('a whole Anthropic message with one tool_use', () => {
    const message = { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude', content: [{ type: 'text', text: 'Editing.' }, { type: 'tool_use', id: 'toolu_01A', name: 'Edit', input: edit }], stop_reason: 'tool_use' };
    const r = parseCallText(JSON.stringify(message));
    expect(r).toEqual({ ok: true, call: { kind: 'anthropic-tool-use', toolName: 'Edit', profile: 'Edit', input: edit, callId: 'toolu_01A' } });
  });

  it('a whole OpenAI chat completion', () => {
    const completion = {
      id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_abc', type: 'function', function: { name: 'Edit', arguments: JSON.stringify(edit) } }] } }],
    };
    const r = parseCallText(JSON.stringify(completion));
    expect(r.ok && r.call).toMatchObject({ toolName: 'Edit', profile: 'Edit', input: edit, callId: 'call_abc' });
  });

  it('JSON with prose around it, and inside a ``` fence', () => {
    const call = JSON.stringify({ name: 'Edit', input: edit });
    for (const text of [`Here is the call:\n${call}\nThat should do it.`, `I will edit it.\n\`\`\`json\n${call}\n\`\`\`\nDone.`]) {
      const r = parseCallText(text);
      expect(r.ok && r.call.toolName, text).toBe('Edit');
    }
  });

  it('several calls: listed, and `pick` runs one', () => {
    const message = { type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Edit', input: edit }, { type: 'tool_use', id: 'toolu_2', name: 'Write', input: { file_path: '/b.txt', content: 'x' } }] };
    const text = JSON.stringify(message);
    expect(parseCallText(text)).toEqual({ ok: false, error: { code: 'ENVELOPE', message: 'The output holds 2 tool calls (1. Edit /a.txt (toolu_1); 2. Write /b.txt (toolu_2)): pick the one to run.' } });
    const second = parseCallText(text, null, 1);
    expect(second.ok && second.call).toMatchObject({ toolName: 'Write', callId: 'toolu_2' });
  });

  it('prose with no call stays an error', () => {
    expect(parseCallText('no call here').ok).toBe(false);
  });
});

// aider_edit takes free-form text (`freeform`), so the OpenAI Responses API's custom tools include it:
// a custom_tool_call named aider_edit carries the model's reply as its input, and the error for an
// unknown custom tool lists it after apply_patch (the registry's order).

import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '../../envelopes/index';

const reply = 'a.ts\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n';

describe('aider_edit as an OpenAI custom tool', () => {
  it('a custom_tool_call named aider_edit is its call, the text its reply', () => {
    const result = parseEnvelope({ type: 'custom_tool_call', call_id: 'c', name: 'aider_edit', input: reply });
    expect(result.ok && [result.call.toolName, result.call.input]).toEqual(['aider_edit', { reply }]);
  });

  it('the unknown custom tool error lists it after apply_patch', () => {
    const result = parseEnvelope({ type: 'custom_tool_call', call_id: 'c', name: 'shell', input: reply });
    expect(result.ok ? '' : result.error.message).toMatch(/^Unknown custom tool "shell"\. Custom tools: apply_patch, aider_edit(, [a-z_]+)*\.$/);
  });
});

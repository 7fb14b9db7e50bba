// The envelopes a call arrives in (SPEC 6): bare input, { name, arguments }, MCP tools/call,
// Anthropic tool_use, OpenAI function calls; their errors, parseCallText and JSON error locations
// are in envelope-errors.test.ts.

import { describe, expect, it } from 'vitest';
import { parseCallText, parseEnvelope, profileForTool } from './envelope';
import { editInput, errorOf } from '../../tests/support/envelopes';

const multiInput = {
  path: '/test/config.toml',
  edits: [
    { old_string: 'port = 8080', new_string: 'port = 3000' },
    { old_string: 'debug = false', new_string: 'debug = true' },
  ],
};
const multiEditInput = {
  file_path: '/src/a.ts',
  edits: [{ old_string: 'a', new_string: 'b', replace_all: true }],
};
const batchInput = {
  description: 'Rename the port setting',
  edits: [
    { file_path: '/src/a.ts', old_string: 'port', new_string: 'listenPort' },
    { file_path: '/src/b.ts', old_string: 'port', new_string: 'listenPort' },
  ],
};

describe('bare input', () => {
  it('takes the chosen profile and has no tool name', () => {
    expect(parseEnvelope(editInput, 'edit_text_file')).toEqual({
      ok: true,
      call: { kind: 'bare', toolName: null, profile: 'edit_text_file', input: editInput },
    });
  });

  it('without a chosen profile asks for one', () => {
    const message =
      'This is a bare tool input with no tool name: choose a profile, or wrap it as ' +
      '{ "name": "<tool>", "arguments": { ... } }.';
    expect(errorOf(parseEnvelope(editInput))).toBe(message);
    expect(errorOf(parseEnvelope(editInput, null))).toBe(message);
  });

  it('is bare even when it is invalid input: the profile reports the fields', () => {
    const result = parseEnvelope({ path: 42 }, 'edit_text_file');
    expect(result).toEqual({
      ok: true,
      call: { kind: 'bare', toolName: null, profile: 'edit_text_file', input: { path: 42 } },
    });
  });

  it('with a stray "name" but input keys stays bare', () => {
    const input = { name: 'x', ...editInput };
    expect(parseEnvelope(input, 'edit_text_file')).toEqual({
      ok: true,
      call: { kind: 'bare', toolName: null, profile: 'edit_text_file', input },
    });
  });
});

describe('{ name, arguments } and { name, input }', () => {
  it('name + arguments object', () => {
    expect(parseEnvelope({ name: 'edit_text_file', arguments: editInput })).toEqual({
      ok: true,
      call: { kind: 'name-arguments', toolName: 'edit_text_file', profile: 'edit_text_file', input: editInput },
    });
  });

  it('name + arguments as a JSON string', () => {
    expect(
      parseEnvelope({ name: 'multi_edit_text_file', arguments: JSON.stringify(multiInput) }),
    ).toEqual({
      ok: true,
      call: {
        kind: 'name-arguments',
        toolName: 'multi_edit_text_file',
        profile: 'multi_edit_text_file',
        input: multiInput,
      },
    });
  });

  it('name + input', () => {
    const input = { filePath: '/a.ts', edits: [{ oldString: 'a', newString: 'b' }] };
    expect(parseEnvelope({ name: 'multiedit', input })).toEqual({
      ok: true,
      call: { kind: 'name-input', toolName: 'multiedit', profile: 'multiedit', input },
    });
  });

  it('the envelope wins over a chosen profile', () => {
    const result = parseEnvelope({ name: 'edit_text_file', arguments: editInput }, 'MultiEdit');
    expect(result.ok && result.call.profile).toBe('edit_text_file');
  });

  it('both arguments and input is an error', () => {
    expect(errorOf(parseEnvelope({ name: 'edit_text_file', arguments: {}, input: {} }))).toBe(
      'Envelope for tool "edit_text_file" has both "arguments" and "input": keep one of them.',
    );
  });

  it('a name with no input at all is an error', () => {
    expect(errorOf(parseEnvelope({ name: 'edit_text_file' }, 'edit_text_file'))).toBe(
      'Envelope for tool "edit_text_file" has no "arguments" or "input": put the tool\'s input under one of them.',
    );
  });
});

describe('MCP tools/call request', () => {
  it('unwraps params.arguments and keeps the JSON-RPC id', () => {
    const request = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'edit_text_file', arguments: editInput },
    };
    expect(parseEnvelope(request)).toEqual({
      ok: true,
      call: {
        kind: 'mcp-tools-call',
        toolName: 'edit_text_file',
        profile: 'edit_text_file',
        input: editInput,
        callId: '7',
      },
    });
  });

  it('a string id is kept as is', () => {
    const result = parseEnvelope({
      jsonrpc: '2.0',
      id: 'req-1',
      method: 'tools/call',
      params: { name: 'multi_edit_text_file', arguments: multiInput },
    });
    expect(result.ok && result.call.callId).toBe('req-1');
  });

  it('another method is an error naming it', () => {
    expect(errorOf(parseEnvelope({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))).toBe(
      'JSON-RPC method is the string "tools/list": only "tools/call" carries a tool call.',
    );
  });

  it('a wrong jsonrpc version is an error', () => {
    expect(errorOf(parseEnvelope({ jsonrpc: '1.0', method: 'tools/call', params: {} }))).toBe(
      'JSON-RPC request must have "jsonrpc": "2.0", got the string "1.0".',
    );
  });

  it('a jsonrpc that is not a string is named by its kind', () => {
    expect(errorOf(parseEnvelope({ jsonrpc: { version: 2 }, method: 'tools/call' }))).toBe(
      'JSON-RPC request must have "jsonrpc": "2.0", got an object.',
    );
  });

  it('missing params.arguments is an error', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'edit_text_file' } };
    expect(errorOf(parseEnvelope(request))).toBe(
      'MCP tools/call request for "edit_text_file" has no "params.arguments": add the tool\'s input.',
    );
  });
});

describe('Anthropic tool_use block', () => {
  it('unwraps input and keeps the tool_use id', () => {
    const block = { type: 'tool_use', id: 'toolu_01A', name: 'MultiEdit', input: multiEditInput };
    expect(parseEnvelope(block)).toEqual({
      ok: true,
      call: {
        kind: 'anthropic-tool-use',
        toolName: 'MultiEdit',
        profile: 'MultiEdit',
        input: multiEditInput,
        callId: 'toolu_01A',
      },
    });
  });

  it('an assistant message with one tool_use block is unwrapped (extra)', () => {
    const message = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Updating the port.' },
        { type: 'tool_use', id: 'toolu_02', name: 'edit_text_file', input: editInput },
      ],
    };
    expect(parseEnvelope(message)).toEqual({
      ok: true,
      call: {
        kind: 'anthropic-tool-use',
        toolName: 'edit_text_file',
        profile: 'edit_text_file',
        input: editInput,
        callId: 'toolu_02',
      },
    });
  });

  it('an assistant message with two tool_use blocks is an error naming how many', () => {
    const block = { type: 'tool_use', id: 't', name: 'edit_text_file', input: editInput };
    expect(errorOf(parseEnvelope({ role: 'assistant', content: [block, block] }))).toBe(
      'Assistant message has 2 tool_use blocks; paste one of them: a call is run one at a time.',
    );
  });
});

describe('OpenAI function_call (Responses API)', () => {
  it('decodes the arguments string and keeps call_id', () => {
    const item = {
      type: 'function_call',
      id: 'fc_1',
      call_id: 'call_abc',
      name: 'MultiEdit',
      arguments: JSON.stringify(batchInput),
    };
    expect(parseEnvelope(item)).toEqual({
      ok: true,
      call: {
        kind: 'openai-function-call',
        toolName: 'MultiEdit',
        profile: 'MultiEditBatch',
        input: batchInput,
        callId: 'call_abc',
      },
    });
  });
});

describe('OpenAI chat tool_calls item', () => {
  const item = {
    id: 'call_xyz',
    type: 'function',
    function: { name: 'multi_edit_text_file', arguments: JSON.stringify(multiInput) },
  };
  const parsed = {
    ok: true,
    call: {
      kind: 'openai-tool-call',
      toolName: 'multi_edit_text_file',
      profile: 'multi_edit_text_file',
      input: multiInput,
      callId: 'call_xyz',
    },
  };

  it('decodes function.arguments and keeps the id', () => {
    expect(parseEnvelope(item)).toEqual(parsed);
  });

  it('an assistant message with one tool_calls item is unwrapped (extra)', () => {
    expect(parseEnvelope({ role: 'assistant', content: null, tool_calls: [item] })).toEqual(parsed);
  });

  it('an assistant message with two tool_calls items is an error naming how many', () => {
    expect(errorOf(parseEnvelope({ role: 'assistant', tool_calls: [item, item] }))).toBe(
      'Assistant message has 2 tool_calls items; paste one of them: a call is run one at a time.',
    );
  });

  it('an assistant message with no tool calls is an error', () => {
    expect(errorOf(parseEnvelope({ role: 'assistant', tool_calls: [] }))).toBe(
      'Assistant message has no tool_calls items: paste the message that makes the tool call.',
    );
  });

  it('an unknown type is an error listing the envelope types', () => {
    expect(errorOf(parseEnvelope({ type: 'text', text: 'hi' }))).toBe(
      'Unrecognised envelope type "text": expected "tool_use" (Anthropic), "function_call", ' +
        '"custom_tool_call", "apply_patch_call" (OpenAI Responses) or "function" (OpenAI tool_calls item).',
    );
  });
});

describe('MultiEdit names two profiles', () => {
  it('MultiEdit with top-level description and per-edit file_path is MultiEditBatch', () => {
    expect(profileForTool('MultiEdit', batchInput)).toBe('MultiEditBatch');
  });

  it('MultiEdit with a top-level file_path is MultiEdit', () => {
    expect(profileForTool('MultiEdit', multiEditInput)).toBe('MultiEdit');
  });

  it('MultiEdit with a description but an edit lacking file_path is MultiEdit', () => {
    const input = {
      description: 'x',
      edits: [{ file_path: '/a', old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }],
    };
    expect(profileForTool('MultiEdit', input)).toBe('MultiEdit');
  });

  it('MultiEdit with per-edit file_path but no description is MultiEdit', () => {
    expect(profileForTool('MultiEdit', { edits: batchInput.edits })).toBe('MultiEdit');
  });

  it('the other names map one to one, and unknown names to null', () => {
    expect(profileForTool('edit_text_file', {})).toBe('edit_text_file');
    expect(profileForTool('multi_edit_text_file', {})).toBe('multi_edit_text_file');
    expect(profileForTool('multiedit', {})).toBe('multiedit');
    expect(profileForTool('MultiEditBatch', multiEditInput)).toBe('MultiEditBatch');
    expect(profileForTool('Edit', {})).toBe('Edit');
    expect(profileForTool('edit', {})).toBeNull();
    expect(profileForTool('toString', {})).toBeNull();
  });
});

describe('reference dialects (SPEC 11)', () => {
  it('an Anthropic tool_use of the text editor tool runs as its profile', () => {
    const block = { type: 'tool_use', id: 'toolu_1', name: 'str_replace_based_edit_tool', input: { command: 'view', path: '/a.txt' } };
    expect(parseEnvelope(block)).toEqual({
      ok: true,
      call: { kind: 'anthropic-tool-use', toolName: 'str_replace_based_edit_tool', profile: 'str_replace_based_edit_tool', input: { command: 'view', path: '/a.txt' }, callId: 'toolu_1' },
    });
    expect(parseEnvelope({ name: 'str_replace_editor', input: { command: 'undo_edit', path: '/a' } })).toMatchObject({ ok: true, call: { profile: 'str_replace_editor' } });
  });

  it('Codex\'s function call of apply_patch runs as apply_patch', () => {
    const patch = '*** Begin Patch\n*** Delete File: a.txt\n*** End Patch';
    expect(parseEnvelope({ type: 'function_call', call_id: 'c1', name: 'apply_patch', arguments: JSON.stringify({ input: patch }) })).toEqual({
      ok: true,
      call: { kind: 'openai-function-call', toolName: 'apply_patch', profile: 'apply_patch', input: { input: patch }, callId: 'c1' },
    });
  });

  it('a bare V4A patch text is recognised as apply_patch without JSON around it', () => {
    const patch = '\n*** Begin Patch\n*** Add File: b.txt\n+hi\n*** End Patch\n';
    expect(parseCallText(patch)).toEqual({ ok: true, call: { kind: 'v4a-patch', toolName: 'apply_patch', profile: 'apply_patch', input: { input: patch } } });
  });

  it('a bare text editor input is told apart from an envelope missing its input', () => {
    expect(parseEnvelope({ name: 'x', command: 'view', path: '/a' }, 'str_replace_editor')).toMatchObject({ ok: true, call: { kind: 'bare', profile: 'str_replace_editor' } });
  });
});

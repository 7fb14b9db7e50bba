// OpenAI Responses API items: custom_tool_call and apply_patch_call, alone and inside a response's
// `output` array. Shapes from the openai-node Responses types (ResponseCustomToolCall,
// ResponseApplyPatchToolCall) and Codex's ResponseItem.

import { describe, expect, it } from 'vitest';
import { patchOf } from '../profiles/apply-patch/input';
import { parseCallText, parseEnvelope } from './index';
import type { EnvelopeResult } from './types';
import { getProfile, PROFILE_IDS } from '../profiles/registry';

/** The tools that take free-form text, in registry order: each profile with a `freeform` field. */
const CUSTOM_TOOLS = PROFILE_IDS.filter((id) => getProfile(id).freeform !== undefined).map((id) => getProfile(id).toolName).join(', ');

const patch = '*** Begin Patch\n*** Add File: hello.txt\n+Hello\n*** End Patch';

function errorOf(result: EnvelopeResult): string {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.call)}`);
  expect(result.error.code).toBe('ENVELOPE');
  return result.error.message;
}

const customCall = {
  type: 'custom_tool_call',
  id: 'ctc_01',
  call_id: 'call_patch_1',
  name: 'apply_patch',
  input: patch,
  status: 'completed',
};

const applyPatchCall = {
  type: 'apply_patch_call',
  id: 'apc_01',
  call_id: 'call_apc_1',
  status: 'completed',
  operation: { type: 'update_file', path: 'src/a.ts', diff: '@@\n-port = 8080\n+port = 3000\n' },
};

describe('custom_tool_call: free-form text for a custom tool', () => {
  it('apply_patch runs as apply_patch with the text as its input, keeping call_id', () => {
    expect(parseEnvelope(customCall)).toEqual({
      ok: true,
      call: {
        kind: 'openai-custom-tool-call',
        toolName: 'apply_patch',
        profile: 'apply_patch',
        input: { input: patch },
        callId: 'call_patch_1',
      },
    });
  });

  it('the text is not decoded as JSON, even when it looks like JSON', () => {
    const result = parseEnvelope({ type: 'custom_tool_call', call_id: 'c', name: 'apply_patch', input: '{"input": "x"}' });
    expect(result).toEqual({
      ok: true,
      call: { kind: 'openai-custom-tool-call', toolName: 'apply_patch', profile: 'apply_patch', input: { input: '{"input": "x"}' }, callId: 'c' },
    });
  });

  it('without call_id the item id is the call id; without either there is none', () => {
    const { call_id: _, ...withId } = customCall;
    expect(parseEnvelope(withId)).toMatchObject({ ok: true, call: { callId: 'ctc_01' } });
    const { id: __, ...bare } = withId;
    expect(parseEnvelope(bare)).toEqual({
      ok: true,
      call: { kind: 'openai-custom-tool-call', toolName: 'apply_patch', profile: 'apply_patch', input: { input: patch } },
    });
  });

  it('its input is what the apply_patch profile reads as the patch', () => {
    const result = parseEnvelope(customCall);
    expect(result.ok && patchOf(result.call.input)).toEqual({ ok: true, patch });
  });

  it('call text holding the item is parsed as JSON, not as a bare patch', () => {
    expect(parseCallText(JSON.stringify(customCall, null, 2))).toMatchObject({ ok: true, call: { kind: 'openai-custom-tool-call' } });
  });

  it('a missing name is an error', () => {
    expect(errorOf(parseEnvelope({ type: 'custom_tool_call', call_id: 'c', input: patch }))).toBe(
      'OpenAI custom_tool_call has no tool name: "name" must be a non-empty string.',
    );
  });

  it('an unknown custom tool is an error listing the custom tools', () => {
    // Each other free-form profile's folder checks that it is listed (e.g. aider/openai-custom-tool.test.ts).
    expect(CUSTOM_TOOLS.split(', ')).toContain('apply_patch');
    expect(errorOf(parseEnvelope({ ...customCall, name: 'shell' }))).toBe(
      `Unknown custom tool "shell". Custom tools: ${CUSTOM_TOOLS}.`,
    );
    expect(errorOf(parseEnvelope({ ...customCall, name: 'toString' }))).toBe(
      `Unknown custom tool "toString". Custom tools: ${CUSTOM_TOOLS}.`,
    );
  });

  it('a custom tool name close to apply_patch suggests it', () => {
    expect(errorOf(parseEnvelope({ ...customCall, name: 'ApplyPatch' }))).toBe(
      `Unknown custom tool "ApplyPatch". Did you mean "apply_patch"? Custom tools: ${CUSTOM_TOOLS}.`,
    );
  });

  it('a known tool that takes JSON arguments is told to use a function_call', () => {
    expect(errorOf(parseEnvelope({ ...customCall, name: 'edit_text_file', input: '{}' }))).toBe(
      `Tool "edit_text_file" takes JSON arguments, not free-form text: send it as a function_call. Custom tools: ${CUSTOM_TOOLS}.`,
    );
    expect(errorOf(parseEnvelope({ ...customCall, name: 'Edit' }))).toBe(
      `Tool "Edit" takes JSON arguments, not free-form text: send it as a function_call. Custom tools: ${CUSTOM_TOOLS}.`,
    );
  });

  it('a missing input is an error', () => {
    const { input: _, ...noInput } = customCall;
    expect(errorOf(parseEnvelope(noInput))).toBe(
      'OpenAI custom_tool_call for "apply_patch" has no "input": add the tool\'s text.',
    );
  });

  it.each([
    [{ input: patch }, 'an object'],
    [[patch], 'an array'],
    [42, 'a number'],
    [null, 'null'],
  ])('an input that is not a string (%j) is an error naming what it is', (input, what) => {
    expect(errorOf(parseEnvelope({ ...customCall, input }))).toBe(
      `"input" of OpenAI custom_tool_call "apply_patch" must be a string (the tool's text), got ${what}.`,
    );
  });
});

describe('apply_patch_call: one file operation of the built-in apply_patch tool', () => {
  it('runs as apply_patch with the operation as its input, keeping call_id', () => {
    expect(parseEnvelope(applyPatchCall)).toEqual({
      ok: true,
      call: {
        kind: 'openai-apply-patch-call',
        toolName: 'apply_patch',
        profile: 'apply_patch',
        input: { operation: { type: 'update_file', path: 'src/a.ts', diff: '@@\n-port = 8080\n+port = 3000\n' } },
        callId: 'call_apc_1',
      },
    });
  });

  it('a delete_file operation has no diff', () => {
    const item = { type: 'apply_patch_call', call_id: 'c9', status: 'in_progress', operation: { type: 'delete_file', path: 'old.txt' } };
    expect(parseEnvelope(item)).toEqual({
      ok: true,
      call: { kind: 'openai-apply-patch-call', toolName: 'apply_patch', profile: 'apply_patch', input: { operation: { type: 'delete_file', path: 'old.txt' } }, callId: 'c9' },
    });
  });

  it('its input is what the apply_patch profile turns into a patch', () => {
    const item = { type: 'apply_patch_call', call_id: 'c', status: 'completed', operation: { type: 'create_file', path: 'hello.txt', diff: '+Hello\n' } };
    const result = parseEnvelope(item);
    expect(result.ok && patchOf(result.call.input)).toEqual({ ok: true, patch });
  });

  it('the operation\'s fields are left to the profile: an unknown type still parses', () => {
    const item = { type: 'apply_patch_call', call_id: 'c', operation: { type: 'rename_file', path: 'a' } };
    expect(parseEnvelope(item)).toEqual({
      ok: true,
      call: { kind: 'openai-apply-patch-call', toolName: 'apply_patch', profile: 'apply_patch', input: { operation: { type: 'rename_file', path: 'a' } }, callId: 'c' },
    });
  });

  it('a missing operation is an error showing its shape', () => {
    expect(errorOf(parseEnvelope({ type: 'apply_patch_call', call_id: 'c', status: 'completed' }))).toBe(
      'OpenAI apply_patch_call has no "operation": expected ' +
        '{ "type": "create_file" | "update_file" | "delete_file", "path", "diff" }.',
    );
  });

  it.each([
    ['delete_file', 'the string "delete_file"'],
    [[{ type: 'delete_file', path: 'a' }], 'an array'],
    [null, 'null'],
  ])('an operation that is not an object (%j) is an error naming what it is', (operation, what) => {
    expect(errorOf(parseEnvelope({ type: 'apply_patch_call', call_id: 'c', operation }))).toBe(
      `OpenAI apply_patch_call "operation" must be an object, got ${what}.`,
    );
  });
});

describe('a response: its output array holds the call', () => {
  const response = (output: unknown[]) => ({ id: 'resp_1', object: 'response', status: 'completed', model: 'gpt-5', output });
  const reasoning = { type: 'reasoning', id: 'rs_1', summary: [] };
  const message = { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Patching.' }] };

  it('a custom_tool_call among reasoning and message items is unwrapped', () => {
    expect(parseEnvelope(response([reasoning, message, customCall]))).toEqual(parseEnvelope(customCall));
  });

  it('an apply_patch_call is unwrapped', () => {
    expect(parseEnvelope(response([reasoning, applyPatchCall]))).toEqual(parseEnvelope(applyPatchCall));
  });

  it('a function_call is unwrapped', () => {
    const fn = { type: 'function_call', id: 'fc_1', call_id: 'call_fn', name: 'apply_patch', arguments: JSON.stringify({ input: patch }) };
    expect(parseEnvelope(response([fn]))).toEqual({
      ok: true,
      call: { kind: 'openai-function-call', toolName: 'apply_patch', profile: 'apply_patch', input: { input: patch }, callId: 'call_fn' },
    });
  });

  it('entries that are not objects are skipped like other items', () => {
    expect(parseEnvelope(response(['x', null, 3, customCall]))).toEqual(parseEnvelope(customCall));
  });

  it('two calls is an error naming how many', () => {
    expect(errorOf(parseEnvelope(response([customCall, message, applyPatchCall])))).toBe(
      'Response output has 2 tool call items; paste one of them: a call is run one at a time.',
    );
  });

  it('no call is an error', () => {
    expect(errorOf(parseEnvelope(response([reasoning, message])))).toBe(
      'Response output has no tool call items: paste the response that makes the tool call.',
    );
    expect(errorOf(parseEnvelope(response([])))).toBe(
      'Response output has no tool call items: paste the response that makes the tool call.',
    );
  });

  it('the one call\'s own error is reported', () => {
    expect(errorOf(parseEnvelope(response([{ type: 'apply_patch_call', call_id: 'c' }])))).toBe(
      'OpenAI apply_patch_call has no "operation": expected ' +
        '{ "type": "create_file" | "update_file" | "delete_file", "path", "diff" }.',
    );
  });
});

describe('items that are not calls', () => {
  it('a call\'s output item is refused, listing the types that are calls', () => {
    expect(errorOf(parseEnvelope({ type: 'custom_tool_call_output', call_id: 'c', output: 'Done!' }))).toBe(
      'Unrecognised envelope type "custom_tool_call_output": expected "tool_use" (Anthropic), "function_call", ' +
        '"custom_tool_call", "apply_patch_call" (OpenAI Responses) or "function" (OpenAI tool_calls item).',
    );
  });

  it('malformed shapes give an error value, never a throw', () => {
    const shapes: unknown[] = [
      { type: 'custom_tool_call' },
      { type: 'custom_tool_call', name: 7, input: patch },
      { type: 'custom_tool_call', name: '', input: patch },
      { type: 'custom_tool_call', name: 'apply_patch', input: { toString: 1 } },
      { type: 'apply_patch_call' },
      { type: 'apply_patch_call', operation: 5 },
      { output: [{ type: 'custom_tool_call' }] },
      { output: [{ type: 'apply_patch_call', operation: [] }] },
      { output: [{ type: 'function_call', name: 'apply_patch', arguments: '{' }] },
    ];
    for (const shape of shapes) {
      const result = parseEnvelope(shape, 'apply_patch');
      expect(result.ok, JSON.stringify(shape)).toBe(false);
    }
  });
});

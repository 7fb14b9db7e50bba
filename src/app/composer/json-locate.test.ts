import { describe, expect, it } from 'vitest';
import { envelopeInputPath, lineColumnAt, locateInputField } from './json-locate';

const at = (text: string, path: (string | number)[]) => {
  const span = locateInputField(text, path);
  if (!span) return null;
  return { from: lineColumnAt(text, span.start), text: text.slice(span.start, span.end) };
};

describe('locateInputField: an input error is shown where the field is in the call text', () => {
  it('marks an existing field from its key to the end of its value', () => {
    const text = '{\n  "path": 5,\n  "edits": []\n}';
    expect(at(text, ['path'])).toEqual({ from: { line: 2, column: 3 }, text: '"path": 5' });
  });

  it('marks the object that lacks a missing field at its opening', () => {
    expect(at('{\n  "path": "/a"\n}', ['edits'])).toEqual({ from: { line: 1, column: 1 }, text: '{' });
    const inEdit = '{"path":"/a","edits":[{"old_string":"x"}]}';
    expect(at(inEdit, ['edits', 0, 'new_string'])?.text).toBe('{');
    expect(at(inEdit, ['edits', 0, 'new_string'])?.from).toEqual({ line: 1, column: 23 });
  });

  it('looks inside each envelope of SPEC 6 for the input', () => {
    const input = { path: '/a', edits: [{ old_string: 1, new_string: 'b' }] };
    const field = ['edits', 0, 'old_string'];
    const envelopes = [
      { name: 'multi_edit_text_file', arguments: input },
      { name: 'multi_edit_text_file', input },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'multi_edit_text_file', arguments: input } },
      { type: 'tool_use', id: 't', name: 'multi_edit_text_file', input },
      { id: 'c', type: 'function', function: { name: 'multi_edit_text_file', arguments: input } },
      { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'multi_edit_text_file', arguments: input } }] },
      { role: 'assistant', content: [{ type: 'text', text: 'hi' }, { type: 'tool_use', id: 't', name: 'multi_edit_text_file', input }] },
      { name: 'multi_edit_text_file', args: input },
      { functionCall: { name: 'multi_edit_text_file', args: input } },
      { role: 'model', parts: [{ text: 'hi' }, { functionCall: { name: 'multi_edit_text_file', args: input } }] },
      { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'multi_edit_text_file', args: input } }] } }] },
    ];
    for (const envelope of envelopes) expect(at(JSON.stringify(envelope, null, 2), field)?.text).toBe('"old_string": 1');
  });

  it('finds the input of the Responses API items, alone or in a response\'s output', () => {
    const operation = { type: 'update_file', path: 7, diff: '@@\n-a\n+b' };
    const patchCall = { type: 'apply_patch_call', call_id: 'c', status: 'completed', operation };
    expect(at(JSON.stringify(patchCall, null, 2), ['operation', 'path'])?.text).toBe('"path": 7');
    const response = { id: 'r', output: [{ type: 'reasoning', summary: [] }, patchCall] };
    expect(at(JSON.stringify(response, null, 2), ['operation', 'path'])?.text).toBe('"path": 7');
    const custom = { type: 'custom_tool_call', call_id: 'c', name: 'apply_patch', input: 12 };
    expect(at(JSON.stringify({ output: [custom] }), ['input'])?.text).toBe('"input":12');
    const fn = { type: 'function_call', call_id: 'c', name: 'MultiEdit', arguments: { file_path: 3 } };
    expect(at(JSON.stringify({ output: [{ type: 'message' }, fn] }), ['file_path'])?.text).toBe('"file_path":3');
  });

  it('marks arguments carried as a JSON string (OpenAI) as a whole', () => {
    const text = JSON.stringify({ type: 'function_call', name: 'edit_text_file', arguments: '{"path":5}' });
    expect(at(text, ['path'])?.text).toBe('"arguments":"{\\"path\\":5}"');
  });

  it('marks where the input opens when no field is named', () => {
    expect(at('{"name":"multiedit","input":{"file_path":1}}', [])?.text).toBe('"input":{');
  });

  it('skips a byte order mark and gives nothing for text that is not JSON', () => {
    expect(at('\uFEFF{"path":1}', ['path'])?.text).toBe('"path":1');
    expect(locateInputField('{"path":', ['path'])).toBeNull();
  });
});

describe('envelopeInputPath mirrors the envelope rule order', () => {
  it('treats an object with input keys as bare', () => {
    expect(envelopeInputPath({ path: '/a', edits: [] })).toEqual([]);
    expect(envelopeInputPath({ name: 'x', path: '/a' })).toEqual([]);
  });
});

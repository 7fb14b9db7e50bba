import { describe, expect, it } from 'vitest';
import { parseCallText } from './index';
import { inputPathOf } from './input-path';
import { inputErrorSpan, locateInputField } from './input-span';
import { lineColumn } from './json-syntax';

/** The marked text and where it starts, as the worker's check places an input error at `path`. */
const at = (text: string, path: (string | number)[]) => {
  const parsed = parseCallText(text, 'multi_edit_text_file');
  if (!parsed.ok) return null;
  const inputPath = inputPathOf(parsed.call);
  if (inputPath === undefined) return null;
  const span = locateInputField(text, inputPath, path);
  if (!span) return null;
  return { from: lineColumn(text, span.start), text: text.slice(span.start, span.end) };
};

describe('locateInputField: an input error is shown where the field is in the call text', () => {
  it('marks an existing field from its key to the end of its value', () => {
    const text = '{\n  "path": 5,\n  "edits": []\n}';
    expect(at(text, ['path'])).toEqual({ from: { line: 2, column: 3 }, text: '"path": 5' });
    expect(inputErrorSpan(text, [], ['path'])).toEqual({ line: 2, column: 3, endLine: 2, endColumn: 12 });
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
    // A custom tool's text becomes the input's field of the same name, on the item itself.
    const custom = { type: 'custom_tool_call', call_id: 'c', name: 'apply_patch', input: '*** Begin Patch' };
    expect(at(JSON.stringify({ output: [custom] }), ['input'])?.text).toBe('"input":"*** Begin Patch"');
    const fn = { type: 'function_call', call_id: 'c', name: 'MultiEdit', arguments: { file_path: 3 } };
    expect(at(JSON.stringify({ output: [{ type: 'message' }, fn] }), ['file_path'])?.text).toBe('"file_path":3');
  });

  it('places the picked call of an output that holds several, and none found in prose', () => {
    const call = (old: unknown) => ({ id: 'c', type: 'function', function: { name: 'multi_edit_text_file', arguments: { path: '/a', edits: [{ old_string: old, new_string: 'b' }] } } });
    const text = JSON.stringify({ role: 'assistant', tool_calls: [call('x'), call(2)] });
    const second = parseCallText(text, null, 1);
    expect(second.ok && inputPathOf(second.call)).toEqual(['tool_calls', 1, 'function', 'arguments']);
    const span = second.ok ? locateInputField(text, inputPathOf(second.call)!, ['edits', 0, 'old_string']) : null;
    expect(span && text.slice(span.start, span.end)).toBe('"old_string":2');
    const prose = parseCallText(`Here it is:\n${JSON.stringify(call(2))}`, null);
    expect(prose.ok && inputPathOf(prose.call)).toBeUndefined();
    expect(inputErrorSpan('x', undefined, ['path'])).toBeNull();
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
    expect(locateInputField('{"path":', [], ['path'])).toBeNull();
  });

  it('gives nothing for JSON nested deeper than the span parser walks', () => {
    const deep = `{"path":${'['.repeat(300)}${']'.repeat(300)}}`;
    expect(locateInputField(deep, [], ['path'])).toBeNull();
  });
});

describe('inputPathOf: where the envelope found the input', () => {
  it('treats an object with input keys as bare', () => {
    const bare = (text: string) => {
      const parsed = parseCallText(text, 'multi_edit_text_file');
      return parsed.ok ? inputPathOf(parsed.call) : null;
    };
    expect(bare('{"path":"/a","edits":[]}')).toEqual([]);
    expect(bare('{"name":"x","path":"/a"}')).toEqual([]);
  });
});

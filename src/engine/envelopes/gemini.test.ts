// Gemini API envelopes: a FunctionCall, a functionCall part, a model turn and a generateContent
// response (shapes of the Gemini API's Content / Part / FunctionCall, as Gemini CLI receives them).

import { describe, expect, it } from 'vitest';
import { parseEnvelope } from './index';
import type { EnvelopeResult } from './types';

const args = { file_path: '/test/config.toml', instruction: 'Turn on debug.', old_string: 'debug = false', new_string: 'debug = true' };
const call = { ok: true, call: { kind: 'gemini-function-call', toolName: 'replace', profile: 'replace', input: args } };

function errorOf(result: EnvelopeResult): string {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.call)}`);
  return result.error.message;
}

describe('Gemini envelopes', () => {
  it('a FunctionCall alone, a functionCall part, a model turn and a response all unwrap to the call', () => {
    expect(parseEnvelope({ name: 'replace', args })).toEqual(call);
    expect(parseEnvelope({ functionCall: { name: 'replace', args } })).toEqual(call);
    expect(parseEnvelope({ role: 'model', parts: [{ text: 'Turning debug on.' }, { functionCall: { name: 'replace', args } }] })).toEqual(call);
    expect(parseEnvelope({ candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'replace', args } }] }, finishReason: 'STOP' }] })).toEqual(call);
  });

  it('keeps the call id, and maps every known tool name', () => {
    expect(parseEnvelope({ functionCall: { id: 'fc-1', name: 'replace', args } })).toEqual({ ok: true, call: { ...call.call, callId: 'fc-1' } });
    const edit = parseEnvelope({ functionCall: { name: 'MultiEdit', args: { file_path: '/a', edits: [] } } });
    expect(edit.ok && edit.call.profile).toBe('MultiEdit');
  });

  it('args given as a JSON string are decoded; invalid JSON names the field', () => {
    expect(parseEnvelope({ name: 'replace', args: JSON.stringify(args) })).toEqual(call);
    expect(errorOf(parseEnvelope({ name: 'replace', args: '{"file_path": ' }))).toMatch(/^"args" of tool "replace" is not valid JSON: /);
  });

  it('malformed shapes get a specific error, never a throw', () => {
    expect(errorOf(parseEnvelope({ functionCall: 'replace' }))).toBe('Gemini "functionCall" must be an object with "name" and "args".');
    expect(errorOf(parseEnvelope({ functionCall: { name: 'replace' } }))).toBe('Gemini functionCall "replace" has no "args": put the tool\'s input there.');
    expect(errorOf(parseEnvelope({ functionCall: { name: '', args } }))).toBe('Gemini functionCall has no tool name: "name" must be a non-empty string.');
    expect(errorOf(parseEnvelope({ role: 'model', parts: [{ text: 'no call' }] }))).toBe('Gemini content has no functionCall parts: paste the model turn that makes the tool call.');
    expect(errorOf(parseEnvelope({ role: 'model', parts: [{ functionCall: { name: 'replace', args } }, { functionCall: { name: 'replace', args } }] }))).toBe(
      'Gemini content has 2 functionCall parts; paste one of them: a call is run one at a time.',
    );
    expect(errorOf(parseEnvelope({ candidates: [] }))).toBe('Gemini response has no candidates[0].content.parts: paste the response whose first candidate makes the tool call.');
    expect(errorOf(parseEnvelope({ functionCall: { name: 'edit', args } }))).toMatch(/^Unknown tool "edit"/);
  });
});

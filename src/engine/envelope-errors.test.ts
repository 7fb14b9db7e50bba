// Envelope errors (SPEC 6), parseCallText and the location of a JSON syntax error; the envelopes
// themselves (bare input, { name, arguments }, MCP, Anthropic, OpenAI) are in envelope.test.ts.

import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError, lineColumn, parseCallText, parseEnvelope } from './envelope';
import { PROFILE_IDS } from './profiles/registry';
import { editInput, errorOf } from '../../tests/support/envelopes';

describe('envelope errors', () => {
  it('an unknown tool lists the known names', () => {
    expect(errorOf(parseEnvelope({ name: 'str_replace', arguments: editInput }))).toBe(
      `Unknown tool "str_replace". Known tools: ${PROFILE_IDS.join(', ')}.`,
    );
  });

  it('an unknown tool close to known ones suggests them', () => {
    expect(errorOf(parseEnvelope({ name: 'multi_edit', arguments: {} }))).toBe(
      'Unknown tool "multi_edit". Did you mean "MultiEdit" or "multiedit"? Known tools: ' + `${PROFILE_IDS.join(', ')}.`,
    );
  });

  it('an arguments string that is not JSON names the parse position', () => {
    const item = {
      type: 'function_call',
      call_id: 'c',
      name: 'edit_text_file',
      arguments: '{"path": "/a", "old_string": "x" "new_string": "y"}',
    };
    expect(errorOf(parseEnvelope(item))).toBe(
      '"arguments" of tool "edit_text_file" is not valid JSON: expected "," or "}" after a ' +
        'property value, found "\\"" at line 1, column 34.',
    );
  });

  it('a truncated function.arguments string names the end', () => {
    const item = { id: 'c', type: 'function', function: { name: 'edit_text_file', arguments: '{"path": "/a"' } };
    expect(errorOf(parseEnvelope(item))).toBe(
      '"function.arguments" of tool "edit_text_file" is not valid JSON: expected "," or "}" ' +
        'after a property value, found the end of the text at line 1, column 14.',
    );
  });

  it('an array is refused with a hint', () => {
    expect(errorOf(parseEnvelope([editInput], 'edit_text_file'))).toBe(
      'A call must be a JSON object, got an array. If this is a content or tool_calls array, ' +
        'paste the one call inside it.',
    );
  });

  it('a string is refused', () => {
    expect(errorOf(parseEnvelope('edit', 'edit_text_file'))).toBe(
      'A call must be a JSON object, got the string "edit".',
    );
  });
});

describe('parseCallText', () => {
  it('parses JSON text and unwraps it', () => {
    const text = JSON.stringify({ name: 'edit_text_file', arguments: editInput }, null, 2);
    expect(parseCallText(text)).toEqual({
      ok: true,
      call: { kind: 'name-arguments', toolName: 'edit_text_file', profile: 'edit_text_file', input: editInput },
    });
  });

  it('a bare input uses the chosen profile', () => {
    const result = parseCallText(JSON.stringify(editInput), 'edit_text_file');
    expect(result.ok && result.call.kind).toBe('bare');
  });

  it('a syntax error names line and column', () => {
    const text = '{\n  "path": "/a",\n  "old_string": \'x\'\n}';
    expect(errorOf(parseCallText(text))).toBe(
      'The call is not valid JSON: strings must use double quotes at line 3, column 17.',
    );
  });

  it('a trailing comma is named as such', () => {
    expect(errorOf(parseCallText('{"path": "/a",\n}'))).toBe(
      'The call is not valid JSON: trailing comma before "}" at line 2, column 1.',
    );
  });

  it('empty text asks for a call', () => {
    expect(errorOf(parseCallText('  \n'))).toBe(
      'The call is empty: paste a tool call (JSON) or the tool input alone.',
    );
  });
});

describe('JSON error location', () => {
  it.each([
    ['{"a": 1} x', 9, 'unexpected "x" after the JSON value'],
    ['[1, 2,]', 6, 'trailing comma before "]"'],
    ['{"a" 1}', 5, 'expected ":" after the property name, found "1"'],
    ['{"a": "x\ny"}', 8, 'line break or control character inside a string (write it as \\n or \\t)'],
    ['{"a": "\\q"}', 7, 'invalid escape "\\q"'],
    ['{"a": "abc', 6, 'unterminated string'],
    ['{"a": tru}', 6, 'expected a value, found "t"'],
    ['[[[[', 4, 'expected a value, found the end of the text'],
  ])('%j fails at offset %i: %s', (text, offset, problem) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(findJsonSyntaxError(text)).toEqual({ offset, problem });
  });

  it('finds nothing in valid JSON', () => {
    expect(findJsonSyntaxError('{"a": [1, -2.5e3, true, null, "\\u00e9"], "b": {}}')).toBeNull();
  });

  it('survives deep nesting', () => {
    const deep = '['.repeat(200_000);
    expect(findJsonSyntaxError(deep)).toEqual({
      offset: 200_000,
      problem: 'expected a value, found the end of the text',
    });
  });

  it('counts lines across LF, CRLF and CR', () => {
    expect(lineColumn('a\r\nb\nc\rd', 7)).toEqual({ line: 4, column: 1 });
    expect(lineColumn('ab', 1)).toEqual({ line: 1, column: 2 });
  });
});

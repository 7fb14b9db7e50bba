// Tool names → profiles: the reference dialects' names (SPEC 11) and the "Did you mean" hints.

import { describe, expect, it } from 'vitest';
import { parseEnvelope } from './index';
import { KNOWN_TOOL_NAMES, nearToolNames, profileForTool } from './tool-names';

const editInput = { file_path: '/src/a.ts', old_string: 'port = 8080', new_string: 'port = 3000' };

describe('Claude Code and Gemini CLI tool names', () => {
  it('Edit, Write and replace each name their own profile', () => {
    expect(profileForTool('Edit', editInput)).toBe('Edit');
    expect(profileForTool('Write', { file_path: '/a.txt', content: 'hi' })).toBe('Write');
    expect(profileForTool('replace', editInput)).toBe('replace');
  });

  it('names are case-sensitive: edit, write and Replace are unknown', () => {
    expect(profileForTool('edit', editInput)).toBeNull();
    expect(profileForTool('write', {})).toBeNull();
    expect(profileForTool('Replace', editInput)).toBeNull();
  });

  it('a Claude Code tool_use block of Edit runs as Edit', () => {
    const block = { type: 'tool_use', id: 'toolu_01', name: 'Edit', input: editInput };
    expect(parseEnvelope(block)).toEqual({
      ok: true,
      call: { kind: 'anthropic-tool-use', toolName: 'Edit', profile: 'Edit', input: editInput, callId: 'toolu_01' },
    });
  });

  it('a Write call in { name, input } runs as Write', () => {
    const input = { file_path: '/notes.md', content: '# Notes\n' };
    expect(parseEnvelope({ name: 'Write', input })).toEqual({
      ok: true,
      call: { kind: 'name-input', toolName: 'Write', profile: 'Write', input },
    });
  });

  it('a Gemini CLI replace call over MCP runs as replace', () => {
    const args = { ...editInput, expected_replacements: 1 };
    const request = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'replace', arguments: args } };
    expect(parseEnvelope(request)).toEqual({
      ok: true,
      call: { kind: 'mcp-tools-call', toolName: 'replace', profile: 'replace', input: args, callId: '3' },
    });
  });

  it('a Write or replace input with a stray name stays bare (content, expected_replacements are input keys)', () => {
    expect(parseEnvelope({ name: 'x', content: 'hi' }, 'Write')).toEqual({
      ok: true,
      call: { kind: 'bare', toolName: null, profile: 'Write', input: { name: 'x', content: 'hi' } },
    });
    expect(parseEnvelope({ name: 'x', expected_replacements: 2 }, 'replace')).toMatchObject({ ok: true, call: { kind: 'bare', profile: 'replace' } });
  });
});

describe('"Did you mean" hints', () => {
  const known = KNOWN_TOOL_NAMES.join(', ');

  it('a wrong case of a new name suggests it', () => {
    expect(parseEnvelope({ name: 'edit', arguments: editInput })).toEqual({
      ok: false,
      error: { code: 'ENVELOPE', message: `Unknown tool "edit". Did you mean "Edit"? Known tools: ${known}.` },
    });
    expect(parseEnvelope({ name: 'WRITE', arguments: {} })).toEqual({
      ok: false,
      error: { code: 'ENVELOPE', message: `Unknown tool "WRITE". Did you mean "Write"? Known tools: ${known}.` },
    });
  });

  it('names that contain a known name are not near it', () => {
    expect(nearToolNames('str_replace')).toEqual([]);
    expect(nearToolNames('edit_file')).toEqual([]);
    expect(nearToolNames('write_file_v2')).toEqual([]);
    expect(nearToolNames('multi_edit')).toEqual(['MultiEdit', 'multiedit']);
  });

  it('no two known names are near each other except MultiEdit and multiedit, which name the same tool family', () => {
    const groups = KNOWN_TOOL_NAMES.map((name) => nearToolNames(name)).filter((near) => near.length > 1);
    expect(groups).toEqual([
      ['MultiEdit', 'multiedit'],
      ['MultiEdit', 'multiedit'],
    ]);
  });
});

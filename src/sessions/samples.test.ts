// The shipped sample transcripts, one per format: each is read into exactly the calls, kinds,
// profiles and recorded outcomes written into it, with no problem reported.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { SESSION_SAMPLES } from './samples/manifest';
import type { ParsedSession } from './types';

const SAMPLES = join(dirname(fileURLToPath(import.meta.url)), 'samples');
const sample = (file: string): ParsedSession => parseSession(readFileSync(join(SAMPLES, file), 'utf8'));

/** One row per call: tool, profile, kind, recorded outcome (`ok`, `error`, or `-` for none). */
const table = (s: ParsedSession): string[] =>
  s.calls.map((c) => `${c.toolName}${c.via ? ` via ${c.via}` : ''} | ${c.profile ?? '-'} | ${c.kind} | ${c.result === null ? '-' : c.result.isError ? 'error' : 'ok'} (${c.result?.errorSource ?? '-'})`);

describe('sample transcripts', () => {
  it('the manifest lists every sample file, each parsed as its own format', () => {
    expect(SESSION_SAMPLES.map((s) => s.file).sort()).toEqual(
      ['anthropic-messages.json', 'claude-code.jsonl', 'codex-rollout.jsonl', 'mcp-jsonrpc.jsonl', 'openai-chat.json', 'openai-responses.json'],
    );
    for (const s of SESSION_SAMPLES) {
      const parsed = sample(s.file);
      expect(parsed.format).toBe(s.format);
      expect(parsed.problems).toEqual([]);
      expect(structuredClone(parsed)).toEqual(parsed);
    }
  });

  it('Claude Code: Read, Edit (found, not found, not read, not unique, replace_all), Bash, Write', () => {
    const s = sample('claude-code.jsonl');
    expect(s.detection).toBe('Claude Code session JSONL: line 1 is a "summary" event.');
    expect(table(s)).toEqual([
      'Read | - | read | ok (flag)',
      'Edit | Edit | edit | ok (flag)',
      'Edit | Edit | edit | error (flag)',
      'Edit | Edit | edit | ok (flag)',
      'Edit | Edit | edit | error (flag)',
      'Bash | - | other | ok (flag)',
      'Read | - | read | ok (flag)',
      'Edit | Edit | edit | error (flag)',
      'Edit | Edit | edit | ok (flag)',
      'Write | Write | edit | ok (flag)',
    ]);
    const [read, , notFound] = s.calls;
    expect(read!.input).toEqual({ file_path: '/test/config.toml' });
    expect(read!.callId).toBe('toolu_01Read0Config');
    expect(read!.location).toEqual({ line: 3, path: '$.message.content[1]' });
    expect(read!.result!.text).toBe('     1→[server]\n     2→host = "localhost"\n     3→port = 8080\n     4→\n     5→[app]\n     6→debug = false');
    expect(read!.result!.location).toEqual({ line: 4, path: '$.message.content[0]' });
    expect(read!.result!.details).toEqual({
      type: 'text',
      file: { filePath: '/test/config.toml', content: '[server]\nhost = "localhost"\nport = 8080\n\n[app]\ndebug = false\n', numLines: 6, startLine: 1, totalLines: 6 },
    });
    expect(notFound!.result!.text).toBe('<tool_use_error>String to replace not found in file.\nString: debug = False</tool_use_error>');
    expect(s.calls[7]!.result!.text).toMatch(/^<tool_use_error>Found 5 matches of the string to replace, but replace_all is false\./);
  });

  it('Anthropic: the text editor view is a read; str_replace and create errors keep their text', () => {
    const s = sample('anthropic-messages.json');
    expect(s.detection).toBe('Anthropic Messages API: the document is a request with "messages"; message 1 has a "tool_use" block.');
    expect(table(s)).toEqual([
      'str_replace_based_edit_tool | str_replace_based_edit_tool | read | ok (flag)',
      'str_replace_based_edit_tool | str_replace_based_edit_tool | edit | error (flag)',
      'str_replace_based_edit_tool | str_replace_based_edit_tool | edit | ok (flag)',
      'str_replace_based_edit_tool | str_replace_based_edit_tool | edit | ok (flag)',
      'str_replace_based_edit_tool | str_replace_based_edit_tool | edit | error (flag)',
      'bash | - | other | ok (flag)',
    ]);
    expect(s.calls[0]!.location).toEqual({ line: null, path: '$.messages[1].content[1]' });
    // The view result came as a text block; the joined text is the cat -n output itself.
    expect(s.calls[0]!.result!.text).toBe(
      "Here's the result of running `cat -n` on /src/config.js:\n     1\t// Application settings\n     2\tconst API_KEY = \"123\";\n     3\tconst DEBUG_MODE = true;\n     4\tconst TIMEOUT_MS = 5000;\n     5\t\n     6\tmodule.exports = { API_KEY, DEBUG_MODE, TIMEOUT_MS };\n     7\t\n",
    );
    expect(s.calls[1]!.result!.text).toBe('No replacement was performed, old_str `const DEBUG_MODE = True;` did not appear verbatim in /src/config.js.');
    expect(s.calls[4]!.result!.text).toBe('File already exists at: /test/config.toml. Cannot overwrite files using command `create`.');
  });
});

describe('sample transcripts: OpenAI Chat, OpenAI Responses, Codex, MCP', () => {
  it('OpenAI Chat: arguments parsed from JSON strings; JSON error results read as errors', () => {
    const s = sample('openai-chat.json');
    expect(s.detection).toBe('OpenAI Chat Completions: the document is a request with "messages"; message 2 has "tool_calls".');
    expect(table(s)).toEqual([
      'read_file | - | read | ok (unknown)',
      'edit_text_file | edit_text_file | edit | error (text)',
      'edit_text_file | edit_text_file | edit | ok (text)',
      'edit_text_file | edit_text_file | edit | error (text)',
      'edit_text_file | edit_text_file | edit | ok (text)',
      'list_files | - | other | ok (text)',
    ]);
    expect(s.calls[1]!.input).toEqual({ path: '/test/file.txt', old_string: 'line', new_string: 'Line' });
    expect(s.calls[1]!.result!.text).toBe('{"error":{"code":-32011,"message":"String appears 3 times (must be unique): line"}}');
    expect(s.calls[1]!.location.path).toBe('$.messages[4].tool_calls[0]');
  });

  it('OpenAI Responses: custom apply_patch text as { input }, apply_patch_call as { operation }, status decides', () => {
    const s = sample('openai-responses.json');
    expect(s.detection).toBe('OpenAI Responses API: the document is a request with an "input" item list.');
    expect(table(s)).toEqual([
      'read_file | - | read | ok (unknown)',
      'apply_patch | apply_patch | edit | ok (text)',
      'apply_patch | apply_patch | edit | error (text)',
      'apply_patch | apply_patch | edit | ok (text)',
      'apply_patch | apply_patch | edit | error (status)',
      'apply_patch | apply_patch | edit | ok (status)',
      'run_command | - | other | ok (unknown)',
    ]);
    expect(s.calls[1]!.input).toEqual({ input: '*** Begin Patch\n*** Update File: /src/main.go\n@@\n-func calculate() int {\n+func double() int {\n*** End Patch' });
    expect(s.calls[4]!.input).toEqual({ operation: { type: 'update_file', path: '/test/config.toml', diff: '@@\n-port = 80\n+port = 3000\n' } });
    expect(s.calls[4]!.result!.text).toBe('apply_patch verification failed: Failed to find expected lines in /test/config.toml:\nport = 80');
  });

  it('Codex: exit codes in the output wrapper decide, and shell running apply_patch is the patch tool', () => {
    const s = sample('codex-rollout.jsonl');
    expect(s.detection).toBe('Codex CLI session rollout JSONL: line 1 is a "session_meta" line with a "payload".');
    expect(table(s)).toEqual([
      'shell | - | read | ok (exit-code)',
      'apply_patch | apply_patch | edit | error (text)',
      'apply_patch | apply_patch | edit | ok (exit-code)',
      'apply_patch via shell | apply_patch | edit | ok (exit-code)',
      'shell | - | other | error (exit-code)',
    ]);
    expect(s.calls[3]!.input).toEqual({ input: '*** Begin Patch\n*** Update File: src/config.js\n@@\n-const TIMEOUT_MS = 5000;\n+const TIMEOUT_MS = 8000;\n*** End Patch\n' });
    expect(s.calls[2]!.result!.details).toEqual({ exit_code: 0, duration_seconds: 0 });
    expect(s.calls[1]!.location).toEqual({ line: 8, path: '$.payload' });
  });

  it('MCP: tools/call matched by id, JSON-RPC errors and isError results are failures', () => {
    const s = sample('mcp-jsonrpc.jsonl');
    expect(s.detection).toBe('MCP JSON-RPC log: line 1 is a message with "jsonrpc": "2.0".');
    expect(table(s)).toEqual([
      'read_text_file | - | read | ok (flag)',
      'edit_text_file | edit_text_file | edit | ok (flag)',
      'edit_text_file | edit_text_file | edit | error (jsonrpc-error)',
      'multi_edit_text_file | multi_edit_text_file | edit | ok (flag)',
      'edit_text_file | edit_text_file | edit | error (jsonrpc-error)',
      'get_file_info | - | other | error (flag)',
    ]);
    expect(s.calls.map((c) => c.callId)).toEqual(['2', '3', '4', '5', '6', '7']);
    expect(s.calls[2]!.result).toEqual({
      isError: true,
      text: 'String not found in file: port = 8081',
      errorSource: 'jsonrpc-error',
      location: { line: 11, path: '$' },
      details: { code: -32010, message: 'String not found in file: port = 8081' },
    });
  });
});

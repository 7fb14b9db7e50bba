// The legacy Codex rollout layout (Codex's first Rust releases, to about September 2025; see
// openai/codex#26877 and #27069): a header `{ id, timestamp, instructions, git }`, then bare
// Responses items with `{ "record_type": "state" }` lines between them. The lines below are
// abridged from ocodex's rollout-2025-08-19T08-25-08-38b123ff-933b-4dfe-bd12-d42671fcb25f.jsonl
// (lines 1–4, 107–108; collected under tests/sessions/real/codex-legacy), the patch shortened.
// And the current layout's metadata: `cli_version` stamped on every call, the turn's `cwd`.

import { describe, expect, it } from 'vitest';
import { detectLine } from './detect';
import { parseSession } from './parse';

const PATCH = "*** Begin Patch\n*** Update File: utils/misc.py\n@@\n-    torch.cuda.manual_seed_all(seed)\n+    if torch.cuda.is_available():\n+        torch.cuda.manual_seed_all(seed)\n*** End Patch";

const LEGACY = [
  '{"id":"38b123ff-933b-4dfe-bd12-d42671fcb25f","timestamp":"2025-08-19T08:25:08.061Z","instructions":null,"git":{"commit_hash":"7ce137e7650797c4fa979474fabb04c07d1246d6","branch":"main","repository_url":"https://github.com/SkyworkAI/Matrix-Game.git"}}',
  '{"record_type":"state"}',
  '{"type":"message","id":null,"role":"user","content":[{"type":"input_text","text":"can you check change_cuda_mps.txt and determine how to make mps work for this repo, and can you detail how you will do it?"}]}',
  '{"record_type":"state"}',
  JSON.stringify({ type: 'function_call', id: 'fc_68a47092', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', `apply_patch << 'PATCH'\n${PATCH}\nPATCH`] }), call_id: 'call_OUdkSZj5EMCCMxeUZ16RyGHt' }),
  '{"type":"function_call_output","call_id":"call_OUdkSZj5EMCCMxeUZ16RyGHt","output":"{\\"output\\":\\"Success. Updated the following files:\\\\nM utils/misc.py\\\\n\\",\\"metadata\\":{\\"exit_code\\":0,\\"duration_seconds\\":0.0}}"}',
  JSON.stringify({ type: 'local_shell_call', id: 'lsh_1', call_id: 'call_2', status: 'completed', action: { type: 'exec', command: ['bash', '-lc', "sed -n '1,40p' utils/misc.py"], working_directory: '/Users/kobra/Matrix-Game' } }),
  '{"type":"function_call_output","call_id":"call_2","output":"{\\"output\\":\\"import torch\\\\n\\",\\"metadata\\":{\\"exit_code\\":0,\\"duration_seconds\\":0.0}}"}',
  '{"record_type":"state"}',
].join('\n');

describe('the legacy rollout layout', () => {
  it('is detected as a Codex rollout from its header line, and from a state line', () => {
    expect(parseSession(LEGACY).detection).toBe(
      'Codex CLI session rollout JSONL: line 1 is a session header of the legacy layout ({ "id", "timestamp", "instructions" }, then bare Responses items).',
    );
    expect(detectLine({ record_type: 'state' })).toEqual({ format: 'codex-rollout', why: 'a { "record_type": "state" } line of the legacy layout' });
    // A file whose header line is lost still reads from its first state line.
    const headless = LEGACY.split('\n').slice(1).join('\n');
    expect(parseSession(headless).detection).toBe('Codex CLI session rollout JSONL: line 1 is a { "record_type": "state" } line of the legacy layout.');
  });

  it('reads its bare items: the shell patch, the local_shell read, no problems', () => {
    const s = parseSession(LEGACY);
    expect(s.format).toBe('codex-rollout');
    expect(s.problems).toEqual([]);
    expect(s.calls.map((c) => `${c.toolName} via ${c.via ?? '-'} | ${c.kind} | ${c.result?.isError ? 'error' : 'ok'} (${c.result?.errorSource}) | cwd ${c.cwd ?? '-'}`)).toEqual([
      'apply_patch via shell | edit | ok (exit-code) | cwd -',
      'local_shell via - | read | ok (exit-code) | cwd /Users/kobra/Matrix-Game',
    ]);
    expect(s.calls[0]!.input).toEqual({ input: PATCH });
    expect(s.calls[0]!.location).toEqual({ line: 5, path: '$' });
    expect(s.calls[1]!.shellRead).toEqual({ path: 'utils/misc.py', from: 1, to: 40, numbered: false });
  });

  it('as a chosen format it reads the same (it used to find nothing)', () => {
    const chosen = parseSession(LEGACY, { format: 'codex-rollout' });
    expect(chosen.detection).toBe('Codex CLI session rollout JSONL, as chosen (not detected).');
    expect(chosen.calls.map((c) => c.toolName)).toEqual(['apply_patch', 'local_shell']);
  });

  it('the working directory comes from the environment context when a message gives one', () => {
    const env = '{"type":"message","id":null,"role":"user","content":[{"type":"input_text","text":"<environment_context>\\n  <cwd>/Users/x/dev/legacy-thing</cwd>\\n</environment_context>"}]}';
    const lines = LEGACY.split('\n');
    const s = parseSession([lines[0], lines[1], env, ...lines.slice(2)].join('\n'));
    expect(s.calls[0]!.cwd).toBe('/Users/x/dev/legacy-thing');
  });
});

describe('the current layout: release and directory', () => {
  const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2025-11-02T10:00:00.000Z', type, payload });

  it('stamps cli_version on every call; turn_context moves the directory; a fork keeps its own metadata', () => {
    const s = parseSession(
      [
        line('session_meta', { id: 'child', cwd: '/home/me/proj', originator: 'codex_cli_rs', cli_version: '0.63.0' }),
        line('session_meta', { id: 'parent', cwd: '/elsewhere', cli_version: '0.50.0' }),
        line('response_item', { type: 'custom_tool_call', name: 'apply_patch', call_id: 'a', input: PATCH }),
        line('turn_context', { cwd: '/home/me/proj/web', model: 'gpt-5-codex' }),
        line('response_item', { type: 'function_call', name: 'shell', call_id: 'b', arguments: JSON.stringify({ command: ['bash', '-lc', 'cat package.json'] }) }),
      ].join('\n'),
    );
    expect(s.calls.map((c) => [c.toolName, c.version, c.cwd])).toEqual([
      ['apply_patch', '0.63.0', '/home/me/proj'],
      ['shell', '0.63.0', '/home/me/proj/web'],
    ]);
  });
});

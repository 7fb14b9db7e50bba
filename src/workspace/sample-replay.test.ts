// Every shipped sample transcript replays with the verdicts its recorded results call for: against
// the sandbox's first state every edit call agrees (the Claude Code refusal "File has not been
// read yet" comes from the read-state rule), and seeded from the transcript the calls on files it
// never showed differ, for the reason the replay gives.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { suggestMount } from '../sessions/mount';
import { parseSession } from '../sessions/parse';
import { replaySession, seedReplayOptions, type SessionReplay } from '../sessions/replay';
import { seedFromTranscript } from '../sessions/seed';
import type { ParsedSession } from '../sessions/types';
import { MemoryFs } from './memory-fs';
import { SAMPLE_TEXT_FILES } from './sample-workspace';
import { CLAUDE_SAMPLE_FIGURES } from '../../tests/support/sample-figures';

const SAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', 'sessions', 'samples');
const sample = (file: string): ParsedSession => parseSession(readFileSync(join(SAMPLES, file), 'utf8'));

/** One row per call: `#index tool: verdict (our error kind)`, or `listed` for reads and others. */
const timeline = (r: SessionReplay): string[] =>
  r.calls.map((c) => `#${c.index} ${c.toolName}: ${c.status === 'listed' ? 'listed' : `${c.verdict!.verdict}${c.verdict!.cannotJudge ? ` [${c.verdict!.cannotJudge.reason}]` : ''}${c.errorKind ? ` (${c.errorKind})` : ''}`}`);

async function againstSandbox(file: string): Promise<SessionReplay> {
  const s = sample(file);
  const fs = new MemoryFs({ ...SAMPLE_TEXT_FILES });
  const { mount } = await suggestMount(s, fs);
  return replaySession(s, fs, { mount });
}

async function seeded(file: string) {
  const s = sample(file);
  const seed = seedFromTranscript(s);
  return { seed, replay: await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) }) };
}

describe('sample transcripts against the sandbox', () => {
  it('Claude Code: every call agrees, the unread Edit refused by the read-before-edit rule', async () => {
    const r = await againstSandbox('claude-code.jsonl');
    expect(r.mount).toBe('/');
    expect(timeline(r)).toEqual([
      '#0 Read: listed',
      '#1 Edit: agrees',
      '#2 Edit: agrees (not-found)',
      '#3 Edit: agrees',
      '#4 Edit: agrees (not-read)',
      '#5 Bash: listed',
      '#6 Read: listed',
      '#7 Edit: agrees (not-unique)',
      '#8 Edit: agrees',
      '#9 Write: agrees',
    ]);
    expect(r.calls[4]!.verdict!.ours.text).toBe('<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>');
    expect(r.calls[0]!.notes).toEqual(['Recorded as read: later Edit and Write calls on /test/config.toml pass the read-before-edit check while it stays unchanged.']);
    expect(r.figures).toEqual(CLAUDE_SAMPLE_FIGURES);
    expect(r.files.map((f) => `${f.status} ${f.path} ${f.calls.join(',')}`)).toEqual(['modified test/config.toml 1,3', 'modified src/main.go 8', 'created test/notes.md 9']);
    expect(r.files[0]!.diff).toBe(
      '--- /test/config.toml\n+++ /test/config.toml\n@@ -1,6 +1,6 @@\n [server]\n host = "localhost"\n-port = 8080\n+port = 3000\n \n [app]\n-debug = false\n+debug = true\n',
    );
    expect(r.files[2]!.finalText).toBe('# Notes\n\n- server now listens on port 3000\n- debug is on\n');
  });

  it('Anthropic text editor: not found, two edits on the state the first left, create refused', async () => {
    const r = await againstSandbox('anthropic-messages.json');
    expect(timeline(r)).toEqual([
      '#0 str_replace_based_edit_tool: listed',
      '#1 str_replace_based_edit_tool: agrees (not-found)',
      '#2 str_replace_based_edit_tool: agrees',
      '#3 str_replace_based_edit_tool: agrees',
      '#4 str_replace_based_edit_tool: agrees (other)',
      '#5 bash: listed',
    ]);
    expect(r.files.map((f) => f.finalText)).toEqual([SAMPLE_TEXT_FILES['src/config.js']!.replace('DEBUG_MODE = true', 'DEBUG_MODE = false').replace('5000', '10000')]);
  });

  it('OpenAI Chat: JSON results compare success, and the error message inside {"error":{…}}', async () => {
    const r = await againstSandbox('openai-chat.json');
    expect(r.mount).toBe('/');
    expect(timeline(r)).toEqual([
      '#0 read_file: listed',
      '#1 edit_text_file: agrees (not-unique)',
      '#2 edit_text_file: agrees',
      '#3 edit_text_file: agrees (not-found)',
      '#4 edit_text_file: agrees',
      '#5 list_files: listed',
    ]);
    expect(r.calls[1]!.verdict).toMatchObject({ compared: 'text', ours: { isError: true, text: 'String appears 3 times (must be unique): line' } });
    expect(r.calls[2]!.verdict!.compared).toBe('outcome');
  });
});

describe('sample transcripts against the sandbox: OpenAI Responses, Codex, MCP', () => {
  it('OpenAI Responses: custom apply_patch and apply_patch_call, texts equal', async () => {
    const r = await againstSandbox('openai-responses.json');
    expect(timeline(r)).toEqual([
      '#0 read_file: listed',
      '#1 apply_patch: agrees',
      '#2 apply_patch: agrees (not-found)',
      '#3 apply_patch: agrees',
      '#4 apply_patch: agrees (not-found)',
      '#5 apply_patch: agrees',
      '#6 run_command: listed',
    ]);
    expect(r.figures.filesTouched).toBe(2);
  });

  it("Codex: the {\"output\",\"metadata\"} wrapper is the transcript's, not the tool's", async () => {
    const r = await againstSandbox('codex-rollout.jsonl');
    expect(r.mount).toBe('/');
    expect(timeline(r)).toEqual(['#0 shell: listed', '#1 apply_patch: agrees (not-found)', '#2 apply_patch: agrees', '#3 apply_patch: agrees', '#4 shell: listed']);
    expect(r.calls[2]!.verdict!.recorded!.text).toBe('Success. Updated the following files:\nM src/config.js\n');
  });

  it('MCP: JSON-RPC errors compare by message; the mount climbs from /test to / where the files are', async () => {
    const s = sample('mcp-jsonrpc.jsonl');
    expect(await suggestMount(s, new MemoryFs({ ...SAMPLE_TEXT_FILES }))).toEqual({
      mount: '/',
      basis: 'workspace',
      paths: ['/test/config.toml', '/test/missing.toml'],
      found: 1,
      reason: 'Every edited path lies in /test. The workspace holds 1 of 2 edited files under /, so the root stands for /.',
    });
    const r = await againstSandbox('mcp-jsonrpc.jsonl');
    expect(timeline(r)).toEqual([
      '#0 read_text_file: listed',
      '#1 edit_text_file: agrees',
      '#2 edit_text_file: agrees (not-found)',
      '#3 multi_edit_text_file: agrees',
      '#4 edit_text_file: agrees (no-file)',
      '#5 get_file_info: listed',
    ]);
  });
});

describe('sample transcripts seeded from the transcript', () => {
  it('Claude Code: both Reads seed their files; the refused Edit before the second Read changed nothing', async () => {
    const { seed, replay } = await seeded('claude-code.jsonl');
    expect(seed.mount).toBe('/');
    expect(seed.entries).toEqual([
      { path: 'test/config.toml', displayPath: '/test/config.toml', how: 'whole', fromCall: 0 },
      { path: 'src/main.go', displayPath: '/src/main.go', how: 'whole', fromCall: 6 },
      { path: 'test/notes.md', displayPath: '/test/notes.md', how: 'created', fromCall: 9 },
    ]);
    expect(seed.files).toEqual({ 'test/config.toml': SAMPLE_TEXT_FILES['test/config.toml'], 'src/main.go': SAMPLE_TEXT_FILES['src/main.go'] });
    expect(seed.unseen).toEqual([]);
    expect(replay.figures).toMatchObject({ agrees: 7, differs: 0 });
  });

  it('Anthropic: the view seeds src/config.js; the create on a never-shown file cannot be judged', async () => {
    const { seed, replay } = await seeded('anthropic-messages.json');
    expect(seed.files).toEqual({ 'src/config.js': SAMPLE_TEXT_FILES['src/config.js'] });
    expect(seed.unseen).toEqual([{ path: 'test/config.toml', displayPath: '/test/config.toml', firstCall: 4 }]);
    expect(timeline(replay).filter((l) => !l.endsWith('listed'))).toEqual([
      '#1 str_replace_based_edit_tool: agrees (not-found)',
      '#2 str_replace_based_edit_tool: agrees',
      '#3 str_replace_based_edit_tool: agrees',
      '#4 str_replace_based_edit_tool: cannot judge [never-shown] (no-file)',
    ]);
    expect(replay.calls[4]!.verdict).toMatchObject({
      cannotJudge: { reason: 'never-shown', evidence: 'the transcript never shows test/config.toml before a call edits it, so its content is unknown' },
      ours: { isError: true, text: "Ran into [Errno 2] No such file or directory: '/test/config.toml' while trying to write to /test/config.toml" },
    });
  });

  it('OpenAI Chat and MCP: read_file results are the files; the mount is the common folder /test', async () => {
    const chat = await seeded('openai-chat.json');
    expect(chat.seed.mount).toBe('/test');
    expect(chat.seed.files).toEqual({ 'file.txt': 'line 1\nline 2\nline 3\n' });
    expect(chat.replay.figures).toMatchObject({ agrees: 4, differs: 0 });
    const mcp = await seeded('mcp-jsonrpc.jsonl');
    expect(mcp.seed.files).toEqual({ 'config.toml': SAMPLE_TEXT_FILES['test/config.toml'] });
    expect(mcp.seed.unseen).toEqual([{ path: 'missing.toml', displayPath: '/test/missing.toml', firstCall: 4 }]);
    expect(mcp.replay.figures).toMatchObject({ agrees: 4, differs: 0 });
  });

  it('Responses: files the transcript never showed are listed, and their edits cannot be judged', async () => {
    const responses = await seeded('openai-responses.json');
    expect(responses.seed.unseen).toEqual([{ path: 'test/config.toml', displayPath: '/test/config.toml', firstCall: 4 }]);
    expect(timeline(responses.replay).filter((l) => !l.endsWith('listed'))).toEqual([
      '#1 apply_patch: agrees',
      '#2 apply_patch: agrees (not-found)',
      '#3 apply_patch: agrees',
      '#4 apply_patch: cannot judge [never-shown] (no-file)',
      '#5 apply_patch: cannot judge [never-shown] (no-file)',
    ]);
  });

  it('Codex: the shell `cat` (run in the session cwd /) seeds src/config.js whole, and every patch agrees', async () => {
    const codex = await seeded('codex-rollout.jsonl');
    expect(codex.seed.files).toEqual({ 'src/config.js': SAMPLE_TEXT_FILES['src/config.js'] });
    expect(codex.seed.entries).toEqual([{ path: 'src/config.js', displayPath: '/src/config.js', how: 'whole', fromCall: 0 }]);
    expect(codex.seed.unseen).toEqual([]);
    expect(codex.replay.figures).toMatchObject({ editCalls: 3, readCalls: 1, differs: 0, cannotJudge: 0, agrees: 3 });
  });
});

// OpenHands' agent SDK conversations (openhands-sdk.ts): arrays of `ActionEvent` /
// `ObservationEvent` with a `kind`, as atineoSE/openhands-trajectory-visualizer's
// `docs/data/*/events.json` (@f1c9835e, OpenHands CLI of February 2026) hold them: 4 conversations,
// 34 edit calls of `file_editor`, read as no known transcript before. Shapes re-expressed; each
// answer text below is our editor's (the openhands-sdk variant), as the SDK's tool writes it.

import { describe, expect, it } from 'vitest';
import { runCall } from '../engine/run';
import { detectDocument } from './detect';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const FILE = 'x = 1\ny = 2\n';

async function answer(input: object, files: Record<string, string>, release: string): Promise<string> {
  const r = await runCall(new MemoryFs(files), 'str_replace_editor', input, { mount: '/w', release });
  return r.ok ? String((r.result as { output?: unknown }).output ?? r.result) : r.error.message;
}

let n = 0;
const action = (tool: string, act: object) => {
  const id = `a${n++}`;
  return { id, timestamp: '2026-02-09T18:28:59.801826', source: 'agent', thought: [], action: { ...act, kind: tool === 'file_editor' ? 'FileEditorAction' : 'TerminalAction' }, tool_name: tool, tool_call_id: `${tool}:${n}`, tool_call: { id: `${tool}:${n}`, name: tool, arguments: JSON.stringify(act), origin: 'completion' }, security_risk: 'LOW', summary: 's', kind: 'ActionEvent' };
};
const observation = (of: { id: string; tool_name: string; tool_call_id: string }, text: string, extra: object) => ({
  id: `o${n++}`,
  timestamp: '2026-02-09T18:29:00.000000',
  source: 'environment',
  tool_name: of.tool_name,
  tool_call_id: of.tool_call_id,
  observation: { content: [{ cache_prompt: false, type: 'text', text }], ...extra },
  action_id: of.id,
  kind: 'ObservationEvent',
});

describe('OpenHands agent-SDK conversations', () => {
  it('are detected, and their file_editor calls replay as openhands-aci\'s editor with the SDK\'s bare failure texts', async () => {
    const view = { command: 'view', path: '/w/a.py' };
    const edit = { command: 'str_replace', path: '/w/a.py', old_str: 'y = 2', new_str: 'y = 3' };
    const miss = { command: 'str_replace', path: '/w/a.py', old_str: 'z = 9', new_str: 'z = 0' };
    const viewText = await answer(view, { 'a.py': FILE }, 'openhands-sdk');
    const editText = await answer(edit, { 'a.py': FILE }, 'openhands-sdk');
    const missText = await answer(miss, { 'a.py': 'x = 1\ny = 3\n' }, 'openhands-sdk');
    expect(missText).toBe('No replacement was performed, old_str `z = 9` did not appear verbatim in /w/a.py.');
    expect(await answer(miss, { 'a.py': FILE }, 'openhands-aci')).toBe(`ERROR:\n${missText}`);
    const [a0, a1, a2, a3] = [action('file_editor', view), action('file_editor', edit), action('terminal', { command: 'python a.py', is_input: false, reset: false }), action('file_editor', miss)];
    const events = [
      { id: 'p', timestamp: '2026-02-09T18:28:00', source: 'agent', system_prompt: { type: 'text', text: 'You are OpenHands agent' }, tools: [], kind: 'SystemPromptEvent' },
      a0, observation(a0, viewText, { is_error: false, command: 'view', path: '/w/a.py', kind: 'FileEditorObservation' }),
      a1, observation(a1, editText, { is_error: false, command: 'str_replace', path: '/w/a.py', prev_exist: true, kind: 'FileEditorObservation' }),
      a2, observation(a2, '', { is_error: false, command: 'python a.py', exit_code: 0, kind: 'TerminalObservation' }),
      a3, observation(a3, missText, { is_error: true, command: 'str_replace', prev_exist: true, kind: 'FileEditorObservation' }),
    ];
    const text = JSON.stringify(events);
    expect(detectDocument(events)).toMatchObject({ format: 'openhands', why: expect.stringMatching(/OpenHands agent-SDK events; event 1 is an ActionEvent of the "file_editor" tool/) });
    const s = parseSession(text);
    expect(s.calls.map((c) => [c.toolName, c.kind, c.profile, c.result?.isError])).toEqual([
      ['file_editor', 'read', 'str_replace_editor', false],
      ['file_editor', 'edit', 'str_replace_editor', false],
      ['terminal', 'other', null, false],
      ['file_editor', 'edit', 'str_replace_editor', true],
    ]);
    const seed = seedFromTranscript(s);
    expect(seed.files).toEqual({ 'a.py': FILE });
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
    expect(r.calls.filter((c) => c.kind === 'edit').map((c) => [c.verdict?.verdict, c.verdict?.compared])).toEqual([
      ['agrees', 'text'],
      ['agrees', 'text'],
    ]);
  });

  it("an edit's observation keeps the file before it (old_content): a file never viewed is re-synced to it and the edit judged", async () => {
    const edit = { command: 'str_replace', path: '/w/b.py', old_str: 'y = 2', new_str: 'y = 3' };
    const editText = await answer(edit, { 'b.py': FILE }, 'openhands-sdk');
    const a = action('file_editor', edit);
    const replayed = async (extra: object) => {
      const s = parseSession(JSON.stringify([a, observation(a, editText, { is_error: false, command: 'str_replace', path: '/w/b.py', prev_exist: true, ...extra, kind: 'FileEditorObservation' })]));
      const seed = seedFromTranscript(s, { mount: '/w' });
      const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
      return [r.calls[0]!.verdict?.verdict, r.calls[0]!.verdict?.cannotJudge?.reason ?? null];
    };
    expect(await replayed({ old_content: FILE, new_content: 'x = 1\ny = 3\n' })).toEqual(['agrees', null]);
    expect(await replayed({})).toEqual(['cannot judge', 'never-shown']);
  });
});

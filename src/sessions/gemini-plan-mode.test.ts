// A Gemini CLI session record of June 2026 (bhanu7410/personal_finance `gemini_session.json`
// @90ee8d2b, 39 edit calls: 0 agreed, 33 differed before): its `<session_context>` message names
// the workspace directory and the project temporary directory, where Plan Mode writes its plans
// (`../../../.gemini/tmp/<project>/<session>/plans/x.md`). The plans widened the inferred mount
// to the home folder, so relative paths resolved there instead of in the workspace, the plans
// were "not in workspace", and Plan Mode's policy refusals were read as the tool's answers.
// Shapes re-expressed, nothing quoted.

import { describe, expect, it } from 'vitest';
import { runCall } from '../engine/run';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const HOME = '/Users/u';
const WS = `${HOME}/Desktop/proj`;
const TEMP = `${HOME}/.gemini/tmp/proj`;
const CONTEXT = `<session_context>\nThis is the Gemini CLI. We are setting up the context for our chat.\nToday's date is Sunday, 14 June 2026 (formatted according to the user's locale).\nMy operating system is: darwin\nThe project's temporary directory is: ${TEMP}\n- **Workspace Directories:**\n  - ${WS}\n- **Directory Structure:**\n`;
const DENIED = 'Tool execution denied by policy. You are in Plan Mode and cannot modify source code. You may ONLY use write_file or replace to save plans to the designated plans directory as .md files.';

let n = 0;
const toolCall = (name: string, args: object, response: { output: string } | { error: string }) => {
  const id = `${name}__${name}_17814405160${n++}_0`;
  return { id, name, args, result: [{ functionResponse: { id, name, response } }], status: 'error' in response ? 'error' : 'success', timestamp: '2026-06-14T12:35:16.090Z' };
};
const record = (calls: object[]) =>
  JSON.stringify({
    sessionId: 's',
    projectHash: 'h',
    startTime: '2026-06-14T12:02:30.430Z',
    messages: [
      { id: 'm0', timestamp: '2026-06-14T12:02:30.430Z', type: 'user', content: [{ text: CONTEXT }] },
      { id: 'm1', timestamp: '2026-06-14T12:03:30.430Z', type: 'gemini', content: '', toolCalls: calls },
    ],
  });
const created = (abs: string, content: string) => `Successfully created and wrote to new file: ${abs}. Here is the updated code:\n${content}`;

async function replayed(calls: object[]) {
  const s = parseSession(record(calls));
  const seed = seedFromTranscript(s);
  const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
  return { s, seed, r };
}

describe('Gemini CLI: the session context names the workspace and the project temporary directory', () => {
  it('relative paths resolve in the workspace, a plan in the temporary directory is written, a policy refusal is not the tool\'s answer', async () => {
    const plan = '../../.gemini/tmp/proj/s1/plans/plan.md';
    const { s, seed, r } = await replayed([
      toolCall('write_file', { file_path: plan, content: '# Plan\n' }, { output: created(`${TEMP}/s1/plans/plan.md`, '# Plan\n') }),
      toolCall('write_file', { file_path: 'src/a.ts', content: 'export {};\n' }, { error: DENIED }),
      toolCall('write_file', { file_path: 'NOTES.md', content: 'notes\n' }, { output: created(`${WS}/NOTES.md`, 'notes\n') }),
    ]);
    expect(s.runtime).toEqual({ tempDir: TEMP });
    expect(s.calls.map((c) => c.cwd)).toEqual([WS, WS, WS]);
    expect(seed.mount).toBe(HOME);
    expect(r.calls.map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.reason ?? null])).toEqual([
      ['agrees', null],
      ['cannot judge', 'not-tool-answer'],
      ['agrees', null],
    ]);
  });
});

describe('the Gemini profiles: the target directory is the call\'s directory, and the temporary directory is writable', () => {
  const fs = () => new MemoryFs({ 'Desktop/proj/a.md': 'a\n', 'other.md': 'o\n' });
  const options = { mount: HOME, cwd: WS, tempDir: TEMP, release: '0.45.0' };

  it('a relative path is under the target directory; a path elsewhere under the mount is not in the workspace', async () => {
    const ok = await runCall(fs(), 'write_file', { file_path: 'b.md', content: 'b\n' }, options);
    expect(ok.ok && ok.stage.files.map((f) => f.path)).toEqual(['Desktop/proj/b.md']);
    const outside = await runCall(fs(), 'write_file', { file_path: `${HOME}/other.md`, content: 'x\n' }, options);
    expect(outside.ok ? null : outside.error.message).toBe(`Path not in workspace: Attempted path "${HOME}/other.md" resolves outside the allowed workspace directories: ${WS} or the project temp directory: ${TEMP}`);
    const temp = await runCall(fs(), 'write_file', { file_path: `${TEMP}/plans/p.md`, content: 'p\n' }, options);
    expect(temp.ok && temp.stage.files.map((f) => f.path)).toEqual(['.gemini/tmp/proj/plans/p.md']);
  });

  it('replace takes a relative file under the target directory, not one of that name under the mount', async () => {
    const r = await runCall(new MemoryFs({ 'Desktop/proj/a.md': 'a\n', 'a.md': 'a\n' }), 'replace', { file_path: 'a.md', instruction: 'Capitalise a.', old_string: 'a', new_string: 'A' }, options);
    expect(r.ok && r.stage.files.map((f) => f.path)).toEqual(['Desktop/proj/a.md']);
  });
});

// A Claude Code session exported without its release (an OpenAI-chat or Anthropic export, or
// lines without `version`) runs as the reference release, 2.1.88, whose Edit and Write answers
// have no re-read note; from 2.1.91 a server-side flag appended one, and a real export of a 2026
// session (richh-s/TASK-20260318-393C91 `trajectory.json` @30125b87, 133 Write and 13 Edit calls)
// records it on each. Such a call agrees with the note that names the later release.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { warningsBeside } from './verdict';
import { MemoryFs } from '../workspace/memory-fs';

const NOTE = ' (file state is current in your context \u2014 no need to Read it back)';
const line = (type: string, rest: object, version?: string) => JSON.stringify({ cwd: '/w', sessionId: 's', type, ...(version !== undefined && { version }), ...rest });
const use = (id: string, name: string, input: object) => ({ message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const result = (id: string, content: string) => ({ message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] } });

async function replay(version: string | undefined, answers: { edit: string; write: string }) {
  const s = parseSession(
    [
      line('assistant', use('r', 'Read', { file_path: '/w/a.txt' }), version),
      line('user', result('r', '     1→one\n     2→two\n'), version),
      line('assistant', use('e', 'Edit', { file_path: '/w/a.txt', old_string: 'two', new_string: '2' }), version),
      line('user', result('e', answers.edit), version),
      line('assistant', use('w', 'Write', { file_path: '/w/b.txt', content: 'b\n' }), version),
      line('user', result('w', answers.write), version),
    ].join('\n'),
  );
  const seed = seedFromTranscript(s);
  const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
  return r.calls.filter((c) => c.kind === 'edit').map((c) => [c.toolName, c.verdict?.verdict, c.notes.find((n) => n.startsWith('Agrees with')) ?? null]);
}

const EDIT = 'The file /w/a.txt has been updated successfully.';
const WRITE = 'File created successfully at: /w/b.txt';
const LATER = 'Agrees with the answer of 2.1.91 or later with the server-side flag tengu_noreread_q7m_velvet on (ours is 2.1.88\'s): the transcript does not say which release recorded it, and both are the tool\'s.';

describe('Claude Code calls whose transcript names no release', () => {
  it("agree with the re-read note of 2.1.91 and later, saying so", async () => {
    expect(await replay(undefined, { edit: `${EDIT}${NOTE}`, write: `${WRITE}${NOTE}` })).toEqual([
      ['Edit', 'agrees', LATER],
      ['Write', 'agrees', LATER],
    ]);
  });

  it("agree without it, as 2.1.88 answered", async () => {
    expect(await replay(undefined, { edit: EDIT, write: WRITE })).toEqual([
      ['Edit', 'agrees', null],
      ['Write', 'agrees', null],
    ]);
  });

  it('a session that names 2.1.88 is judged by that release alone: the note differs', async () => {
    expect((await replay('2.1.88', { edit: `${EDIT}${NOTE}`, write: `${WRITE}${NOTE}` })).map((c) => c.slice(0, 2))).toEqual([
      ['Edit', 'differs'],
      ['Write', 'differs'],
    ]);
  });
});

describe("a call agreed as the tool's other answer: its warning names the profile's own answer", () => {
  async function warnings(version: string | undefined): Promise<string[][]> {
    const s = parseSession(
      [
        line('assistant', use('w', 'Write', { file_path: '/w/b.txt', content: 'b\n' }), version),
        line('user', result('w', `${WRITE}${NOTE}`), version),
      ].join('\n'),
    );
    const seed = seedFromTranscript(s);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
    return r.calls.filter((c) => c.kind === 'edit').map((c) => warningsBeside(c.outcome!, c.verdict!.ours));
  }

  // A real 2.1.167 Write (austinweitao/claude-backup @37ca79c5, a subagent of OpenCoreSDK) read
  // "…answered this way unless the flag was on; with it on, the answer was: " and then the very
  // answer shown.
  it('2.1.91 and later with the flag on: the warning gives the answer with it off', async () => {
    expect(await warnings('2.1.167')).toEqual([
      [
        `Claude Code 2.1.91 and later answered this way with the server-side flag tengu_noreread_q7m_velvet on for the session, as this session had it (the answer shown); with it off, the answer was: ${WRITE}`,
      ],
    ]);
  });

  it('no release recorded: the warning gives 2.1.88 as the other release', async () => {
    expect(await warnings(undefined)).toEqual([
      [`2.1.91 or later with the server-side flag tengu_noreread_q7m_velvet on's answer (the one shown); the recording does not say which release ran it; as 2.1.88 ran it, the answer was: ${WRITE}`],
    ]);
  });
});

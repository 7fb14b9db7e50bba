// A Claude Code Write whose answer says the file was there ("The file … has been updated"), on a
// file the transcript never showed: a script had made it (CaptainRandom00/Claude-Code's 2.0.8
// session: `.specify/scripts/bash/setup-plan.sh --json` printed "Copied plan template to …/plan.md",
// then a Write of plan.md answered `update`). The replay had seeded the file absent and judged the
// Write "differs" (created against updated); the answer is the transcript's word that it existed,
// with text the transcript never shows. The shape is theirs; the texts are invented.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const line = (type: string, rest: object) => JSON.stringify({ cwd: '/w', sessionId: 's', version: '2.0.8', type, ...rest });
const use = (id: string, name: string, input: object) => line('assistant', { message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const result = (id: string, content: string) => line('user', { message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] } });

async function replayed(answer: string) {
  const s = parseSession(
    [
      use('b', 'Bash', { command: '.specify/scripts/bash/setup-plan.sh --json', description: 'Set up the plan' }),
      result('b', '{"FEATURE_SPEC":"/w/specs/001/spec.md","IMPL_PLAN":"/w/specs/001/plan.md"}\nCopied plan template to /w/specs/001/plan.md'),
      use('w', 'Write', { file_path: '/w/specs/001/plan.md', content: '# Plan\n' }),
      result('w', answer),
    ].join('\n'),
  );
  const seed = seedFromTranscript(s);
  return { seed, r: await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) }) };
}

describe('a Write that answered "updated" on a file never shown', () => {
  it('the file was there, its text unknown: not judged', async () => {
    const { seed, r } = await replayed("The file /w/specs/001/plan.md has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n     1→# Plan\n");
    expect(seed.unseen.map((u) => u.path)).toEqual(['plan.md']);
    expect(r.calls[1]!.verdict).toMatchObject({ verdict: 'cannot judge', cannotJudge: { reason: 'never-shown' } });
  });

  it('one that answered "created" made it: judged, and agrees', async () => {
    const { seed, r } = await replayed('File created successfully at: /w/specs/001/plan.md');
    expect(seed.unseen).toEqual([]);
    expect(r.calls[1]!.verdict?.verdict).toBe('agrees');
  });
});

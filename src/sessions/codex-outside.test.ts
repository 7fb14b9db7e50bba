// Codex rollouts whose shell calls change files behind apply_patch's back: the replay cannot run
// them, so a later patch on such a file that answers otherwise here is `cannot judge (changed
// outside the calls)`, never `differs`. The shapes are re-expressed from public rollouts (no
// licence, so nothing is quoted):
// - `shell_command` (Codex's shell tool from 0.5x on) writing a file with a here-document, then
//   an apply_patch on it that succeeded: rollout-2025-12-25T22-45-23-019b55c1….jsonl (codex
//   0.77.0, a local voice-assistant project), lines 342 and 356.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession, type SessionReplay } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-10T09:00:00.000Z', type, payload });
const meta = (version: string) => line('session_meta', { id: 's', cwd: '/w', originator: 'codex_cli_rs', cli_version: version });
const call = (name: string, id: string, args: unknown) => line('response_item', { type: 'function_call', name, call_id: id, arguments: JSON.stringify(args) });
const output = (id: string, text: string) => line('response_item', { type: 'function_call_output', call_id: id, output: text });
const ran = (id: string, out: string) => output(id, `Exit code: 0\nWall time: 0.1 seconds\nOutput:\n${out}`);
const patch = (id: string, body: string, answer: string) => [
  line('response_item', { type: 'custom_tool_call', name: 'apply_patch', call_id: id, input: `*** Begin Patch\n${body}\n*** End Patch` }),
  line('response_item', { type: 'custom_tool_call_output', call_id: id, output: JSON.stringify({ output: answer, metadata: { exit_code: 0, duration_seconds: 0 } }) }),
];

/** Replays a rollout seeded from itself, as `replay --seed-from-transcript` does. */
async function replayRollout(lines: string[]): Promise<SessionReplay> {
  const s = parseSession(lines.join('\n'));
  const seed = seedFromTranscript(s);
  return replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
}

const rows = (r: SessionReplay): string[] =>
  r.calls.filter((c) => c.status !== 'listed').map((c) => `#${c.index} ${c.verdict!.verdict}${c.verdict!.reason ? ` (${c.verdict!.reason})` : ''}${c.verdict!.cannotJudge ? ` [${c.verdict!.cannotJudge.reason}: ${c.verdict!.cannotJudge.evidence}]` : ''}`);

describe('Codex shell tools that change files', () => {
  it('shell_command: a read through it seeds the file, a here-document through it makes the file unknown', async () => {
    const r = await replayRollout([
      meta('0.77.0'),
      call('shell_command', 'r1', { command: 'cat spec.md', workdir: '/w' }),
      ran('r1', '# Draft\n'),
      call('shell_command', 'w1', { command: "cat <<'EOF' > spec.md\n# Spec\nbody\nEOF", workdir: '/w' }),
      ran('w1', ''),
      ...patch('p1', '*** Update File: spec.md\n@@\n # Spec\n-body\n+text', 'Success. Updated the following files:\nM spec.md\n'),
    ]);
    expect(r.calls.map((c) => `${c.toolName} ${c.kind} ${c.status}`)).toEqual(['shell_command read listed', 'shell_command other listed', 'apply_patch edit ran']);
    expect(rows(r)).toEqual([`#2 cannot judge [changed-outside: call #1 ran \`cat <<'EOF' > spec.md # Spec body EOF\`]`]);
  });

  it('shell_command: sed -i names the file it changes', async () => {
    const r = await replayRollout([
      meta('0.77.0'),
      call('shell_command', 'r1', { command: 'cat a.txt', workdir: '/w' }),
      ran('r1', 'old line\nkeep\n'),
      call('shell_command', 'w1', { command: "sed -i 's/old/new/' a.txt", workdir: '/w' }),
      ran('w1', ''),
      ...patch('p1', '*** Update File: a.txt\n@@\n-new line\n+newer line\n keep', 'Success. Updated the following files:\nM a.txt\n'),
    ]);
    expect(rows(r)).toEqual(["#2 cannot judge [changed-outside: call #1 ran `sed -i 's/old/new/' a.txt`]"]);
  });
});

// apply_patch run through Codex's shell tool, where the program's own words or Codex's sandbox
// stand between the tool and the model. Shapes re-expressed from public rollouts (no licence, so
// nothing is quoted):
// - Monotoba/OpenPrintKit .codex/sessions/2025/10/31/rollout-2025-10-31T19-02-58-c61729d4….jsonl
//   (codex 0.34.0), lines 1116, 1260, 1338-1347: `bash -lc "apply_patch <<'PATCH' …"` with the
//   here-document left open, so Codex ran the program, which printed `Invalid patch hunk on line
//   13: …` under `failed in sandbox LinuxSeccomp with execution error: sandbox denied exec error`.
// - JaydenXsoe/ocodex .codex/main_codex.back/sessions/2025/08/19/rollout-2025-08-19T08-31-17-3619d75c….jsonl
//   (a pre-0.3x rollout without a cli_version), lines 332-335: `["apply_patch", "*** Begin Patch…"]`
//   answered `failed in sandbox MacosSeatbelt … stderr: Failed to write file requirements.txt` in a
//   read-only sandbox, then the same patch with `with_escalated_permissions` succeeded.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession, type SessionReplay } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2025-10-31T19:10:00.000Z', type, payload });
const meta = line('session_meta', { id: 's', cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.34.0' });
const shell = (id: string, command: string[], output: string, extra: Record<string, unknown> = {}) => [
  line('response_item', { type: 'function_call', name: 'shell', call_id: id, arguments: JSON.stringify({ command, workdir: '/w', ...extra }) }),
  line('response_item', { type: 'function_call_output', call_id: id, output }),
];
const ok = (out: string) => JSON.stringify({ output: out, metadata: { exit_code: 0, duration_seconds: 0 } });

async function replayRollout(lines: string[]): Promise<SessionReplay> {
  const s = parseSession(lines.join('\n'));
  const seed = seedFromTranscript(s);
  return replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
}

const rows = (r: SessionReplay): string[] =>
  r.calls.filter((c) => c.status !== 'listed').map((c) => `#${c.index} ${c.verdict!.verdict}${c.verdict!.cannotJudge ? ` [${c.verdict!.cannotJudge.reason}: ${c.verdict!.cannotJudge.evidence}]` : ''}`);

describe('apply_patch run as a program through the shell', () => {
  it("the program's parse error (Invalid patch hunk on line N: …) is the handler's (invalid hunk at line N, …) in its own words", async () => {
    const sandboxed = (stderr: string) => `failed in sandbox LinuxSeccomp with execution error: sandbox denied exec error, exit code: 1, stdout: , stderr: ${stderr}`;
    const warning = "bash: line 6: warning: here-document at line 1 delimited by end-of-file (wanted `PATCH')\n";
    const r = await replayRollout([
      meta,
      ...shell('r1', ['bash', '-lc', 'cat a.yaml'], ok('id: one\n')),
      ...shell('p1', ['bash', '-lc', "apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: a.yaml\n@@\n-id: one\n+id: two\nid: test\n*** End Patch"], sandboxed(`${warning}Invalid patch hunk on line 6: Expected update hunk to start with a @@ context marker, got: 'id: test'\n`)),
      ...shell('p2', ['bash', '-lc', "apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: a.yaml\n@@\n-id: one\n+id: two\nid: test\n*** End Patch"], sandboxed(`${warning}Invalid patch hunk on line 5: Expected update hunk to start with a @@ context marker, got: 'id: test'\n`)),
    ]);
    expect(r.calls[1]!.verdict!.ours.text).toBe("apply_patch verification failed: invalid hunk at line 6, Expected update hunk to start with a @@ context marker, got: 'id: test'");
    expect(rows(r)).toEqual(['#1 agrees', '#2 differs']);
  });
});

describe("Codex's sandbox refusing the write", () => {
  it('is not the tool\'s answer: the file stays as it was, and the escalated retry is judged', async () => {
    const denied = 'failed in sandbox MacosSeatbelt with execution error: sandbox denied exec error, exit code: 1, stdout: , stderr: Failed to write file requirements.txt\n';
    const body = '*** Begin Patch\n*** Update File: requirements.txt\n@@\n peft==0.11.1\n+mediapipe\n*** End Patch';
    const r = await replayRollout([
      meta,
      ...shell('r1', ['bash', '-lc', 'cat requirements.txt'], ok('peft==0.11.1\n')),
      ...shell('p1', ['apply_patch', body], denied),
      ...shell('p2', ['apply_patch', body], ok('Success. Updated the following files:\nM requirements.txt\n'), { with_escalated_permissions: true }),
    ]);
    expect(rows(r)).toEqual([
      "#1 cannot judge [not-tool-answer: the agent's sandbox refused the tool's write, which the replay does not reproduce: \"failed in sandbox MacosSeatbelt with execution error: sandbox denied exec error, exit code: 1, stdout: , stderr: Failed to write file requirements.txt\"]",
      '#2 agrees',
    ]);
    expect(r.files.map((f) => f.finalText)).toEqual(['peft==0.11.1\nmediapipe\n']);
  });
});

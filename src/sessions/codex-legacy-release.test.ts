// Rollouts of Codex's first Rust releases (the legacy layout: no `cli_version`, no `cwd`) replay
// as the apply_patch of their date, in the directory their answers name. The shapes are those of
// JaydenXsoe/ocodex's rollout-2025-08-19T08-31-17-3619d75c-9854-4051-bb20-b370a3594a9d.jsonl
// (lines 1, 228-229, 362-363: `["apply_patch", patch]` through `shell`, answered `error: Failed to
// find expected lines ["…"] in /Users/…/gen/likeness_workflow.py`); the texts are invented.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession, type SessionReplay } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { directoryFromPatchAnswers } from './codex';
import { MemoryFs } from '../workspace/memory-fs';

const header = (day: string) => JSON.stringify({ id: 'd0c0ffee', timestamp: `${day}T08:31:17.621Z`, instructions: null, git: {} });
const STATE = '{"record_type":"state"}';
const shell = (id: string, command: string[]) => JSON.stringify({ type: 'function_call', id: `fc_${id}`, name: 'shell', arguments: JSON.stringify({ command, timeout: 120000 }), call_id: id });
const answer = (id: string, output: string) => JSON.stringify({ type: 'function_call_output', call_id: id, output });
const ran = (id: string, out: string) => answer(id, JSON.stringify({ output: out, metadata: { exit_code: 0, duration_seconds: 0.6 } }));
const patch = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch'].join('\n');

const MISS = 'error: Failed to find expected lines ["print(\\"two\\")"] in /Users/me/app/gen/x.py';
const rollout = (day: string, miss = MISS) =>
  [
    header(day),
    STATE,
    shell('r1', ['bash', '-lc', 'cat gen/x.py']),
    ran('r1', 'print("one")\n'),
    STATE,
    shell('p1', ['apply_patch', patch('*** Update File: gen/x.py', '@@', '-print("two")', '+print(2)')]),
    answer('p1', miss),
    shell('p2', ['apply_patch', patch('*** Update File: gen/x.py', '@@', '-print("one")', '+print(1)')]),
    ran('p2', 'Success. Updated the following files:\nM gen/x.py\n'),
  ].join('\n');

async function replayRollout(text: string): Promise<SessionReplay> {
  const s = parseSession(text);
  const seed = seedFromTranscript(s);
  return replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
}

const rows = (r: SessionReplay): string[] => r.calls.filter((c) => c.status !== 'listed').map((c) => `#${c.index} ${c.verdict!.verdict}${c.verdict!.reason ? ` (${c.verdict!.reason})` : ''}`);

describe('a legacy rollout replays as the release of its date', () => {
  it('before 2025-09-09: "error: " and the lines as a Rust list, the path under the directory the answer names', async () => {
    const s = parseSession(rollout('2025-08-19'));
    expect(s.calls.map((c) => [c.cwd, c.recordedAt])).toEqual([
      ['/Users/me/app', '2025-08-19T08:31:17.621Z'],
      ['/Users/me/app', '2025-08-19T08:31:17.621Z'],
      ['/Users/me/app', '2025-08-19T08:31:17.621Z'],
    ]);
    const r = await replayRollout(rollout('2025-08-19'));
    expect(rows(r)).toEqual(['#1 agrees', '#2 agrees']);
    expect(r.calls[1]!.verdict!.ours.text).toBe(MISS);
  });

  // The legacy layout names no release, and people ran the release they had installed: rollouts
  // of it dated after #3374 was merged answered the older texts (doubleeezin-ctrl/Interminal's
  // rollout-2025-09-11T11-38-58-a31f614b…, Elektriker-Edgar/PV-Projekt's
  // rollout-2025-09-24T04-40-17…, line 113: `error: Failed to find expected lines ["<!--", …]`).
  it('from 2025-09-09 still the older texts: the layout is of the releases before #3374', async () => {
    const s = parseSession(rollout('2025-09-24'));
    expect(s.calls.map((c) => c.version)).toEqual(['before-3374', 'before-3374', 'before-3374']);
    const r = await replayRollout(rollout('2025-09-24'));
    expect(rows(r)).toEqual(['#1 agrees', '#2 agrees']);
    expect(r.calls[1]!.verdict!.ours.text).toBe(MISS);
  });

  it('no answer names an absolute path: the calls keep no directory', () => {
    const s = parseSession(rollout('2025-08-19', 'error: Failed to find expected lines ["print(\\"two\\")"] in gen/x.py'));
    expect(s.calls.map((c) => c.cwd)).toEqual([undefined, undefined, undefined]);
  });
});

describe('the directory an answer names (directoryFromPatchAnswers)', () => {
  const parsed = (input: string, text: string) => parseSession([header('2025-08-19'), shell('p', ['apply_patch', input]), answer('p', text)].join('\n'));
  const dirOf = (input: string, text: string) => parsed(input, text).calls[0]!.cwd ?? null;
  it('is what comes before the relative path, matched as a whole name', () => {
    expect(dirOf(patch('*** Delete File: ./a/b.txt'), 'error: Failed to read /srv/x/a/b.txt: No such file or directory (os error 2)')).toBe('/srv/x');
    expect(dirOf(patch('*** Update File: b.txt', '@@', '-q'), 'error: Failed to find expected lines ["q"] in /srv/x/ab.txt')).toBeNull();
    expect(dirOf(patch('*** Update File: b.txt', '@@', '-q'), 'error: Failed to find expected lines ["q"] in /srv/x/b.txt.bak')).toBeNull();
    expect(dirOf(patch('*** Update File: ../b.txt', '@@', '-q'), 'error: Failed to find expected lines ["q"] in /srv/b.txt')).toBeNull();
  });
  it('a call that knows its directory is not asked', () => {
    const calls = parsed(patch('*** Update File: b.txt', '@@', '-q'), 'error: Failed to find expected lines ["q"] in /srv/x/b.txt').calls.map((c) => ({ ...c, cwd: '/elsewhere' }));
    expect(directoryFromPatchAnswers(calls)).toBeNull();
  });
});

describe("the first releases' truncated output", () => {
  // Shape of ocodex's rollout-2025-08-26T20-06-08-e242c65b… line 81: `sed -n '1,240p'` answered
  // 208 lines, the last cut by bytes, then a blank line and the mark. Read as the whole file (fewer
  // lines than asked for), it made the patch that went on past the head a wrong `differs`.
  const cut = 'a\nb\nc is cu\n\n[Output truncated after 3 lines: too many lines or bytes.]';
  const text = (body: string) =>
    [
      header('2025-08-26'),
      shell('r1', ['bash', '-lc', "sed -n '1,240p' /w/m.rs"]),
      ran('r1', cut),
      shell('p1', ['apply_patch', patch('*** Update File: /w/m.rs', '@@', body)]),
      ran('p1', 'Success. Updated the following files:\nM /w/m.rs\n'),
    ].join('\n');
  it('shows the head less the line the cut ran into, not the whole file: a chunk past it cannot be judged', async () => {
    const r = await replayRollout(text('-c is cut\n-d'));
    expect(rows(r)).toEqual(['#1 cannot judge']);
    expect(JSON.stringify(r.calls[1]!.verdict)).toContain('partly-shown');
  });
});

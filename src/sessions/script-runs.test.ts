// A script file run through an interpreter (`node scripts/sync-manifest-policy.mjs`) is read for
// its writes when the replay knows its text. The shape is re-expressed from a public rollout (no
// licence, so nothing is quoted): taturou/codex-chrome-extension
// .codex/sessions/2026/02/24/rollout-2026-02-24T10-32-…jsonl (codex 0.104.0), where apply_patch
// added scripts/sync-manifest-policy.mjs (line 143), which writes src/shared/manifestPolicy.ts,
// and `node scripts/sync-manifest-policy.mjs` ran it (line 220).

import { describe, expect, it } from 'vitest';
import { scriptFiles } from './code-writes';
import { parseScript } from './shell-script';
import { parseSession } from './parse';
import { replaySession, type SessionReplay } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-02-24T10:40:00.000Z', type, payload });
const meta = line('session_meta', { id: 's', cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.104.0' });
const exec = (id: string, cmd: string, out = '') => [
  line('response_item', { type: 'function_call', name: 'exec_command', call_id: id, arguments: JSON.stringify({ cmd, workdir: '/w' }) }),
  line('response_item', { type: 'function_call_output', call_id: id, output: `Exit code: 0\nWall time: 0 seconds\nOutput:\n${out}` }),
];
const patch = (id: string, body: string, answer: string) => [
  line('response_item', { type: 'custom_tool_call', name: 'apply_patch', call_id: id, input: `*** Begin Patch\n${body}\n*** End Patch` }),
  line('response_item', { type: 'custom_tool_call_output', call_id: id, output: answer }),
];
const added = (path: string, lines: string[]) => patch(`add-${path}`, `*** Add File: ${path}\n${lines.map((l) => `+${l}`).join('\n')}`, `Success. Updated the following files:\nA ${path}\n`);

async function replayRollout(lines: string[]): Promise<SessionReplay> {
  const s = parseSession(lines.join('\n'));
  const seed = seedFromTranscript(s);
  return replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
}

const rows = (r: SessionReplay): string[] => r.calls.filter((c) => c.status !== 'listed').map((c) => `#${c.index} ${c.verdict!.verdict}${c.verdict!.cannotJudge ? ` [${c.verdict!.cannotJudge.evidence}]` : ''}`);

describe('script files run through an interpreter', () => {
  it('are the first operand ending as a script; a module run or inline code is none', () => {
    const runs = (s: string) => scriptFiles(parseScript(s) ?? []);
    expect(runs('node scripts/sync.mjs --check && python3 -u tools/gen.py a b && bash ./build.sh')).toEqual([
      { path: 'scripts/sync.mjs', shell: false },
      { path: 'tools/gen.py', shell: false },
      { path: './build.sh', shell: true },
    ]);
    for (const s of ['python3 -m pytest tests/test_a.py', "python3 -c 'print(1)'", 'bash -lc "ls"', 'node --version', 'node $SCRIPT']) expect(runs(s)).toEqual([]);
  });

  it('a script only checked is not run: bash -n (entireio/cli session cc-90f6622c5b: `bash -n …/migrate-sessions.sh && echo "Syntax OK"`), node --check, php -l', () => {
    const runs = (s: string) => scriptFiles(parseScript(s) ?? []);
    for (const s of ['bash -n scripts/migrate-sessions.sh && echo "Syntax OK"', 'sh -nv x.sh', 'node --check gen.mjs', 'php -l index.php']) expect(runs(s)).toEqual([]);
    expect(runs('bash -x scripts/run.sh && bash -e ci.sh')).toEqual([{ path: 'scripts/run.sh', shell: true }, { path: 'ci.sh', shell: true }]);
  });

  it('a script the session wrote is read: the file it names is unknown after it runs, one it builds makes every file unknown', async () => {
    const r = await replayRollout([
      meta,
      ...added('policy.ts', ['export const a = 1;']),
      ...added('gen.mjs', ["import { writeFileSync } from 'node:fs';", "writeFileSync('policy.ts', 'export const a = 2;\\n');"]),
      ...exec('g1', 'node gen.mjs'),
      ...patch('p1', '*** Update File: policy.ts\n@@\n-export const a = 2;\n+export const a = 3;', 'Success. Updated the following files:\nM policy.ts\n'),
      ...added('wide.py', ['import sys', 'open(sys.argv[1], "w").write("x")']),
      ...exec('g2', 'python3 wide.py notes.md'),
      ...patch('p2', '*** Update File: gen.mjs\n@@\n-gone\n+here', 'Success. Updated the following files:\nM gen.mjs\n'),
    ]);
    expect(rows(r)).toEqual([
      '#0 agrees',
      '#1 agrees',
      '#3 cannot judge [call #2 ran `node gen.mjs`]',
      '#4 agrees',
      '#6 cannot judge [call #5 ran `python3 wide.py notes.md`, whose script wide.py may change any file]',
    ]);
  });

  it('a script whose text the replay does not know is not read, as a test run is not', async () => {
    const r = await replayRollout([
      meta,
      ...exec('r1', 'cat policy.ts', 'export const a = 1;\n'),
      ...exec('g1', 'node tools/gen.mjs'),
      ...patch('p1', '*** Update File: policy.ts\n@@\n-export const a = 2;\n+export const a = 3;', 'Success. Updated the following files:\nM policy.ts\n'),
    ]);
    expect(rows(r)).toEqual(['#2 differs']);
  });
});

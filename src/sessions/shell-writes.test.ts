// Files a shell command writes whole with a literal here-document: the replay takes their text,
// so the edit calls on them after it are judged. The shape is re-expressed from a public rollout
// (no licence, so nothing is quoted): rollout-2026-01-30T15-18-42-019c0f45-4143-7112-8bd8-317529e3c409.jsonl
// (codex 0.92.0, a BMAD planning session), where `cat <<'EOF' > …/epics.md` wrote the file and
// 36 apply_patch calls edited it after; every one read `cannot judge (changed outside the calls)`.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession, type SessionReplay } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { shellEffect } from './shell-effects';
import { parseScript } from './shell-script';
import { wholeWrites, writesDone } from './shell-writes';
import { doneWrites } from './replay-shell';
import type { SessionCall } from './types';
import { MemoryFs } from '../workspace/memory-fs';

const writes = (script: string) => wholeWrites(parseScript(script) ?? []);

describe('a literal here-document written to a file is a whole write', () => {
  it('cat with the redirection before or after the here-document, quoted delimiters of every kind', () => {
    expect(writes("cat <<'EOF' > notes.md\nhello\n  world\nEOF")).toEqual([{ path: 'notes.md', text: 'hello\n  world\n', append: false, dir: null }]);
    expect(writes('cat > notes.md <<"EOF"\n$HOME `x` \\n\nEOF')).toEqual([{ path: 'notes.md', text: '$HOME `x` \\n\n', append: false, dir: null }]);
    expect(writes('cat >notes.md <<\\EOF\n$x\nEOF')).toEqual([{ path: 'notes.md', text: '$x\n', append: false, dir: null }]);
    expect(writes("cat - > 'my notes.md' <<'EOF'\nx\nEOF")).toEqual([{ path: 'my notes.md', text: 'x\n', append: false, dir: null }]);
  });

  it('an unquoted delimiter is literal only when the body holds no $, backtick or backslash', () => {
    expect(writes('cat > a.txt <<EOF\nplain text, "quotes" and \'quotes\'\nEOF')).toEqual([{ path: 'a.txt', text: 'plain text, "quotes" and \'quotes\'\n', append: false, dir: null }]);
    for (const body of ['cost: $5', 'run `ls`', 'a\\tb']) expect(writes(`cat > a.txt <<EOF\n${body}\nEOF`)).toEqual([]);
  });

  it('<<- strips leading tabs; an empty body writes an empty file; >> appends', () => {
    expect(writes("cat <<-'EOF' > a.py\n\tdef f():\n\t    return 1\n\tEOF")).toEqual([{ path: 'a.py', text: 'def f():\n    return 1\n', append: false, dir: null }]);
    expect(writes("cat > empty.txt <<'EOF'\nEOF")).toEqual([{ path: 'empty.txt', text: '', append: false, dir: null }]);
    expect(writes("cat > one.txt <<'EOF'\n\nEOF")).toEqual([{ path: 'one.txt', text: '\n', append: false, dir: null }]);
    expect(writes("cat >> log.md <<'EOF'\n- more\nEOF")).toEqual([{ path: 'log.md', text: '- more\n', append: true, dir: null }]);
  });

  it('tee writes each file it names, directly or through a pipe from cat; a cd before it sets the folder', () => {
    expect(writes("tee a.txt b.txt > /dev/null <<'EOF'\nx\nEOF")).toEqual([
      { path: 'a.txt', text: 'x\n', append: false, dir: null },
      { path: 'b.txt', text: 'x\n', append: false, dir: null },
    ]);
    expect(writes("cat <<'EOF' | sudo tee -a /etc/hosts\n1.2.3.4 h\nEOF")).toEqual([{ path: '/etc/hosts', text: '1.2.3.4 h\n', append: true, dir: null }]);
    expect(writes("mkdir -p docs && cd docs && cat > a.md <<'EOF'\n# A\nEOF")).toEqual([{ path: 'a.md', text: '# A\n', append: false, dir: 'docs' }]);
  });

  it('is no whole write where the shell decides: an expanded target, an unknown folder, ||, a loop, an unclosed body, a pipe elsewhere', () => {
    for (const script of [
      "cat > \"$OUT\" <<'EOF'\nx\nEOF",
      "cd $DIR && cat > a.txt <<'EOF'\nx\nEOF",
      "test -f a.txt || cat > a.txt <<'EOF'\nx\nEOF",
      "for f in a b; do cat > $f.txt <<'EOF'\nx\nEOF\ndone",
      "cat > a.txt <<'EOF'\nx",
      "cat <<'EOF' | sed 's/x/y/' > a.txt\nx\nEOF",
      "cat > a.txt > b.txt <<'EOF'\nx\nEOF",
      "cat header.txt - > a.txt <<'EOF'\nx\nEOF",
    ]) expect(writes(script)).toEqual([]);
  });

  it('shellEffect: a file written whole leaves the paths that may change; another command naming it keeps it there', () => {
    expect(shellEffect("cat > a.txt <<'EOF'\nx\nEOF\nrm -f b.txt")).toMatchObject({ paths: ['b.txt'], wide: false, writes: [{ path: 'a.txt', text: 'x\n' }] });
    expect(shellEffect("cat > a.txt <<'EOF'\nx\nEOF\nsed -i 's/x/y/' a.txt")).toMatchObject({ paths: ['a.txt'], writes: [] });
    expect(shellEffect("cat > a.txt <<'EOF'\nx\nEOF\nnpx prettier --write .")).toMatchObject({ wide: true, writes: [] });
  });

  it('is done when the call exited 0 and the shell did not complain about the file', () => {
    const w = writes("cat > out/a.txt <<'EOF'\nx\nEOF\necho ok");
    expect(writesDone(w, { isError: false, text: 'Exit code: 0\nWall time: 0 seconds\nOutput:\nok\n' })).toBe(true);
    expect(writesDone(w, { isError: false, text: 'Exit code: 0\nWall time: 0 seconds\nOutput:\nbash: line 1: out/a.txt: No such file or directory\nok\n' })).toBe(false);
    expect(writesDone(w, { isError: false, text: 'Exit code: 1\nWall time: 0 seconds\nOutput:\n' })).toBe(false);
    expect(writesDone(w, { isError: false, text: '' })).toBe(true);
    expect(writesDone(w, { isError: true, text: 'failed' })).toBe(false);
    expect(writesDone(w, null)).toBe(false);
  });
});

const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-30T15:20:00.000Z', type, payload });
const meta = line('session_meta', { id: 's', cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.92.0' });
const shell = (id: string, command: string, out = '') => [
  line('response_item', { type: 'function_call', name: 'shell_command', call_id: id, arguments: JSON.stringify({ command, workdir: '/w' }) }),
  line('response_item', { type: 'function_call_output', call_id: id, output: `Exit code: 0\nWall time: 0 seconds\nOutput:\n${out}` }),
];
const patch = (id: string, body: string, answer = 'Success. Updated the following files:\nM docs/epics.md\n') => [
  line('response_item', { type: 'custom_tool_call', name: 'apply_patch', call_id: id, input: `*** Begin Patch\n${body}\n*** End Patch` }),
  line('response_item', { type: 'custom_tool_call_output', call_id: id, output: answer }),
];

async function replayRollout(lines: string[]): Promise<{ r: SessionReplay; seed: ReturnType<typeof seedFromTranscript> }> {
  const s = parseSession(lines.join('\n'));
  const seed = seedFromTranscript(s);
  return { r: await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) }), seed };
}

const rows = (r: SessionReplay): string[] => r.calls.filter((c) => c.status !== 'listed').map((c) => `#${c.index} ${c.verdict!.verdict}${c.verdict!.cannotJudge ? ` [${c.verdict!.cannotJudge.reason}]` : ''}`);

describe('the replay takes a whole write', () => {
  it('a file a here-document created is known: the patches after it are judged, a wrong one differs', async () => {
    const { r, seed } = await replayRollout([
      meta,
      ...shell('w1', "cat <<'EOF' > /w/docs/epics.md\n# Epics\n\n## Epic 1\n{{stories}}\nEOF"),
      ...patch('p1', '*** Update File: docs/epics.md\n@@\n ## Epic 1\n-{{stories}}\n+Story 1.1'),
      ...patch('p2', '*** Update File: docs/epics.md\n@@\n-{{stories}}\n+Story 1.2', 'apply_patch verification failed: Failed to find expected lines in /w/docs/epics.md:\n{{stories}}'),
      ...patch('p3', '*** Update File: docs/epics.md\n@@\n-Story 1.1\n+Story 1.0'),
      ...patch('p4', '*** Update File: docs/epics.md\n@@\n-Story 9\n+Story 10'),
    ]);
    expect(seed.unseen).toEqual([]);
    expect(rows(r)).toEqual(['#1 agrees', '#2 agrees', '#3 agrees', '#4 differs']);
    expect(r.calls[0]!.notes).toEqual(['This command writes /w/docs/epics.md with a here-document whose text is literal: the replay takes the text it writes, and judges later calls on it.']);
    expect(r.files.map((f) => f.path)).toEqual(['docs/epics.md']);
  });

  it('>> appends to a known file; an append to a file never shown leaves it unknown', async () => {
    const { r } = await replayRollout([
      meta,
      ...shell('w1', "cd docs && cat > epics.md <<'EOF'\n# Epics\nEOF\ncat >> epics.md <<'EOF'\n## Epic 1\nEOF"),
      ...patch('p1', '*** Update File: docs/epics.md\n@@\n # Epics\n-## Epic 1\n+## Epic One'),
      ...shell('w2', "cat >> docs/other.md <<'EOF'\nmore\nEOF"),
      ...patch('p2', '*** Update File: docs/other.md\n@@\n-more\n+less', 'Success. Updated the following files:\nM docs/other.md\n'),
    ]);
    expect(rows(r)).toEqual(['#1 agrees', '#3 cannot judge [changed-outside]']);
  });

  it("a relative path resolves against the call's workdir or the Codex turn's directory; elsewhere only an absolute cd anchors it", async () => {
    const { r, seed } = await replayRollout([
      meta,
      line('response_item', { type: 'function_call', name: 'shell_command', call_id: 'w1', arguments: JSON.stringify({ command: "cat > docs/epics.md <<'EOF'\n# Epics\nEOF" }) }),
      line('response_item', { type: 'function_call_output', call_id: 'w1', output: 'Exit code: 0\nWall time: 0 seconds\nOutput:\n' }),
      ...patch('p1', '*** Update File: docs/epics.md\n@@\n-# Epics\n+# All epics'),
    ]);
    expect(seed.unseen).toEqual([]);
    expect(rows(r)).toEqual(['#1 agrees']);
    // Claude Code's Bash keeps its directory from call to call (a parallel subagent's `cd` moves it).
    const bash = (command: string) => ({ index: 0, toolName: 'Bash', kind: 'other', profile: null, input: { command }, cwd: '/w', result: { isError: false, text: '' } }) as unknown as SessionCall;
    expect(doneWrites(bash("cat > types/a.ts <<'EOF'\nx\nEOF"), 'claude-code-jsonl')).toEqual([]);
    expect(doneWrites(bash("cd /w/app && cat > types/a.ts <<'EOF'\nx\nEOF"), 'claude-code-jsonl')).toEqual([{ path: '/w/app/types/a.ts', append: false }]);
    expect(doneWrites(bash("cat >> /w/log.md <<'EOF'\nx\nEOF"), 'claude-code-jsonl')).toEqual([{ path: '/w/log.md', append: true }]);
  });

  it('a whole write the call did not finish (exit code 1) leaves the file unknown', async () => {
    const failed = line('response_item', { type: 'function_call_output', call_id: 'w1', output: 'Exit code: 1\nWall time: 0 seconds\nOutput:\n' });
    const { r, seed } = await replayRollout([
      meta,
      shell('w1', "cat > docs/epics.md <<'EOF'\n# Epics\nEOF && false")[0]!,
      failed,
      ...patch('p1', '*** Update File: docs/epics.md\n@@\n-# Epics\n+# All epics'),
    ]);
    expect(seed.unseen.map((u) => u.path)).toEqual(['docs/epics.md']);
    expect(rows(r)).toEqual(['#1 cannot judge [changed-outside]']);
  });
});

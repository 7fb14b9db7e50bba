// Claude Code's file tools resolve a relative path against the directory the agent is in, which
// every line records (`cwd`). The shape is dirvine/saorsa-core @1236ae258c52 `logs/chat.json`
// (Claude Code 1.0.77, AGPL-3.0, not copied): relative Read/Edit/Write paths, `cwd` first the
// workspace, then a crate below it after a `cd`, so a later `docs/…` Write lands in the crate.

import { describe, expect, it } from 'vitest';
import { callPaths } from './call-paths';
import { inferMount } from './mount';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const line = (cwd: string, id: string, name: string, input: object) =>
  JSON.stringify({ type: 'assistant', sessionId: 's', version: '1.0.77', cwd, message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const answer = (cwd: string, id: string, text: string) => JSON.stringify({ type: 'user', sessionId: 's', version: '1.0.77', cwd, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] } });

describe("Claude Code's cwd", () => {
  it("a relative path is the call's directory's; the mount holds every directory such a call ran in", async () => {
    const s = parseSession(
      [
        line('/w/p2p', 'a', 'Write', { file_path: 'README.md', content: 'x\n' }),
        answer('/w/p2p', 'a', 'File created successfully at: README.md'),
        line('/w/p2p/crates/core', 'b', 'Write', { file_path: 'docs/STANDARDS.md', content: 'y\n' }),
        answer('/w/p2p/crates/core', 'b', 'File created successfully at: docs/STANDARDS.md'),
      ].join('\n'),
    );
    expect(s.calls.map((c) => [c.cwd, callPaths(c)])).toEqual([
      ['/w/p2p', ['/w/p2p/README.md']],
      ['/w/p2p/crates/core', ['/w/p2p/crates/core/docs/STANDARDS.md']],
    ]);
    expect(inferMount(s).mount).toBe('/w/p2p');
    const r = await replaySession(s, new MemoryFs(), { mount: '/w/p2p' });
    expect(r.files.map((f) => [f.path, f.status])).toEqual([['README.md', 'created'], ['crates/core/docs/STANDARDS.md', 'created']]);
  });

  it('a cwd that is not absolute is a rewritten transcript and left out: reads and edits name the same file', async () => {
    // Shape: iansherr/claude-code-log test/test_data/real_projects/-experiments-worktrees/…/subagents
    // (Claude Code 2.1.114), whose paths were rewritten to `-experiments/worktrees/…`.
    const ev = (type: string, cwd: string, content: object) => JSON.stringify({ type, sessionId: 's', version: '2.1.114', cwd, message: { role: type, content: [content] } });
    const s = parseSession(
      [
        ev('assistant', '-x/w', { type: 'tool_use', id: 'r', name: 'Read', input: { file_path: '-x/w/a.md' } }),
        ev('user', '-x/w', { type: 'tool_result', tool_use_id: 'r', content: '1\tone\n2\ttwo' }),
        ev('assistant', '-x/w', { type: 'tool_use', id: 'e', name: 'Edit', input: { file_path: '-x/w/a.md', old_string: 'two', new_string: 'three' } }),
        ev('user', '-x/w', { type: 'tool_result', tool_use_id: 'e', content: 'The file -x/w/a.md has been updated successfully.' }),
        ev('assistant', 'C:\\Users\\me', { type: 'tool_use', id: 'w', name: 'Write', input: { file_path: 'b.md', content: 'x\n' } }),
      ].join('\n'),
    );
    expect(s.calls.map((c) => c.cwd)).toEqual([undefined, undefined, 'C:\\Users\\me']);
    const seed = seedFromTranscript(s);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
    expect(r.calls[1]!.verdict!.verdict).toBe('agrees');
    expect(r.files[0]).toMatchObject({ path: '-x/w/a.md', status: 'modified' });
  });

  it('absolute paths leave the mount to them, wherever the agent was', () => {
    const s = parseSession([line('/Users/me', 'a', 'Write', { file_path: '/Users/me/proj/src/a.ts', content: 'x\n' }), answer('/Users/me', 'a', 'File created successfully at: /Users/me/proj/src/a.ts')].join('\n'));
    expect([s.calls[0]!.cwd, inferMount(s).mount]).toEqual(['/Users/me', '/Users/me/proj/src']);
  });
});

// Claude Code's file tools resolve a relative path against the directory the agent is in, which
// every line records (`cwd`). The shape is dirvine/saorsa-core @1236ae258c52 `logs/chat.json`
// (Claude Code 1.0.77, AGPL-3.0, not copied): relative Read/Edit/Write paths, `cwd` first the
// workspace, then a crate below it after a `cd`, so a later `docs/…` Write lands in the crate.

import { describe, expect, it } from 'vitest';
import { callPaths } from './call-paths';
import { inferMount } from './mount';
import { parseSession } from './parse';
import { replaySession } from './replay';
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

  it('absolute paths leave the mount to them, wherever the agent was', () => {
    const s = parseSession([line('/Users/me', 'a', 'Write', { file_path: '/Users/me/proj/src/a.ts', content: 'x\n' }), answer('/Users/me', 'a', 'File created successfully at: /Users/me/proj/src/a.ts')].join('\n'));
    expect([s.calls[0]!.cwd, inferMount(s).mount]).toEqual(['/Users/me', '/Users/me/proj/src']);
  });
});

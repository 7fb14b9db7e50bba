// A file a seeded replay never showed before a call, that the transcript then shows whole (Claude
// Code's `originalFile` on the Edit's success): the file was there before the session with that
// text, so the session's change to it is a change (`M`, a diff of the edit), not the creation of
// the whole file (`A`, a diff from /dev/null). Seen in pattern-stack/task-patterns `logs/chat.json`
// @df54b22d (Claude Code 1.0.89): CLAUDE.md, first touched by an Edit, was listed as created.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const ev = (type: 'assistant' | 'user', content: object, extra: object = {}) => JSON.stringify({ type, sessionId: 's', version: '1.0.89', cwd: '/w', message: { role: type, content: [content] }, ...extra });

describe('a file first shown by an edit of a seeded replay', () => {
  it("Claude Code's originalFile is the file before the session: the edit modifies it", async () => {
    const s = parseSession(
      [
        ev('assistant', { type: 'tool_use', id: 'e', name: 'Edit', input: { file_path: '/w/CLAUDE.md', old_string: 'two', new_string: 'three' } }),
        ev('user', { type: 'tool_result', tool_use_id: 'e', content: 'The file /w/CLAUDE.md has been updated.' }, { toolUseResult: { filePath: '/w/CLAUDE.md', oldString: 'two', newString: 'three', originalFile: 'one\ntwo\n', structuredPatch: [], userModified: false, replaceAll: false } }),
      ].join('\n'),
    );
    const seed = seedFromTranscript(s);
    expect(seed.unseen.map((u) => u.path)).toEqual(['CLAUDE.md']);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
    expect(r.calls[0]!.resynced).toEqual([{ path: '/w/CLAUDE.md', from: 'originalFile', was: 'missing', line: 1 }]);
    expect(r.files.map((f) => [f.path, f.status, f.originalText, f.finalText])).toEqual([['CLAUDE.md', 'modified', 'one\ntwo\n', 'one\nthree\n']]);
    expect(r.files[0]!.diff).toBe('--- /w/CLAUDE.md\n+++ /w/CLAUDE.md\n@@ -1,2 +1,2 @@\n one\n-two\n+three\n');
  });

  it('without the seed (a replay on a folder that lacks the file), the file is still created there', async () => {
    const s = parseSession(
      [
        ev('assistant', { type: 'tool_use', id: 'e', name: 'Edit', input: { file_path: '/w/CLAUDE.md', old_string: 'two', new_string: 'three' } }),
        ev('user', { type: 'tool_result', tool_use_id: 'e', content: 'The file /w/CLAUDE.md has been updated.' }, { toolUseResult: { filePath: '/w/CLAUDE.md', oldString: 'two', newString: 'three', originalFile: 'one\ntwo\n', structuredPatch: [], userModified: false, replaceAll: false } }),
      ].join('\n'),
    );
    const r = await replaySession(s, new MemoryFs(), { mount: '/w' });
    expect(r.files.map((f) => [f.path, f.status])).toEqual([['CLAUDE.md', 'created']]);
  });
});

// Claude Code's stripForStorage (seen in decompiled builds, never in a real transcript so far)
// blanks bulky fields of toolUseResult before storing them: Edit's `originalFile` becomes "", a
// Read's `file.content` becomes "". An empty text there is then no file's text: an Edit that
// replaced a non-empty old_string cannot have read an empty file, and a Read that counted lines
// did not show an empty one. Real transcripts store `originalFile: null` when they keep no text
// (JanDeDobbeleer/oh-my-posh, branch entire/checkpoints/v1 @ 0d1116c02814bec7231dbe3c3b9661106418a724,
// d8/4718082c10/1/full.jsonl line 585).

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { recordedOriginal } from './resync';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

let n = 0;
const event = (type: string, extra: object) => JSON.stringify({ parentUuid: null, isSidechain: false, type, uuid: `u${++n}`, sessionId: 's', version: '2.1.219', cwd: '/w', timestamp: '2026-07-01T00:00:00.000Z', ...extra });
const use = (id: string, name: string, input: object) => event('assistant', { message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const result = (id: string, content: string, toolUseResult: unknown) => event('user', { message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content }] }, toolUseResult });
const edited = (oldString: string, newString: string, originalFile: string | null) => ({ filePath: '/w/f.txt', oldString, newString, originalFile, structuredPatch: [], userModified: false, replaceAll: false });

describe('toolUseResult fields blanked for storage', () => {
  it('an empty originalFile on an Edit that replaced text is ignored; the edit is judged on the replay\'s state', async () => {
    const s = parseSession(
      [
        use('r1', 'Read', { file_path: '/w/f.txt' }),
        result('r1', '1\ta\n2\tb\n3\tc', { type: 'text', file: { filePath: '/w/f.txt', content: 'a\nb\nc\n', numLines: 3, startLine: 1, totalLines: 3 } }),
        use('e1', 'Edit', { file_path: '/w/f.txt', old_string: 'b', new_string: 'B' }),
        result('e1', 'The file /w/f.txt has been updated successfully.', edited('b', 'B', '')),
        use('e2', 'Edit', { file_path: '/w/e.txt', old_string: '', new_string: 'x' }),
        result('e2', 'The file /w/e.txt has been updated successfully.', { ...edited('', 'x', ''), filePath: '/w/e.txt' }),
      ].join('\n'),
    );
    expect(s.calls.map((c) => (c.kind === 'edit' ? recordedOriginal(c) : null))).toEqual([null, null, '']);
    const seed = seedFromTranscript(s);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount });
    expect(r.calls.map((c) => c.verdict?.verdict ?? c.status)).toEqual(['listed', 'agrees', 'agrees']);
    expect(r.calls[1]!.resynced).toBeUndefined();
  });

  it('a Read whose content is blanked though it counted lines seeds from its numbered text', () => {
    const s = parseSession([use('r1', 'Read', { file_path: '/w/f.txt' }), result('r1', '1\ta\n2\tb', { type: 'text', file: { filePath: '/w/f.txt', content: '', numLines: 2, startLine: 1, totalLines: 2 } })].join('\n'));
    expect(seedFromTranscript(s, { mount: '/w' }).files).toEqual({ 'f.txt': 'a\nb\n' });
  });
});

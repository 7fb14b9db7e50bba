// The files-touched figure: files a successful call staged, whether the replay ran on the
// workspace holding the files or on an empty one where the transcript's reads re-synced them.

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../workspace/memory-fs';
import { createSessionParser } from './parse';
import { replaySession } from './replay';

const MOUNT = '/home/u/proj';
const FILES: Record<string, string> = { 'a.ts': 'const a = 1;\n', 'b.ts': 'const b = 2;\n', 'c.ts': 'const c = 3;\n' };

/** A Claude Code JSONL session: every file read whole, `a.ts` edited, an edit of `b.ts` refused (not found). */
function transcript(): string {
  const lines: string[] = [JSON.stringify({ type: 'summary', summary: 'files touched', leafUuid: 'x' })];
  let n = 0;
  let parent: string | null = null;
  const event = (type: 'user' | 'assistant', message: unknown, extra: Record<string, unknown> = {}) => {
    const uuid = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    lines.push(JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: MOUNT, sessionId: 's', version: '2.1.88', type, uuid, message, ...extra }));
    parent = uuid;
  };
  const call = (id: string, name: string, input: Record<string, unknown>, result: string, isError: boolean, toolUseResult?: unknown) => {
    event('assistant', { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] });
    event('user', { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: result, ...(isError && { is_error: true }) }] }, toolUseResult === undefined ? {} : { toolUseResult });
  };
  for (const [path, text] of Object.entries(FILES)) {
    const file = `${MOUNT}/${path}`;
    call(`read_${path}`, 'Read', { file_path: file }, `     1→${text.slice(0, -1)}`, false, { type: 'text', file: { filePath: file, content: text, numLines: 1, startLine: 1, totalLines: 1 } });
  }
  call('edit_a', 'Edit', { file_path: `${MOUNT}/a.ts`, old_string: 'const a = 1;', new_string: 'const a = 10;' }, `The file ${MOUNT}/a.ts has been updated successfully.`, false);
  call('edit_b', 'Edit', { file_path: `${MOUNT}/b.ts`, old_string: 'const z = 0;', new_string: 'const z = 1;' }, '<tool_use_error>String to replace not found in file.\nString: const z = 0;</tool_use_error>', true);
  return `${lines.join('\n')}\n`;
}

function parsed() {
  const parser = createSessionParser({});
  parser.feed(transcript());
  return parser.end();
}

describe('files touched', () => {
  it('on the workspace holding the files: the one file a successful call staged', async () => {
    const r = await replaySession(parsed(), new MemoryFs({ ...FILES }), { mount: MOUNT });
    expect([r.figures.editCalls, r.figures.failed, r.figures.agrees, r.figures.differs]).toEqual([2, 1, 2, 0]);
    expect([r.figures.filesTouched, r.figures.filesChanged]).toEqual([1, 1]);
    expect(r.files.map((f) => `${f.path} ${f.status} [${f.calls.join(',')}]`)).toEqual(['a.ts modified [3]']);
  });

  it('on an empty workspace the reads re-sync every file, yet only the file a call staged is the session\'s', async () => {
    const r = await replaySession(parsed(), new MemoryFs({}), { mount: MOUNT });
    expect([r.figures.editCalls, r.figures.failed, r.figures.agrees, r.figures.differs]).toEqual([2, 1, 2, 0]);
    // b.ts and c.ts were only re-synced (the reads showed them): not the session's changes, not saved.
    expect(r.files.map((f) => `${f.path} ${f.status} [${f.calls.join(',')}]`)).toEqual(['a.ts created [3]']);
    expect(r.files[0]!.finalText).toBe('const a = 10;\n');
    expect([r.figures.filesTouched, r.figures.filesChanged]).toEqual([1, 1]);
  });
});

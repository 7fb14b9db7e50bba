import { describe, expect, it } from 'vitest';
import { runAndCommit } from '../engine/run';
import { MemoryFs } from '../workspace/memory-fs';
import { RecordingFs } from './recording-fs';

const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('RecordingFs: the files a run touches, as they were before it', () => {
  it('a batch records each file it read, before its commit changed them; a created file is not recorded', async () => {
    const inner = new MemoryFs({ 'a.txt': 'port = 8080\n', 'b.txt': 'x\n', 'untouched.txt': 'z\n' });
    const fs = new RecordingFs(inner);
    const input = {
      description: 'two files and a new one',
      edits: [
        { file_path: '/a.txt', old_string: '8080', new_string: '3000' },
        { file_path: '/b.txt', old_string: 'x', new_string: 'y' },
      ],
    };
    const { outcome } = await runAndCommit(fs, 'MultiEditBatch', input);
    expect(outcome.ok).toBe(true);
    expect(text(inner.files.get('a.txt')!)).toBe('port = 3000\n');
    expect(fs.touched().map((f) => [f.path, text(f.bytes)])).toEqual([
      ['a.txt', 'port = 8080\n'],
      ['b.txt', 'x\n'],
    ]);
  });

  it('a failing call records the file it could not edit', async () => {
    const fs = new RecordingFs(new MemoryFs({ 'a.txt': 'hello\n' }));
    const { outcome } = await runAndCommit(fs, 'edit_text_file', { path: '/a.txt', old_string: 'bye', new_string: 'x' });
    expect(outcome.ok).toBe(false);
    expect(fs.touched().map((f) => f.path)).toEqual(['a.txt']);
  });

  it('a write to a file never read records its earlier bytes first', async () => {
    const inner = new MemoryFs({ 'a.txt': 'old' });
    const fs = new RecordingFs(inner);
    await fs.write('a.txt', new TextEncoder().encode('new'));
    await fs.write('c.txt', new TextEncoder().encode('created'));
    expect(fs.touched().map((f) => [f.path, text(f.bytes)])).toEqual([['a.txt', 'old']]);
  });
});

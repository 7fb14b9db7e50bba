import { describe, expect, it } from 'vitest';
import type { ReadResult } from '../engine/workspace-fs';
import { RecordingFs } from '../share/recording-fs';
import { MemoryFs } from '../workspace/memory-fs';
import { ReadOnceFs } from './read-once-fs';

class CountingFs extends MemoryFs {
  reads = 0;
  override async read(path: string): Promise<ReadResult> {
    this.reads++;
    return super.read(path);
  }
}

describe("Share's recorder reads each file once", () => {
  it('a stat then a read of the same file reads it from the workspace once', async () => {
    const inner = new CountingFs({ 'a.txt': 'one' });
    const fs = new RecordingFs(new ReadOnceFs(inner));
    await fs.stat('a.txt');
    const r = await fs.read('a.txt');
    expect(r.kind === 'file' && new TextDecoder().decode(r.bytes)).toBe('one');
    expect(inner.reads).toBe(1);
    expect(fs.touched().map((f) => f.path)).toEqual(['a.txt']);
  });

  it('a later read, or one after a write, goes to the workspace again', async () => {
    const inner = new CountingFs({ 'a.txt': 'one' });
    const fs = new ReadOnceFs(inner);
    await fs.read('a.txt');
    await fs.read('a.txt');
    await fs.read('a.txt');
    expect(inner.reads).toBe(2);
    await fs.read('a.txt');
    await fs.write('a.txt', new TextEncoder().encode('two'));
    const r = await fs.read('a.txt');
    expect(r.kind === 'file' && new TextDecoder().decode(r.bytes)).toBe('two');
  });
});

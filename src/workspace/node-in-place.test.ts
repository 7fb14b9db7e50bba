import { describe, expect, it } from 'vitest';
import { writeAll, type PositionalWriter } from './node-in-place';

/** A file handle over a byte array that writes at most `step` bytes per call, as write(2) may. */
function shortWriter(size: number, step: number): PositionalWriter & { file: Uint8Array; calls: number } {
  const file = new Uint8Array(size).fill(0x2e);
  const handle = {
    file,
    calls: 0,
    async write(buffer: Uint8Array, offset: number, length: number, position: number) {
      handle.calls += 1;
      const n = Math.min(step, length);
      file.set(buffer.subarray(offset, offset + n), position);
      return { bytesWritten: n };
    },
  };
  return handle;
}

describe('writeAll: an in-place write finishes what a short write left', () => {
  it('writes every byte at its position when each call writes 3 bytes', async () => {
    const bytes = new TextEncoder().encode('hello, world\n');
    const fh = shortWriter(16, 3);
    await writeAll(fh, bytes, 2);
    expect(new TextDecoder().decode(fh.file)).toBe('..hello, world\n.');
    expect(fh.calls).toBe(5);
  });

  it('an empty write makes no call', async () => {
    const fh = shortWriter(4, 3);
    await writeAll(fh, new Uint8Array(0), 0);
    expect(fh.calls).toBe(0);
  });

  it('a write that makes no progress is an error naming how far it got, not a loop', async () => {
    let calls = 0;
    const stuck: PositionalWriter = {
      async write(_b, _o, length) {
        calls += 1;
        return { bytesWritten: calls === 1 ? Math.min(4, length) : 0 };
      },
    };
    await expect(writeAll(stuck, new Uint8Array(10), 0)).rejects.toThrow('the write stopped after 4 of 10 bytes');
    expect(calls).toBe(2);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tarArchive } from './tar';

const enc = new TextEncoder();
let dir: string | null = null;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** Unpack with the system's tar: the archive must be readable by the tool users have. */
function unpack(archive: Uint8Array): string {
  dir = mkdtempSync(join(tmpdir(), 'tar-test-'));
  writeFileSync(join(dir, 'a.tar'), archive);
  execFileSync('tar', ['-xf', 'a.tar'], { cwd: dir });
  return dir;
}

describe('tarArchive', () => {
  it('is headers and 512-byte padded contents, closed by two zero blocks', () => {
    const archive = tarArchive([{ path: 'a.txt', bytes: enc.encode('hi\n'), mtime: 0 }]);
    expect(archive.length).toBe(512 + 512 + 1024);
    expect(new TextDecoder().decode(archive.slice(0, 5))).toBe('a.txt');
    expect(new TextDecoder().decode(archive.slice(257, 262))).toBe('ustar');
    expect(archive.slice(1024).every((b) => b === 0)).toBe(true);
  });

  it('unpacks with the system tar to the same bytes, folders, CRLF, BOM and long paths included', () => {
    const long = `${'deep/'.repeat(30)}file.txt`;
    const files = [
      { path: 'test/config.toml', bytes: enc.encode('port = 3000\n') },
      { path: 'samples/windows.txt', bytes: enc.encode('a\r\nb\r\n') },
      { path: 'samples/bom.txt', bytes: new Uint8Array([0xef, 0xbb, 0xbf, 0x41]) },
      { path: 'empty.txt', bytes: new Uint8Array() },
      { path: long, bytes: enc.encode('x'.repeat(1500)) },
    ];
    const out = unpack(tarArchive(files));
    for (const f of files) expect(new Uint8Array(readFileSync(join(out, f.path)))).toEqual(f.bytes);
  });

  it('refuses a path ustar cannot hold instead of truncating it', () => {
    expect(() => tarArchive([{ path: 'x'.repeat(300), bytes: new Uint8Array() }])).toThrow(/too long/);
  });
});

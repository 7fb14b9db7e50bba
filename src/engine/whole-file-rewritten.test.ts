// The diff's "Whole file rewritten" badge (issue 17, item 15): shown only when the whole-file write
// changes bytes that writing the edited lines alone would keep (rewritesOutsideEdits).

import { describe, expect, it } from 'vitest';
import { rewritesOutsideEdits } from './file-stage';
import { run, stagedFile, withBom } from '../../tests/support/harness';

const edit = (input: unknown, files: Record<string, string | Uint8Array>) => run('Edit', input, files, { gnu: false });

describe('Whole file rewritten', () => {
  it('a one-line Edit of an LF file: written whole, but nothing outside the line changes', async () => {
    const r = await edit({ file_path: '/a', old_string: 'b', new_string: 'B' }, { a: 'a\nb\nc\n' });
    expect(stagedFile(r).wholeWrite).toBe(true);
    expect(rewritesOutsideEdits(stagedFile(r))).toBe(false);
  });

  it('a one-line Edit of a CRLF file keeps every CRLF: not rewritten', async () => {
    const r = await edit({ file_path: '/a', old_string: 'b', new_string: 'B' }, { a: 'a\r\nb\r\nc\r\n' });
    expect(r.after.a).toBe('a\r\nB\r\nc\r\n');
    expect(rewritesOutsideEdits(stagedFile(r))).toBe(false);
  });

  it('an LF-dominant file whose few CRLF endings become LF: rewritten', async () => {
    const r = await edit({ file_path: '/a', old_string: 'b', new_string: 'B' }, { a: 'a\r\nb\nc\n' });
    expect(r.after.a).toBe('a\nB\nc\n');
    expect(rewritesOutsideEdits(stagedFile(r))).toBe(true);
  });

  it('a dropped byte order mark: rewritten', async () => {
    const r = await edit({ file_path: '/a', old_string: '', new_string: 'x\n' }, { a: withBom('\n') });
    expect(r.after.a).toBe('x\n');
    expect(rewritesOutsideEdits(stagedFile(r))).toBe(true);
  });

  it('a created file is new, not rewritten', async () => {
    const r = await run('Write', { file_path: '/n.txt', content: 'x\n' }, {}, { gnu: false });
    expect(stagedFile(r).created).toBe(true);
    expect(rewritesOutsideEdits(stagedFile(r))).toBe(false);
  });
});

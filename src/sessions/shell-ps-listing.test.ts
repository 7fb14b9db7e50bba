// PowerShell's numbered listings in their other real forms (shell-ps-listing.ts): single-quoted
// and zero-padded formats, `-f $i++, $_`, an `if` range, and Select-Object windows after them
// (PT-Parker/Best-Buying-and-Selling-Timing-System's Codex 0.45-0.48 rollouts on Windows, where
// they left 20 calls "shown in part"; Gordondalos/mail-agent's). Each line keeps its number, so the
// window says only where the lines could come from and whether the file ran out.

import { describe, expect, it } from 'vitest';
import { classifyScript } from './shell';
import { shellShown } from './seed';
import type { ShellRead } from './types';

const readOf = (script: string): ShellRead | null => {
  const c = classifyScript(script, 'powershell');
  return c.kind === 'read' ? c.read : null;
};
const listing = (body: string, after = '') => `$i=1; Get-Content src/a.py | ForEach-Object { ${body} }${after}`;

describe('a numbered listing', () => {
  it('takes the format single- or double-quoted, padded or zero-padded, and $i++ in place', () => {
    for (const body of ["'{0,4}: {1}' -f $i, $_; $i++", '"{0,5}: {1}" -f $i, $_; $i++', "'{0:D4}: {1}' -f $i, $_; $i++", "'{0,4}: {1}' -f $i++, $_"]) {
      expect(readOf(listing(body))).toEqual({ path: 'src/a.py', from: 1, to: null, numbered: true, colonNumbered: true, relined: true, codePage: true });
    }
  });

  it('takes -Encoding before the file as after it (242282218/blog-nevigation, Codex 0.105: 84 such reads)', () => {
    const before = readOf("$i=1; Get-Content -Encoding utf8 frontend/src/App.vue | ForEach-Object { '{0,4}: {1}' -f $i, $_; $i++ } | Select-Object -Skip 340 -First 400");
    expect(before).toEqual({ path: 'frontend/src/App.vue', from: 341, to: 740, numbered: true, colonNumbered: true, relined: true });
    expect(readOf("$i=1; Get-Content -Encoding utf8 a.vue -Encoding utf8 | ForEach-Object { '{0,4}: {1}' -f $i, $_; $i++ }")).toBeNull();
  });

  it('an if range, and Select-Object windows after it, bound the lines it may show', () => {
    const range = (r: ShellRead | null) => (r === null ? null : [r.from, r.to]);
    expect(range(readOf(listing("if ($i -ge 120 -and $i -le 220) { '{0,4}: {1}' -f $i, $_ }; $i++")))).toEqual([120, 220]);
    expect(range(readOf(listing("'{0:D4}: {1}' -f $i, $_; $i++", ' | Select-Object -Skip 100 -First 60')))).toEqual([101, 160]);
    expect(range(readOf(listing("'{0,4}: {1}' -f $i++, $_", ' | Select-Object -First 300 | Select-Object -Last 50')))).toEqual([1, 300]);
    expect(range(readOf(listing("'{0,4}: {1}' -f $i, $_; $i++", ' | Select-Object -Last 40')))).toEqual([1, null]);
    // A window after -Last, a counter that does not start at 1, or more in the body: not a listing read.
    expect(readOf(listing("'{0,4}: {1}' -f $i, $_; $i++", ' | Select-Object -Last 40 | Select-Object -First 2'))).toBeNull();
    expect(readOf(listing("'{0,4}: {1}' -f $i, $_; $i++").replace('$i=1', '$i=201'))).toBeNull();
    expect(readOf(listing("'{0,4}: {1}' -f $i, $_.Trim(); $i++"))).toBeNull();
  });

  it("shows the lines at their numbers; the last lines' window ends with the file", () => {
    const tail = readOf(listing("'{0,4}: {1}' -f $i, $_; $i++", ' | Select-Object -Last 2'))!;
    expect(shellShown(tail, '   9: x = 1\r\n  10: y = 2\r\n')).toEqual({ kind: 'partial', lines: new Map([[9, 'x = 1'], [10, 'y = 2']]), end: { line: 10, finalNewline: true } });
    const head = readOf(listing("'{0:D4}: {1}' -f $i, $_; $i++", ' | Select-Object -First 300 | Select-Object -Last 2'))!;
    expect(shellShown(head, '0299: a\r\n0300: b\r\n')).toEqual({ kind: 'partial', lines: new Map([[299, 'a'], [300, 'b']]) });
    // Fewer than the window asked for: the file ended at its last line.
    expect(shellShown(head, '0001: a\r\n0002: b\r\n')).toEqual({ kind: 'whole', text: 'a\nb\n' });
  });
});

// Shell commands that read a file (`cat`, `sed -n 'a,bp'`, `head -n N`, `nl -ba`, PowerShell's
// `Get-Content`), under `bash -lc` and after `cd dir &&`: listed as reads, and the workspace seeded
// from their output (whole, or the lines shown at their numbers) out of Codex's exec wrapper. The
// `nl -ba` output below is real: MoonMind's rollout-2025-11-12T17-48-11-019a7ae6….jsonl lines
// 584–585 (codex 0.57.0; collected under tests/sessions/real/codex), its first lines kept.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { callPaths } from './call-paths';
import { seedFromTranscript, shellShown, shownBy, shownByRead } from './seed';
import { classifyShellInput } from './shell';

const read = (command: unknown) => classifyShellInput({ command });

describe('read commands', () => {
  it('one file, whole or a window, numbered or not', () => {
    expect(read(['bash', '-lc', 'cat src/a.ts'])).toEqual({ kind: 'read', read: { path: 'src/a.ts', from: 1, to: null, numbered: false }, dir: null });
    expect(read(['cat', '-n', 'a.ts'])).toEqual({ kind: 'read', read: { path: 'a.ts', from: 1, to: null, numbered: true }, dir: null });
    expect(read(['bash', '-lc', "sed -n '120,200p' src/a.ts"])).toEqual({ kind: 'read', read: { path: 'src/a.ts', from: 120, to: 200, numbered: false }, dir: null });
    expect(read("sed -n '7p' a.ts")).toMatchObject({ read: { from: 7, to: 7 } });
    expect(read("sed -n '40,$p' a.ts")).toMatchObject({ read: { from: 40, to: null } });
    expect(read('head -n 50 a.ts')).toMatchObject({ read: { path: 'a.ts', from: 1, to: 50 } });
    expect(read('head -30 a.ts')).toMatchObject({ read: { from: 1, to: 30 } });
    expect(read('head a.ts')).toMatchObject({ read: { from: 1, to: 10 } });
    expect(read('nl -ba specs/quickstart.md')).toMatchObject({ read: { path: 'specs/quickstart.md', from: 1, to: null, numbered: true } });
    expect(read("nl -ba src/a.ts | sed -n '260,999p'")).toMatchObject({ read: { path: 'src/a.ts', from: 260, to: 999, numbered: true } });
    expect(read('cat -n a.ts | head -n 40')).toMatchObject({ read: { from: 1, to: 40, numbered: true } });
    expect(read("cat a.ts | sed -n '3,4p'")).toMatchObject({ read: { from: 3, to: 4, numbered: false } });
  });

  it('after cd, under bash -lc, and PowerShell', () => {
    expect(read(['bash', '-lc', "cd web && sed -n '1,80p' app/page.tsx"])).toEqual({ kind: 'read', read: { path: 'app/page.tsx', from: 1, to: 80, numbered: false }, dir: 'web' });
    expect(read('Get-Content -Path src\\app\\layout.tsx')).toEqual({ kind: 'read', read: { path: 'src\\app\\layout.tsx', from: 1, to: null, numbered: false, relined: true, codePage: true }, dir: null });
    expect(read('Get-Content -Encoding UTF8 src\\app\\layout.tsx')).toEqual({ kind: 'read', read: { path: 'src\\app\\layout.tsx', from: 1, to: null, numbered: false, relined: true }, dir: null });
    expect(read('Get-Content app.ps1 -TotalCount 40')).toMatchObject({ read: { from: 1, to: 40, relined: true } });
    expect(read('Get-Content app.ps1 | Select-Object -First 25')).toMatchObject({ read: { from: 1, to: 25 } });
    expect(read('Get-Content app.ps1 | Select-Object -Skip 10 -First 5')).toMatchObject({ read: { from: 11, to: 15 } });
    expect(read(['pwsh', '-NoProfile', '-Command', 'Get-Content -Raw C:\\src\\a.cs'])).toMatchObject({ read: { path: 'C:\\src\\a.cs', from: 1, to: null } });
  });

  it("cmd's `type F`, from PowerShell or as an argv (neozhu/face-metric's Codex 0.71 rollout): the file's bytes, whole", () => {
    const whole = (path: string) => ({ kind: 'read', read: { path, from: 1, to: null, numbered: false }, dir: null });
    expect(classifyShellInput({ command: 'cmd /c type .\\apps\\web\\lib\\api.ts' }, 'powershell')).toEqual(whole('.\\apps\\web\\lib\\api.ts'));
    expect(read(['cmd.exe', '/c', 'type apps\\web\\components\\privacy-badge.tsx'])).toEqual(whole('apps\\web\\components\\privacy-badge.tsx'));
    expect(read(['cmd', '/c', 'type "my docs\\a.md"'])).toEqual(whole('my docs\\a.md'));
    // Paged through more (tabs expanded), two files (each named first), or more than the read: not a read.
    for (const c of ['cmd /c type apps\\a.ts | more', 'cmd /c type a.ts b.ts', 'cmd /c type a.ts 2>nul || echo missing']) expect([c, classifyShellInput({ command: c }, 'powershell').kind]).toEqual([c, 'other']);
    expect(read(['cmd', '/c', 'type a.ts & echo done']).kind).toBe('other');
  });

  it('not reads: several files, an edit in place, unnumbered nl, an expansion, other commands too', () => {
    for (const c of ['cat a.ts b.ts', "sed -i 's/a/b/' a.ts", 'nl a.ts', 'cat "$F"', 'cat a.ts && npm test', 'ls && cat a.ts', 'cd ~ && cat a.ts', 'head -n 5']) {
      expect(read(c)).toEqual({ kind: 'other' });
    }
  });
});

/** A current-layout rollout: session in /w, then calls and their outputs. */
function rollout(...calls: [command: string | string[], output: string, workdir?: string][]): string {
  const lines: unknown[] = [{ timestamp: 't', type: 'session_meta', payload: { id: 's', cwd: '/w', cli_version: '0.57.0' } }];
  calls.forEach(([command, output, workdir], k) => {
    const args = { command: typeof command === 'string' ? ['bash', '-lc', command] : command, ...(workdir !== undefined && { workdir }) };
    lines.push({ timestamp: 't', type: 'response_item', payload: { type: 'function_call', name: 'shell', call_id: `c${k}`, arguments: JSON.stringify(args) } });
    lines.push({ timestamp: 't', type: 'response_item', payload: { type: 'function_call_output', call_id: `c${k}`, output } });
  });
  return lines.map((l) => JSON.stringify(l)).join('\n');
}
const wrapped = (output: string, exit = 0): string => JSON.stringify({ output, metadata: { exit_code: exit, duration_seconds: 0 } });
const exec = (output: string, exit = 0): string => `Exit code: ${exit}\nWall time: 0.1 seconds\nOutput:\n${output}`;

const NL_BA_REAL =
  '     1\t# Quickstart: Celery Chain Workflow Integration\n     2\t\n     3\t## Prerequisites\n     4\t- Python 3.11 + Poetry (matches MoonMind runtime)\n';

describe('seeding from what the shell showed', () => {
  it('whole: cat (exact bytes), nl -ba (real), sed/head from line 1 that ran out of lines', () => {
    const s = parseSession(
      rollout(
        ['cat src/a.ts', wrapped('export const a = 1;\n'), '/w'],
        ['nl -ba specs/001-celery-chain-workflow/quickstart.md', wrapped(NL_BA_REAL), '/w'],
        ["sed -n '1,200p' b.md", exec('# B\n\ntwo lines\n'), '/w'],
        ['head -n 50 empty.txt', exec(''), '/w'],
      ),
    );
    expect(s.calls.map((c) => c.kind)).toEqual(['read', 'read', 'read', 'read']);
    const seed = seedFromTranscript(s);
    expect(seed.mount).toBe('/');
    expect(seed.files).toEqual({
      'w/src/a.ts': 'export const a = 1;\n',
      'w/specs/001-celery-chain-workflow/quickstart.md': '# Quickstart: Celery Chain Workflow Integration\n\n## Prerequisites\n- Python 3.11 + Poetry (matches MoonMind runtime)\n',
      'w/b.md': '# B\n\ntwo lines\n',
      'w/empty.txt': '',
    });
    expect(seed.entries.map((e) => `${e.path} ${e.how}`)).toEqual(['w/src/a.ts whole', 'w/specs/001-celery-chain-workflow/quickstart.md whole', 'w/b.md whole', 'w/empty.txt whole']);
  });

  it("whole: numbered lines from line 1 that end before the window (`nl -ba f | sed -n '1,260p'` of a short file, BearTDK6/ba-pro's 0.105 rollouts); ending at it, a part", () => {
    const s = parseSession(rollout(["nl -ba popup.html | sed -n '1,260p'", exec(NL_BA_REAL)], ["nl -ba b.md | sed -n '1,4p'", exec(NL_BA_REAL)]));
    expect(seedFromTranscript(s, { mount: '/w' }).entries.map((e) => [e.path, e.how])).toEqual([
      ['popup.html', 'whole'],
      ['b.md', 'partial'],
    ]);
  });

  it("Get-Content without -Encoding UTF8: a line with other than ASCII is not shown (Windows PowerShell decodes in the code page: Krosss0001/rave-era-project's 0.125.0 rollout showed UTF-8 `·` as `В·`)", () => {
    const s = parseSession(
      rollout(
        ['Get-Content app/layout.tsx', exec('export const metadata = {\n  title: "Rave\'era Group В· Concerts",\n};\n')],
        ['Get-Content -Encoding utf8 app/page.tsx', exec('// Rave\'era · home\n')],
      ),
    );
    const seed = seedFromTranscript(s, { mount: '/w' });
    expect(seed.entries.map((e) => [e.path, e.how, e.shownLines ?? null])).toEqual([
      ['app/layout.tsx', 'partial', [{ start: 1, end: 1 }, { start: 3, end: 3 }]],
      ['app/page.tsx', 'whole', null],
    ]);
  });

  it('the last N lines: Get-Content -Tail, tail -n, Select-Object -Last (their numbers wait for the file\'s length)', () => {
    expect(read('Get-Content src/App.tsx -Tail 120')).toEqual({ kind: 'read', read: { path: 'src/App.tsx', from: 1, to: null, numbered: false, relined: true, codePage: true, tail: 120 }, dir: null });
    expect(read('tail -n 8 .specify/memory/constitution.md')).toEqual({ kind: 'read', read: { path: '.specify/memory/constitution.md', from: 1, to: null, numbered: false, tail: 8 }, dir: null });
    expect(read('tail -20 a.ts')).toMatchObject({ read: { tail: 20 } });
    expect(read('Get-Content a.ts | Select-Object -Last 80')).toMatchObject({ read: { path: 'a.ts', tail: 80 } });
    expect(read([ 'pwsh', '-NoProfile', '-Command', 'Get-Content -Path a.tsx -Tail 200 | Out-String'])).toMatchObject({ read: { tail: 200, outString: true } });
    for (const c of ['Get-Content a.ts -TotalCount 520 | Select-Object -Last 80', 'Get-Content a.ts -Tail 5 -TotalCount 9', 'tail -f a.log', 'tail -n +5 a.ts', 'Get-Content a.ts -Tail 9 | Select-Object -First 2']) expect([c, read(c).kind]).toEqual([c, 'other']);
    // Fewer lines than asked for: the whole file; as many: its last lines, numbers not yet known.
    const tail = { path: 'a.ts', from: 1, to: null, numbered: false, tail: 3 };
    expect(shellShown(tail, exec('x\ny\n'))).toEqual({ kind: 'whole', text: 'x\ny\n' });
    expect(shellShown(tail, exec('x\ny\nz\n'))).toEqual({ kind: 'tail', rows: ['x', 'y', 'z'] });
    expect(shellShown({ ...tail, relined: true, codePage: true }, exec('x\r\ncaf\u00e9\r\nz\r\n'))).toEqual({ kind: 'tail', rows: ['x', null, 'z'] });
  });

  it("`| Out-String` after Get-Content (akinori-seri-sdcj/health_report_ocr, pwsh): the lines, and one line break more that is not the file's", () => {
    expect(read('Get-Content -Path .specify/templates/spec-template.md -TotalCount 250 | Out-String')).toEqual({
      kind: 'read',
      read: { path: '.specify/templates/spec-template.md', from: 1, to: 250, numbered: false, relined: true, codePage: true, outString: true },
      dir: null,
    });
    expect(read('Get-Content a.md | Out-String -Width 200').kind).toBe('other');
    expect(read('Get-Content a.md | Out-String | Select-Object -First 3').kind).toBe('other');
    const s = parseSession(rollout([['pwsh', '-NoProfile', '-Command', 'Get-Content -Path docs/spec.md -Encoding UTF8 -TotalCount 250 | Out-String'], exec('# Spec\r\n\r\n- [X] by 50%\r\n\r\n')]));
    expect(seedFromTranscript(s, { mount: '/w' }).files).toEqual({ 'docs/spec.md': '# Spec\n\n- [X] by 50%\n' });
  });

  it('Get-Content without -Encoding UTF8: a line with SUB (0x1A) is not shown either (Windows puts it for a character the code page lacks: Gino-Loja/sistema-kardex showed `→` so)', () => {
    const s = parseSession(rollout(['Get-Content specs/spec.md', exec('### Session\n\n- Q: Where to? \u001a A: Back.\n- Q: Why?\n')]));
    expect(seedFromTranscript(s, { mount: '/w' }).entries.map((e) => [e.path, e.how, e.shownLines ?? null])).toEqual([['specs/spec.md', 'partial', [{ start: 1, end: 2 }, { start: 4, end: 4 }]]]);
  });
});

describe('seeding from a chain of reads', () => {
  it("a chain of reads parted by an echoed line shows each file (JaydenXsoe/ocodex and Monotoba/OpenPrintKit's 2025 rollouts); without the parting, none", () => {
    const chain = "sed -n '1,200p' a.sh && echo '---' && sed -n '1,200p' b.sh && echo '---' && cat c.txt";
    expect(read(['bash', '-lc', chain])).toMatchObject({ kind: 'read', read: { path: 'a.sh' }, more: [{ path: 'b.sh' }, { path: 'c.txt' }], separator: '---' });
    for (const other of ["sed -n '1,200p' a.sh && sed -n '1,200p' b.sh", "cat a.sh && echo $X && cat b.sh", "cat a.sh && echo '---' && rm b.sh"]) expect(read(['bash', '-lc', other])).toEqual({ kind: 'other' });
    const s = parseSession(rollout([chain, exec('#!/bin/sh\necho a\n---\nb1\nb2\n---\nlast\n')], [chain, exec('a\n---\n---\nb\n---\nc\n')]));
    expect(s.calls.map((c) => [c.kind, callPaths(c)])).toEqual([
      ['read', ['/w/a.sh', '/w/b.sh', '/w/c.txt']],
      ['read', ['/w/a.sh', '/w/b.sh', '/w/c.txt']],
    ]);
    const seed = seedFromTranscript(s, { mount: '/w' });
    expect(seed.files).toEqual({ 'a.sh': '#!/bin/sh\necho a\n', 'b.sh': 'b1\nb2\n', 'c.txt': 'last\n' });
    // The second output has a separator too many (a file's own `---` line): it shows nothing.
    expect(shownByRead(s.calls[1]!).map((x) => x.shown)).toEqual([null, null, null]);
    // A file without a final line break has the separator on its last line (ocodex: `… --zip---`).
    const glued = parseSession(rollout([chain, exec('run --zip---\n---\nlast')]));
    expect(shownByRead(glued.calls[0]!).map((x) => x.shown)).toEqual([
      { kind: 'whole', text: 'run --zip' },
      { kind: 'whole', text: '' },
      { kind: 'whole', text: 'last' },
    ]);
  });

  // gitcoder27/life-os (Codex 0.118): `sed -n '1,240p' F && printf '\n---CUT---\n' && sed -n '240,760p' F`;
  // the printf's own line break before the separator was read as the file's, so the chain was no read.
  it('a printf separator after a line break of its own: the break is taken off the part before it', () => {
    const chain = "sed -n '1,3p' d.tsx && printf '\\n---CUT---\\n' && sed -n '3,9p' d.tsx";
    expect(read(['bash', '-lc', chain])).toMatchObject({ kind: 'read', read: { path: 'd.tsx', from: 1, to: 3 }, more: [{ path: 'd.tsx', from: 3, to: 9 }], separator: '\n---CUT---' });
    const s = parseSession(rollout([chain, exec('one\ntwo\nthree\n\n---CUT---\nthree\nfour\n')]));
    expect(shownByRead(s.calls[0]!).map((x) => x.shown)).toEqual([
      { kind: 'partial', lines: new Map([[1, 'one'], [2, 'two'], [3, 'three']]) },
      { kind: 'partial', lines: new Map([[3, 'three'], [4, 'four']]), end: { line: 4, finalNewline: true } },
    ]);
    // The windows reach the file's end: it is seeded whole.
    expect(seedFromTranscript(s, { mount: '/w' }).files).toEqual({ 'd.tsx': 'one\ntwo\nthree\nfour\n' });
    // Without the break before the separator (a part that does not end with it), that part shows nothing.
    const short = parseSession(rollout([chain, exec('one\ntwo\nthree---CUT---\nfour\n')]));
    expect(shownByRead(short.calls[0]!)[0]!.shown).toBeNull();
  });

});

describe('seeding from what the shell showed: parts', () => {
  it('partial: a window, numbered lines after nl -ba | sed, a truncated output shows its head', () => {
    const s = parseSession(
      rollout(
        ["sed -n '3,4p' a.ts", exec('three\nfour\n')],
        ["nl -ba b.ts | sed -n '10,11p'", exec('    10\tten\n    11\televen\n')],
        ['cat big.ts', exec('l1\nl2\nl3 is cut…900 tokens truncated…l99\nl100\n')],
        ['cd sub && head -n 2 c.ts', exec('c1\nc2\n')],
      ),
    );
    const seed = seedFromTranscript(s, { mount: '/w' });
    expect(seed.entries).toEqual([
      { path: 'a.ts', displayPath: '/w/a.ts', how: 'partial', fromCall: 0, shownLines: [{ start: 3, end: 4 }] },
      { path: 'b.ts', displayPath: '/w/b.ts', how: 'partial', fromCall: 1, shownLines: [{ start: 10, end: 11 }] },
      { path: 'big.ts', displayPath: '/w/big.ts', how: 'partial', fromCall: 2, shownLines: [{ start: 1, end: 2 }] },
      { path: 'sub/c.ts', displayPath: '/w/sub/c.ts', how: 'partial', fromCall: 3, shownLines: [{ start: 1, end: 2 }] },
    ]);
    expect(seed.files['a.ts']).toBe('\n\nthree\nfour\n');
    expect(shownBy(s.calls[1]!)).toEqual({ kind: 'partial', lines: new Map([[10, 'ten'], [11, 'eleven']]) });
  });

  it('a failed command is no read; a login banner every output starts with is taken off', () => {
    const banner = 'Now using node v22.20.0 (npm v10.9.3)\n';
    const s = parseSession(
      rollout(
        ['cat missing.ts', exec(`${banner}cat: missing.ts: No such file or directory\n`, 1)],
        ['git status --short', exec(`${banner} M a.ts\n`)],
        ['ls', exec(`${banner}a.ts\n`)],
        ['cat a.ts', exec(`${banner}const a = 1;\n`)],
      ),
    );
    expect(s.calls.map((c) => c.kind)).toEqual(['other', 'other', 'other', 'read']);
    expect(s.calls[3]!.shellRead).toEqual({ path: 'a.ts', from: 1, to: null, numbered: false, banner });
    expect(seedFromTranscript(s, { mount: '/w' }).files).toEqual({ 'a.ts': 'const a = 1;\n' });
  });
});

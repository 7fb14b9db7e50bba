// Searches of one file as reads of the lines they print: `rg -n`, `grep -n` and PowerShell's
// `Select-String`. The outputs marked real are from MythologIQ/Zo-Qore's Codex rollouts (Codex
// 0.66-0.92 on Windows, PowerShell; rollout-2025-12-11T03-45-12-019b0c95… calls 42 and 55,
// rollout-2026-01-29T16-45-41-019c0bb8… call 59), cut to their first lines.

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../workspace/memory-fs';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedFromTranscript, shellShown, type ReadShown } from './seed';
import { classifyShellInput } from './shell';
import { matchesShown } from './shell-matches';

const read = (command: unknown, shell?: 'sh' | 'powershell') => classifyShellInput({ command }, shell);
const lines = (shown: ReadShown | null) => (shown?.kind === 'partial' ? Object.fromEntries(shown.lines) : shown);

describe('a search of one file is a read of the lines it prints', () => {
  it('rg -n and grep -n, context options allowed; the file named once, lines numbered', () => {
    expect(read('rg -n "DEFAULT_SLIDERS" -n src\\stores\\usePersonaForgeStore.ts', 'powershell')).toEqual({
      kind: 'read',
      // PowerShell passes a native program's output on as its bytes: not relined, no code page.
      read: { path: 'src\\stores\\usePersonaForgeStore.ts', from: 1, to: null, numbered: false, listing: 'grep' },
      dir: null,
    });
    expect(read(['bash', '-lc', 'cd web && grep -n -A 2 -B1 "useState" app/page.tsx'])).toEqual({ kind: 'read', read: { path: 'app/page.tsx', from: 1, to: null, numbered: false, listing: 'grep' }, dir: 'web' });
    expect(read('grep -in -C3 -e foo -- a.ts')).toMatchObject({ read: { path: 'a.ts', listing: 'grep' } });
    expect(read('rg --line-number -F "a.b" --context=2 a.ts')).toMatchObject({ read: { path: 'a.ts', listing: 'grep' } });
    expect(read('cat a.ts | grep -n foo')).toMatchObject({ read: { path: 'a.ts', listing: 'grep' } });
    // Not one file's numbered lines: no -n, a folder search (a name with no extension is taken for
    // a folder), a count, names only.
    for (const c of ['rg "foo" a.ts', 'grep -n foo a.ts a.ts', 'grep -n foo a.ts src', 'grep -rn foo src', 'rg -n "apply_patch" src', 'rg -n foo src/', 'rg -n foo', 'rg -c -n foo a.ts', 'rg -n -m 1 foo a.ts', 'grep -ln foo a.ts', 'rg -n -H foo a.ts', "sed -n '3,4p' a.ts | grep -n x"]) {
      expect([c, read(c).kind]).toEqual([c, 'other']);
    }
  });

  // abmoh4219/pharma-platform-fullstack's Codex 0.116 rollout: `rg -n "pat" a.go b.go …`, 161
  // searches of several files; rg and grep name each row's file when they search more than one.
  it('a search of several files is a read of each: its rows are told apart by the names before them', () => {
    const found = read('rg -n "Validate" internal/a.go internal/a.go.orig cmd/main.go');
    expect(found).toMatchObject({ kind: 'read', read: { path: 'internal/a.go', listing: 'grep' }, separator: '' });
    if (found.kind !== 'read' || found.more === undefined) throw new Error('not a read of several files');
    const out = 'internal/a.go:12:func Validate() {\ninternal/a.go-13-\treturn\n--\ninternal/a.go.orig:12:func Validate(x int) {\ncmd/main.go:40:\tValidate()\n';
    const [a, orig, main] = [found.read, ...found.more].map((r) => lines(shellShown(r, out)));
    expect([a, orig, main]).toEqual([{ 12: 'func Validate() {', 13: '\treturn' }, { 12: 'func Validate(x int) {' }, { 40: '\tValidate()' }]);
    // A row that names no file searched (grep's complaint about one missing): nothing is shown.
    expect(shellShown(found.read, 'grep: cmd/main.go: No such file or directory\ninternal/a.go:12:x\n')).toBeNull();
    // Its first rows (`| head -n 20`) are still each a file's line.
    expect(read('rg -n x a.go b.go | head -n 20')).toMatchObject({ kind: 'read', read: { path: 'a.go', searched: ['a.go', 'b.go'] } });
  });

  it('Select-String with -Path or by position, -Context, and after Get-Content', () => {
    const want = { kind: 'read', read: { path: 'src/components/alice/AliceCommandCenter.tsx', from: 1, to: null, numbered: false, relined: true, codePage: true, listing: 'select-string' }, dir: 'g:\\MythologIQ\\Hearthlink' };
    expect(read('cd g:\\MythologIQ\\Hearthlink; Select-String -Pattern "alice-theme-wrapper" -Context 5 src/components/alice/AliceCommandCenter.tsx')).toEqual(want);
    expect(read('cd g:\\MythologIQ\\Hearthlink; Select-String -Path src/components/alice/AliceCommandCenter.tsx -Pattern "<style>"')).toEqual(want);
    expect(read('Select-String "rag" src/a.tsx -Context 2,0')).toMatchObject({ read: { path: 'src/a.tsx', listing: 'select-string' } });
    expect(read('Get-Content src/a.rs -TotalCount 200 | Select-String -Pattern "core_kanban" -Context 10')).toMatchObject({ read: { path: 'src/a.rs', listing: 'select-string' } });
    // Its output is not plain lines there: a property of the matches, a count, another file list.
    for (const c of ['(Get-Content src/a.rs | Select-String -Pattern "x").LineNumber', 'Select-String -Path src/*.ts -Pattern x', 'Select-String -Path a.ts -Pattern x -Quiet']) {
      expect([c, read(c).kind]).toEqual([c, 'other']);
    }
  });
});

describe('what a search shows', () => {
  it("rg's lines (real, call 59) and grep's with context and group separators", () => {
    expect(lines(matchesShown('grep', '39:const DEFAULT_SLIDERS: BehavioralSlider = {\n52:  behavioralSliders: { ...DEFAULT_SLIDERS },\n', false))).toEqual({
      39: 'const DEFAULT_SLIDERS: BehavioralSlider = {',
      52: '  behavioralSliders: { ...DEFAULT_SLIDERS },',
    });
    expect(lines(matchesShown('grep', '3-a\r\n4:b\r\n5-c\r\n--\r\n9:d\r\n', false))).toEqual({ 3: 'a', 4: 'b', 5: 'c', 9: 'd' });
    // Another shape anywhere (a file name before the number, a message) and it shows nothing.
    expect(matchesShown('grep', '3:a\nsrc/a.ts:4:b\n', false)).toBeNull();
    expect(matchesShown('grep', 'grep: a.ts: binary file matches\n', false)).toBeNull();
    // The same number twice with two texts cannot be one file's.
    expect(matchesShown('grep', '3:a\n--\n3-b\n', false)).toBeNull();
  });

  it("Select-String's listing (real, call 42): the line PowerShell wrapped at the console's width is left out", () => {
    const out =
      '\r\n' +
      '  src\\components\\alice\\AliceCommandCenter.tsx:97:\r\n' +
      '  src\\components\\alice\\AliceCommandCenter.tsx:98:  return (\r\n' +
      '> src\\components\\alice\\AliceCommandCenter.tsx:99:    <div className="alice-theme-wrapper">\r\n' +
      '  src\\components\\alice\\AliceCommandCenter.tsx:102:        subtitle="Behavioral Insight"\r\n' +
      '  src\\components\\alice\\AliceCommandCenter.tsx:103:        iconPath="/assets/Alice.png" // Assuming Alice icon exists, \r\n' +
      'or use Brain icon placeholder if needed\r\n' +
      '  src\\components\\alice\\AliceCommandCenter.tsx:104:        tabs={tabs}\r\n\r\n\r\n';
    const shown = shellShown({ path: 'a.tsx', from: 1, to: null, numbered: false, relined: true, codePage: true, listing: 'select-string' }, `Exit code: 0\nWall time: 0.3 seconds\nOutput:\n${out}`);
    expect(lines(shown)).toEqual({ 97: '', 98: '  return (', 99: '    <div className="alice-theme-wrapper">', 102: '        subtitle="Behavioral Insight"', 104: '        tabs={tabs}' });
  });

  it('a line beyond ASCII (or with SUB) that PowerShell printed is not known; a failed search shows nothing', () => {
    expect(lines(matchesShown('select-string', '> a.ts:1:caf\u00e9\n  a.ts:2:plain\n> a.ts:3:Q? \u001a A: yes\n', true))).toEqual({ 2: 'plain' });
    expect(lines(matchesShown('grep', '1:caf\u00e9\n', false))).toEqual({ 1: 'caf\u00e9' });
    expect(shellShown({ path: 'a.ts', from: 1, to: null, numbered: false, listing: 'grep' }, 'Exit code: 1\nWall time: 0.1 seconds\nOutput:\n')).toBeNull();
  });
});

describe("git diff of one file: the working file's lines its hunks show", () => {
  // The shape of augustoFranke/Ta-la's Codex 0.105 rollout (call #37, `git diff -- package.json`;
  // no licence shown, so the text here is invented).
  const DIFF = 'diff --git a/package.json b/package.json\nindex d3cc1ff..93c2040 100644\n--- a/package.json\n+++ b/package.json\n@@ -6,4 +6,5 @@\n     "start": "x",\n-    "web": "y"\n+    "web": "y",\n+    "lint": "z"\n   },\n@@ -31,3 +32,4 @@\n   "devDependencies": {\n+    "eslint": "^9.0.0",\n     "typescript": "~5.9.2"\n\\ No newline at end of file\n';

  it('git diff [REV] [--] F, and its first lines', () => {
    expect(read(['bash', '-lc', 'git diff -- package.json'])).toEqual({ kind: 'read', read: { path: 'package.json', from: 1, to: null, numbered: false, listing: 'git-diff' }, dir: null });
    expect(read('git diff HEAD -- src/a.ts')).toMatchObject({ read: { path: 'src/a.ts', listing: 'git-diff' } });
    expect(read('git diff --no-color -U5 src/a.ts')).toMatchObject({ read: { path: 'src/a.ts', listing: 'git-diff' } });
    expect(read("git diff -- README.md | sed -n '1,180p'")).toMatchObject({ read: { path: 'README.md', listing: 'git-diff' } });
    for (const c of ['git diff --cached -- a.ts', 'git diff --stat -- a.ts', 'git diff a b -- a.ts', 'git diff -- a.ts b.ts', 'git diff -- src', 'git diff', "git diff -- a.ts | sed -n '5,9p'"]) {
      expect([c, read(c).kind]).toEqual([c, 'other']);
    }
  });

  it("the context and added lines, at the new side's numbers; a deleted file or other output shows nothing", () => {
    expect(lines(matchesShown('git-diff', DIFF, false))).toEqual({ 6: '    "start": "x",', 7: '    "web": "y",', 8: '    "lint": "z"', 9: '  },', 32: '  "devDependencies": {', 33: '    "eslint": "^9.0.0",', 34: '    "typescript": "~5.9.2"' });
    expect(lines(matchesShown('git-diff', `warning: in the working copy of 'package.json', LF will be replaced by CRLF the next time Git touches it\r\n${DIFF.replaceAll('\n', '\r\n')}`, false))).toMatchObject({ 33: '    "eslint": "^9.0.0",' });
    expect(matchesShown('git-diff', 'diff --git a/a.ts b/a.ts\ndeleted file mode 100644\nindex 1..0\n--- a/a.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n', false)).toBeNull();
    expect(matchesShown('git-diff', `${DIFF}diff --git a/b.ts b/b.ts\n`, false)).toBeNull();
    expect(matchesShown('git-diff', 'fatal: not a git repository\n', false)).toBeNull();
  });
});

describe('in a replay', () => {
  const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-29T16:50:00.000Z', type, payload });
  const call = (id: string, command: string) => line('response_item', { type: 'function_call', name: 'shell_command', call_id: id, arguments: JSON.stringify({ command, workdir: 'g:\\w' }) });
  const output = (id: string, text: string) => line('response_item', { type: 'function_call_output', call_id: id, output: `Exit code: 0\nWall time: 0.2 seconds\nOutput:\n${text}` });
  const STORE = 'const DEFAULT = {\n  a: 0,\n};\nexport const store = { ...DEFAULT };\n';
  const PATCH = ' const DEFAULT = {\n-  a: 0,\n+  a: 50,\n };';
  const session = (after: string[], read = STORE.replaceAll('\n', '\r\n'), patch = PATCH) =>
    parseSession(
      [
        line('session_meta', { id: 's', cwd: 'g:\\w', originator: 'codex_cli_rs', cli_version: '0.92.0' }),
        line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>\n  <shell>powershell</shell>\n</environment_context>' }] }),
        call('r1', 'Get-Content -Path src\\store.ts'),
        output('r1', read),
        // The patch failed in the recording (another agent had already changed line 2) and applies here.
        line('response_item', { type: 'function_call', name: 'apply_patch', call_id: 'p1', arguments: JSON.stringify({ input: `*** Begin Patch\n*** Update File: src/store.ts\n@@\n${patch}\n*** End Patch` }) }),
        line('response_item', { type: 'function_call_output', call_id: 'p1', output: `apply_patch verification failed: Failed to find expected lines in g:\\w\\src/store.ts:\n${patch.split('\n').filter((l) => !l.startsWith('+')).map((l) => l.slice(1)).join('\n')}` }),
        ...after,
      ].join('\n'),
    );
  const verdicts = async (after: string[], read?: string, patch?: string) => {
    const s = session(after, read, patch);
    const seed = seedFromTranscript(s);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount });
    return r.calls.map((c) => `${c.kind} ${c.verdict?.verdict ?? c.status}${c.verdict?.cannotJudge ? ` (${c.verdict.cannotJudge.reason})` : ''}${c.shownInPart ? ' in part' : ''}`);
  };

  it('a search that shows a line otherwise than the replay has it: the differs before it cannot be judged', async () => {
    expect(await verdicts([call('r2', 'rg -n "a:" src\\store.ts'), output('r2', '2:  a: 7,\n')])).toEqual(['read listed', 'edit cannot judge (changed-outside)', 'read listed in part']);
  });

  it('a search that agrees on the lines it shows vouches for no other: the read after it still revises the differs (real shape, calls 58-60)', async () => {
    expect(
      await verdicts([call('r2', 'rg -n "DEFAULT" src\\store.ts'), output('r2', '1:const DEFAULT = {\n4:export const store = { ...DEFAULT };\n'), call('r3', 'Get-Content -Path src\\store.ts -TotalCount 3'), output('r3', 'const DEFAULT = {\r\n  a: 7,\r\n};\r\n')]),
    ).toEqual(['read listed', 'edit cannot judge (changed-outside)', 'read listed in part', 'read listed in part']);
    // With nothing after the search, the differs stands.
    expect(await verdicts([call('r2', 'rg -n "DEFAULT" src\\store.ts'), output('r2', '1:const DEFAULT = {\n')])).toEqual(['read listed', 'edit differs', 'read listed in part']);
  });

  it("a file's last lines (Get-Content -Tail) are placed at the end of the replay's state: one shown otherwise revises the differs", async () => {
    const tail = (text: string) => [call('r2', 'Get-Content -Path src\\store.ts -Tail 3'), output('r2', text)];
    expect(await verdicts(tail('  a: 7,\r\n};\r\nexport const store = { ...DEFAULT };\r\n'))).toEqual(['read listed', 'edit cannot judge (changed-outside)', 'read listed in part']);
    // The replay's state is the file as the recorded failure left it.
    expect(await verdicts(tail('  a: 0,\r\n};\r\nexport const store = { ...DEFAULT };\r\n'))).toEqual(['read listed', 'edit differs', 'read listed in part']);
  });

  it("rg's own bytes show the `×` that Get-Content showed as `A-`: the patch the model wrote from that read differs no more (real shape: 2025-12-30 rollout, calls 22, 48, 49)", async () => {
    const read = 'const DEFAULT = {\r\n  // impact A- probability\r\n  a: 0,\r\n};\r\n';
    const patch = ' const DEFAULT = {\n-  // impact A- probability\n-  a: 0,\n+  a: 50,\n };';
    expect(await verdicts([call('r2', 'rg -n "impact" src\\store.ts'), output('r2', '2:  // impact \u00d7 probability\r\n')], read, patch)).toEqual(['read listed', 'edit cannot judge (changed-outside)', 'read listed in part']);
  });
});

describe("a CRLF file's line, with its \\r or without", () => {
  // tvvshow/gokao's Codex rollout (hunt 19, call #272-273): `rg -n "dpQueueLimit" DPManager.cpp
  // Solver.cpp` showed line 284 (rg prints a CRLF file's `\r`, taken off a listing's rows), then
  // `sed -n '260,320p' DPManager.cpp` showed it with its `\r`: the same line, not a change.
  it('is one line to a later read of a file seeded from part of it, and to the LF view', async () => {
    const { partialMismatch, fillPartial } = await import('./resync');
    expect(partialMismatch('a\nb\n', new Map([[2, 'b\r']]))).toBeNull();
    expect(partialMismatch('a\nb\n', new Map([[2, 'c\r']]))).toBe(2);
    const fs = new MemoryFs({ 'x.cpp': '\nsize_t p;\n' });
    const { OverlayFs } = await import('./overlay-fs');
    const overlay = new OverlayFs(fs);
    expect(await fillPartial(overlay, 'x.cpp', new Map([[1, '#include <a>\r'], [2, 'size_t p;\r']]))).toEqual({ filled: 1 });
    // A line numbered 0 (a read's odd numbering, seen in hunt 21's Claude Code material) finds no line: a conflict, not a crash.
    expect(await fillPartial(new OverlayFs(new MemoryFs({ 'y.cpp': 'a\n' })), 'y.cpp', new Map([[0, 'x']]))).toEqual({ conflict: 0 });
    expect(partialMismatch('a\n', new Map([[0, 'x']]))).toBe(0);
  });
});

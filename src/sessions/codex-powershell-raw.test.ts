// PowerShell's `Get-Content -Raw`: one string, the file's text with its own line breaks, which
// the host prints with a line break after it. Seen in Codex rollouts on Windows:
// - Elektriker-Edgar/PV-Projekt (rollout-2025-09-24T04-40-17…, 27 reads):
//   `Get-Content -Raw backend/src/config/settings.py | Write-Output`, an LF file shown `…}\n\r\n`;
// - kasumigaokasama/manga (rollout-2025-09-14T12-35-39…): `Get-Content -Raw F | Out-String`,
//   `…}\n\r\n\r\n` (Out-String's line break, then the host's);
// - Gordondalos/mail-agent (rollout-2025-10-25T01-25-22…): `Get-Content -Raw a.ts; Write-Output
//   "`n---`n"; Get-Content -Raw b.ts`, parted `…}\r\n\r\n\n---\n\r\nimport …`, and
//   `Get-Content -Raw F | Select-Object -First 200`, which is the whole file (one string).
// The shapes are theirs; the texts are invented.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript, shownByRead } from './seed';
import { parseScript } from './shell-script';
import { MemoryFs } from '../workspace/memory-fs';

const CWD = 'E:\\w';
const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2025-10-25T01:30:00.000Z', type, payload });
const META = line('session_meta', { id: 's', cwd: CWD, originator: 'codex_cli_rs', cli_version: '0.48.0' });
const shell = (id: string, command: string) => line('response_item', { type: 'function_call', name: 'shell', call_id: id, arguments: JSON.stringify({ command: ['powershell.exe', '-Command', command], workdir: CWD }) });
const output = (id: string, text: string) => line('response_item', { type: 'function_call_output', call_id: id, output: JSON.stringify({ output: text, metadata: { exit_code: 0, duration_seconds: 0.4 } }) });
const patch = (id: string, body: string) => line('response_item', { type: 'custom_tool_call', name: 'apply_patch', call_id: id, input: `*** Begin Patch\n${body}\n*** End Patch` });
const patched = (id: string, file: string) => line('response_item', { type: 'custom_tool_call_output', call_id: id, output: JSON.stringify({ output: `Success. Updated the following files:\nM ${file}\n`, metadata: { exit_code: 0, duration_seconds: 0 } }) });

const SETTINGS = 'import os\n\nDEBUG = False\n}\n';

function shown(command: string, printed: string) {
  const s = parseSession([META, shell('r', command), output('r', printed)].join('\n'));
  return shownByRead(s.calls[0]!, s.format).map((f) => [f.path, f.shown]);
}

describe('Get-Content -Raw', () => {
  it("shows the file's text, less the line break the host printed after it", () => {
    expect(shown('Get-Content -Raw backend/settings.py', `${SETTINGS}\r\n`)).toEqual([['E:\\w/backend/settings.py', { kind: 'whole', text: SETTINGS }]]);
    // A file without a last line break: the host's line break is the only one.
    expect(shown('Get-Content -Raw notes.txt', 'one\r\ntwo\r\n')).toEqual([['E:\\w/notes.txt', { kind: 'whole', text: 'one\ntwo' }]]);
  });

  it('through Write-Output, the same; through Out-String, one line break more', () => {
    expect(shown('Get-Content -Raw backend/settings.py | Write-Output', `${SETTINGS}\r\n`)).toEqual([['E:\\w/backend/settings.py', { kind: 'whole', text: SETTINGS }]]);
    expect(shown('Get-Content -Raw backend/settings.py | Out-String', `${SETTINGS}\r\n\r\n`)).toEqual([['E:\\w/backend/settings.py', { kind: 'whole', text: SETTINGS }]]);
  });

  it('with -TotalCount or -Tail as well, it is not taken for a read (what it prints is not established)', () => {
    expect(shown('Get-Content -Raw -TotalCount 5 backend/settings.py', `${SETTINGS}\r\n`)).toEqual([]);
  });

  it('Select-Object -First N keeps the one string whole; -Skip leaves nothing to show', () => {
    expect(shown('Get-Content -Raw backend/settings.py | Select-Object -First 2', `${SETTINGS}\r\n`)).toEqual([['E:\\w/backend/settings.py', { kind: 'whole', text: SETTINGS }]]);
    expect(shown('Get-Content -Raw backend/settings.py | Select-Object -Skip 2', '')).toEqual([]);
  });

  it('a patch after it is judged on the text it showed', async () => {
    const s = parseSession(
      [
        META,
        shell('r', 'Get-Content -Raw backend/settings.py | Write-Output'),
        output('r', `${SETTINGS}\r\n`),
        patch('p', '*** Update File: backend/settings.py\n@@\n-DEBUG = False\n+DEBUG = True\n }'),
        patched('p', 'backend/settings.py'),
      ].join('\n'),
    );
    const seed = seedFromTranscript(s);
    expect(seed.files).toEqual({ 'backend/settings.py': SETTINGS });
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
    expect(r.calls[1]!.verdict?.verdict).toBe('agrees');
  });
});

describe('a search of several files naming one file twice', () => {
  it('pairs each name with its own rows, the longest name first (`./a.ts` is not `a.ts`)', () => {
    const printed = 'a.ts:1:x\r\n./a.ts:1:x\r\nb.ts:2:y\r\n';
    expect(shown('rg -n "x|y" a.ts ./a.ts b.ts', printed).map(([path, s]) => [path, s !== null && typeof s === 'object' && 'lines' in s ? Object.fromEntries(s.lines as Map<number, string>) : s])).toEqual([
      ['E:\\w/a.ts', { 1: 'x' }],
      ['E:\\w/a.ts', { 1: 'x' }],
      ['E:\\w/b.ts', { 2: 'y' }],
    ]);
  });
});

describe('a read after PowerShell settings that print nothing', () => {
  // 242282218/blog-nevigation's Codex 0.105 rollouts: `[Console]::OutputEncoding = [System.Text.Encoding]::UTF8; Get-Content -Encoding utf8 core/AGENT.md`.
  it('is the read', () => {
    expect(shown('[Console]::OutputEncoding = [System.Text.Encoding]::UTF8; Get-Content -Encoding utf8 core/AGENT.md', '# Agent\r\n')).toEqual([['E:\\w/core/AGENT.md', { kind: 'whole', text: '# Agent\n' }]]);
    expect(shown("$ErrorActionPreference = 'Stop'; Get-Content -Raw core/AGENT.md", '# Agent\n\r\n')).toEqual([['E:\\w/core/AGENT.md', { kind: 'whole', text: '# Agent\n' }]]);
    // A setting that prints, or any other statement first, is not a read.
    expect(shown('$x = 1; Get-Content -Raw core/AGENT.md', '# Agent\n\r\n')).toEqual([]);
  });
});

describe('reads of several files parted by Write-Output', () => {
  it('"`n---`n" is a line --- with a blank line on each side; each part is one read\'s output', () => {
    expect(parseScript('Write-Output "`n---`t`q`n"', 'powershell')![0]!.command.words).toEqual(['Write-Output', '\n---\tq\n']);
    const printed = "export class Ipc {\r\n}\r\n\r\n\n---\n\r\nimport { A } from 'a';\r\n\r\n";
    expect(shown('Get-Content -Raw src/ipc.ts; Write-Output "`n---`n"; Get-Content -Raw src/settings.ts', printed)).toEqual([
      ['E:\\w/src/ipc.ts', { kind: 'whole', text: 'export class Ipc {\n}\n' }],
      ['E:\\w/src/settings.ts', { kind: 'whole', text: "import { A } from 'a';\n" }],
    ]);
  });

  it('a part that does not start with the separator\'s blank line, or a different separator, shows nothing', () => {
    expect(shown('Get-Content -Raw a.ts; Write-Output "`n---`n"; Get-Content -Raw b.ts', 'a\r\n\r\n\n---\nb\r\n\r\n')).toEqual([
      ['E:\\w/a.ts', { kind: 'whole', text: 'a\n' }],
      ['E:\\w/b.ts', null],
    ]);
    expect(shown("Write-Output '--- a.ts ---'; Get-Content -Raw a.ts; Write-Output '--- b.ts ---'; Get-Content -Raw b.ts", '')).toEqual([]);
  });
});

// PowerShell's parse error of a here-document (`applypatch << 'PATCH'`) in the system's language:
// kasumigaokasama/manga's Codex 0.34 rollout on a German Windows (rollout-2025-09-21T13-05-12…,
// call #131), its answer cut to the first two errors. PowerShell stopped at the `<` before anything
// ran, so it is not apply_patch's answer, and nothing was applied.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const CWD = 'C:\\PaderCleanv1';
const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2025-09-21T11:10:00.000Z', type, payload });
const call = (id: string, command: unknown) => line('response_item', { type: 'function_call', name: 'shell', call_id: id, arguments: JSON.stringify({ command, workdir: CWD }) });
const output = (id: string, text: string, exit = 0) => line('response_item', { type: 'function_call_output', call_id: id, output: JSON.stringify({ output: text, metadata: { exit_code: exit, duration_seconds: 0.4 } }) });

describe("PowerShell's parse error in another language", () => {
  it('is not the tool\'s answer: cannot judge, and the file is not deleted', async () => {
    const heredoc = "applypatch << 'PATCH'\n*** Begin Patch\n*** Delete File: notes.md\n*** End Patch\nPATCH";
    const refused = "In Zeile:1 Zeichen:13\r\n+ applypatch << 'PATCH'\r\n+             ~\r\nDateispezifikation nach dem Umleitungsoperator fehlt.\r\nIn Zeile:1 Zeichen:12\r\n+ applypatch << 'PATCH'\r\n+            ~\r\n";
    const s = parseSession(
      [
        line('session_meta', { id: 's', cwd: CWD, originator: 'codex_cli_rs', cli_version: '0.34.0' }),
        call('r1', ['powershell.exe', '-NoProfile', '-Command', 'Get-Content -Raw notes.md']),
        output('r1', 'a note\r\n'),
        call('d1', ['powershell.exe', '-NoProfile', '-Command', heredoc]),
        output('d1', refused, 1),
      ].join('\n'),
    );
    const seed = seedFromTranscript(s);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount });
    expect(r.calls[1]!.verdict).toMatchObject({ verdict: 'cannot judge', cannotJudge: { reason: 'not-tool-answer' } });
    expect(r.calls[1]!.verdict!.cannotJudge!.evidence).toContain('In Zeile:1 Zeichen:13');
    expect(r.files).toEqual([]);
  });
});

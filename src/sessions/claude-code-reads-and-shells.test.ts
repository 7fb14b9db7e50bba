// Claude Code transcripts of session 18's hunt: a Read of an empty file (2.0.22,
// ThomasJMcGovern/Golfgod_v1 `logs/chat.json` @c2f506b9; JoshuaOliphant/mochi_donut's README.md,
// whose Edit then read "never shown"), and the Windows `PowerShell` tool running a formatter
// (A-Hazzard/Casino-Manangement-System @a3e89cfe, `bunx prettier --write …` before an Edit that
// Claude Code then could not match). Shapes re-expressed, nothing quoted.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { shellCommandOf } from './shell-effects';
import { MemoryFs } from '../workspace/memory-fs';

const line = (type: string, rest: object) => JSON.stringify({ cwd: '/w', sessionId: 's', version: '2.0.22', type, ...rest });
const use = (id: string, name: string, input: object) => line('assistant', { message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const result = (id: string, content: string, toolUseResult?: object, isError = false) =>
  line('user', { message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, ...(isError && { is_error: true }) }] }, ...(toolUseResult !== undefined && { toolUseResult }) });

const EMPTY = '<system-reminder>Warning: the file exists but is shorter than the provided offset (1). The file has 1 lines.</system-reminder>';
const NOT_FOUND = '<tool_use_error>String to replace not found in file.\nString: # mochi</tool_use_error>';

async function replayed(lines: string[]) {
  const s = parseSession(lines.join('\n'));
  const seed = seedFromTranscript(s);
  const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
  return { seed, r };
}

describe('Claude Code: a Read of an empty file', () => {
  it('shows the file, empty: it is seeded so, and an Edit of a string in it is judged (not found)', async () => {
    const { seed, r } = await replayed([
      use('r', 'Read', { file_path: '/w/README.md' }),
      result('r', EMPTY, { type: 'text', file: { filePath: '/w/README.md', content: '', numLines: 1, startLine: 1, totalLines: 1 } }),
      use('e', 'Edit', { file_path: '/w/README.md', old_string: '# mochi', new_string: '# Mochi' }),
      result('e', NOT_FOUND, undefined, true),
    ]);
    expect(seed.files).toEqual({ 'README.md': '' });
    expect(r.calls[1]!.verdict).toMatchObject({ verdict: 'agrees' });
  });

  it('the same warning with lines to show, or a longer file, is no empty file', async () => {
    const { seed } = await replayed([use('r', 'Read', { file_path: '/w/a.md', offset: 40 }), result('r', '<system-reminder>Warning: the file exists but is shorter than the provided offset (40). The file has 12 lines.</system-reminder>')]);
    expect(seed.files).toEqual({});
  });
});

describe('Claude Code on Windows: the PowerShell tool runs commands', () => {
  it('a formatter it runs may change any file: a later Edit that differs cannot be judged', async () => {
    expect(shellCommandOf('PowerShell', { command: 'bunx prettier --write "app/a.ts"', description: 'Format' })).toBe('bunx prettier --write "app/a.ts"');
    const { r } = await replayed([
      use('r', 'Read', { file_path: '/w/app/a.ts' }),
      result('r', '     1→const a = {b: 1}\n'),
      use('p', 'PowerShell', { command: 'bunx prettier --write "app/a.ts"', description: 'Format' }),
      result('p', 'app/a.ts 276ms'),
      use('e', 'Edit', { file_path: '/w/app/a.ts', old_string: 'const a = {b: 1}', new_string: 'const a = {b: 2}' }),
      result('e', NOT_FOUND, undefined, true),
    ]);
    expect(r.calls[2]!.verdict).toMatchObject({ verdict: 'cannot judge', cannotJudge: { reason: 'changed-outside' } });
  });
});

// Edit's swap of `\uXXXX` escapes and their characters (releases.ts `escapeSwap`): from 2.1.118
// old_string matches with its escapes read as characters, or its characters written as escapes,
// and new_string is written the same way; from 2.1.121 the escapes may use either case of hex
// digit and new_string copies the file's. Texts as the native builds of @anthropic-ai/claude-code
// 2.1.118, 2.1.121 and 2.1.219 build them (claude-code-versions.md).

import { describe, expect, it } from 'vitest';
import { commitStage } from '../../commit';
import { createEdit } from './edit';
import { releaseFor } from './releases';
import { runProfile } from '../../run';
import type { RunOutcome } from '../../types';
import { MemoryFs } from '../../../workspace/memory-fs';
import { latin1, snapshot, utf8 } from '../../../../tests/support/harness';

async function edit(version: string, input: unknown, file: string): Promise<{ outcome: RunOutcome; after: string }> {
  const fs = new MemoryFs({ 'a.json': utf8(file) });
  const outcome = await runProfile(createEdit(undefined, releaseFor(version)), fs, input, {});
  if (outcome.ok) await commitStage(fs, outcome.stage);
  return { outcome, after: snapshot(fs)['a.json']! };
}

const text = (o: RunOutcome): string => (o.ok ? (o.result as { output: string }).output : o.error.message);
const UPDATED = 'The file /a.json has been updated successfully.';
const NOT_FOUND = (s: string) => `<tool_use_error>String to replace not found in file.\nString: ${s}</tool_use_error>`;
const NOTE =
  '\n(note: Edit also tried swapping \\uXXXX escapes and their characters; neither form matched, so the mismatch is likely elsewhere in old_string. Re-read the file and copy the exact surrounding text.)';
const NOTE_FOUND = (s: string) => `<tool_use_error>String to replace not found in file.\nString: ${s}${NOTE}</tool_use_error>`;

describe('characters of old_string found as escapes', () => {
  // The shape of a real session: JanDeDobbeleer/oh-my-posh, entire/checkpoints/v1 d8/4718082c10/3
  // line 625 (Claude Code 2.1.215): Nerd Font glyphs in old_string, `\ue0b6` escapes in the JSONC file.
  const file = '{\n  "template": "<b>\\ue0b6</> \\ueaf7 {{ .Folder }}"\n}\n';
  const input = { file_path: '/a.json', old_string: '"template": "<b>\ue0b6</> \ueaf7 {{ .Folder }}"', new_string: '"template": "<p:red>\ue0b6</> \ueaf7 \uf061 {{ .Folder }}"' };

  it('no match before 2.1.118, and no note', async () => {
    expect(text((await edit('2.1.117', input, file)).outcome)).toBe(NOT_FOUND(input.old_string));
  });

  it('from 2.1.118 the escaped form matches and new_string is written with lowercase escapes', async () => {
    for (const v of ['2.1.118', '2.1.215']) {
      const r = await edit(v, input, file);
      expect(text(r.outcome)).toBe(UPDATED);
      expect(r.after).toBe('{\n  "template": "<p:red>\\ue0b6</> \\ueaf7 \\uf061 {{ .Folder }}"\n}\n');
      expect(r.outcome.warnings[0]).toBe('old_string matched only with its \\uXXXX escapes and non-ASCII characters swapped, as the file writes them; new_string was written the same way');
      expect(r.outcome.stage.files[0]!.steps![0]!.strategy).toBe('escape-swapped');
    }
  });

  it('uppercase hex digits match from 2.1.121 only; new_string copies them, a new character takes the majority case', async () => {
    const upper = '{\n  "template": "<b>\\uE0B6</> \\uEAF7 {{ .Folder }}"\n}\n';
    expect(text((await edit('2.1.120', input, upper)).outcome)).toBe(NOTE_FOUND(input.old_string));
    const r = await edit('2.1.121', input, upper);
    expect(text(r.outcome)).toBe(UPDATED);
    expect(r.after).toBe('{\n  "template": "<p:red>\\uE0B6</> \\uEAF7 \\uF061 {{ .Folder }}"\n}\n');
  });
});

describe('escapes of old_string found as characters', () => {
  it('from 2.1.118 both strings have their escapes read as characters; an escaped backslash stays', async () => {
    const input = { file_path: '/a.json', old_string: 'caf\\u00e9 \\\\u00e9', new_string: 'caf\\u00e8 \\\\u00e8' };
    const file = 'x caf\u00e9 \\\\u00e9\n';
    expect(text((await edit('2.1.117', input, file)).outcome)).toBe(NOT_FOUND(input.old_string));
    const r = await edit('2.1.118', input, file);
    expect(text(r.outcome)).toBe(UPDATED);
    expect(r.after).toBe(latin1(utf8('x caf\u00e8 \\\\u00e8\n')));
  });
});

describe('the note on a string not found', () => {
  it('is added from 2.1.118 when old_string holds an escape or a non-ASCII character', async () => {
    const file = 'plain\n';
    const ask = (old: string) => ({ file_path: '/a.json', old_string: old, new_string: 'x' });
    expect(text((await edit('2.1.118', ask('zzz'), file)).outcome)).toBe(NOT_FOUND('zzz'));
    expect(text((await edit('2.1.118', ask('z\u2014z'), file)).outcome)).toBe(NOTE_FOUND('z\u2014z'));
    expect(text((await edit('2.1.219', ask('z\\u2014z'), file)).outcome)).toBe(NOTE_FOUND('z\\u2014z'));
    expect(text((await edit('2.1.117', ask('z\u2014z'), file)).outcome)).toBe(NOT_FOUND('z\u2014z'));
  });
});

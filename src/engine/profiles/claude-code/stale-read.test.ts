// Claude Code's Edit on a file modified since it was read, per release (releases.ts
// `staleRecovery`). Before 2.1.208 it is refused; from 2.1.208 it applies when old_string still
// matches the file uniquely (or replace_all finds it) and its answer ends with a note, in place of
// the note that the file state is current. The recorded texts are from real Claude Code sessions
// in JanDeDobbeleer/oh-my-posh, branch entire/checkpoints/v1 @ 0d1116c02814bec7231dbe3c3b9661106418a724
// (MIT), and from a decompiled Claude Code build's FileEditTool (`two`, `_6p`, validateInput's
// errorCode 7, mapToolResultToToolResultBlockParam).

import { describe, expect, it } from 'vitest';
import { runProfile } from '../../run';
import { MemoryFs } from '../../../workspace/memory-fs';
import { createEdit } from './edit';
import { MemoryReadState, STALE_RECOVERED_NOTE } from './read-state';
import { releaseFor } from './releases';

const MODIFIED = '<tool_use_error>File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.</tool_use_error>';
const FLAG_OFF = `Claude Code 2.1.208 and later applied an edit to a file modified since read only when the server-side flag tengu_cedar_sundial was on for the session (it was in every real session seen); with it off, the answer was: ${MODIFIED}`;
const CONFIG = "  onBrokenLinks: 'ignore',\n  onBrokenLinksX: 'warn',\n";

async function editAs(version: string, input: Record<string, unknown>, files: Record<string, string>, read: Record<string, string | { text: string; modified: true }>) {
  const fs = new MemoryFs(files);
  const outcome = await runProfile(createEdit(new MemoryReadState(read), releaseFor(version)), fs, input, {});
  return { outcome, text: outcome.ok ? (outcome.result as { output: string }).output : outcome.error.message, files: outcome.stage.files.map((f) => f.path) };
}

describe('Edit on a file modified since read', () => {
  const input = { file_path: '/website/docusaurus.config.js', old_string: "  onBrokenLinks: 'ignore',", new_string: "  onBrokenLinks: 'throw'," };
  const files = { 'website/docusaurus.config.js': CONFIG };
  const stale = { '/website/docusaurus.config.js': "  onBrokenLinks: 'ignore',\n" };

  it('2.1.205: refused (59_5b94d3a0e6_0/full.jsonl line 160, Edit of src/shell/init.go)', async () => {
    const r = await editAs('2.1.205', input, files, stale);
    expect(r.text).toBe(MODIFIED);
    expect(r.outcome.ok).toBe(false);
  });

  it('2.1.208 on: applied with the note (1b/b65fdfe5b6/0/full.jsonl lines 314-315, 2.1.217)', async () => {
    const r = await editAs('2.1.217', input, files, stale);
    // Line 315 records: "The file D:\oh-my-posh\website\docusaurus.config.js has been updated successfully. (note: …)".
    expect(r.text).toBe(
      'The file /website/docusaurus.config.js has been updated successfully. (note: the file had been modified on disk since you last read it \u2014 the edit applied cleanly, but the file contains other changes not in your context. Read it before edits that depend on surrounding content.)',
    );
    expect(r.outcome.warnings).toEqual([FLAG_OFF]);
    expect(r.files).toEqual(['website/docusaurus.config.js']);
  });

  it('a record that only knows the file changed (its text the same) recovers too (d8/4718082c10/2 line 306: a timestamp-only change)', async () => {
    const r = await editAs('2.1.215', input, files, { '/website/docusaurus.config.js': { text: CONFIG, modified: true } });
    expect(r.text).toBe(`The file /website/docusaurus.config.js has been updated successfully.${STALE_RECOVERED_NOTE}`);
  });

  it('not unique, or not found: still refused as modified since read', async () => {
    const twice = { file_path: '/a.txt', old_string: 'x', new_string: 'y' };
    expect((await editAs('2.1.217', twice, { 'a.txt': 'x\nx\n' }, { '/a.txt': 'x\n' })).text).toBe(MODIFIED);
    expect((await editAs('2.1.217', { ...twice, old_string: 'z' }, { 'a.txt': 'x\n' }, { '/a.txt': 'z\n' })).text).toBe(MODIFIED);
  });

  it('replace_all applies on every match and carries the note after its own text', async () => {
    const r = await editAs('2.1.217', { file_path: '/a.txt', old_string: 'x', new_string: 'y', replace_all: true }, { 'a.txt': 'x\nx\n' }, { '/a.txt': 'x\n' });
    expect(r.text).toBe(`The file /a.txt has been updated. All occurrences were successfully replaced.${STALE_RECOVERED_NOTE}`);
  });

  it('a file read as it is gets the usual answer and the re-read note as a flagged variant', async () => {
    const r = await editAs('2.1.217', input, files, { '/website/docusaurus.config.js': CONFIG });
    expect(r.text).toBe('The file /website/docusaurus.config.js has been updated successfully.');
    expect(r.outcome.warnings).toHaveLength(1);
  });
});

// Claude Code from 2.1.208 applies an Edit to a file modified since it was read when old_string
// still matches uniquely, and says so (toolUseResult.staleRecovered, a note after its answer).
// The replay sets its record of files read as the answer shows, so its own answer carries the
// note too. Shapes and texts from real sessions in JanDeDobbeleer/oh-my-posh, branch
// entire/checkpoints/v1 @ 0d1116c02814bec7231dbe3c3b9661106418a724 (MIT):
// 1b/b65fdfe5b6/0/full.jsonl lines 314-315 (Claude Code 2.1.217, Edit of website/docusaurus.config.js;
// its originalFile holds lines the session never changed) and d8/4718082c10/2/full.jsonl lines
// 306-307 (2.1.215, src/color/gradient.go: only the file's modification time changed, after a
// `git reset --hard … && git checkout` at line 197). The file texts here are short stand-ins.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedFromTranscript } from './seed';
import { agreedByFlag, errorKind, judge } from './verdict';
import { createEdit } from '../engine/profiles/claude-code/edit';
import { MemoryReadState } from '../engine/profiles/claude-code/read-state';
import { releaseFor } from '../engine/profiles/claude-code/releases';
import { runProfile } from '../engine/run';
import { MemoryFs } from '../workspace/memory-fs';

const PATH = 'D:\\oh-my-posh\\website\\docusaurus.config.js';
const NOTE =
  ' (note: the file had been modified on disk since you last read it \u2014 the edit applied cleanly, but the file contains other changes not in your context. Read it before edits that depend on surrounding content.)';
const UPDATED = `The file ${PATH} has been updated successfully.`;
const V1 = "module.exports = {\n  onBrokenLinks: 'ignore',\n  url: 'https://ohmyposh.dev',\n};\n";
// Something the transcript does not show (the user, a formatter) added a line after the Read.
const V2 = "module.exports = {\n  onBrokenLinks: 'ignore',\n  url: 'https://ohmyposh.dev',\n  trailingSlash: false,\n};\n";
const V3 = V2.replace("'ignore'", "'throw'");

let n = 0;
const event = (version: string, type: string, extra: object) => JSON.stringify({ parentUuid: null, isSidechain: false, type, uuid: `u${++n}`, sessionId: 's', version, cwd: 'D:\\oh-my-posh', timestamp: '2026-07-01T00:00:00.000Z', ...extra });
const use = (version: string, id: string, name: string, input: object) => event(version, 'assistant', { message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const result = (version: string, id: string, content: string, toolUseResult: unknown, isError = false) =>
  event(version, 'user', { message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content, ...(isError && { is_error: true }) }] }, toolUseResult });
const edited = (oldString: string, newString: string, originalFile: string, stale: boolean) => ({ filePath: PATH, oldString, newString, originalFile, structuredPatch: [], userModified: false, replaceAll: false, ...(stale && { staleRecovered: true }) });
const numbered = (text: string) => text.split('\n').slice(0, -1).map((l, i) => `${i + 1}\t${l}`).join('\n');

function session(v: string): string {
  return [
    use(v, 'r1', 'Read', { file_path: PATH }),
    result(v, 'r1', numbered(V1), { type: 'text', file: { filePath: PATH, content: V1, numLines: 4, startLine: 1, totalLines: 4 } }),
    // 1b/…/0 line 314: the file changed outside the calls; the Edit applied with the note.
    use(v, 'e1', 'Edit', { replace_all: false, file_path: PATH, old_string: "  onBrokenLinks: 'ignore',", new_string: "  onBrokenLinks: 'throw'," }),
    result(v, 'e1', UPDATED + NOTE, edited("  onBrokenLinks: 'ignore',", "  onBrokenLinks: 'throw',", V2, true)),
    // d8/…/2 line 306: the file as the replay has it, only its modification time changed.
    use(v, 'e2', 'Edit', { replace_all: false, file_path: PATH, old_string: '  trailingSlash: false,', new_string: '  trailingSlash: true,' }),
    result(v, 'e2', UPDATED + NOTE, edited('  trailingSlash: false,', '  trailingSlash: true,', V3, true)),
    // The refusal a decompiled build throws from call() (prompt extraction tag 2.1.206): no real transcript shows it.
    use(v, 'e3', 'Edit', { replace_all: false, file_path: PATH, old_string: 'module.exports', new_string: 'export default' }),
    result(v, 'e3', '<tool_use_error>File content has changed since it was last read. This commonly happens when a linter or formatter run via Bash rewrites the file. Call Read on this file to refresh, then retry the edit.</tool_use_error>', 'Error: File content has changed since it was last read.', true),
  ].join('\n');
}

async function replayed(v: string) {
  const s = parseSession(session(v));
  const seed = seedFromTranscript(s);
  return replaySession(s, new MemoryFs(seed.files), { mount: seed.mount });
}

describe('Claude Code 2.1.208 on: an Edit of a file modified since read', () => {
  it('agrees with the note when the transcript shows the file changed outside the calls, or only its time', async () => {
    const r = await replayed('2.1.217');
    const edits = r.calls.filter((c) => c.kind === 'edit');
    expect(edits.map((c) => c.verdict?.verdict)).toEqual(['agrees', 'agrees', 'cannot judge']);
    expect(edits[0]!.verdict!.ours.text).toBe(UPDATED + NOTE);
    expect(edits[0]!.resynced).toEqual([{ path: PATH, from: 'originalFile', was: 'different', line: 4 }]);
    expect(edits[1]!.verdict!.ours.text).toBe(UPDATED + NOTE);
    expect(edits[1]!.notes).toEqual([
      `Re-synced Claude Code's record of files read: the tool answered that ${PATH} had been modified on disk since it was read (toolUseResult.staleRecovered), which the replay's record did not show (a change the transcript does not show, or only the file's modification time changed, as by a git checkout). The call ran with the file recorded as read before that change.`,
    ]);
    expect(edits[2]!.verdict!.cannotJudge?.reason).toBe('changed-outside');
    expect(r.files.map((f) => new TextDecoder().decode(f.after ?? new Uint8Array()))).toEqual([V3.replace('trailingSlash: false', 'trailingSlash: true')]);
  });

  it('2.1.205 had no recovery: the same answers differ there (the tool refused as modified since read)', async () => {
    const r = await replayed('2.1.205');
    const edits = r.calls.filter((c) => c.kind === 'edit');
    expect(edits.map((c) => `${c.verdict?.verdict} ${c.verdict?.reason ?? ''}`)).toEqual(['differs outcome', 'differs outcome', 'cannot judge ']);
  });
});

describe('the verdict on a stale read', () => {
  it('the newer refusal reads as modified since read', () => {
    expect(
      errorKind('<tool_use_error>File content has changed since it was last read. This commonly happens when a linter or formatter run via Bash rewrites the file. Call Read on this file to refresh, then retry the edit.</tool_use_error>'),
    ).toBe('modified-since-read');
  });

  it('a refusal recorded where the flag tengu_cedar_sundial was off agrees, with the note that says so', async () => {
    const fs = new MemoryFs({ 'a.txt': 'x\ny\n' });
    const outcome = await runProfile(createEdit(new MemoryReadState({ '/a.txt': 'x\n' }), releaseFor('2.1.217')), fs, { file_path: '/a.txt', old_string: 'x', new_string: 'z' });
    const refused = '<tool_use_error>File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.</tool_use_error>';
    const verdict = judge('Edit', outcome, { isError: true, text: refused, errorSource: 'flag', location: { line: null, path: '$' } });
    expect(verdict).toMatchObject({ verdict: 'differs', reason: 'outcome' });
    const agreed = agreedByFlag(outcome, verdict)!;
    expect(agreed.verdict).toMatchObject({ verdict: 'agrees', ours: { isError: true, text: refused } });
    expect(agreed.verdict.reason).toBeUndefined();
    expect(agreed.note).toBe('Agrees with the answer this release gave with the server-side flag tengu_cedar_sundial off, which this session had.');
  });
});

describe('the kind of a failure', () => {
  // aider's failed match (editblock_coder.py apply_edits), as 16 real histories of session 17's hunt
  // recorded it: filed under "other" before.
  it("aider's SEARCH block that matched nothing is not found", () => {
    expect(errorKind('# 1 SEARCH/REPLACE block failed to match!\n\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in app.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE')).toBe('not-found');
  });
});

// The replay's rules, one describe each: calls run on the state the earlier ones left, verdicts,
// Claude Code's read-before-edit and modified-since-read across calls, the text editor's undo
// history across calls, deletions and moves in the overlay, the cumulative result and its commit.

import { describe, expect, it } from 'vitest';
import { commitStage } from '../engine/commit';
import { commonFolder, inferMount, suggestMount } from './mount';
import { OverlayFs } from './overlay-fs';
import { replaySession } from './replay';
import { sessionStage } from './session-result';
import { errorKind } from './verdict';
import { MemoryFs } from '../workspace/memory-fs';
import { sessionOf } from '../../tests/support/replay-kit';

const NOT_READ = '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>';
const MODIFIED = '<tool_use_error>File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.</tool_use_error>';
const ourTexts = (r: Awaited<ReturnType<typeof replaySession>>) => r.calls.filter((c) => c.status === 'ran').map((c) => c.verdict!.ours.text);

describe('verdicts', () => {
  it('a call whose recorded outcome is the opposite of ours differs, with both texts', async () => {
    const s = sessionOf([{ tool: 'edit_text_file', input: { path: '/a.txt', old_string: 'zzz', new_string: 'y' }, result: '{"success":true}' }]);
    const r = await replaySession(s, new MemoryFs({ 'a.txt': 'x\n' }));
    expect(r.calls[0]!.verdict).toEqual({
      verdict: 'differs',
      reason: 'outcome',
      compared: 'outcome',
      ours: { isError: true, text: 'String not found in file: zzz' },
      recorded: { isError: false, text: '{"success":true}' },
    });
    expect(r.figures).toMatchObject({ differs: 1, failed: 1, failedByKind: { 'not-found': 1, 'not-unique': 0, other: 0 } });
  });

  it('same outcome, other text: differs on the text; a trailing newline and CRLF are not differences', async () => {
    const s = sessionOf([
      { tool: 'Write', input: { file_path: '/a.txt', content: 'x\n' }, result: 'File created successfully at: /a.txt\r\n\n' },
      { tool: 'Write', input: { file_path: '/b.txt', content: 'x\n' }, result: 'File written: /b.txt' },
      { tool: 'Write', input: { file_path: '/c.txt', content: 'x\n' } },
    ]);
    const r = await replaySession(s, new MemoryFs());
    expect(r.calls.map((c) => c.verdict!.verdict)).toEqual(['agrees', 'differs', 'not recorded']);
    expect(r.calls[1]!.verdict).toMatchObject({ reason: 'text', ours: { text: 'File created successfully at: /b.txt' }, recorded: { text: 'File written: /b.txt' } });
    expect(r.figures).toMatchObject({ agrees: 1, differs: 1, notRecorded: 1, filesTouched: 3 });
  });

  it('error kinds are read from every dialect\'s not-found and not-unique texts', () => {
    expect(
      [
        'No replacement was performed, old_str `a` did not appear verbatim in /a.',
        'No replacement was performed. Multiple occurrences of old_str `a` in lines [1, 2]. Please ensure it is unique',
        'apply_patch verification failed: Failed to find expected lines in /a:\nx',
        'Found 2 matches of the string to replace, but replace_all is false.',
        'Failed to edit, could not find the string to replace.',
        'Failed to edit, expected 1 occurrence but found 2.',
        'edit 1 failed: old_string not found in /a',
        'File not found: /a',
        '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
        'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.',
        '<tool_use_error>No changes to make: old_string and new_string are exactly the same.</tool_use_error>',
        '<tool_use_error>File does not exist. Note: your current working directory is /.</tool_use_error>',
        '<tool_use_error>InputValidationError: Edit failed due to the following issue:\nThe required parameter `old_string` is missing</tool_use_error>',
        'Permission denied: /etc/x is outside the workspace (/w).',
      ].map(errorKind),
    ).toEqual(['not-found', 'not-unique', 'not-found', 'not-unique', 'not-found', 'not-unique', 'not-found', 'no-file', 'not-read', 'modified-since-read', 'no-change', 'no-file', 'invalid-input', 'other']);
  });
});

describe('calls run in order on the state the earlier ones left', () => {
  it('a failed call changes nothing; the next call sees the last successful one', async () => {
    const s = sessionOf([
      { tool: 'edit_text_file', input: { path: '/a.txt', old_string: 'one', new_string: 'two' } },
      { tool: 'edit_text_file', input: { path: '/a.txt', old_string: 'one', new_string: 'three' } },
      { tool: 'edit_text_file', input: { path: '/a.txt', old_string: 'two', new_string: 'four' } },
    ]);
    const base = new MemoryFs({ 'a.txt': 'one\n' });
    const r = await replaySession(s, base);
    expect(r.calls.map((c) => c.errorKind ?? 'ok')).toEqual(['ok', 'not-found', 'ok']);
    expect(r.files).toMatchObject([{ path: 'a.txt', status: 'modified', originalText: 'one\n', finalText: 'four\n', calls: [0, 2] }]);
    expect(r.files[0]!.diff).toBe('--- /a.txt\n+++ /a.txt\n@@ -1,1 +1,1 @@\n-one\n+four\n');
    expect(base.text('a.txt')).toBe('one\n');
    expect(base.log).toEqual([]);
  });

  it('apply_patch deletions and moves: later calls see the file at its new path only', async () => {
    const s = sessionOf([
      { tool: 'apply_patch', input: { input: '*** Begin Patch\n*** Update File: /src/old.ts\n*** Move to: /src/new.ts\n@@\n-a\n+b\n*** Delete File: /gone.txt\n*** End Patch' } },
      { tool: 'edit_text_file', input: { path: '/src/old.ts', old_string: 'b', new_string: 'c' } },
      { tool: 'edit_text_file', input: { path: '/src/new.ts', old_string: 'b', new_string: 'c' } },
      { tool: 'edit_text_file', input: { path: '/gone.txt', old_string: 'x', new_string: 'y' } },
    ]);
    const base = new MemoryFs({ 'src/old.ts': 'a\n', 'gone.txt': 'x\n', 'keep.txt': 'k\n' });
    const r = await replaySession(s, base);
    expect(ourTexts(r)).toEqual([
      'Success. Updated the following files:\nM /src/new.ts\nD /gone.txt\n',
      'File not found: /src/old.ts',
      expect.stringContaining('"success":true'),
      'File not found: /gone.txt',
    ]);
    expect(r.files.map((f) => `${f.status} ${f.path}`).sort()).toEqual(['created src/new.ts', 'deleted gone.txt', 'deleted src/old.ts']);
    expect(r.files.find((f) => f.path === 'src/new.ts')!.finalText).toBe('c\n');

    const written = await commitStage(base, sessionStage(r.files, r.mount));
    expect(written).toEqual({ ok: true, written: [], created: ['/src/new.ts'], deleted: expect.arrayContaining(['/src/old.ts', '/gone.txt']) });
    expect([...base.files.keys()].sort()).toEqual(['keep.txt', 'src/new.ts']);
    expect(base.text('src/new.ts')).toBe('c\n');
  });

  it('the commit is compare-and-swap against the workspace before the session: all files or none', async () => {
    const s = sessionOf([
      { tool: 'edit_text_file', input: { path: '/a.txt', old_string: 'a', new_string: 'A' } },
      { tool: 'edit_text_file', input: { path: '/b.txt', old_string: 'b', new_string: 'B' } },
    ]);
    const base = new MemoryFs({ 'a.txt': 'a\r\nz\r\n', 'b.txt': '\uFEFFb\n' });
    const r = await replaySession(s, base);
    await base.write('b.txt', new TextEncoder().encode('changed\n'));
    const conflict = await commitStage(base, sessionStage(r.files, r.mount));
    expect(conflict).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: 'File changed since the run: /b.txt. Nothing was written; run the call again.' } });
    expect(base.text('a.txt')).toBe('a\r\nz\r\n');

    const clean = new MemoryFs({ 'a.txt': 'a\r\nz\r\n', 'b.txt': '\uFEFFb\n' });
    const again = await replaySession(s, clean);
    expect(await commitStage(clean, sessionStage(again.files, again.mount))).toEqual({ ok: true, written: ['/a.txt', '/b.txt'], created: [], deleted: [] });
    // Exactly the staged bytes: CRLF endings and the byte order mark survive.
    expect(clean.text('a.txt')).toBe('A\r\nz\r\n');
    expect(clean.text('b.txt')).toBe('\uFEFFB\n');
  });
});

describe("Claude Code's read-before-edit rule across the session", () => {
  it('an Edit before any Read is refused; after a Read it runs; its own write counts as read', async () => {
    const s = sessionOf([
      { tool: 'Edit', input: { file_path: '/a.txt', old_string: 'one', new_string: 'two' } },
      { tool: 'Read', input: { file_path: '/a.txt' }, result: '     1→one' },
      { tool: 'Edit', input: { file_path: '/a.txt', old_string: 'one', new_string: 'two' } },
      { tool: 'Edit', input: { file_path: '/a.txt', old_string: 'two', new_string: 'three' } },
    ]);
    const r = await replaySession(s, new MemoryFs({ 'a.txt': 'one\n' }));
    expect(ourTexts(r)).toEqual([NOT_READ, 'The file /a.txt has been updated successfully.', 'The file /a.txt has been updated successfully.']);
  });

  it('Write needs a Read for an existing file, not for a new one, and a new file counts as read', async () => {
    const s = sessionOf([
      { tool: 'Write', input: { file_path: '/old.txt', content: 'new\n' } },
      { tool: 'Write', input: { file_path: '/new.txt', content: 'hello\n' } },
      { tool: 'Edit', input: { file_path: '/new.txt', old_string: 'hello', new_string: 'bye' } },
    ]);
    const r = await replaySession(s, new MemoryFs({ 'old.txt': 'old\n' }));
    expect(ourTexts(r)).toEqual([NOT_READ, 'File created successfully at: /new.txt', 'The file /new.txt has been updated successfully.']);
  });

  it("another tool's write after the Read is a modification since read", async () => {
    const s = sessionOf([
      { tool: 'Read', input: { file_path: '/a.txt' }, result: '     1→one' },
      { tool: 'edit_text_file', input: { path: '/a.txt', old_string: 'one', new_string: 'two' } },
      { tool: 'Edit', input: { file_path: '/a.txt', old_string: 'two', new_string: 'three' } },
      { tool: 'Read', input: { file_path: '/a.txt' }, result: '     1→two' },
      { tool: 'Edit', input: { file_path: '/a.txt', old_string: 'two', new_string: 'three' } },
    ]);
    const r = await replaySession(s, new MemoryFs({ 'a.txt': 'one\n' }));
    expect(ourTexts(r).slice(1)).toEqual([MODIFIED, 'The file /a.txt has been updated successfully.']);
  });

  it('a Read the transcript shows failing records nothing', async () => {
    const s = sessionOf([
      { tool: 'Read', input: { file_path: '/a.txt' }, result: { error: 'File does not exist.' } },
      { tool: 'Edit', input: { file_path: '/a.txt', old_string: 'one', new_string: 'two' } },
    ]);
    const r = await replaySession(s, new MemoryFs({ 'a.txt': 'one\n' }));
    expect(ourTexts(r)).toEqual([NOT_READ]);
  });
});

describe("the text editor's undo_edit history across the session", () => {
  it('undo_edit puts back each earlier call in turn, then has no history left', async () => {
    const edit = (old: string, neu: string) => ({ tool: 'str_replace_editor', input: { command: 'str_replace', path: '/a.txt', old_str: old, new_str: neu } });
    const undo = { tool: 'str_replace_editor', input: { command: 'undo_edit', path: '/a.txt' } };
    const s = sessionOf([edit('one', 'two'), edit('two', 'three'), undo, undo, undo]);
    const r = await replaySession(s, new MemoryFs({ 'a.txt': 'one\n' }));
    const texts = ourTexts(r);
    expect(texts[2]).toBe("Last edit to /a.txt undone successfully. Here's the result of running `cat -n` on /a.txt:\n     1\ttwo\n     2\t\n");
    expect(texts[3]).toBe("Last edit to /a.txt undone successfully. Here's the result of running `cat -n` on /a.txt:\n     1\tone\n     2\t\n");
    expect(texts[4]).toBe('No edit history found for /a.txt.');
    expect(r.files[0]).toMatchObject({ status: 'unchanged', finalText: 'one\n', calls: [0, 1, 2, 3] });
  });

  it('each replay keeps its own history: the registered profile still starts empty per call', async () => {
    const s = sessionOf([{ tool: 'str_replace_editor', input: { command: 'undo_edit', path: '/a.txt' } }]);
    const r = await replaySession(s, new MemoryFs({ 'a.txt': 'one\n' }));
    expect(ourTexts(r)).toEqual(['No edit history found for /a.txt.']);
  });
});

describe('the mount', () => {
  it('is the common folder of the absolute edited paths; relative paths and reads say nothing', () => {
    expect(commonFolder(['/home/me/proj/src/a.ts', '/home/me/proj/README.md'])).toBe('/home/me/proj');
    expect(commonFolder(['/a.ts'])).toBe('/');
    const s = sessionOf([
      { tool: 'Read', input: { file_path: '/etc/hosts' } },
      { tool: 'Edit', input: { file_path: '/home/me/proj/src/a.ts', old_string: 'a', new_string: 'b' } },
      { tool: 'apply_patch', input: { input: '*** Begin Patch\n*** Add File: /home/me/proj/src/lib/b.ts\n+x\n*** Update File: rel/c.ts\n@@\n-a\n+b\n*** End Patch' } },
    ]);
    expect(inferMount(s)).toEqual({ mount: '/home/me/proj/src', basis: 'common-folder', paths: ['/home/me/proj/src/a.ts', '/home/me/proj/src/lib/b.ts'], reason: 'Every edited path lies in /home/me/proj/src.' });
    expect(inferMount(sessionOf([{ tool: 'Edit', input: { file_path: 'a.ts', old_string: 'a', new_string: 'b' } }])).mount).toBe('/');
  });

  it('given the workspace, climbs to the folder the workspace root stands for', async () => {
    const s = sessionOf([{ tool: 'Edit', input: { file_path: '/home/me/proj/src/a.ts', old_string: 'a', new_string: 'b' } }]);
    expect(await suggestMount(s, new MemoryFs({ 'src/a.ts': 'a\n' }))).toMatchObject({ mount: '/home/me/proj', basis: 'workspace', found: 1 });
    expect(await suggestMount(s, new MemoryFs({ 'a.ts': 'a\n' }))).toMatchObject({ mount: '/home/me/proj/src', basis: 'common-folder', found: 1 });
    expect(await suggestMount(s, new MemoryFs({ 'other.ts': '' }))).toMatchObject({ mount: '/home/me/proj/src', found: 0 });
  });
});

describe('the overlay', () => {
  it('answers stat, read and list from the staged files over the base, without touching it', async () => {
    const base = new MemoryFs({ 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', 'top.txt': 't\n' });
    const overlay = new OverlayFs(base);
    await overlay.write('new/dir/c.ts', new TextEncoder().encode('c\n'));
    await overlay.remove('src/b.ts');
    expect(await overlay.stat('new/dir')).toEqual({ kind: 'directory' });
    expect(await overlay.stat('new/dir/c.ts')).toEqual({ kind: 'file', size: 2 });
    expect(await overlay.stat('src/b.ts')).toEqual({ kind: 'missing' });
    expect(await overlay.read('src/a.ts')).toMatchObject({ kind: 'file' });
    const names = async (p: string) => {
      const l = await overlay.list(p);
      return l.kind === 'directory' ? l.entries.map((e) => `${e.kind} ${e.name}`).sort() : l.kind;
    };
    expect(await names('')).toEqual(['directory new', 'directory src', 'file top.txt']);
    expect(await names('src')).toEqual(['file a.ts']);
    expect(await names('new')).toEqual(['directory dir']);
    expect(await names('new/dir/c.ts')).toBe('file');
    expect(overlay.touched().map((t) => `${t.path} ${t.before === null ? 'absent' : 'present'} → ${t.after === null ? 'absent' : 'present'}`)).toEqual([
      'new/dir/c.ts absent → present',
      'src/b.ts present → absent',
    ]);
    expect(base.log).toEqual([]);
  });
});

// Seeding from the transcript (whole and partial reads, creations, files never shown) and what-if
// re-runs under another profile, with the input converted.

import { describe, expect, it } from 'vitest';
import { replaySession } from './replay';
import { seedFromTranscript } from './seed';
import { convertInput, plainEdits, whatIf } from './what-if';
import { MemoryFs } from '../workspace/memory-fs';
import { sessionOf } from '../../tests/support/replay-kit';

describe('seeding from the transcript', () => {
  it('Claude Code Read: cat -n with an arrow or a tab, taken to end with a newline; a reminder after the lines is not the file', () => {
    const s = sessionOf([
      { tool: 'Read', input: { file_path: '/p/a.ts' }, result: '     1→alpha\n     2→\tbeta' },
      { tool: 'Read', input: { file_path: '/p/b.ts' }, result: '1\tone\n2\ttwo\n\n<system-reminder>\nWhatever.\n</system-reminder>' },
      { tool: 'Edit', input: { file_path: '/p/a.ts', old_string: 'alpha', new_string: 'gamma' } },
    ]);
    const seed = seedFromTranscript(s);
    expect(seed.mount).toBe('/p');
    expect(seed.files).toEqual({ 'a.ts': 'alpha\n\tbeta\n', 'b.ts': 'one\ntwo\n' });
  });

  it('a Read with offset and limit seeds the lines shown at their numbers, lists the file as partial, and notes its edits', async () => {
    const s = sessionOf([
      { tool: 'Read', input: { file_path: '/a.ts', offset: 3, limit: 2 }, result: '     3→three\n     4→four' },
      { tool: 'Read', input: { file_path: '/a.ts', offset: 6, limit: 1 }, result: '     6→six' },
      { tool: 'Edit', input: { file_path: '/a.ts', old_string: 'four', new_string: 'FOUR' } },
      { tool: 'Read', input: { file_path: '/a.ts' }, result: '     1→one\n     2→two\n     3→three\n     4→FOUR' },
    ]);
    const seed = seedFromTranscript(s);
    expect(seed.entries).toEqual([{ path: 'a.ts', displayPath: '/a.ts', how: 'partial', fromCall: 0, shownLines: [{ start: 3, end: 4 }, { start: 6, end: 6 }] }]);
    // The Read after the Edit shows the session's work, not the first state: it is not used.
    expect(seed.files).toEqual({ 'a.ts': '\n\nthree\nfour\n\nsix\n' });
    const r = await replaySession(s, new MemoryFs(seed.files), { partialFiles: new Set(['a.ts']) });
    expect(r.calls[2]!.verdict!.ours.text).toBe('The file /a.ts has been updated successfully.');
    expect(r.calls[2]!.notes).toEqual([
      '/a.ts was seeded from part of the file only: a string outside the part shown reads as not found, and one that occurs there too may read as unique.',
    ]);
  });

  it("toolUseResult's file content is exact; a window of it that is not the whole file is partial", () => {
    const whole = { type: 'text', file: { filePath: '/a.ts', content: 'x\ny', numLines: 2, startLine: 1, totalLines: 2 } };
    const s = sessionOf([{ tool: 'Read', input: { file_path: '/a.ts' }, result: '     1→x\n     2→y' }, { tool: 'Read', input: { file_path: '/b.ts' }, result: '     1→x\n     2→y' }]);
    s.calls[0]!.result!.details = whole;
    s.calls[1]!.result!.details = { type: 'text', file: { filePath: '/b.ts', content: 'x\ny\n', numLines: 2, startLine: 1, totalLines: 9 } };
    const seed = seedFromTranscript(s, { mount: '/' });
    expect(seed.files['a.ts']).toBe('x\ny');
    expect(seed.entries[1]).toMatchObject({ path: 'b.ts', how: 'partial', shownLines: [{ start: 1, end: 2 }] });
  });

  it('Anthropic view is the file exactly (a last empty line is the final newline); a view_range is partial', () => {
    const head = (p: string) => `Here's the result of running \`cat -n\` on ${p}:\n`;
    const s = sessionOf([
      { tool: 'str_replace_editor', input: { command: 'view', path: '/a.py' }, result: `${head('/a.py')}     1\tdef f():\n     2\t    return 1\n     3\t\n` },
      { tool: 'str_replace_editor', input: { command: 'view', path: '/b.py' }, result: `${head('/b.py')}     1\tno newline\n` },
      { tool: 'str_replace_editor', input: { command: 'view', path: '/c.py', view_range: [2, 2] }, result: `${head('/c.py')}     2\tsecond\n` },
      { tool: 'str_replace_editor', input: { command: 'view', path: '/dir' }, result: "Here's the files and directories up to 2 levels deep in /dir, excluding hidden items:\n/dir\n" },
    ]);
    const seed = seedFromTranscript(s, { mount: '/' });
    expect(seed.files).toEqual({ 'a.py': 'def f():\n    return 1\n', 'b.py': 'no newline', 'c.py': '\nsecond\n' });
    expect(seed.entries.map((e) => e.how)).toEqual(['whole', 'whole', 'partial']);
  });

  it('files the session creates start absent; a file edited before it was shown is listed as unseen', () => {
    const s = sessionOf([
      { tool: 'Write', input: { file_path: '/new.md', content: '# x\n' }, result: 'File created successfully at: /new.md' },
      { tool: 'str_replace_editor', input: { command: 'create', path: '/made.py', file_text: 'x = 1\n' } },
      { tool: 'apply_patch', input: { input: '*** Begin Patch\n*** Add File: /added.txt\n+a\n*** Update File: /old.txt\n@@\n-a\n+b\n*** End Patch' } },
      { tool: 'Read', input: { file_path: '/old.txt' }, result: '     1→b' },
    ]);
    const seed = seedFromTranscript(s, { mount: '/' });
    expect(seed.files).toEqual({});
    expect(seed.entries.map((e) => `${e.how} ${e.path}`)).toEqual(['created new.md', 'created made.py', 'created added.txt']);
    expect(seed.unseen).toEqual([{ path: 'old.txt', displayPath: '/old.txt', firstCall: 2 }]);
  });

  it('paths outside the mount are left out and listed', () => {
    const s = sessionOf([{ tool: 'Read', input: { file_path: '/etc/hosts' }, result: '     1→127.0.0.1 localhost' }]);
    expect(seedFromTranscript(s, { mount: '/home/me' })).toMatchObject({ files: {}, outside: ['/etc/hosts'] });
  });
});

describe('what if: one call under another profile, on the state before it', () => {
  const session = sessionOf([
    { tool: 'Read', input: { file_path: '/a.ts' }, result: '     1→const a = 1;\n     2→const b  =  2;' },
    { tool: 'Edit', input: { file_path: '/a.ts', old_string: 'const a = 1;', new_string: 'const a = 10;' }, result: 'The file /a.ts has been updated successfully.' },
    { tool: 'Edit', input: { file_path: '/a.ts', old_string: 'b = 2', new_string: 'b = 20' }, result: { error: '<tool_use_error>String to replace not found in file.\nString: b = 2</tool_use_error>' } },
  ]);
  const files = () => new MemoryFs({ 'a.ts': 'const a = 1;\nconst b  =  2;\n' });

  it('the failing exact Edit under multiedit matches with its whitespace-tolerant strategies', async () => {
    const r = await whatIf(session, files(), 2, 'multiedit');
    expect(r).toMatchObject({ ok: true, profile: 'multiedit', input: { file_path: '/a.ts', edits: [{ old_string: 'b = 2', new_string: 'b = 20' }] } });
    if (!r.ok || !r.outcome.ok) throw new Error('expected the what-if to succeed');
    expect(r.outcome.stage.files[0]!.finalText).toBe('const a = 10;\nconst b = 20;\n');
    expect(r.verdict).toMatchObject({ verdict: 'differs', reason: 'outcome' });
  });

  it('as apply_patch, the hunk is widened to the whole line on the state the earlier calls left', async () => {
    const r = await whatIf(session, files(), 1, 'apply_patch');
    expect(r).toMatchObject({ ok: true, input: { input: '*** Begin Patch\n*** Update File: /a.ts\n@@\n-const a = 1;\n+const a = 10;\n*** End Patch' } });
    if (!r.ok) throw new Error('expected a what-if');
    expect(r.outcome).toMatchObject({ ok: true, result: { output: 'Success. Updated the following files:\nM /a.ts\n' } });
  });

  it('the same profile re-runs the call as it was, with the session state (the Read counts)', async () => {
    const r = await whatIf(session, files(), 1, 'Edit');
    expect(r).toMatchObject({ ok: true, verdict: { verdict: 'agrees' } });
  });

  it('every string-replacement dialect converts to every other the shapes allow', () => {
    const plain = plainEdits('Edit', { file_path: '/a', old_string: 'x', new_string: 'y', replace_all: true });
    expect(plain).toEqual({ path: '/a', edits: [{ old: 'x', new: 'y', replaceAll: true }] });
    expect(convertInput(plain!, 'MultiEdit', null)).toEqual({ ok: true, input: { file_path: '/a', edits: [{ old_string: 'x', new_string: 'y', replace_all: true }] } });
    expect(convertInput(plain!, 'replace', null)).toMatchObject({ ok: true, input: { file_path: '/a', old_string: 'x', new_string: 'y', allow_multiple: true } });
    expect(convertInput(plain!, 'str_replace_based_edit_tool', null)).toEqual({ ok: false, message: 'str_replace_based_edit_tool replaces one unique occurrence; this edit replaces all of them.' });
    const two = plainEdits('multi_edit_text_file', { path: '/a', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }] })!;
    expect(convertInput(two, 'Edit', null)).toEqual({ ok: false, message: 'Edit takes one edit at a time; this call has 2. Try MultiEdit or multiedit.' });
    expect(convertInput(two, 'apply_patch', 'a\nc\n')).toEqual({ ok: true, input: { input: '*** Begin Patch\n*** Update File: /a\n@@\n-a\n+b\n@@\n-c\n+d\n*** End Patch' } });
    expect(plainEdits('str_replace_editor', { command: 'str_replace', path: '/a', old_str: 'x' })).toEqual({ path: '/a', edits: [{ old: 'x', new: '', replaceAll: false }] });
    expect(plainEdits('apply_patch', { input: '*** Begin Patch' })).toBeNull();
  });

  it('refuses what it cannot do, in words', async () => {
    expect(await whatIf(session, files(), 0, 'multiedit')).toEqual({ ok: false, message: 'Call 0 (Read) is no edit call: nothing to re-run.' });
    expect(await whatIf(session, files(), 9, 'multiedit')).toEqual({ ok: false, message: 'The session has no call 9.' });
    expect(await whatIf(session, files(), 1, 'MultiEditBatch')).toEqual({ ok: false, message: 'A call cannot be converted to MultiEditBatch: its input is not a list of string replacements.' });
  });
});

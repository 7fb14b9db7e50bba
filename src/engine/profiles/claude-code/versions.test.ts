// Claude Code's Edit, Write and MultiEdit as each release answered (releases.ts). The expected
// texts are the ones the bundled cli.js of @anthropic-ai/claude-code builds at each version
// (src/engine/profiles/claude-code/claude-code-versions.md cites the code); each run also checks that its diffs
// apply and that a failed call changes no byte.

import { describe, expect, it } from 'vitest';
import { commitStage } from '../../commit';
import { createEdit } from './edit';
import { createClaudeCodeMultiEdit } from './multi-edit';
import { MemoryReadState } from './read-state';
import { LAST_MULTIEDIT_RELEASE, multiEditReleaseFor, NEWEST_RELEASE, OLDEST_RELEASE, REFERENCE_RELEASE, releaseFor, RELEASES } from './releases';
import { createWrite } from './write';
import type { Profile } from '../profile';
import { runProfile } from '../../run';
import type { RunOptions, RunOutcome } from '../../types';
import { MemoryFs } from '../../../workspace/memory-fs';
import { latin1, snapshot, stageDiffProblems, utf8 } from '../../../../tests/support/harness';

interface Ran {
  outcome: RunOutcome;
  after: Record<string, string>;
}

async function runAs(profile: Profile, input: unknown, files: Record<string, string | Uint8Array> = {}, options: RunOptions = {}): Promise<Ran> {
  const fs = new MemoryFs(files);
  const before = snapshot(fs);
  const outcome = await runProfile(profile, fs, input, options);
  for (const f of outcome.stage.files) expect(stageDiffProblems(f, 3, false), f.diff).toEqual([]);
  if (outcome.ok) await commitStage(fs, outcome.stage);
  const after = snapshot(fs);
  if (!outcome.ok) expect(after).toEqual(before);
  return { outcome, after };
}

const text = (r: Ran): string => (r.outcome.ok ? (r.outcome.result as { output: string }).output : r.outcome.error.message);
const edit = (v: string, input: unknown, files: Record<string, string | Uint8Array>, state?: MemoryReadState) => runAs(createEdit(state, releaseFor(v)), input, files);
const write = (v: string, input: unknown, files: Record<string, string | Uint8Array>, state?: MemoryReadState) => runAs(createWrite(state, releaseFor(v)), input, files);
const multi = (v: string, input: unknown, files: Record<string, string | Uint8Array>, state?: MemoryReadState) => runAs(createClaudeCodeMultiEdit(state, multiEditReleaseFor(v)), input, files);

const wrap = (s: string) => `<tool_use_error>${s}</tool_use_error>`;
const HEAD = "The file /a.txt has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n";
const TEN = 'l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\n';
const snippet = (sep: string) => ['l2', 'l3', 'l4', 'l5', 'L6', 'l7', 'l8', 'l9', 'l10'].map((l, i) => `${String(i + 2).padStart(6)}${sep}${l}`).join('\n');
const NOT_READ = 'File has not been read yet. Read it first before writing to it.';
const SAMPLED = ['1.0.0', '1.0.51', '1.0.128', '2.0.0', '2.0.27', '2.0.77', '2.1.0', '2.1.88'];

describe('releaseFor', () => {
  it('takes the newest known release not newer than the version', () => {
    expect(releaseFor('1.0.51').version).toBe('1.0.45');
    expect(releaseFor('1.0.128').version).toBe('1.0.117');
    expect(releaseFor('2.0.27').version).toBe('2.0.0');
    expect(releaseFor('2.1.0').version).toBe('2.0.67');
    expect(releaseFor('2.1.88').version).toBe('2.1.88');
    expect(releaseFor('v2.1.20-beta.1').version).toBe('2.1.20');
  });

  it('absent or unparsable: the reference, 2.1.88; newer than all: the newest; older than all: the oldest', () => {
    expect(releaseFor(undefined)).toBe(REFERENCE_RELEASE);
    expect(REFERENCE_RELEASE.version).toBe('2.1.88');
    expect(releaseFor('latest')).toBe(REFERENCE_RELEASE);
    expect(releaseFor('2.1.212')).toBe(NEWEST_RELEASE);
    expect(NEWEST_RELEASE.version).toBe('2.1.208');
    expect(releaseFor('0.2.125')).toBe(OLDEST_RELEASE);
  });

  it('the changes are listed oldest first', () => {
    const order = RELEASES.map((r) => r.version.split('.').map(Number));
    for (let i = 1; i < order.length; i++) expect(order[i]![0]! * 1e6 + order[i]![1]! * 1e3 + order[i]![2]!).toBeGreaterThan(order[i - 1]![0]! * 1e6 + order[i - 1]![1]! * 1e3 + order[i - 1]![2]!);
  });

  it('from 2.1.91 a flagged variant with a note that the file state is current is named', async () => {
    const r = await edit('2.1.212', { file_path: '/a.txt', old_string: 'a', new_string: 'b' }, { 'a.txt': 'a\n' });
    expect(text(r)).toBe('The file /a.txt has been updated successfully.');
    expect(r.outcome.warnings).toEqual([
      'Claude Code 2.1.91 and later answered this way unless the server-side flag tengu_noreread_q7m_velvet was on for the session; with it on, the answer was: The file /a.txt has been updated successfully. (file state is current in your context \u2014 no need to Read it back)',
    ]);
  });

  it('MultiEdit runs as the last release that had it when the version had none', () => {
    expect(LAST_MULTIEDIT_RELEASE.version).toBe('1.0.117');
    expect(multiEditReleaseFor('2.1.88')).toBe(LAST_MULTIEDIT_RELEASE);
    expect(multiEditReleaseFor('1.0.51').version).toBe('1.0.45');
    expect(RELEASES.filter((r) => r.multiEdit).every((r) => r.version.startsWith('1.'))).toBe(true);
  });
});

describe('Edit: success texts per release', () => {
  const input = { file_path: '/a.txt', old_string: 'l6', new_string: 'L6' };
  const expected: Record<string, string> = {
    '1.0.0': HEAD + snippet('\t'),
    '1.0.51': HEAD + snippet('→'),
    '1.0.128': HEAD + snippet('→'),
    '2.0.0': HEAD + snippet('→'),
    '2.0.27': HEAD + snippet('→'),
    '2.0.77': HEAD + snippet('→'),
    '2.1.0': HEAD + snippet('→'),
    '2.1.88': 'The file /a.txt has been updated successfully.',
  };
  it.each(SAMPLED)('%s', async (v) => {
    const r = await edit(v, input, { 'a.txt': TEN });
    expect(text(r)).toBe(expected[v]);
    expect(r.after['a.txt']).toBe(TEN.replace('l6', 'L6'));
    const flagged = v === '2.0.77' || v === '2.1.0';
    expect(r.outcome.warnings).toEqual(
      flagged ? ['Claude Code 2.0.37 to 2.1.19 answered this way unless the server-side flag tengu_file_edit_optimization was on for the session; with it on, the answer was: The file /a.txt has been updated successfully.'] : [],
    );
  });

  it('a created file shows its lines from 1; a snippet starts at most 4 lines before the change', async () => {
    const r = await edit('1.0.51', { file_path: '/n.txt', old_string: '', new_string: 'a\nb\n' }, {});
    expect(text(r)).toBe("The file /n.txt has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n     1→a\n     2→b\n     3→");
  });

  it('replace_all names both strings until 2.1.71, and behind a flag until 2.1.77', async () => {
    const files = { 'a.txt': 'x x\n' };
    const input = { file_path: '/a.txt', old_string: 'x', new_string: 'y', replace_all: true };
    const quoted = "The file /a.txt has been updated. All occurrences of 'x' were successfully replaced with 'y'.";
    expect(text(await edit('1.0.51', input, files))).toBe(quoted);
    expect(text(await edit('2.1.0', input, files))).toBe(quoted);
    const gated = await edit('2.1.75', input, files);
    expect(text(gated)).toBe(quoted);
    expect(gated.outcome.warnings[0]).toContain('tengu_copper_wren');
    expect(text(await edit('2.1.78', input, files))).toBe('The file /a.txt has been updated. All occurrences were successfully replaced.');
  });

  it('before 1.0.8: expected_replacements, every occurrence replaced, snippet at the first', async () => {
    const r = await edit('1.0.0', { file_path: '/a.txt', old_string: 'x', new_string: 'y', expected_replacements: 2 }, { 'a.txt': 'x\nx\n' });
    expect(r.after['a.txt']).toBe('y\ny\n');
    expect(text(r)).toBe(`${HEAD}     1\ty\n     2\ty\n     3\t`);
  });
});

describe('Edit: errors per release', () => {
  it('no <tool_use_error> wrapper before 1.0.68', async () => {
    const files = { 'a.txt': 'hello\n' };
    const input = { file_path: '/a.txt', old_string: 'zz', new_string: 'y' };
    const msg = 'String to replace not found in file.\nString: zz';
    expect(text(await edit('1.0.0', input, files))).toBe(msg);
    expect(text(await edit('1.0.51', input, files))).toBe(msg);
    for (const v of ['1.0.68', '1.0.128', '2.0.27', '2.1.88']) expect(text(await edit(v, input, files))).toBe(wrap(msg));
  });

  it('too many matches: expected_replacements before 1.0.8, replace_all after', async () => {
    const files = { 'a.txt': 'x x\n' };
    const input = { file_path: '/a.txt', old_string: 'x', new_string: 'y' };
    expect(text(await edit('1.0.0', input, files))).toBe(
      'Found 2 matches of the string to replace, but expected 1. The number of actual matches must equal the expected replacements. Please adjust your string to match or update the expected count.\nString: x',
    );
    const replaceAll =
      'Found 2 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: x';
    expect(text(await edit('1.0.51', input, files))).toBe(replaceAll);
    expect(text(await edit('2.0.27', input, files))).toBe(wrap(replaceAll));
  });

  it('a missing file: the working directory is named from 2.1.48', async () => {
    const input = { file_path: '/nope.txt', old_string: 'a', new_string: 'b' };
    expect(text(await edit('1.0.51', input, { 'nope.md': 'a' }))).toBe('File does not exist. Did you mean nope.md?');
    expect(text(await edit('2.1.0', input, {}))).toBe(wrap('File does not exist.'));
    expect(text(await edit('2.1.88', input, {}))).toBe(wrap('File does not exist. Note: your current working directory is /.'));
    // In a session, the directory the line records (oh-my-posh's checkpoint d3/cfdfe7f72d/0, 2.1.217).
    const inSession = await runAs(createEdit(undefined, releaseFor('2.1.217')), input, {}, { cwd: 'D:\\oh-my-posh\\website' });
    expect(text(inSession)).toBe(wrap('File does not exist. Note: your current working directory is D:\\oh-my-posh\\website.'));
  });

  it('not read, identical strings, schema: the same texts, wrapped from 1.0.68', async () => {
    const state = new MemoryReadState();
    const files = { 'a.txt': 'a\n' };
    expect(text(await edit('1.0.51', { file_path: '/a.txt', old_string: 'a', new_string: 'b' }, files, state))).toBe(NOT_READ);
    expect(text(await edit('2.0.27', { file_path: '/a.txt', old_string: 'a', new_string: 'b' }, files, state))).toBe(wrap(NOT_READ));
    expect(text(await edit('1.0.0', { file_path: '/a.txt', old_string: 'a', new_string: 'a' }, files))).toBe('No changes to make: old_string and new_string are exactly the same.');
    expect(text(await edit('1.0.0', { file_path: '/a.txt', old_string: 'a', new_string: 'b', replace_all: true }, files))).toBe(
      'InputValidationError: Edit failed due to the following issue:\nAn unexpected parameter `replace_all` was provided',
    );
    expect(text(await edit('2.1.0', { file_path: '/a.txt', old_string: 'a', new_string: 'b', replace_all: 'true' }, files))).toBe(
      wrap('InputValidationError: Edit failed due to the following issue:\nThe parameter `replace_all` type is expected as `boolean` but provided as `string`'),
    );
    expect((await edit('2.1.88', { file_path: '/a.txt', old_string: 'a', new_string: 'b', replace_all: 'true' }, files)).outcome.ok).toBe(true);
  });

  it('filling an unread empty file succeeds before 1.0.111, then call() refuses it, bare', async () => {
    const state = new MemoryReadState();
    const input = { file_path: '/e.txt', old_string: '', new_string: 'x' };
    expect((await edit('1.0.51', input, { 'e.txt': '' }, state)).after['e.txt']).toBe('x');
    const r = await edit('1.0.128', input, { 'e.txt': '' }, state);
    expect(r.outcome.ok ? null : r.outcome.error).toEqual({ code: 'call_error', message: 'File has been unexpectedly modified. Read it again before attempting to write it.' });
  });
});

describe('Edit: normalisation per release', () => {
  it('new_string keeps trailing whitespace before 1.0.113; loses it after, in Markdown too until 2.1.88', async () => {
    const input = (p: string) => ({ file_path: p, old_string: 'a', new_string: 'b  ' });
    expect((await edit('1.0.51', input('/a.txt'), { 'a.txt': 'a\n' })).after['a.txt']).toBe('b  \n');
    expect((await edit('1.0.128', input('/a.txt'), { 'a.txt': 'a\n' })).after['a.txt']).toBe('b\n');
    expect((await edit('2.1.0', input('/a.md'), { 'a.md': 'a\n' })).after['a.md']).toBe('b\n');
    expect((await edit('2.1.88', input('/a.md'), { 'a.md': 'a\n' })).after['a.md']).toBe('b  \n');
  });

  it('curly quotes: no match before 1.0.45; matched but written straight until 2.1.46; restyled from 2.1.47', async () => {
    const files = { 'a.txt': 'say \u2018q\u2019\n' };
    const input = { file_path: '/a.txt', old_string: "'q'", new_string: "'r'" };
    expect(text(await edit('1.0.0', input, files))).toBe("String to replace not found in file.\nString: 'q'");
    expect((await edit('1.0.51', input, files)).after['a.txt']).toBe("say 'r'\n");
    expect((await edit('2.1.0', input, files)).after['a.txt']).toBe("say 'r'\n");
    expect((await edit('2.1.88', input, files)).after['a.txt']).toBe(latin1(utf8('say \u2018r\u2019\n')));
  });

  it('a CR LF in new_string of a CRLF file: CR CR LF until 2.1.87, one break from 2.1.88', async () => {
    const files = { 'a.txt': 'a\r\nb\r\n' };
    const input = { file_path: '/a.txt', old_string: 'a', new_string: 'x\r\ny' };
    expect((await edit('2.1.0', input, files)).after['a.txt']).toBe('x\r\r\ny\r\nb\r\n');
    expect((await edit('2.1.88', input, files)).after['a.txt']).toBe('x\r\ny\r\nb\r\n');
  });

  it('line endings before 2.1.72: the first 4096 bytes may end inside a character', async () => {
    // Seen in entireio/cli's checkpoint 91/b42542f24f/0 (Claude Code 2.1.36): a Go file whose
    // byte 4096 fell inside an em dash made our Edit throw instead of answering.
    const file = (end: string) => utf8(`${'x\r\n'.repeat(1364)}ab\u2014\r\n${end}\r\n`);
    const input = { file_path: '/a.txt', old_string: 'end', new_string: 'END' };
    for (const v of ['2.1.36', '2.1.88']) {
      const r = await edit(v, input, { 'a.txt': file('end') });
      expect(text(r)).toBe('The file /a.txt has been updated successfully.');
      expect(r.after['a.txt']).toBe(latin1(file('END')));
    }
  });
});

describe('Write per release', () => {
  it('creating: the same text in every release', async () => {
    for (const v of SAMPLED) expect(text(await write(v, { file_path: '/n.txt', content: 'x' }, {}))).toBe('File created successfully at: /n.txt');
  });

  it('updating: the numbered content until 2.1.45 (tab until 1.0.17), then the short text', async () => {
    const files = { 'a.txt': 'old\n' };
    const input = { file_path: '/a.txt', content: 'one\ntwo\n' };
    expect(text(await write('1.0.0', input, files))).toBe(`${HEAD}     1\tone\n     2\ttwo\n     3\t`);
    expect(text(await write('1.0.51', input, files))).toBe(`${HEAD}     1→one\n     2→two\n     3→`);
    expect(text(await write('2.1.0', input, files))).toBe(`${HEAD}     1→one\n     2→two\n     3→`);
    const gated = await write('2.1.30', input, files);
    expect(text(gated)).toBe(`${HEAD}     1→one\n     2→two\n     3→`);
    expect(gated.outcome.warnings).toEqual([
      'Claude Code 2.1.19 to 2.1.45 answered this way unless the server-side flag tengu_file_write_optimization was on for the session; with it on, the answer was: The file /a.txt has been overwritten successfully.',
    ]);
    expect(text(await write('2.1.88', input, files))).toBe('The file /a.txt has been updated successfully.');
  });

  it('content keeps trailing whitespace before 1.0.113: a whitespace-only line then still matches an Edit', async () => {
    const content = 'a\n  \nb\n';
    const state = new MemoryReadState();
    const old = await write('1.0.51', { file_path: '/a.txt', content }, {}, state);
    expect(old.after['a.txt']).toBe(content);
    expect(text(await edit('1.0.51', { file_path: '/a.txt', old_string: 'a\n  \nb', new_string: 'c' }, old.after, new MemoryReadState({ '/a.txt': content })))).toMatch(/^The file \/a\.txt has been updated\./);
    const now = await write('2.1.88', { file_path: '/a.txt', content }, {});
    expect(now.after['a.txt']).toBe('a\n\nb\n');
    expect(text(await edit('2.1.88', { file_path: '/a.txt', old_string: 'a\n  \nb', new_string: 'c' }, now.after))).toBe(wrap('String to replace not found in file.\nString: a\n  \nb'));
  });

  it('an existing CRLF file keeps CRLF until 2.1.76; from 2.1.77 content\'s own endings', async () => {
    const files = { 'a.txt': 'x\r\ny\r\n' };
    const input = { file_path: '/a.txt', content: 'p\nq\n' };
    expect((await write('2.1.0', input, files)).after['a.txt']).toBe('p\r\nq\r\n');
    expect((await write('2.1.88', input, files)).after['a.txt']).toBe('p\nq\n');
  });

  it('not read: bare before 1.0.68', async () => {
    const state = new MemoryReadState();
    expect(text(await write('1.0.51', { file_path: '/a.txt', content: 'x' }, { 'a.txt': 'y' }, state))).toBe(NOT_READ);
    expect(text(await write('2.0.27', { file_path: '/a.txt', content: 'x' }, { 'a.txt': 'y' }, state))).toBe(wrap(NOT_READ));
  });
});

describe('MultiEdit (claude_code_MultiEdit)', () => {
  const files = { 'a.txt': 'l1\nl2\nl3\n' };

  it('lists the edits applied, each string cut at 50 characters', async () => {
    const long = 'z'.repeat(60);
    const r = await multi('1.0.128', { file_path: '/a.txt', edits: [{ old_string: 'l2', new_string: long }, { old_string: 'l3', new_string: 'L3' }] }, files);
    expect(text(r)).toBe(`Applied 2 edits to /a.txt:\n1. Replaced "l2" with "${'z'.repeat(50)}..."\n2. Replaced "l3" with "L3"`);
    expect(r.after['a.txt']).toBe(`l1\n${long}\nL3\n`);
    expect(text(await multi('1.0.0', { file_path: '/a.txt', edits: [{ old_string: 'l1', new_string: 'L1' }] }, files))).toBe('Applied 1 edit to /a.txt:\n1. Replaced "l1" with "L1"');
  });

  it('every edit is validated against the file before the call', async () => {
    const input = { file_path: '/a.txt', edits: [{ old_string: 'l2', new_string: 'X' }, { old_string: 'X', new_string: 'Y' }] };
    expect(text(await multi('1.0.51', input, files))).toBe('String to replace not found in file.\nString: X');
    expect(text(await multi('1.0.128', input, files))).toBe(wrap('String to replace not found in file.\nString: X'));
  });

  it('call() errors are bare: a new_string that holds a later old_string, an edit that changes nothing', async () => {
    const f = { 'a.txt': 'a b\n' };
    const sub = await multi('1.0.128', { file_path: '/a.txt', edits: [{ old_string: 'a', new_string: 'b a' }, { old_string: 'b', new_string: 'c' }] }, f);
    expect(sub.outcome.ok ? null : sub.outcome.error).toEqual({ code: 'call_error', message: 'Cannot edit file: old_string is a substring of a new_string from a previous edit.' });
    const twice = await multi('1.0.128', { file_path: '/a.txt', edits: [{ old_string: 'a', new_string: 'c' }, { old_string: 'a', new_string: 'd' }] }, f);
    expect(twice.outcome.ok ? null : twice.outcome.error).toEqual({ code: 'call_error', message: 'String not found in file. Failed to apply edit.' });
  });

  it('a curly-quote match passes validation but call() applies old_string as given', async () => {
    const r = await multi('1.0.128', { file_path: '/a.txt', edits: [{ old_string: "'q'", new_string: 'r' }] }, { 'a.txt': '\u2018q\u2019\n' });
    expect(r.outcome.ok ? null : r.outcome.error).toEqual({ code: 'call_error', message: 'String not found in file. Failed to apply edit.' });
  });

  it('creates a missing file with one empty old_string; a second edit finds no file', async () => {
    const r = await multi('1.0.128', { file_path: '/n.txt', edits: [{ old_string: '', new_string: 'hello\n' }] }, {});
    expect(text(r)).toBe('Applied 1 edit to /n.txt:\n1. Replaced "" with "hello\n"');
    expect(r.after['n.txt']).toBe('hello\n');
    const two = await multi('1.0.128', { file_path: '/n.txt', edits: [{ old_string: '', new_string: 'a' }, { old_string: 'a', new_string: 'b' }] }, {});
    expect(text(two)).toBe(wrap('File does not exist.'));
  });

  it('reads before writing, and strips new_string from 1.0.113', async () => {
    const state = new MemoryReadState();
    expect(text(await multi('1.0.128', { file_path: '/a.txt', edits: [{ old_string: 'l1', new_string: 'x' }] }, files, state))).toBe(wrap(NOT_READ));
    const r = await multi('1.0.128', { file_path: '/a.txt', edits: [{ old_string: 'l1', new_string: 'x  ' }] }, files, new MemoryReadState({ '/a.txt': 'l1\nl2\nl3\n' }));
    expect(r.after['a.txt']).toBe('x\nl2\nl3\n');
    expect(r.outcome.warnings).toEqual(['edits[0].new_string: Claude Code strips trailing whitespace from every line before it runs the tool: 1 line lost trailing whitespace']);
    expect((await multi('1.0.51', { file_path: '/a.txt', edits: [{ old_string: 'l1', new_string: 'x  ' }] }, files)).after['a.txt']).toBe('x  \nl2\nl3\n');
  });

  it('schema errors: zod 3\'s message for no edits; nested paths from 1.0.108', async () => {
    expect(text(await multi('1.0.128', { file_path: '/a.txt', edits: [] }, files))).toBe(
      wrap(
        'InputValidationError: [\n  {\n    "code": "too_small",\n    "minimum": 1,\n    "type": "array",\n    "inclusive": true,\n    "exact": false,\n    "message": "At least one edit is required",\n    "path": [\n      "edits"\n    ]\n  }\n]',
      ),
    );
    const missing = { file_path: '/a.txt', edits: [{ old_string: 'l1' }] };
    expect(text(await multi('1.0.51', missing, files))).toBe('InputValidationError: MultiEdit failed due to the following issue:\nThe required parameter `edits` is missing');
    expect(text(await multi('1.0.128', missing, files))).toBe(wrap('InputValidationError: MultiEdit failed due to the following issue:\nThe required parameter `edits[0].new_string` is missing'));
  });

  it('before 1.0.8: expected_replacements per edit, checked from 1.0.4; every occurrence replaced', async () => {
    const f = { 'a.txt': 'x x\n' };
    const input = { file_path: '/a.txt', edits: [{ old_string: 'x', new_string: 'y', expected_replacements: 2 }] };
    expect(text(await multi('1.0.0', input, f))).toBe(
      'Found 2 matches of the string to replace, but expected 1. The number of actual matches must equal the expected replacements. Please adjust your string to match or update the expected count.\nString: x',
    );
    expect((await multi('1.0.4', input, f)).after['a.txt']).toBe('y y\n');
  });

  it('a session of a release without MultiEdit runs it as 1.0.128 did', async () => {
    const r = await multi('2.1.88', { file_path: '/a.txt', edits: [{ old_string: 'l1', new_string: 'x' }] }, files);
    expect(text(r)).toBe('Applied 1 edit to /a.txt:\n1. Replaced "l1" with "x"');
  });
});

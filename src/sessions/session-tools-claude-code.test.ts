// A session's Claude Code tools: the profile of each call's release on the session's one read
// record, the record's rules per release (capacity, compaction, subagents), and the Claude Code
// transcript reader naming MultiEdit as Claude Code's own.

import { describe, expect, it } from 'vitest';
import { releaseFor } from '../engine/profiles/claude-code/releases';
import { profileContext } from '../engine/run';
import { parseSession } from './parse';
import { createSessionTools, SessionReadState, subagentTools } from './session-tools';
import { MemoryFs } from '../workspace/memory-fs';

const output = (o: Awaited<ReturnType<ReturnType<ReturnType<typeof createSessionTools>['profile']>['run']>>) => (o.ok ? (o.result as { output: string }).output : o.error.message);

describe('SessionTools.profile(id, version)', () => {
  it('Edit, Write and claude_code_MultiEdit run as the release, on the session\'s read record, one object per release', async () => {
    const tools = createSessionTools();
    expect(tools.profile('Edit', '1.0.51')).toBe(tools.profile('Edit', '1.0.50'));
    expect(tools.profile('Edit', '1.0.51')).not.toBe(tools.profile('Edit'));
    expect(tools.profile('claude_code_MultiEdit', '2.1.88')).toBe(tools.profile('claude_code_MultiEdit', '1.0.128'));
    const fs = new MemoryFs({ 'a.txt': 'x\n' });
    const ctx = profileContext(fs);
    const input = { file_path: '/a.txt', old_string: 'x', new_string: 'y' };
    expect(output(await tools.profile('Edit', '1.0.51').run(input, ctx))).toBe('File has not been read yet. Read it first before writing to it.');
    expect(output(await tools.profile('Edit', '2.1.88').run(input, ctx))).toBe('<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>');
    tools.readState.record('/a.txt', 'x\n');
    expect(output(await tools.profile('Edit', '2.1.88').run(input, ctx))).toBe('The file /a.txt has been updated successfully.');
    const multi = await tools.profile('claude_code_MultiEdit', '1.0.128').run({ file_path: '/a.txt', edits: [{ old_string: 'x', new_string: 'z' }] }, ctx);
    expect(output(multi)).toBe('Applied 1 edit to /a.txt:\n1. Replaced "x" with "z"');
  });

  it('other profiles are the registered ones (the text editor keeps the session\'s history)', () => {
    const tools = createSessionTools();
    expect(tools.profile('replace', '1.0.0').id).toBe('replace');
    expect(tools.profile('str_replace_editor')).toBe(tools.profile('str_replace_editor', '2.1.88'));
  });
});

describe('SessionReadState', () => {
  it('keeps the files used last, up to the release\'s capacity; a lookup counts as a use', () => {
    const s = new SessionReadState();
    s.rules = { ...releaseFor('1.0.58').readState, capacity: 2 };
    s.record('/a', 'a');
    s.record('/b', 'b');
    expect(s.lookup('/a')?.text).toBe('a');
    s.record('/c', 'c');
    expect(s.paths()).toEqual(['/c', '/a']);
    expect(releaseFor('1.0.57').readState.capacity).toBeNull();
    expect(releaseFor('1.0.58').readState.capacity).toBe(100);
  });

  it('from 2.0.67 a text over 25 MiB is not kept at all', () => {
    const s = new SessionReadState();
    s.rules = { ...releaseFor('2.0.67').readState, capacityBytes: 4 };
    s.record('/a', 'ok');
    s.record('/a', 'too long');
    expect(s.lookup('/a')).toBeUndefined();
  });

  it('a compaction forgets everything until 1.0.10', async () => {
    const s = new SessionReadState();
    s.record('/a', 'a');
    expect(await s.compact(() => 'a', releaseFor('1.0.10').readState)).toEqual([]);
    expect(s.paths()).toEqual([]);
  });

  it('from 1.0.11 it restores the 5 most recent files, read again now, CLAUDE.md excepted', async () => {
    const s = new SessionReadState();
    for (const p of ['/1', '/2', '/3', '/4', '/5', '/6', '/CLAUDE.md']) s.record(p, 'old');
    const now: Record<string, string | null> = { '/3': null };
    const restored = await s.compact((p) => (p in now ? now[p]! : `new ${p}`), releaseFor('1.0.51').readState);
    expect(restored).toEqual(['/6', '/5', '/4', '/2']);
    expect(s.lookup('/6')?.text).toBe('new /6');
    expect(s.lookup('/1')).toBeUndefined();
  });

  it('a restored file must fit the release\'s token limit (4 characters a token)', async () => {
    const s = new SessionReadState();
    s.record('/small', 'x');
    s.record('/big', 'y'.repeat(20_004));
    expect(await s.compact((p) => (p === '/big' ? 'y'.repeat(20_004) : 'x'), releaseFor('1.0.85').readState)).toEqual(['/small']);
    const t = new SessionReadState();
    t.record('/big', 'y'.repeat(20_004));
    expect(await t.compact(() => 'y'.repeat(20_004), releaseFor('1.0.51').readState)).toEqual(['/big']);
  });

  it('from 1.0.114 files written in the session rank before files only read (a Read records the file\'s mtime)', async () => {
    const s = new SessionReadState();
    s.record('/written', 'w', 'write');
    for (const p of ['/r1', '/r2', '/r3', '/r4', '/r5']) s.record(p, 'r');
    expect(await s.compact((p) => p, releaseFor('1.0.128').readState)).toEqual(['/written', '/r5', '/r4', '/r3', '/r2']);
    const t = new SessionReadState();
    t.record('/written', 'w', 'write');
    for (const p of ['/r1', '/r2', '/r3', '/r4', '/r5']) t.record(p, 'r');
    expect(await t.compact((p) => p, releaseFor('1.0.113').readState)).toEqual(['/r5', '/r4', '/r3', '/r2', '/r1']);
  });
});

describe('subagentTools', () => {
  it('a subagent shares the parent\'s record until 1.0.115, has an empty one of its own from 1.0.117', () => {
    const parent = createSessionTools();
    parent.readState.record('/a', 'a');
    expect(subagentTools(parent, '1.0.115')).toBe(parent);
    const own = subagentTools(parent, '1.0.117');
    expect(own.readState.lookup('/a')).toBeUndefined();
    expect(own.history).toBe(parent.history);
    own.readState.record('/b', 'b');
    expect(parent.readState.lookup('/b')).toBeUndefined();
    expect(subagentTools(parent, '2.1.88', true).readState.lookup('/a')?.text).toBe('a');
  });
});

describe('the Claude Code transcript reader', () => {
  it('names MultiEdit as Claude Code\'s own tool, keeping each call\'s release', () => {
    const line = (v: object) => JSON.stringify({ sessionId: 's', uuid: 'u', parentUuid: null, ...v });
    const jsonl = [
      line({ type: 'assistant', version: '1.0.51', message: { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'MultiEdit', input: { file_path: '/a', edits: [{ old_string: 'a', new_string: 'b' }] } }] } }),
      line({ type: 'assistant', version: '1.0.51', message: { role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Edit', input: { file_path: '/a', old_string: 'a', new_string: 'b' } }] } }),
    ].join('\n');
    const s = parseSession(jsonl);
    expect(s.calls.map((c) => [c.toolName, c.profile, c.version])).toEqual([
      ['MultiEdit', 'claude_code_MultiEdit', '1.0.51'],
      ['Edit', 'Edit', '1.0.51'],
    ]);
  });
});

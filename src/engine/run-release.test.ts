// RunOptions.release (issue 15): the registry's Claude Code tools and text editors run as the
// release a run names, and as today's newest when it names none.

import { describe, expect, it } from 'vitest';
import { profileReleases, releaseProblem } from './releases';
import { runCall } from './run';
import type { ProfileId, RunOptions, RunOutcome } from './types';
import { MemoryFs } from '../workspace/memory-fs';

const TEN = 'l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\n';
const shown = (o: RunOutcome): unknown => (o.ok ? o.result : o.error.message);
const run = (profile: ProfileId, input: unknown, files: Record<string, string>, options: RunOptions = {}) => runCall(new MemoryFs(files), profile, input, options);

describe('Edit with ctx.release', () => {
  const input = { file_path: '/a.txt', old_string: 'l6', new_string: 'L6' };
  const snippet = ['l2', 'l3', 'l4', 'l5', 'L6', 'l7', 'l8', 'l9', 'l10'].map((l, i) => `${String(i + 2).padStart(6)}→${l}`).join('\n');

  it('1.0.51 answers with the cat -n snippet', async () => {
    expect(shown(await run('Edit', input, { 'a.txt': TEN }, { release: '1.0.51' }))).toEqual({
      output: "The file /a.txt has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n" + snippet,
    });
  });

  it('no release, an empty one, or 2.1.88: the short text of 2.1.88', async () => {
    const short = { output: 'The file /a.txt has been updated successfully.' };
    expect(shown(await run('Edit', input, { 'a.txt': TEN }))).toEqual(short);
    expect(shown(await run('Edit', input, { 'a.txt': TEN }, { release: '' }))).toEqual(short);
    expect(shown(await run('Edit', input, { 'a.txt': TEN }, { release: '2.1.88' }))).toEqual(short);
  });

  it("1.0.51's errors carry no <tool_use_error> wrapper", async () => {
    const missing = { file_path: '/a.txt', old_string: 'zz', new_string: 'y' };
    expect(shown(await run('Edit', missing, { 'a.txt': TEN }, { release: '1.0.51' }))).toBe('String to replace not found in file.\nString: zz');
    expect(shown(await run('Edit', missing, { 'a.txt': TEN }))).toBe('<tool_use_error>String to replace not found in file.\nString: zz</tool_use_error>');
  });
});

describe('str_replace_editor with ctx.release', () => {
  const same = { command: 'str_replace', path: '/w/a.py', old_str: '3', new_str: '3' };
  const files = { 'w/a.py': '1\n2\n3\n' };

  it("swe-agent refuses an old_str equal to new_str; the demo (no release) replaces it", async () => {
    const swe = await run('str_replace_editor', same, files, { release: 'swe-agent' });
    expect(swe.ok).toBe(false);
    expect(shown(swe)).toContain('No replacement was performed, old_str `3` is the same as new_str `3`.');
    const demo = await run('str_replace_editor', same, files);
    expect(demo.ok).toBe(true);
  });

  it('a Claude Code version means nothing to the text editor: it runs as the demo', async () => {
    expect((await run('str_replace_editor', same, files, { release: '1.0.51' })).ok).toBe(true);
  });
});

describe('profileReleases and releaseProblem', () => {
  it('lists the releases newest first, with the default first for Edit', () => {
    const edit = profileReleases('Edit')!;
    expect(edit.default).toBe('2.1.88');
    expect(edit.choices[0]).toEqual({ value: '2.1.208', label: '2.1.208 and later' });
    expect(edit.choices[1]).toEqual({ value: '2.1.121', label: '2.1.121 – 2.1.207' });
    expect(edit.choices[2]).toEqual({ value: '2.1.118', label: '2.1.118 – 2.1.120' });
    expect(edit.choices[3]).toEqual({ value: '2.1.91', label: '2.1.91 – 2.1.117' });
    expect(edit.choices.find((c) => c.value === '1.0.45')!.label).toBe('1.0.45 – 1.0.57');
    expect(profileReleases('claude_code_MultiEdit')!.default).toBe('1.0.117');
    expect(profileReleases('str_replace_editor')!.choices.map((c) => c.value)).toContain('openhands-aci@0.2.10');
    expect(profileReleases('multi_edit_text_file')).toBeNull();
  });

  it('names what is wrong with a release', () => {
    expect(releaseProblem('Edit', '1.0.51')).toBeNull();
    expect(releaseProblem('Edit', 'swe-agent')).toBe('"swe-agent" is not a Claude Code version (such as 1.0.51)');
    expect(releaseProblem('str_replace_editor', 'openhands-aci@0.2.10')).toBeNull();
    expect(releaseProblem('edit_text_file', '1.0.51')).toBe('edit_text_file has one release; --release applies to str_replace_based_edit_tool, str_replace_editor, apply_patch, Edit, Write, claude_code_MultiEdit, replace, write_file, replace_in_file, write_to_file, swe_agent_windowed');
    expect(releaseProblem('apply_patch', '0.20.0')).toBeNull();
    expect(releaseProblem('apply_patch', 'before-3374')).toBeNull();
    expect(releaseProblem('apply_patch', '2025-08')).toBe('"2025-08" is not a Codex version (such as 0.148.0), or before-3374');
  });
});

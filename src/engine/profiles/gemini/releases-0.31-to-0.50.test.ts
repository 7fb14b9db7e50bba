// Gemini CLI's `replace` from 0.31.0 to 0.50.x, as contract cases. The published
// @google/gemini-cli-core packages were diffed (dist/src/tools/edit.js, utils/pathCorrector.js,
// utils/workspaceContext.js, config/config.js), each change placed at its release tag in
// google-gemini/gemini-cli (releases.ts). The flexible cases are the two regression tests
// 6fee663ddc added to packages/core/src/tools/edit.test.ts, with the result the code before it
// gives (checked by running calculateReplacement of the published 0.40.0 edit.js); the path cases
// follow utils/pathCorrector.ts and EditTool.validateToolParamValues at v0.33.0 and v0.34.0.

import { describe, expect, it } from 'vitest';
import { runCall } from '../../run';
import type { RunOutcome } from '../../types';
import { MemoryFs } from '../../../workspace/memory-fs';

type Files = Record<string, string>;

async function run(files: Files, input: Record<string, unknown>, release: string): Promise<{ outcome: RunOutcome; text: string | null }> {
  const outcome = await runCall(new MemoryFs(files), 'replace', { instruction: 'test', ...input }, { release });
  const staged = outcome.ok ? outcome.stage.files[0] : undefined;
  return { outcome, text: staged?.finalText ?? null };
}
const answer = (o: RunOutcome) => (o.ok ? (o.result as { output: string }).output : o.error);
const miss = (path: string) => ({
  code: 'edit_no_occurrence_found',
  message: `Failed to edit, 0 occurrences found for old_string in ${path}. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.`,
});

describe('replace before 0.44.0: the flexible strategy loses the line break after a match (6fee663ddc)', () => {
  const trailing = { file_path: '/test.txt', old_string: 'line1\nline2', new_string: 'line1-replaced\nline2-replaced' };
  const files = { 'test.txt': '  line1\n  line2\n  line3\n' };

  it('should preserve trailing newlines in flexible replacement (regression): 0.44.0 and the reference keep it', async () => {
    for (const release of ['0.44.0', '0.55.0']) expect((await run(files, trailing, release)).text).toBe('  line1-replaced\n  line2-replaced\n  line3\n');
  });

  it('0.31.0 and 0.34.0 join the next line onto the block', async () => {
    for (const release of ['0.31.0', '0.34.0']) expect((await run(files, trailing, release)).text).toBe('  line1-replaced\n  line2-replaced  line3\n');
  });

  it('should correctly increment loop index … when allow_multiple is true (regression): before 0.44.0 one match, the next skipped', async () => {
    const input = { file_path: '/test.txt', old_string: 'match1\nmatch2', new_string: 'replaced1\nreplaced2\nreplaced3', allow_multiple: true };
    const content = { 'test.txt': '  match1\n  match2\n  match1\n  match2\n' };
    const before = await run(content, input, '0.43.0');
    expect(answer(before.outcome)).toBe('Successfully modified file: /test.txt (1 replacements). Here is the updated code:\n  replaced1\n  replaced2\n  replaced3  match1\n  match2\n');
    expect(before.text).toBe('  replaced1\n  replaced2\n  replaced3  match1\n  match2\n');
    const after = await run(content, input, '0.44.0');
    expect(after.text).toBe('  replaced1\n  replaced2\n  replaced3\n  replaced1\n  replaced2\n  replaced3\n');
  });
});

describe('replace before 0.34.0: a relative path must be found, and the texts name the path found', () => {
  const files = { 'src/app.py': 'x = 1\n' };

  it('a relative path found under the root: 0.31.0 names it absolute, 0.34.0 as given', async () => {
    const input = { file_path: 'src/app.py', old_string: 'y = 1', new_string: 'y = 2' };
    expect(answer((await run(files, input, '0.33.2')).outcome)).toEqual(miss('/src/app.py'));
    expect(answer((await run(files, input, '0.34.0')).outcome)).toEqual(miss('src/app.py'));
  });

  it('found by the search (path correction): 0.31.0 names the file found', async () => {
    const input = { file_path: 'app.py', old_string: 'y = 1', new_string: 'y = 2' };
    expect(answer((await run(files, input, '0.31.0')).outcome)).toEqual(miss('/src/app.py'));
    expect(answer((await run(files, input, '0.50.0')).outcome)).toEqual(miss('app.py'));
  });

  it("not found: 0.31.0 refuses with correctPath's error; 0.34.0 creates it under the root", async () => {
    const input = { file_path: 'new.py', old_string: '', new_string: 'print(1)\n' };
    expect(answer((await run(files, input, '0.31.0')).outcome)).toEqual({ code: 'invalid_tool_params', message: "File not found for 'new.py' and path is not absolute." });
    expect(answer((await run(files, input, '0.34.0')).outcome)).toBe('Created new file: /new.py with provided content. Here is the updated code:\nprint(1)\n');
  });

  it('ambiguous: 0.31.0 refuses and lists the matches', async () => {
    const two = { 'a/util.py': 'x\n', 'b/util.py': 'x\n' };
    const input = { file_path: 'util.py', old_string: 'x', new_string: 'y' };
    expect(answer((await run(two, input, '0.32.1')).outcome)).toEqual({
      code: 'invalid_tool_params',
      message: "The file path 'util.py' is ambiguous and matches multiple files. Please provide a more specific path. Matches: /a/util.py, /b/util.py",
    });
    expect(answer((await run(two, input, '0.34.0')).outcome)).toEqual({ code: 'file_not_found', message: 'File not found: /util.py' });
  });
});

describe('replace before 0.51.0: path checks by release', () => {
  const workspace = (p: string) => ({ code: 'invalid_tool_params', message: `Path not in workspace: Attempted path "${p}" resolves outside the allowed workspace directories: / or the project temp directory: /home/user/.gemini/tmp/project` });

  it('a node_modules file: edited before 0.51.0 (ae0a3aa7b9), refused by the reference', async () => {
    const files = { 'node_modules/m/index.js': 'a\n' };
    const input = { file_path: '/node_modules/m/index.js', old_string: 'a', new_string: 'b' };
    expect((await run(files, input, '0.50.0')).text).toBe('b\n');
    expect(answer((await run(files, input, '0.55.0')).outcome)).toEqual(workspace('/node_modules/m/index.js'));
  });

  it('a path with a tab: validatePath refuses it from 0.44.0 (d7384c446f); 0.43 looks for the file', async () => {
    const input = { file_path: '/a\tb.py', old_string: 'a', new_string: 'b' };
    expect(answer((await run({}, input, '0.44.0')).outcome)).toEqual({ code: 'invalid_tool_params', message: 'Invalid path: Path contains invalid characters (newlines or control characters).' });
    expect(answer((await run({}, input, '0.43.0')).outcome)).toEqual({ code: 'file_not_found', message: 'File not found: /a\tb.py' });
  });

  it('an @ file reference: read as the file from 0.51.0 (b5fc06ee33), as the path given before', async () => {
    const files = { 'src/a.py': 'a\n' };
    const input = { file_path: '@src/a.py', old_string: 'a', new_string: 'b' };
    expect((await run(files, input, '0.55.0')).text).toBe('b\n');
    expect(answer((await run(files, input, '0.44.0')).outcome)).toEqual({ code: 'file_not_found', message: 'File not found: /@src/a.py' });
  });
});

// OpenHands' port of the text editor (variants `openhands-aci@X`): All-Hands-AI/openhands-aci
// `openhands_aci/editor/editor.py`, release by release, as OpenHands hands it to the model (the
// output, or `ERROR:\n` and the ToolError's message). Expected texts are what those releases
// answer under CPython 3.11; the real evaluation output tests/sessions/real/openhands/ (OpenHands
// 0.35.0, openhands-aci 0.2.10) is replayed against its recorded observations byte for byte, and
// the `test_oh_editor.py` cases are openhands-aci's own (tests/integration/test_oh_editor.py at
// 0.2.10, bcd2da1c), re-expressed.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryEditHistory } from './history';
import { createTextEditor } from './text-editor';
import { openHandsAciFor, textEditorVariantFor, type OpenHandsAciRelease } from './variants';
import type { RunOutcome } from '../../types';
import { MemoryFs } from '../../../workspace/memory-fs';
import { checkedCalls } from '../../../../tests/support/harness';

interface Session {
  fs: MemoryFs;
  call(input: unknown): Promise<RunOutcome>;
  text(path: string): string;
}

function session(release: OpenHandsAciRelease, files: Record<string, string> = {}, mount = '/w'): Session {
  const fs = new MemoryFs(files);
  const profile = createTextEditor('str_replace_editor', new MemoryEditHistory(), `openhands-aci@${release}`);
  return {
    fs,
    call: checkedCalls(profile, fs, mount),
    text: (path) => new TextDecoder().decode(fs.files.get(path)),
  };
}

/** The text the model read: the output, or the ToolError as `ERROR:\n…`. */
const said = (o: RunOutcome): string => (o.ok ? (o.result as { output: string }).output : o.error.code === 'ToolError' ? o.error.message : `${o.error.code}: ${o.error.message}`);

const TEST_TXT = 'This is a test file.\nThis file is for testing purposes.';
const T12 = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
const replaced = (path: string, lines: string): string =>
  `The file ${path} has been edited. Here's the result of running \`cat -n\` on a snippet of ${path}:\n${lines}Review the changes and make sure they are as expected. Edit the file again if necessary.`;
const inserted = (path: string, lines: string): string =>
  `The file ${path} has been edited. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${lines}Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.`;
const numbered = (from: number, ...lines: string[]): string => lines.map((l, i) => `${String(from + i).padStart(6)}\t${l}\n`).join('');

describe('which release answered', () => {
  it('OpenHands releases map to the openhands-aci they pinned; no version: the date, else the newest', () => {
    expect(textEditorVariantFor('openhands', '0.35.0')).toBe('openhands-aci@0.2.10');
    expect(textEditorVariantFor('openhands', '0.21.1')).toBe('openhands-aci@0.1.8');
    expect(textEditorVariantFor('openhands', '0.62.0')).toBe('openhands-aci@0.3.2');
    expect(openHandsAciFor('0.12.3')).toBeNull();
    expect(textEditorVariantFor('openhands', undefined, { recordedAt: '2025-01-27T22:44:56.900854' })).toBe('openhands-aci@0.1.8');
    expect(textEditorVariantFor('openhands', undefined)).toBe('openhands-aci');
    expect(textEditorVariantFor('claude-code-jsonl', '2.0.5')).toBe('anthropic-quickstarts');
    expect(textEditorVariantFor(null, undefined)).toBe('anthropic-quickstarts');
  });
});

describe('real sessions replayed against their recorded observations', () => {
  it('multi_swe_bench output (OpenHands 0.35.0, eval dir `…_v0.35.0-…`): every call on a file first shown whole agrees', async () => {
    const lines = readFileSync('tests/sessions/real/openhands/OpenHands--multi_swe_bench-output.jsonl', 'utf8').split('\n').filter(Boolean);
    type Event = { id: number; action?: string; observation?: string; cause?: number; content: string; args: Record<string, unknown> };
    const doc = JSON.parse(lines[1]!) as { metadata: { eval_output_dir: string }; history: Event[] };
    expect(doc.metadata.eval_output_dir).toContain('_v0.35.0-');
    const s = session(openHandsAciFor('0.35.0')!, {}, '/');
    const answers = new Map(doc.history.filter((e) => e.observation !== undefined).map((e) => [e.cause, e.content]));
    const known = new Set<string>();
    let agreed = 0;
    for (const e of doc.history) {
      if (e.action !== 'edit' && e.action !== 'read') continue;
      const recorded = answers.get(e.id)!;
      const a = e.args;
      const path = a.path as string;
      if (!known.has(path)) {
        // A file is known once a view showed it whole: the numbered lines, less the empty one after its last line break.
        if (e.action !== 'read' || a.view_range || recorded.includes('<response clipped>')) continue;
        s.fs.files.set(path.slice(1), new TextEncoder().encode(recorded.split('\n').slice(1, -1).map((l) => l.replace(/^ *\d+\t/, '')).join('\n')));
        known.add(path);
      }
      const input =
        e.action === 'read'
          ? { command: 'view', path, ...(a.view_range ? { view_range: a.view_range } : {}) }
          : { command: a.command, path, ...Object.fromEntries(['file_text', 'old_str', 'new_str', 'insert_line'].filter((k) => a[k] !== null && a[k] !== undefined).map((k) => [k, a[k]])) };
      expect(said(await s.call(input)), `event ${e.id}`).toBe(recorded);
      agreed++;
    }
    // Views, a view_range refused with ERROR:, nine str_replace and an insert.
    expect(agreed).toBe(20);
  });

  it('basic.json (no version; events of 2025-01-27, so 0.1.8): the model read extras.formatted_output_and_error, not content (a diff)', async () => {
    const events = JSON.parse(readFileSync('tests/sessions/real/openhands/OpenHands--basic.json', 'utf8')) as {
      id: number;
      timestamp: string;
      cause?: number;
      content: string;
      tool_call_metadata?: { model_response: { choices: { message: { tool_calls: { function: { arguments: string } }[] } }[] } };
      extras?: { formatted_output_and_error?: string };
    }[];
    const variant = textEditorVariantFor('openhands', undefined, { recordedAt: events[0]!.timestamp });
    expect(variant).toBe('openhands-aci@0.1.8');
    const obs = events.find((e) => e.extras?.formatted_output_and_error !== undefined)!;
    const action = events.find((e) => e.id === obs.cause)!;
    const input = JSON.parse(action.tool_call_metadata!.model_response.choices[0]!.message.tool_calls[0]!.function.arguments) as Record<string, unknown>;
    expect(obs.content.startsWith('--- /workspace/game_2048.py')).toBe(true);
    const s = session('0.1.8', { 'keep': '' }, '/workspace');
    expect(said(await s.call(input))).toBe(obs.extras!.formatted_output_and_error);
  });
});

describe('openhands-aci tests/integration/test_oh_editor.py at 0.2.10, re-expressed', () => {
  const P = '/w/test.txt';
  const fresh = (): Session => session('0.2.10', { 'test.txt': TEST_TXT });

  it('test_view_file: no empty line after a last line without a break', async () => {
    expect(said(await fresh().call({ command: 'view', path: P }))).toBe(`Here's the result of running \`cat -n\` on ${P}:\n${numbered(1, 'This is a test file.', 'This file is for testing purposes.')}`);
  });

  it('test_view_directory: folders marked with a slash, no trailing newline', async () => {
    expect(said(await fresh().call({ command: 'view', path: '/w' }))).toBe("Here's the files and directories up to 2 levels deep in /w, excluding hidden items:\n/w/\n/w/test.txt");
  });

  it('test_view_with_a_specific_range: 200 lines built by inserts, view_range [50, 100]', async () => {
    const s = fresh();
    await s.call({ command: 'str_replace', path: P, old_str: TEST_TXT, new_str: '' });
    for (let i = 0; i < 200; i++) expect((await s.call({ command: 'insert', path: P, insert_line: i, new_str: `Line ${i + 1}` })).ok).toBe(true);
    const out = said(await s.call({ command: 'view', path: P, view_range: [50, 100] }));
    expect(out).toBe(`Here's the result of running \`cat -n\` on ${P}:\n${numbered(50, ...Array.from({ length: 51 }, (_, i) => `Line ${50 + i}`))}`);
  });

  it('test_create_file, test_create_with_empty_string, test_create_with_none_file_text', async () => {
    const s = fresh();
    expect(said(await s.call({ command: 'create', path: '/w/new_file.txt', file_text: 'New file content' }))).toBe('File created successfully at: /w/new_file.txt');
    expect(s.text('new_file.txt')).toBe('New file content');
    expect(said(await s.call({ command: 'create', path: '/w/empty_content.txt', file_text: '' }))).toBe('File created successfully at: /w/empty_content.txt');
    expect(said(await s.call({ command: 'view', path: '/w/empty_content.txt' }))).toBe("Here's the result of running `cat -n` on /w/empty_content.txt:\n     1\t\n");
    expect(said(await s.call({ command: 'create', path: '/w/none_content.txt', file_text: null }))).toBe('ERROR:\nParameter `file_text` is required for command: create.');
  });

  it('test_str_replace_no_linting, test_str_replace_multi_line_no_linting', async () => {
    const want = replaced(P, numbered(1, 'This is a sample file.', 'This file is for testing purposes.'));
    expect(said(await fresh().call({ command: 'str_replace', path: P, old_str: 'test file', new_str: 'sample file' }))).toBe(want);
    expect(said(await fresh().call({ command: 'str_replace', path: P, old_str: TEST_TXT, new_str: 'This is a sample file.\nThis file is for testing purposes.' }))).toBe(want);
  });

  it('test_str_replace_multi_line_with_tabs_no_linting: tabs expanded (until 0.2.11)', async () => {
    const s = session('0.2.10', { 'test.py': 'def test():\n\tprint("Hello, World!")' });
    expect(said(await s.call({ command: 'str_replace', path: '/w/test.py', old_str: 'def test():\n\tprint("Hello, World!")', new_str: 'def test():\n\tprint("Hello, Universe!")' }))).toBe(
      replaced('/w/test.py', numbered(1, 'def test():', '        print("Hello, Universe!")')),
    );
  });

  it('test_str_replace_error_multiple_occurrences, _multiline_occurrences, test_str_replace_with_empty_old_str', async () => {
    expect(said(await fresh().call({ command: 'str_replace', path: P, old_str: 'test', new_str: 'sample' }))).toBe(
      'ERROR:\nNo replacement was performed. Multiple occurrences of old_str `test` in lines [1, 2]. Please ensure it is unique.',
    );
    const block = 'def example():\n    print("Hello")\n    return True';
    const s = session('0.2.10', { 'test.txt': `${block}\n\nprint('separator')\n\n${block}` });
    expect(said(await s.call({ command: 'str_replace', path: P, old_str: block, new_str: 'def new():\n    print("World")' }))).toBe(
      `ERROR:\nNo replacement was performed. Multiple occurrences of old_str \`${block}\` in lines [1, 7]. Please ensure it is unique.`,
    );
    const three = session('0.2.10', { 'test.txt': 'Line 1\nLine 2\nLine 3' });
    expect(said(await three.call({ command: 'str_replace', path: P, old_str: '', new_str: 'New string' }))).toBe(
      'ERROR:\nNo replacement was performed. Multiple occurrences of old_str `` in lines [1, 2, 3]. Please ensure it is unique.',
    );
  });

  it('test_str_replace_nonexistent_string, test_str_replace_with_empty_new_str, test_str_replace_with_none_old_str, test_str_replace_new_str_and_old_str_same', async () => {
    expect(said(await fresh().call({ command: 'str_replace', path: P, old_str: 'Non-existent Line', new_str: 'New Line' }))).toBe(
      `ERROR:\nNo replacement was performed, old_str \`Non-existent Line\` did not appear verbatim in ${P}.`,
    );
    const s = session('0.2.10', { 'test.txt': 'Line 1\nLine to remove\nLine 3' });
    expect((await s.call({ command: 'str_replace', path: P, old_str: 'Line to remove\n', new_str: '' })).ok).toBe(true);
    expect(s.text('test.txt')).toBe('Line 1\nLine 3');
    expect(said(await fresh().call({ command: 'str_replace', path: P, old_str: null, new_str: 'new content' }))).toBe('ERROR:\nParameter `old_str` is required for command: str_replace.');
    expect(said(await fresh().call({ command: 'str_replace', path: P, old_str: 'test file', new_str: 'test file' }))).toBe(
      'ERROR:\nInvalid `new_str` parameter: test file. No replacement was performed. `new_str` and `old_str` must be different.',
    );
  });

  it('test_insert_no_linting, test_insert_invalid_line, test_insert_with_empty_string, test_insert_with_none_new_str, test_insert_missing_line_param', async () => {
    const s = fresh();
    expect(said(await s.call({ command: 'insert', path: P, insert_line: 1, new_str: 'Inserted line' }))).toBe(
      inserted(P, numbered(1, 'This is a test file.', 'Inserted line', 'This file is for testing purposes.')),
    );
    expect(said(await fresh().call({ command: 'insert', path: P, insert_line: 10, new_str: 'Invalid Insert' }))).toBe(
      'ERROR:\nInvalid `insert_line` parameter: 10. It should be within the range of lines of the file: [0, 2]',
    );
    const e = fresh();
    await e.call({ command: 'insert', path: P, insert_line: 1, new_str: '' });
    expect(e.text('test.txt')).toBe('This is a test file.\n\nThis file is for testing purposes.');
    expect(said(await fresh().call({ command: 'insert', path: P, insert_line: 1, new_str: null }))).toBe('ERROR:\nParameter `new_str` is required for command: insert.');
    expect(said(await fresh().call({ command: 'insert', path: P, new_str: 'Missing insert line' }))).toBe('ERROR:\nParameter `insert_line` is required for command: insert.');
  });
});

describe('openhands-aci tests/integration/test_oh_editor.py at 0.2.10, re-expressed: undo, path checks, folders, large files', () => {
  const P = '/w/test.txt';
  const fresh = (): Session => session('0.2.10', { 'test.txt': TEST_TXT });

  it('test_undo_edit, test_multiple_undo_edits, test_undo_edit_no_history_error', async () => {
    const s = fresh();
    await s.call({ command: 'str_replace', path: P, old_str: 'test file', new_str: 'sample file v1' });
    await s.call({ command: 'str_replace', path: P, old_str: 'sample file v1', new_str: 'sample file v2' });
    expect(said(await s.call({ command: 'undo_edit', path: P }))).toBe(
      `Last edit to ${P} undone successfully. Here's the result of running \`cat -n\` on ${P}:\n${numbered(1, 'This is a sample file v1.', 'This file is for testing purposes.')}`,
    );
    expect(said(await s.call({ command: 'undo_edit', path: P })).startsWith('Last edit to')).toBe(true);
    expect(s.text('test.txt')).toBe(TEST_TXT);
    expect(said(await session('0.2.10', { 'empty.txt': '' }).call({ command: 'undo_edit', path: '/w/empty.txt' }))).toBe('ERROR:\nNo edit history found for /w/empty.txt.');
  });

  it('test_validate_path_invalid, test_create_existing_file_error, test_validate_path_suggests_absolute_path', async () => {
    expect(said(await fresh().call({ command: 'view', path: '/w/nonexistent.txt' }))).toBe(
      'ERROR:\nInvalid `path` parameter: /w/nonexistent.txt. The path /w/nonexistent.txt does not exist. Please provide a valid path.',
    );
    expect(said(await fresh().call({ command: 'create', path: P, file_text: 'New content' }))).toBe(
      `ERROR:\nInvalid \`path\` parameter: ${P}. File already exists at: ${P}. Cannot overwrite files using command \`create\`.`,
    );
    // OpenHands passes its working folder as workspace_root: the suggestion is made when the path exists there.
    expect(said(await fresh().call({ command: 'view', path: 'test.txt' }))).toBe(
      'ERROR:\nInvalid `path` parameter: test.txt. The path should be an absolute path, starting with `/`. Maybe you meant /w/test.txt?',
    );
    expect(said(await fresh().call({ command: 'view', path: 'nope.txt' }))).toBe('ERROR:\nInvalid `path` parameter: nope.txt. The path should be an absolute path, starting with `/`.');
  });

  it('test_view_directory_with_hidden_files, test_view_directory_on_hidden_path', async () => {
    const s = session('0.2.10', { 'test_dir/visible.txt': 'c', 'test_dir/.hidden1': 'h', 'test_dir/.hidden2': 'h', 'test_dir/.hidden_dir/file.txt': 'c', 'test_dir/visible_dir/x': 'c' });
    expect(said(await s.call({ command: 'view', path: '/w/test_dir' }))).toBe(
      "Here's the files and directories up to 2 levels deep in /w/test_dir, excluding hidden items:\n/w/test_dir/\n/w/test_dir/visible.txt\n/w/test_dir/visible_dir/\n/w/test_dir/visible_dir/x\n\n" +
        "3 hidden files/directories in this directory are excluded. You can use 'ls -la /w/test_dir' to see them.",
    );
    const h = session('0.2.10', {
      '.hidden_test_dir/visible1.txt': 'c',
      '.hidden_test_dir/.hidden1': 'h',
      '.hidden_test_dir/visible_dir/visible2.txt': 'c',
      '.hidden_test_dir/visible_dir/.hidden2': 'h',
      '.hidden_test_dir/.hidden_dir/visible3.txt': 'c',
      '.hidden_test_dir/.hidden_dir/.hidden3': 'h',
    });
    const out = said(await h.call({ command: 'view', path: '/w/.hidden_test_dir' }));
    expect(out).toContain('/w/.hidden_test_dir/visible_dir/visible2.txt');
    expect(out).not.toContain('visible3.txt');
    expect(out).not.toContain('.hidden2');
    expect(out).toContain('2 hidden files/directories in this directory are excluded');
  });

  it('test_view_large_file_with_truncation', async () => {
    const out = said(await session('0.2.10', { 'large_test.txt': 'Line 1\n'.repeat(16000) }).call({ command: 'view', path: '/w/large_test.txt' }));
    expect(out.endsWith('<response clipped><NOTE>Due to the max output limit, only part of this file has been shown to you. You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>\n')).toBe(true);
  });

  it('test_str_replace_and_insert_snippet_output_on_a_large_file', async () => {
    const s = session('0.2.10', { 'test.txt': Array.from({ length: 700 }, (_, i) => `Line ${i + 1}`).join('\n') + '\n' });
    expect(said(await s.call({ command: 'str_replace', path: P, old_str: 'Line 500', new_str: '500 new' }))).toBe(
      replaced(P, numbered(497, 'Line 497', 'Line 498', 'Line 499', '500 new', 'Line 501', 'Line 502', 'Line 503', 'Line 504', '')),
    );
    expect(said(await s.call({ command: 'str_replace', path: P, old_str: '500 new\n', new_str: '' }))).toContain('   499\tLine 499\n   500\tLine 501\n');
    expect(said(await s.call({ command: 'insert', path: P, insert_line: 499, new_str: 'Inserted line at 500' }))).toContain('   500\tInserted line at 500\n');
  });
});

describe('what changed between releases (each text as that release answers)', () => {
  it('str_replace snippet: the demo\'s window until 0.1.9; read a line early 0.2.0-0.2.8; from 0.2.9 three lines before, four after', async () => {
    const call = { command: 'str_replace', path: '/w/a.txt', old_str: 'line 7', new_str: 'line 7a\nline 7b' };
    const lines = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`).map((l) => (l === 'line 7' ? 'line 7a\nline 7b' : l)).join('\n').split('\n');
    expect(said(await session('0.1.9', { 'a.txt': T12 }).call(call))).toBe(replaced('/w/a.txt', numbered(3, ...lines(3, 11))));
    // 0.2.0-0.2.8: the text from line 3 numbered from 4, and an empty numbered line for the last line break.
    expect(said(await session('0.2.8', { 'a.txt': T12 }).call(call))).toBe(replaced('/w/a.txt', numbered(4, ...lines(3, 11), '')));
    // 0.2.9: lines 4-12, numbered by splitlines() (no empty line).
    expect(said(await session('0.2.9', { 'a.txt': T12 }).call(call))).toBe(replaced('/w/a.txt', numbered(4, ...lines(4, 11))));
    expect(said(await session('0.2.10', { 'a.txt': T12 }).call(call))).toBe(replaced('/w/a.txt', numbered(4, ...lines(4, 11), '')));
  });

  it('tabs: expanded in the file, old_str, new_str and the answer until 0.2.10; kept from 0.2.11', async () => {
    const files = { 't.py': 'def f():\n\treturn 1\n' };
    const call = { command: 'str_replace', path: '/w/t.py', old_str: '\treturn 1', new_str: '\treturn 2' };
    const a = session('0.2.10', files);
    expect(said(await a.call(call))).toBe(replaced('/w/t.py', numbered(1, 'def f():', '        return 2', '')));
    expect(a.text('t.py')).toBe('def f():\n        return 2\n');
    const b = session('0.2.11', files);
    expect(said(await b.call(call))).toBe(replaced('/w/t.py', numbered(1, 'def f():', '\treturn 2', '')));
    expect(b.text('t.py')).toBe('def f():\n\treturn 2\n');
    // 0.1.0-0.1.1 expand old_str but not the file: a tab in the file is never matched.
    expect(said(await session('0.1.1', files).call(call))).toBe('ERROR:\nNo replacement was performed, old_str `        return 1` did not appear verbatim in /w/t.py.');
  });

  it('view_range: line counts by split until 0.1.9, by lines read from 0.2.0; 0.3.2 cuts a range past the end with a note', async () => {
    const files = { 'a.txt': 'a\nb\n' };
    expect(said(await session('0.1.9', files).call({ command: 'view', path: '/w/a.txt', view_range: [1, 5] }))).toBe(
      'ERROR:\nInvalid `view_range` parameter: [1, 5]. Its second element `5` should be smaller than the number of lines in the file: `3`.',
    );
    expect(said(await session('0.2.10', files).call({ command: 'view', path: '/w/a.txt', view_range: [1, 5] }))).toBe(
      'ERROR:\nInvalid `view_range` parameter: [1, 5]. Its second element `5` should be smaller than the number of lines in the file: `2`.',
    );
    expect(said(await session('0.3.2', files).call({ command: 'view', path: '/w/a.txt', view_range: [1, 5] }))).toBe(
      "NOTE: We only show up to 2 since there're only 2 lines in this file.\nHere's the result of running `cat -n` on /w/a.txt:\n     1\ta\n     2\tb\n",
    );
    expect(said(await session('0.2.10', files).call({ command: 'view', path: '/w/a.txt', view_range: [2, 1] }))).toBe(
      'ERROR:\nInvalid `view_range` parameter: [2, 1]. Its second element `1` should be greater than or equal to the first element `2`.',
    );
    expect(said(await session('0.2.10', files).call({ command: 'view', path: '/w/a.txt', view_range: ['a', 1] }))).toBe("ERROR:\nInvalid `view_range` parameter: ['a', 1]. It should be a list of two integers.");
  });

  it('insert: 0.2.13 words its range error `allowed values`; from 0.2.0 a last line without a break takes new_str on the same line', async () => {
    expect(said(await session('0.2.13', { 'a.txt': 'a\nb\n' }).call({ command: 'insert', path: '/w/a.txt', insert_line: 5, new_str: 'x' }))).toBe(
      'ERROR:\nInvalid `insert_line` parameter: 5. It should be within the range of allowed values: [0, 2]',
    );
    const s = session('0.2.10', { 'n.txt': 'a\nb' });
    await s.call({ command: 'insert', path: '/w/n.txt', insert_line: 2, new_str: 'c' });
    expect(s.text('n.txt')).toBe('a\nbc\n');
    const old = session('0.1.9', { 'n.txt': 'a\nb' });
    await old.call({ command: 'insert', path: '/w/n.txt', insert_line: 2, new_str: 'c' });
    expect(old.text('n.txt')).toBe('a\nb\nc');
  });

  it('0.3.2: an old_str that does not occur is tried again without its surrounding whitespace', async () => {
    const s = session('0.3.2', { 'a.txt': 'a\nb\nc\n' });
    expect(said(await s.call({ command: 'str_replace', path: '/w/a.txt', old_str: '  b  ', new_str: ' B ' }))).toBe(replaced('/w/a.txt', numbered(1, 'a', 'B', 'c', '')));
    expect(said(await session('0.3.0', { 'a.txt': 'a\nb\nc\n' }).call({ command: 'str_replace', path: '/w/a.txt', old_str: '  b  ', new_str: ' B ' }))).toBe(
      'ERROR:\nNo replacement was performed, old_str `  b  ` did not appear verbatim in /w/a.txt.',
    );
  });
});

describe('what changed between releases: folders, paths, arguments, encodings, commands', () => {
  it('folders: the demo\'s listing until 0.1.6; 0.1.7 counts hidden entries; 0.1.9 marks folders', async () => {
    const files = { 'd/a.txt': 'x', 'd/.h': 'y', 'd/e/f.txt': 'z' };
    expect(said(await session('0.1.6', files).call({ command: 'view', path: '/w/d' }))).toBe(
      "Here's the files and directories up to 2 levels deep in /w/d, excluding hidden items:\n/w/d\n/w/d/a.txt\n/w/d/e\n/w/d/e/f.txt\n\n",
    );
    expect(said(await session('0.1.8', files).call({ command: 'view', path: '/w/d' }))).toBe(
      "Here's the files and directories up to 2 levels deep in /w/d, excluding hidden items:\n/w/d\n/w/d/a.txt\n/w/d/e\n/w/d/e/f.txt\n\n\n1 hidden files/directories in this directory are excluded. You can use 'ls -la /w/d' to see them.",
    );
    expect(said(await session('0.1.9', files).call({ command: 'view', path: '/w/d', view_range: [1, 2] }))).toBe(
      'ERROR:\nInvalid `view_range` parameter: [1, 2]. The `view_range` parameter is not allowed when `path` points to a directory.',
    );
  });

  it('a relative path: the path itself until 0.1.7, the working folder 0.1.8-0.2.5', async () => {
    expect(said(await session('0.1.7').call({ command: 'view', path: 'x.txt' }))).toBe('ERROR:\nInvalid `path` parameter: x.txt. The path should be an absolute path, starting with `/`. Maybe you meant x.txt?');
    expect(said(await session('0.2.5').call({ command: 'view', path: 'x.txt' }))).toBe('ERROR:\nInvalid `path` parameter: x.txt. The path should be an absolute path, starting with `/`. Maybe you meant /w/x.txt?');
  });

  it('missing arguments: an empty string is missing until 0.1.4; 0.1.0-0.1.1 create re-raises nothing', async () => {
    const files = { 'a.txt': 'x' };
    expect(said(await session('0.1.4', files).call({ command: 'str_replace', path: '/w/a.txt', old_str: '', new_str: 'y' }))).toBe('ERROR:\nParameter `old_str` is required for command: str_replace.');
    expect(said(await session('0.1.0', files).call({ command: 'create', path: '/w/b.txt', file_text: '' }))).toBe('RuntimeError: No active exception to reraise');
    // 0.1.0 has no same-text check yet: the replacement is made (to the same text).
    expect((await session('0.1.0', files).call({ command: 'str_replace', path: '/w/a.txt', old_str: 'x', new_str: 'x' })).ok).toBe(true);
    expect(said(await session('0.1.1', files).call({ command: 'str_replace', path: '/w/a.txt', old_str: 'x', new_str: 'x' }))).toBe(
      'ERROR:\nInvalid `new_str` parameter: x. No replacement was performed. `new_str` and `old_str` must be different.',
    );
  });

  it('0.2.6-0.2.11: a pure-ASCII file is written as ASCII, so other characters fail', async () => {
    const call = { command: 'str_replace', path: '/w/a.txt', old_str: 'world', new_str: 'w\u00f6rld' };
    expect(said(await session('0.2.10', { 'a.txt': 'hello world\n' }).call(call))).toBe(
      "ERROR:\nRan into 'ascii' codec can't encode character '\\xf6' in position 7: ordinal not in range(128) while trying to write to /w/a.txt",
    );
    expect((await session('0.2.12', { 'a.txt': 'hello world\n' }).call(call)).ok).toBe(true);
  });

  it('binary files are refused from 0.2.0 (File validation failed)', async () => {
    const files = { 'b.dat': 'a\u0000b\u0000c' };
    expect(said(await session('0.2.10', files).call({ command: 'view', path: '/w/b.dat' }))).toBe('ERROR:\nFile validation failed for /w/b.dat: File appears to be binary. Only text files can be edited.');
    expect(said(await session('0.3.0', files).call({ command: 'view', path: '/w/b.dat' }))).toBe(
      'ERROR:\nFile validation failed for /w/b.dat: File appears to be binary and this file type cannot be read or edited by this tool.',
    );
  });

  it('an unknown command names the oh_editor tool; a folder takes only view', async () => {
    const s = session('0.2.10', { 'd/a.txt': 'x' });
    expect(said(await s.call({ command: 'nope', path: '/w/d/a.txt' }))).toBe('ERROR:\nUnrecognized command nope. The allowed commands for the oh_editor tool are: view, create, str_replace, insert, undo_edit');
    expect(said(await s.call({ command: 'insert', path: '/w/d', insert_line: 0, new_str: 'x' }))).toBe(
      'ERROR:\nInvalid `path` parameter: /w/d. The path /w/d is a directory and only the `view` command can be used on directories.',
    );
  });
});

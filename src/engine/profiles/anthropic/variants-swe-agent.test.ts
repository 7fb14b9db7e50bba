// SWE-agent 1.x's port of the text editor (variant `swe-agent`): SWE-agent/SWE-agent
// `tools/edit_anthropic/bin/str_replace_editor` at v1.1.0 (0f3acafa; the same texts at v1.0.0,
// v1.0.1 and 3ea751c0), as the model reads it through SWE-ReX's shell session. Expected texts are
// what that script prints, as CPython 3.11 runs it; real trajectories (tests/sessions/real/
// swe-agent/, SWE-agent 1.0.1 with SWE-ReX 1.2.1) are replayed against their recorded observations
// byte for byte.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTextEditor } from './text-editor';
import { textEditorVariantFor, type TextEditorVariant } from './variants';
import type { RunOutcome, ToolError } from '../../types';
import { MemoryFs } from '../../../workspace/memory-fs';
import { checkedCalls } from '../../../../tests/support/harness';

interface Session {
  fs: MemoryFs;
  call(input: unknown): Promise<RunOutcome>;
}

/** A workspace mounted at `mount` and one profile of `variant` that every call goes through; successful calls are committed. */
function session(variant: TextEditorVariant, files: Record<string, string> = {}, mount = '/w', cwd?: string): Session {
  const fs = new MemoryFs(files);
  const profile = createTextEditor('str_replace_editor', undefined, variant, cwd === undefined ? {} : { cwd });
  return {
    fs,
    call: checkedCalls(profile, fs, mount),
  };
}

const out = (o: RunOutcome): string => {
  if (!o.ok) throw new Error(`expected success, got ${JSON.stringify(o.error)}`);
  return (o.result as { output: string }).output;
};
const err = (o: RunOutcome): ToolError => {
  if (o.ok) throw new Error(`expected an error, got ${JSON.stringify(o.result)}`);
  return o.error;
};
/** What SWE-ReX up to 1.2.x hands over for a printed text: the pty's CRLF, stripped. */
const pty = (printed: string): string => printed.trim().replaceAll('\n', '\r\n');
const refused = (printed: string) => ({ code: 'ToolError', message: pty(printed) });

const USAGE =
  'usage: str_replace_editor [-h] [--file_text FILE_TEXT]\n' +
  '                          [--view_range VIEW_RANGE VIEW_RANGE]\n' +
  '                          [--old_str OLD_STR] [--new_str NEW_STR]\n' +
  '                          [--insert_line INSERT_LINE]\n' +
  '                          command path\n';

const TWELVE = Array.from({ length: 12 }, (_, i) => `${i + 1}`).join('\n') + '\n';

describe('real trajectories: calls replayed against their recorded observations (SWE-agent 1.0.1, SWE-ReX 1.2.1)', () => {
  const traj = JSON.parse(readFileSync('tests/sessions/real/swe-agent/SWE-smith--pydantic__pydantic.acb0f10f.pr_8316.traj', 'utf8')) as {
    history: { tool_calls?: { function: { name: string; arguments: string } }[]; is_demo?: boolean }[];
    trajectory: { observation: string }[];
    info: { swe_agent_version: string; swe_rex_version: string };
  };
  // One tool call per step: history call i ran as trajectory step i.
  const calls = traj.history.filter((m) => m.tool_calls && !m.is_demo).flatMap((m) => m.tool_calls!.map((c) => JSON.parse(c.function.arguments) as Record<string, unknown>));
  const observation = (i: number): string => traj.trajectory[i]!.observation;

  it('the trajectory names its releases, and they map to the `swe-agent` variant', () => {
    expect(traj.info.swe_agent_version).toBe('1.0.1');
    expect(traj.info.swe_rex_version).toBe('1.2.1');
    expect(textEditorVariantFor('swe-agent', traj.info.swe_agent_version, { sweRexVersion: traj.info.swe_rex_version })).toBe('swe-agent');
  });

  it('pydantic/alias_generators.py: view, then str_replace calls 6, 7, 11 and 14, each answered as recorded', async () => {
    // The file as call 1's view showed it (the observation is stripped: its empty last line 55 lost its tab).
    const viewed = observation(1).split('\r\n').slice(1);
    const text = viewed.map((l) => l.replace(/^ *\d+(\t|$)/, '')).join('\n');
    const s = session('swe-agent', { 'pydantic/alias_generators.py': text }, '/testbed');
    expect(out(await s.call(calls[1]))).toBe(observation(1));
    for (const i of [6, 7, 11, 14]) expect(out(await s.call(calls[i])), `call ${i}`).toBe(observation(i));
  });

  it('test_edge_cases.py: create (call 12), then str_replace (call 16), whose snippet starts a line before the demo\'s', async () => {
    const s = session('swe-agent', {}, '/testbed');
    expect(out(await s.call(calls[12]))).toBe(observation(12));
    expect(out(await s.call(calls[16]))).toBe(observation(16));
    // The quickstarts port shows the same edit from one line later and to one line later.
    const demo = session('anthropic-quickstarts', {}, '/testbed');
    await demo.call(calls[12]);
    const first = (t: string): string => /\n *(\d+)\t/.exec(t.replaceAll('\r\n', '\n'))![1]!;
    expect(Number(first(out(await demo.call(calls[16]))))).toBe(Number(first(observation(16))) + 1);
  });

  it('pandas trajectory: creates and a str_replace answered as recorded', async () => {
    const pandas = JSON.parse(readFileSync('tests/sessions/real/swe-agent/SWE-smith--pandas-dev__pandas.95280573.pr_53856.traj', 'utf8')) as typeof traj;
    const all = pandas.history.filter((m) => m.tool_calls && !m.is_demo).flatMap((m) => m.tool_calls!.map((c) => ({ name: c.function.name, input: JSON.parse(c.function.arguments) as Record<string, unknown> })));
    const s = session('swe-agent', {}, '/testbed');
    let replayed = 0;
    for (let i = 0; i < all.length; i++) {
      const { name, input } = all[i]!;
      // Only the files the editor itself created can be known here.
      if (name !== 'str_replace_editor' || (input.command !== 'create' && !String(input.path).includes('reproduce'))) continue;
      expect(out(await s.call(input)), `call ${i}`).toBe(pandas.trajectory[i]!.observation);
      replayed++;
    }
    expect(replayed).toBeGreaterThanOrEqual(2);
  });
});

describe('str_replace: the snippet window and the refusals', () => {
  it('shows max(1, r-4) to min(r+4+newlines, lines): one line earlier at both ends than the demo', async () => {
    // Reference run: old_str `7` (0-based line 6) replaced by two lines shows lines 2-11 (the demo: 3-12).
    const s = session('swe-agent', { 'a.py': TWELVE });
    const o = await s.call({ command: 'str_replace', path: '/w/a.py', old_str: '7', new_str: '7a\n7b' });
    expect(out(o)).toBe(
      pty(
        "The file /w/a.py has been edited. Here's the result of running `cat -n` on a snippet of /w/a.py:\n" +
          '     2\t2\n     3\t3\n     4\t4\n     5\t5\n     6\t6\n     7\t7a\n     8\t7b\n     9\t8\n    10\t9\n    11\t10\n' +
          'Review the changes and make sure they are as expected. Edit the file again if necessary.\n',
      ),
    );
    expect(new TextDecoder().decode(s.fs.files.get('a.py'))).toBe('1\n2\n3\n4\n5\n6\n7a\n7b\n8\n9\n10\n11\n12\n');
  });

  it('near the top the window starts at line 1; near the end it stops at the last line splitlines() counts', async () => {
    const s = session('swe-agent', { 'a.txt': 'a\nb\nc\n' });
    expect(out(await s.call({ command: 'str_replace', path: '/w/a.txt', old_str: 'c', new_str: 'C' }))).toBe(
      pty("The file /w/a.txt has been edited. Here's the result of running `cat -n` on a snippet of /w/a.txt:\n     1\ta\n     2\tb\n     3\tC\nReview the changes and make sure they are as expected. Edit the file again if necessary.\n"),
    );
  });

  it('an old_str equal to new_str is refused (exit 161), after the occurrence checks', async () => {
    const s = session('swe-agent', { 'a.py': TWELVE });
    expect(err(await s.call({ command: 'str_replace', path: '/w/a.py', old_str: '3', new_str: '3' }))).toEqual(refused('No replacement was performed, old_str `3` is the same as new_str `3`.'));
    expect(err(await s.call({ command: 'str_replace', path: '/w/a.py', old_str: '1', new_str: '1' }))).toEqual(
      refused('No replacement was performed. Multiple occurrences of old_str `1` in lines [1, 10, 11, 12]. Please ensure it is unique'),
    );
  });

  it('not found, and the missing old_str, as the demo words them', async () => {
    const s = session('swe-agent', { 'a.py': TWELVE });
    expect(err(await s.call({ command: 'str_replace', path: '/w/a.py', old_str: 'x', new_str: 'y' }))).toEqual(
      refused('No replacement was performed, old_str `x` did not appear verbatim in /w/a.py.'),
    );
    expect(err(await s.call({ command: 'str_replace', path: '/w/a.py', new_str: 'y' }))).toEqual(refused('Parameter `old_str` is required for command: str_replace'));
  });

  it('deleting the whole file writes it, then fails the window assertion (a traceback)', async () => {
    const s = session('swe-agent', { 'a.txt': 'only\n' });
    const e = err(await s.call({ command: 'str_replace', path: '/w/a.txt', old_str: 'only\n', new_str: '' }));
    expect(e).toEqual({ code: 'AssertionError', message: '(1, 0, 1)' });
  });
});

describe('validate_path, create, insert, undo_edit', () => {
  it('a relative path: the suggestion joins the shell\'s working folder (default: the mount)', async () => {
    expect(err(await session('swe-agent').call({ command: 'view', path: 'rel/a.py' }))).toEqual(
      refused('The path rel/a.py is not an absolute path, it should start with `/`. Maybe you meant /w/rel/a.py?'),
    );
    expect(err(await session('swe-agent', {}, '/', '/testbed').call({ command: 'view', path: 'a.py' }))).toEqual(
      refused('The path a.py is not an absolute path, it should start with `/`. Maybe you meant /testbed/a.py?'),
    );
  });

  it('missing path, existing file on create, directory on an edit', async () => {
    const s = session('swe-agent', { 'd/a.txt': 'x' });
    expect(err(await s.call({ command: 'view', path: '/w/nope' }))).toEqual(refused('The path /w/nope does not exist. Please provide a valid path.'));
    expect(err(await s.call({ command: 'create', path: '/w/d/a.txt', file_text: 'y' }))).toEqual(
      refused('File already exists at: /w/d/a.txt. Cannot overwrite files using command `create`.'),
    );
    expect(err(await s.call({ command: 'insert', path: '/w/d', insert_line: 0, new_str: 'y' }))).toEqual(
      refused('The path /w/d is a directory and only the `view` command can be used on directories'),
    );
  });

  it('create refuses a missing parent folder (exit 21) and a missing file_text', async () => {
    const s = session('swe-agent');
    expect(err(await s.call({ command: 'create', path: '/w/x/y.txt', file_text: 'hi' }))).toEqual(refused('The parent directory /w/x does not exist. Please create it first.'));
    expect(err(await s.call({ command: 'create', path: '/w/y.txt' }))).toEqual(refused('Parameter `file_text` is required for command: create'));
    expect(out(await s.call({ command: 'create', path: '/w/y.txt', file_text: 'hi\n' }))).toBe('File created successfully at: /w/y.txt');
    expect(new TextDecoder().decode(s.fs.files.get('y.txt'))).toBe('hi\n');
  });

  it('insert answers as the demo does, and names its missing parameters', async () => {
    const s = session('swe-agent', { 'a.txt': 'a\nb\n' });
    expect(out(await s.call({ command: 'insert', path: '/w/a.txt', insert_line: 1, new_str: 'X' }))).toBe(
      pty(
        "The file /w/a.txt has been edited. Here's the result of running `cat -n` on a snippet of the edited file:\n     1\ta\n     2\tX\n     3\tb\n     4\t\n" +
          'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.\n',
      ),
    );
    expect(err(await s.call({ command: 'insert', path: '/w/a.txt', insert_line: 9, new_str: 'X' }))).toEqual(
      refused('Invalid `insert_line` parameter: 9. It should be within the range of lines of the file: [0, 4]'),
    );
    expect(err(await s.call({ command: 'insert', path: '/w/a.txt', new_str: 'X' }))).toEqual(refused('Parameter `insert_line` is required for command: insert'));
    expect(err(await s.call({ command: 'insert', path: '/w/a.txt', insert_line: 0 }))).toEqual(refused('Parameter `new_str` is required for command: insert'));
  });

  it('undo_edit never finds a history (SWE-agent tests/tools/test_str_replace_editor.py, 9ecf4458, fixes this on an unreleased branch)', async () => {
    // test_undo_edit_restores_previous_content: create, str_replace x = 1 -> x = 2, undo_edit. In
    // every release the undo exits 18 with this text and the file keeps x = 2.
    const s = session('swe-agent');
    await s.call({ command: 'create', path: '/w/a.py', file_text: 'x = 1\n' });
    await s.call({ command: 'str_replace', path: '/w/a.py', old_str: 'x = 1', new_str: 'x = 2' });
    expect(err(await s.call({ command: 'undo_edit', path: '/w/a.py' }))).toEqual(refused('No edit history found for /w/a.py.'));
    expect(new TextDecoder().decode(s.fs.files.get('a.py'))).toBe('x = 2\n');
  });

  it('an unknown command quotes the allowed ones', async () => {
    expect(err(await session('swe-agent', { 'a.txt': 'x' }).call({ command: 'nope', path: '/w/a.txt' }))).toEqual(
      refused('Unrecognized command nope. The allowed commands for the str_replace_editor tool are: "view", "create", "str_replace", "insert", "undo_edit"'),
    );
  });
});

describe('view', () => {
  it('view_range errors keep the demo\'s texts', async () => {
    const s = session('swe-agent', { 'a.txt': 'L1\nL2\nL3\nL4' });
    expect(err(await s.call({ command: 'view', path: '/w/a.txt', view_range: [0, 2] }))).toEqual(
      refused('Invalid `view_range`: [0, 2]. Its first element `0` should be within the range of lines of the file: [1, 4]'),
    );
    expect(err(await s.call({ command: 'view', path: '/w/a.txt', view_range: [1, 9] }))).toEqual(
      refused('Invalid `view_range`: [1, 9]. Its second element `9` should be smaller than the number of lines in the file: `4`'),
    );
    expect(err(await s.call({ command: 'view', path: '/w/a.txt', view_range: [3, 2] }))).toEqual(
      refused('Invalid `view_range`: [3, 2]. Its second element `2` should be larger or equal than its first `3`'),
    );
    expect(out(await s.call({ command: 'view', path: '/w/a.txt', view_range: [3, -1] }))).toBe(pty("Here's the result of running `cat -n` on /w/a.txt:\n     3\tL3\n     4\tL4\n"));
  });

  it('a folder: the find listing; with a view_range, refused', async () => {
    const s = session('swe-agent', { 'd/a.txt': 'x', 'd/.h': 'y', 'd/e/f.txt': 'z' });
    expect(out(await s.call({ command: 'view', path: '/w/d' }))).toBe(
      pty("Here's the files and directories up to 2 levels deep in /w/d, excluding hidden items:\n/w/d\n/w/d/a.txt\n/w/d/e\n/w/d/e/f.txt\n\n"),
    );
    expect(err(await s.call({ command: 'view', path: '/w/d', view_range: [1, 2] }))).toEqual(refused('The `view_range` parameter is not allowed when `path` points to a directory.'));
  });
});

describe('arguments argparse refuses (the command line SWE-agent renders from the model\'s JSON)', () => {
  const files = { 'a.py': TWELVE };
  it('view_range: not an int, too few values, too many', async () => {
    const s = session('swe-agent', files);
    expect(err(await s.call({ command: 'view', path: '/w/a.py', view_range: [1, 'x'] }))).toEqual(refused(`${USAGE}str_replace_editor: error: argument --view_range: invalid int value: 'x'`));
    expect(err(await s.call({ command: 'view', path: '/w/a.py', view_range: [1] }))).toEqual(refused(`${USAGE}str_replace_editor: error: argument --view_range: expected 2 arguments`));
    expect(err(await s.call({ command: 'view', path: '/w/a.py', view_range: [1, 2, 3] }))).toEqual(refused(`${USAGE}str_replace_editor: error: unrecognized arguments: 3`));
  });

  it('insert_line must read as an int; a numeric string does', async () => {
    const s = session('swe-agent', files);
    expect(err(await s.call({ command: 'insert', path: '/w/a.py', insert_line: 'x', new_str: 'q' }))).toEqual(
      refused(`${USAGE}str_replace_editor: error: argument --insert_line: invalid int value: 'x'`),
    );
    expect((await s.call({ command: 'insert', path: '/w/a.py', insert_line: '12', new_str: 'q' })).ok).toBe(true);
  });

  it('a value that looks like an option (a dash, no space) is no value to argparse', async () => {
    const s = session('swe-agent', files);
    expect(err(await s.call({ command: 'str_replace', path: '/w/a.py', old_str: '-foo', new_str: 'y' }))).toEqual(
      refused(`${USAGE}str_replace_editor: error: argument --old_str: expected one argument`),
    );
    // A negative number is a value.
    expect(err(await s.call({ command: 'str_replace', path: '/w/a.py', old_str: '-1', new_str: 'y' }))).toEqual(
      refused('No replacement was performed, old_str `-1` did not appear verbatim in /w/a.py.'),
    );
  });

  it('a missing command or path never reaches the tool', async () => {
    const e = err(await session('swe-agent').call({ command: 'view' }));
    expect(e.code).toBe('InvalidInput');
    expect(e.message).toBe('Invalid input: Required argument(s) missing: path');
  });
});

describe('delivery by SWE-ReX release', () => {
  it('1.3.0 and later: LF kept, print\'s newline kept, nothing stripped', async () => {
    expect(textEditorVariantFor('swe-agent', '1.1.0', { sweRexVersion: '1.4.0' })).toBe('swe-agent/swe-rex-1.3');
    const s = session('swe-agent/swe-rex-1.3', { 'a.txt': 'x\n' });
    expect(out(await s.call({ command: 'view', path: '/w/a.txt' }))).toBe("Here's the result of running `cat -n` on /w/a.txt:\n     1\tx\n     2\t\n\n");
    expect(err(await s.call({ command: 'view', path: '/w/b.txt' })).message).toBe('The path /w/b.txt does not exist. Please provide a valid path.\n');
  });

  it('up to 1.2.x: CRLF, and the whitespace around the answer stripped (a last empty line loses its tab)', async () => {
    const s = session('swe-agent', { 'a.txt': 'x\n' });
    expect(out(await s.call({ command: 'view', path: '/w/a.txt' }))).toBe("Here's the result of running `cat -n` on /w/a.txt:\r\n     1\tx\r\n     2");
  });
});

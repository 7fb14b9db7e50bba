// What-if from a windowed call (issue 18): the change an `edit` or a `create` makes, as a plain
// find/replace on the file before the call (hooks.ts `toFindReplace`). An edit's lines widen
// until the text to find occurs once; applying the find/replace gives the file the command writes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAction } from './action';
import { editedLines, editRange } from './commands';
import { toFindReplace } from './hooks';
import { fileLines } from './window';

const F = '/w/f.txt';
const edit = (action: string, text: string | null) => toFindReplace({ action, state: { open_file: F } }, F, text);
const one = (old: string, replacement: string) => ({ path: F, edits: [{ old, new: replacement, replaceAll: false }] });

describe('an edit as the find/replace of the lines it names', () => {
  it('the lines it replaces, and its lines', () => {
    expect(edit('edit 2:3\nX\nend_of_edit\n', 'a\nbb\nccc\nd\n')).toEqual(one('bb\nccc\n', 'X\n'));
    expect(edit('edit 1:1\nend_of_edit', 'a\nb\n')).toEqual(one('a\n', ''));
  });

  it('widens a line at a time, after then before, until the text to find occurs once', () => {
    // An insertion (end before start) finds nothing to replace: the next line anchors it.
    expect(edit('edit 2:1\nX\nend_of_edit', 'a\nbb\nccc\n')).toEqual(one('bb\n', 'X\nbb\n'));
    expect(edit('edit 3:3\nX\nend_of_edit', 'x\ny\nx\nz\n')).toEqual(one('x\nz\n', 'X\nz\n'));
    expect(edit('edit 3:3\nX\nend_of_edit', 'x\ny\nx\n')).toEqual(one('y\nx\n', 'y\nX\n'));
    expect(edit('edit 2:2\nX\nend_of_edit', 'x\nx\nx\nx\n')).toEqual(one('x\nx\nx\nx\n', 'x\nX\nx\nx\n'));
  });

  it('writes every line with a newline, as the command does: a last line without one gains it', () => {
    expect(edit('edit 2:2\nc\nend_of_edit', 'a\nb')).toEqual(one('b', 'c\n'));
    expect(edit('edit 1:1\nX\nend_of_edit', 'a\nb')).toEqual(one('a\nb', 'X\nb\n'));
    // No line left: the command writes one empty line.
    expect(edit('edit 1:1\nend_of_edit', 'a\n')).toEqual(one('a\n', '\n'));
    expect(edit('edit 1:1\nimport os\nend_of_edit', '\n')).toEqual(one('\n', 'import os\n'));
  });

  it('an end before the start repeats lines, as the reference does', () => {
    expect(edit('edit 3:1\nX\nend_of_edit', 'a\nb\nc\n')).toEqual(one('c\n', 'X\nb\nc\n'));
  });

  it('past the last line: appended after it', () => {
    expect(edit('edit 5:6\nX\nend_of_edit', 'a\nb\n')).toEqual(one('b\n', 'b\nX\n'));
  });

  it('says why when the lines cannot be read or the command refuses the range', () => {
    expect(edit('edit 1:1\nX\nend_of_edit', null)).toEqual({ ok: false, message: `the text of ${F} before the call is unknown, so the lines it names cannot be read` });
    expect(edit('edit 0:1\nX\nend_of_edit', 'a\n')).toEqual({ ok: false, message: 'the command refuses its line range (0:1), so it changes nothing' });
    expect(edit('edit a:b\nX\nend_of_edit', 'a\n')).toEqual({ ok: false, message: 'the command refuses its line range (a:b), so it changes nothing' });
    expect(edit('edit\nX\nend_of_edit', 'a\n')).toEqual({ ok: false, message: 'the command refuses its line range (none), so it changes nothing' });
  });

  it('applied to the file, gives what the command writes (generated files and edits)', () => {
    const line = fc.constantFrom('', 'a', 'b', 'a b', ' a');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.boolean(), fc.nat(7), fc.nat(7), fc.array(line, { maxLength: 3 }), (lines, lastNl, start, end, body) => {
        const text = lines.join('\n') + (lastNl && lines.length > 0 ? '\n' : '');
        const action = `edit ${start + 1}:${end}\n${body.map((l) => `${l}\n`).join('')}end_of_edit`;
        const parsed = parseAction(action);
        const range = editRange(parsed.ok ? parsed.action.args : []);
        if (!range.ok) throw new Error(action);
        const written = `${editedLines(fileLines(text), range.from, range.to, body).join('\n')}\n`;
        const plain = edit(action, text);
        if (plain === null || 'ok' in plain) throw new Error(`no find/replace for ${JSON.stringify(action)}`);
        const { old, new: replacement } = plain.edits[0]!;
        if (text !== '') expect(text.indexOf(old) === text.lastIndexOf(old) && text.includes(old), JSON.stringify({ text, action, old })).toBe(true);
        expect(text.replace(old, () => replacement)).toBe(written);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('create, and the commands that only move the window', () => {
  const call = (action: string) => ({ action, state: { open_file: 'n/a', working_dir: '/w' } });
  it('create writes one empty line into an absent file; of an existing one it changes nothing', () => {
    expect(toFindReplace(call('create f.txt\n'), F, null)).toEqual(one('', '\n'));
    expect(toFindReplace(call('create f.txt\n'), F, 'a\n')).toEqual({ ok: false, message: `${F} exists, and create only opens an existing file: it changes nothing` });
  });
  it('open, goto and scroll are no change', () => {
    for (const action of ['open f.txt', 'goto 3', 'scroll_up', 'scroll_down']) expect(toFindReplace(call(action), F, 'a\n')).toBeNull();
    expect(toFindReplace({ action: 'rm f.txt' }, F, 'a\n')).toBeNull();
  });
});

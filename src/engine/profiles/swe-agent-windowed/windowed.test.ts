// The profile's own answers (input it cannot read, the action's other text) and its robustness:
// no input of any shape throws, and every written edit is the splice the shell function makes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { profileContext } from '../../run';
import { sweAgentWindowed } from './windowed';

const run = (input: unknown, files: Record<string, string> = {}) => sweAgentWindowed.run(input, profileContext(new MemoryFs(files), { mount: '/w' }));
const answer = async (input: unknown, files: Record<string, string> = {}) => {
  const o = await run(input, files);
  return o.ok ? { result: o.result, warnings: o.warnings } : { error: o.error, warnings: o.warnings };
};

describe('swe_agent_windowed input', () => {
  it('refuses input without an action, naming the field', async () => {
    expect(await answer({ command: 'open a' })).toEqual({ error: { code: 'invalid_input', message: 'action: missing (expected string)' }, warnings: [] });
  });
  it('refuses an action that is not a windowed command', async () => {
    expect(await answer({ action: 'ls -a' })).toEqual({
      error: { code: 'invalid_action', message: 'Not a windowed command: the action must start with one of SWE-agent\'s windowed commands (open, goto, scroll_up, scroll_down, create, edit); it starts with "ls"' },
      warnings: [],
    });
  });
  it('refuses an edit with no end_of_edit line (SWE-agent would not recognise the command)', async () => {
    expect(await answer({ action: 'edit 1:1\nx = 1\n', state: { open_file: '/w/a.txt' } }, { 'a.txt': 'a\n' })).toEqual({
      error: { code: 'invalid_action', message: 'Not a windowed command: an edit ends with a line holding only end_of_edit; this action has none' },
      warnings: [],
    });
  });
  it('says what it does not run after the command', async () => {
    const o = await answer({ action: 'edit 1:1\nb\nend_of_edit\npython a.py\n', state: { open_file: '/w/a.txt' } }, { 'a.txt': 'a\n' });
    expect(o.warnings).toEqual(['The action goes on after the edit command; the rest is the shell\'s, not run here: "python a.py"']);
  });
  it('refuses edit 0:N, whose reference answer is a bash error', async () => {
    expect(await answer({ action: 'edit 0:1\nb\nend_of_edit', state: { open_file: '/w/a.txt' } }, { 'a.txt': 'a\n' })).toEqual({
      error: { code: 'usage', message: "edit 0:N: the reference's bash stops on a negative array length (`substring expression < 0`), an answer not reproduced here" },
      warnings: [],
    });
  });
  it('keeps a CRLF file\'s endings and says the reference would not', async () => {
    const fs = new MemoryFs({ 'a.txt': 'a\r\nb\r\n' });
    const o = await sweAgentWindowed.run({ action: 'edit 2:2\nB\nend_of_edit', state: { open_file: '/w/a.txt' } }, profileContext(fs, { mount: '/w' }));
    expect(o.ok && o.stage.files[0]!.finalText).toBe('a\nB\n');
    expect(o.warnings).toEqual(["/w/a.txt: the reference's bash keeps each CR as part of its line (the window shows it) and writes the new lines with LF; here the new lines take the file's CRLF endings"]);
  });
  it('opens a path outside the mount as not found', async () => {
    expect(await answer({ action: 'open ../etc/passwd' })).toEqual({ error: { code: 'missing', message: 'File ../etc/passwd not found\n' }, warnings: [] });
  });
});

const LINE = fc.constantFrom('a', 'b', '', 'x = (', ')', '  y', '\tz', 'end_of_edit ', 'é');
describe('swe_agent_windowed robustness', () => {
  it('never throws, whatever the input', async () => {
    const action = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.tuple(fc.constantFrom('open', 'goto', 'scroll_up', 'scroll_down', 'create', 'edit'), fc.array(fc.constantFrom('a.py', 'b.txt', 'd', '1', '0', '3:2', '2:9', '-1', 'x', '"q q"', "'", '99999999999999999999'), { maxLength: 3 }), fc.array(LINE, { maxLength: 4 }), fc.boolean()).map(
        ([name, args, body, end]) => `${[name, ...args].join(' ')}\n${body.join('\n')}${end ? '\nend_of_edit\n' : ''}`,
      ),
    );
    const input = fc.oneof(
      fc.record({ action, state: fc.option(fc.record({ open_file: fc.constantFrom('/w/a.py', '/w/b.txt', '/w/d', 'n/a', '/elsewhere', ''), current_line: fc.integer({ min: -5, max: 500 }) }, { requiredKeys: [] }), { nil: undefined }) }, { requiredKeys: ['action'] }),
      fc.anything(),
    );
    const files = fc.record({ 'a.py': fc.array(LINE, { maxLength: 30 }).map((l) => l.join('\n')), 'b.txt': fc.array(LINE, { maxLength: 300 }).map((l) => l.join('\n')), 'd/c.txt': fc.constant('c') }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(input, files, async (i, f) => {
        const o = await run(i, f);
        if (o.ok) expect(typeof (o.result as { output: unknown }).output).toBe('string');
        else {
          expect(typeof o.error.message).toBe('string');
          expect(o.stage.files).toEqual([]);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('writes the splice of lines start..end and nothing else (text files)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(LINE.filter((l) => !l.startsWith('end_of_edit')), { maxLength: 20 }), fc.array(LINE.filter((l) => !l.startsWith('end_of_edit')), { maxLength: 5 }), fc.nat(25), fc.nat(25), async (lines, body, s, e) => {
        const start = s + 1;
        const text = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
        const o = await run({ action: `edit ${start}:${e}\n${body.map((l) => `${l}\n`).join('')}end_of_edit`, state: { open_file: '/w/b.txt' } }, { 'b.txt': text });
        const spliced = [...lines.slice(0, start - 1), ...body, ...lines.slice(e)];
        expect(o.ok && o.stage.files[0]!.finalText).toBe(`${(spliced.length === 0 ? [''] : spliced).join('\n')}\n`);
      }),
      { numRuns: 500 },
    );
  });
});

// aider's failure messages as its histories hold them, from session 18's hunt (shapes only):
// - a multi-line note (0.50 on: `> ` on its first line, the break `  ` on its last) whose failed
//   block quotes a file line that is a bare `>` (the end of an HTML tag; AntoBel4/expert-local-v2
//   `.aider.chat.history.md` @d3e55578, line 19410): the reader took that line for a note of its
//   own, cut the message there and read the rest as the next reply;
// - aider 0.45's notes, one per line of the message (gxm11/RPGXP-Crafting-System
//   `aider.chat.history.md` @4e83bc5b, line 10066, MIT): a malformed reply's message quotes the
//   reply up to the line it points at (`^^^ Bad/missing filename. …`), and only its first line
//   was taken.
// Each history below is written from our own message as aider writes a note
// (io.py append_chat_history), so the test checks that the reader gets the message back whole.

import { describe, expect, it } from 'vitest';
import { parseSession } from '../../../sessions/parse';
import { replaySession } from '../../../sessions/replay';
import { runCall } from '../../run';
import { MemoryFs } from '../../../workspace/memory-fs';

const head = (version: string) => ['', '# aider chat started at 2025-06-01 10:00:00', '', `> Aider v${version}  `, '> Model: gpt-4o with diff edit format  ', ''];
const NOT_CONFORMING = ['> The LLM did not conform to the edit format.  ', '> https://aider.chat/docs/troubleshooting/edit-errors.html  '];

async function ours(reply: string, files: Record<string, string>): Promise<string> {
  const r = await runCall(new MemoryFs(files), 'aider_edit', { reply, format: 'diff' }, { mount: '/w' });
  if (r.ok) throw new Error('expected a failure');
  return r.error.message;
}

describe("aider's IndexError note", () => {
  // 0anes0/verilog_simulasyonu-LSFL- `.aider.chat.history.md` @708322ea (aider with claude-sonnet-4-5,
  // May 2026): a reply that created 22 files ended in `> list index out of range` and aider's
  // commit. apply_updates reports an IndexError (one of repo.py's ANY_GIT_ERROR) as `str(err)`
  // alone; the call read "not recorded", and the next reply on one of its files "differs".
  it('is the answer: the profile raises the same IndexError (a SEARCH that is only its file name line)', async () => {
    const reply = 'm.py\n```python\n<<<<<<< SEARCH\nm.py\n=======\nx\n>>>>>>> REPLACE\n```';
    expect(await ours(reply, { 'm.py': 'a = 1\n' })).toBe('list index out of range');
    const history = [...head('0.86.1'), '#### change m  ', '', reply, '', '> list index out of range  ', ''].join('\n');
    const s = parseSession(history);
    expect(s.calls.map((c) => [c.result?.isError, c.result?.text])).toEqual([[true, 'list index out of range']]);
    const r = await replaySession(s, new MemoryFs({ 'm.py': 'a = 1\n' }), { mount: '/w' });
    expect(r.calls[0]!.verdict?.verdict).toBe('agrees');
  });
});

describe("aider's failure notes, read back whole", () => {
  it('a multi-line note whose quoted block holds a bare `>` line: one message, and the next reply stays a reply', async () => {
    const reply = 'page.html\n```html\n<<<<<<< SEARCH\n<div\n  class="a"\n>\n=======\n<div\n  class="b"\n>\n>>>>>>> REPLACE\n```';
    const files = { 'page.html': 'hello\n' };
    const message = (await ours(reply, files)).replace(/\n$/, '');
    const lines = message.split('\n');
    expect(lines).toContain('>');
    const note = [`> ${lines[0]}`, ...lines.slice(1, -1), `${lines.at(-1)}  `];
    const retry = 'page.html\n```html\n<<<<<<< SEARCH\nhello\n=======\nhi\n>>>>>>> REPLACE\n```';
    const history = [...head('0.86.1'), '#### restyle  ', '', reply, '', ...NOT_CONFORMING, ...note, '', retry, '', '> Applied edit to page.html  ', ''].join('\n');
    const s = parseSession(history);
    expect(s.calls.map((c) => [c.result?.isError, c.result?.text.split('\n').length])).toEqual([
      [true, lines.length],
      [false, 1],
    ]);
    expect(s.calls[0]!.result!.text).toBe(message);
    const r = await replaySession(s, new MemoryFs(files), { mount: '/w' });
    expect(r.calls.map((c) => c.verdict?.verdict)).toEqual(['agrees', 'agrees']);
  });

  it("aider 0.45's one note per line: a malformed reply's message runs to the `^^^` line it points with", async () => {
    const reply = 'I will add it:\n\n### LICENSE\n\n```markdown\n<<<<<<< SEARCH\n\n=======\nMIT\n>>>>>>> REPLACE\n```';
    const message = await ours(reply, {});
    expect(message.split('\n').at(-1)).toMatch(/^\^\^\^ Bad\/missing filename\./);
    const notes = message.split('\n').map((l) => `> ${l}  `);
    const history = [...head('0.45.1'), '#### add a licence  ', '', reply, '', ...NOT_CONFORMING, ...notes, ''].join('\n');
    const s = parseSession(history);
    expect(s.calls.map((c) => c.result?.text)).toEqual([message]);
    const r = await replaySession(s, new MemoryFs({}), { mount: '/w' });
    expect(r.calls[0]!.verdict?.verdict).toBe('agrees');
  });
});

// The fence of a recorded whole reply: aider reads a reply with the fence it quoted the chat's
// files with (base_coder.py choose_fence: the first of all_fences that no line of those files
// starts with), and a history does not hold those files. A whole reply that aider applied and
// that names no file with triple backticks carries the fence it does name files with. The shape
// (an architect session's editor writing whole files in <source> blocks, `Applied edit to` after
// each) was seen in a real history without a licence to copy it (BjornNordblom/
// pocketflow-text2sql-gui `.aider.chat.history.md`, Aider v0.85.2: 25 such replies, none listed
// before); this one is written for the test.

import { describe, expect, it } from 'vitest';
import { parseSession } from '../../../sessions/parse';
import { replaySession } from '../../../sessions/replay';
import { MemoryFs } from '../../../workspace/memory-fs';

const HEAD = ['', '# aider chat started at 2025-08-01 09:00:00', '', '> Aider v0.85.2  ', '> Main model: openrouter/horizon-beta with whole edit format  ', ''];
const SOURCE_REPLY = 'Here is the service.\n\nbackend/app.py\n<source>\nprint("up")\n</source>\n\nbackend/main.sh\n<source>\nexec app\n</source>\n';
const TRIPLE_REPLY = 'notes.txt\n```\nhello\n```\n';

const history = (reply: string, notes: string[]): string => [...HEAD, '#### build it  ', '', reply, ...notes, ''].join('\n');

describe('Aider chat histories: the fence of a whole reply', () => {
  it('a whole reply aider applied in <source> blocks is a call with that fence, and replays as aider applied it', async () => {
    const s = parseSession(history(SOURCE_REPLY, ['> Applied edit to backend/main.sh  ', '> Applied edit to backend/app.py  ']));
    expect(s.calls.map((c) => c.input)).toEqual([{ reply: SOURCE_REPLY, format: 'whole', fence: '<source>' }]);
    const r = await replaySession(s, new MemoryFs({}));
    expect(r.calls.map((c) => [c.paths, c.verdict?.verdict])).toEqual([[['backend/app.py', 'backend/main.sh'], 'agrees']]);
    expect(r.files.map((f) => f.path)).toEqual(['backend/app.py', 'backend/main.sh']);
  });

  it('the same reply with no note that aider applied it is no call: with triple backticks aider finds no file in it', () => {
    expect(parseSession(history(SOURCE_REPLY, ['> Tokens: 3.7k sent, 2.2k received.  '])).calls).toEqual([]);
  });

  it('a reply in triple backticks keeps the default: no fence in its input', () => {
    const s = parseSession(history(TRIPLE_REPLY, ['> Applied edit to notes.txt  ']));
    expect(s.calls.map((c) => c.input)).toEqual([{ reply: TRIPLE_REPLY, format: 'whole' }]);
  });
});

describe('Aider chat histories: the fence of a SEARCH/REPLACE reply', () => {
  // aider's fence was <source> (the chat's files held ``` lines): it wrote `<source>python` before
  // each block's SEARCH, and found the file name on the line before that. Read with triple
  // backticks, the fence line itself would be the file name (strip_filename).
  const REPLY = 'greet.py\n<source>python\n<<<<<<< SEARCH\nprint("hello")\n=======\nprint("hi")\n>>>>>>> REPLACE\n</source>\n';
  const DIFF_HEAD = ['', '# aider chat started at 2025-08-01 09:00:00', '', '> Aider v0.85.2  ', '> Main model: claude-sonnet-4 with diff edit format  ', ''];
  const doc = (notes: string[]): string => [...DIFF_HEAD, '#### shorter greeting  ', '', REPLY, ...notes, ''].join('\n');

  it('an applied reply with <source> before its blocks is read with that fence, and agrees', async () => {
    const s = parseSession(doc(['> Applied edit to greet.py  ']));
    expect(s.calls.map((c) => c.input)).toEqual([{ reply: REPLY, format: 'diff', fence: '<source>' }]);
    const r = await replaySession(s, new MemoryFs({ 'greet.py': 'print("hello")\n' }));
    expect(r.calls.map((c) => [c.paths, c.verdict?.verdict])).toEqual([[['greet.py'], 'agrees']]);
  });

  it('a reply aider did not apply keeps the default fence: its notes do not show which fence aider had', () => {
    const s = parseSession(doc(['> Tokens: 1.2k sent, 80 received.  ']));
    expect(s.calls.map((c) => c.input)).toEqual([{ reply: REPLY, format: 'diff' }]);
  });
});

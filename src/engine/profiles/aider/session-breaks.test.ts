// A history whose user lines lost aider's two-space line breaks: aider writes one after every
// note and every line of the user's input (io.py append_chat_history, linebreak=True), so a file
// whose notes have them and whose user lines do not was changed after aider wrote it. Its notes
// are read one line each (a note without its break no longer runs on into the next lines), every
// `#### ` line is user input, and the reader warns that a reply may not read as aider read it.
// Seen in a real history without a licence to copy it (7onc3k/brejlator `.aider.chat.history.md`,
// Aider v0.50.1, a Markdown formatter's marks all over it: `> > > > > > > REPLACE`, blank lines
// put between file names and fences): 22 replies, none listed before. This one is written for the test.

import { describe, expect, it } from 'vitest';
import { parseSession } from '../../../sessions/parse';
import { replaySession } from '../../../sessions/replay';
import { MemoryFs } from '../../../workspace/memory-fs';

const block = 'greet.py\n```python\n<<<<<<< SEARCH\nprint("hello")\n=======\nprint("hi")\n>>>>>>> REPLACE\n```\n';

const HISTORY = [
  '# aider chat started at 2024-08-20 14:08:19',
  '',
  '> Aider v0.50.1  ',
  '> Models: claude-3-5-sonnet-20240620 with ♾️ diff edit format, weak model claude-3-haiku-20240307  ',
  '> Use /help <question> for help, run "aider --help" to see cmd line args',
  '',
  '#### /add greet.py',
  '',
  '> Added greet.py to the chat',
  '',
  '#### shorter greeting',
  '',
  block,
  '> Applied edit to greet.py',
  '> Commit 1111111 feat: shorter greeting  ',
  '',
].join('\n');

describe('Aider chat histories that lost their line breaks', () => {
  it('the reply is a call, the notes one line each, and the reader says the file was changed after aider wrote it', async () => {
    const s = parseSession(HISTORY);
    expect(s.calls.map((c) => [c.toolName, c.input, c.result?.text])).toEqual([['aider_reply', { reply: block, format: 'diff' }, 'Applied edit to greet.py']]);
    expect(s.problems.map((p) => [p.code, p.severity, p.message])).toEqual([
      [
        'bad-shape',
        'warning',
        "The history's user lines have lost the two-space line breaks aider writes after them (an editor or a Markdown formatter changed the file after aider wrote it): a reply may not read as aider read it, so a call that differs cannot be judged.",
      ],
    ]);
    const r = await replaySession(s, new MemoryFs({ 'greet.py': 'print("hello")\n' }));
    expect(r.calls.map((c) => c.verdict?.verdict)).toEqual(['agrees']);
  });

  it('a call that differs on such a history cannot be judged: the transcript was altered', async () => {
    const s = parseSession(HISTORY);
    expect(s.calls[0]!.unvouched).toEqual([
      { paths: ['greet.py'], reason: 'altered', evidence: "the history was changed after aider wrote it (its user lines lost aider's line breaks): the reply may not read as aider read it" },
    ]);
    // The file as the replay has it does not hold the SEARCH text (as after a formatter's change to the reply).
    const r = await replaySession(s, new MemoryFs({ 'greet.py': 'print("hola")\n' }));
    expect(r.calls.map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.reason])).toEqual([['cannot judge', 'altered']]);
    expect(r.figures.cannotJudgeByReason.altered).toBe(1);
  });

  it('a history that keeps the breaks on its user lines gets no such warning', () => {
    const kept = HISTORY.replace('#### /add greet.py\n', '#### /add greet.py  \n').replace('#### shorter greeting\n', '#### shorter greeting  \n').replace('> Applied edit to greet.py\n', '> Applied edit to greet.py  \n');
    const s = parseSession(kept);
    expect(s.problems).toEqual([]);
    expect(s.calls).toHaveLength(1);
    expect(s.calls[0]!.unvouched).toBeUndefined();
  });
});

describe('Aider chat histories that lost their line breaks in some sessions only', () => {
  // 7onc3k/brejlator's history at b05ab7120a38d668cd5f35a06a070e5130a0a8fe: seven sessions of
  // aider 0.50.1 lost the breaks on their user lines, three later sessions (0.52.1, appended
  // after) keep them. Read file-wide, the later sessions' breaks made the earlier notes run on
  // over the replies after them (`> Initial repo scan can be slow…` without its break swallowed
  // the next reply): 2 of 24 replies were listed.
  const later = [
    '# aider chat started at 2024-08-26 16:36:00',
    '',
    '> Aider v0.52.1  ',
    '> Models: claude-3-5-sonnet-20240620 with ♾️ diff edit format, weak model claude-3-haiku-20240307  ',
    '',
    '#### longer greeting  ',
    '',
    'greet.py\n```python\n<<<<<<< SEARCH\nprint("hi")\n=======\nprint("hello there")\n>>>>>>> REPLACE\n```\n',
    '> Applied edit to greet.py  ',
    '',
  ].join('\n');
  const swallowing = HISTORY.replace('#### shorter greeting\n\n', '#### shorter greeting\n\n> Initial repo scan can be slow in larger repos, but only happens once.\n\n');

  it('each session is read on its own breaks: the lost ones are altered, the kept ones are not', async () => {
    const s = parseSession(`${swallowing}${later}`);
    expect(s.calls.map((c) => [c.location.line, c.version, c.result?.text, c.unvouched?.[0]?.reason ?? null])).toEqual([
      [15, '0.50.1', 'Applied edit to greet.py', 'altered'],
      [33, '0.52.1', 'Applied edit to greet.py', null],
    ]);
    expect(s.problems.map((p) => p.code)).toEqual(['bad-shape']);
    const r = await replaySession(s, new MemoryFs({ 'greet.py': 'print("hello")\n' }));
    expect(r.calls.map((c) => c.verdict?.verdict)).toEqual(['agrees', 'agrees']);
  });
});

describe('Aider chat histories before 0.51: the edit format in the `Models:` note', () => {
  it('`Models: … with ♾️ whole edit format, weak model …` (aider 0.50) sets the format', () => {
    const reply = 'greet.py\n```\nprint("hi")\n```\n';
    const doc = ['# aider chat started at 2024-08-20 14:08:19', '', '> Aider v0.50.1  ', '> Models: gpt-4o with ♾️ whole edit format, weak model gpt-4o-mini  ', '', '#### shorter greeting  ', '', reply, '> Applied edit to greet.py  ', ''].join('\n');
    expect(parseSession(doc).calls.map((c) => c.input)).toEqual([{ reply, format: 'whole' }]);
  });
});

// A file changed outside aider between replies: before it applies a reply, aider commits a file
// that has uncommitted changes (base_coder.py check_for_dirty_commit: `Committing <path> before
// applying edits.`, then the commit of those changes), and the reply's blocks may match only the
// changed text. No call in the history made that change, so the replay cannot tell whose answer is
// right: the call is `cannot judge (changed outside the calls)`, never a `differs` that blames
// aider or us. The shape (a user's edit committed between two replies, the next reply's SEARCH
// text taken from it) was seen in a real history without a licence to copy it
// (AbdulAlkawasmeh/metadata-aider `.aider.chat.history.md` @c4680a99, Aider v0.86.1); this one is
// written for the test.

import { describe, expect, it } from 'vitest';
import { parseSession } from '../../../sessions/parse';
import { replaySession } from '../../../sessions/replay';
import { seedReplayOptions } from '../../../sessions/replay-types';
import { seedFromTranscript } from '../../../sessions/seed';
import { MemoryFs } from '../../../workspace/memory-fs';

const reply = (search: string, replace: string): string => `greet.py\n\`\`\`python\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n\`\`\`\n`;

/** A session's opening lines: aider 0.86.1, diff format. */
const HEAD = ['', '# aider chat started at 2025-06-01 10:00:00', '', '> Aider v0.86.1  ', '> Model: openrouter/openai/gpt-4o-mini with diff edit format  ', ''];

/** Three replies on greet.py; before the second, the user changed "hi" to "hi there" (the notes say so when `dirty`). */
function history(dirty: boolean): string {
  return [
    ...HEAD,
    '#### shorter greeting  ',
    '',
    reply('print("hello")', 'print("hi")'),
    '> Applied edit to greet.py  ',
    '> Commit 1111111 feat: shorter greeting  ',
    '',
    '#### louder  ',
    '',
    reply('print("hi there")', 'print("HI THERE")'),
    ...(dirty ? ['> Committing greet.py before applying edits.  ', '> Commit 2222222 fix: greet everyone  '] : []),
    '> Applied edit to greet.py  ',
    '> Commit 3333333 feat: louder  ',
    '',
    '#### add a bang  ',
    '',
    reply('print("HI THERE")', 'print("HI THERE!")'),
    '> Applied edit to greet.py  ',
    '> Commit 4444444 feat: bang  ',
    '',
  ].join('\n');
}

/** The 1-based line of the nth line of `doc` that is `text`. */
const lineOf = (doc: string, text: string, nth: number): number => {
  let seen = 0;
  const lines = doc.split('\n');
  for (let i = 0; i < lines.length; i++) if (lines[i] === text && ++seen === nth) return i + 1;
  throw new Error(`no line ${text}`);
};

describe('Aider chat histories: a file committed before a reply is applied (changed outside the calls)', () => {
  it('the reader gives that reply the file as changed before it, and no other reply', () => {
    const doc = history(true);
    const s = parseSession(doc);
    expect(s.problems).toEqual([]);
    expect(s.calls.map((c) => c.unvouched)).toEqual([
      undefined,
      [
        {
          paths: ['greet.py'],
          reason: 'changed-outside',
          evidence: `aider committed greet.py before applying the reply on line ${lineOf(doc, 'greet.py', 2)} ("Committing … before applying edits."): changes no call in the history made`,
        },
      ],
      undefined,
    ]);
  });

  it('replayed, the reply whose SEARCH text the user wrote cannot be judged, and neither can the next one on that file', async () => {
    const r = await replaySession(parseSession(history(true)), new MemoryFs({ 'greet.py': 'print("hello")\n' }));
    expect(r.calls.map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.reason])).toEqual([
      ['agrees', undefined],
      ['cannot judge', 'changed-outside'],
      ['cannot judge', 'changed-outside'],
    ]);
    expect(r.calls[1]!.verdict!.ours.isError).toBe(true);
    expect(r.calls[1]!.verdict!.recorded).toEqual({ isError: false, text: 'Applied edit to greet.py' });
    expect(r.figures.differs).toBe(0);
  });

  it('without the note the same replies differ: the note is what tells the replay the file changed', async () => {
    const r = await replaySession(parseSession(history(false)), new MemoryFs({ 'greet.py': 'print("hello")\n' }));
    expect(r.calls.map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.reason])).toEqual([
      ['agrees', undefined],
      ['differs', undefined],
      ['cannot judge', 'diverged'],
    ]);
  });
});

describe('Aider chat histories: a reply aider applied to some files, the user refusing another', () => {
  // `Create new file? … n` then `Skipping edits to new.py`: aider applies the reply's other files
  // (base_coder.py prepare_to_edit drops only the refused one). The call is not the tool's answer
  // and the replay applies none of it, so the files aider did change are not as aider left them.
  const doc = [
    ...HEAD,
    '#### greet and add a helper  ',
    '',
    `${reply('print("hello")', 'print("hi")')}\nnew.py\n\`\`\`python\n<<<<<<< SEARCH\n=======\nx = 1\n>>>>>>> REPLACE\n\`\`\`\n`,
    '> new.py  ',
    '> Create new file? (Y)es/(N)o [Yes]: n  ',
    '> Skipping edits to new.py  ',
    '> Applied edit to greet.py  ',
    '',
    '#### louder  ',
    '',
    reply('print("hi")', 'print("HI")'),
    '> Applied edit to greet.py  ',
    '',
  ].join('\n');

  it('the files aider applied it to are unvouched from that reply on: a later difference on them cannot be judged', async () => {
    const s = parseSession(doc);
    expect(s.calls[0]!.unvouched).toEqual([
      { paths: ['greet.py'], reason: 'diverged', evidence: `aider applied the reply on line 9 to greet.py and skipped the rest ("Skipping edits to"); the replay applies none of it` },
    ]);
    const r = await replaySession(s, new MemoryFs({ 'greet.py': 'print("hello")\n' }));
    expect(r.calls.map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.reason])).toEqual([
      ['cannot judge', 'not-tool-answer'],
      ['cannot judge', 'diverged'],
    ]);
  });
});

// aider asks "Allow edits to file that has not been added to the chat?" only of a file that exists
// (base_coder.py allowed_to_edit; a missing one: "Create new file?"), on the line after a note that
// names it. An empty SEARCH for such a file appended to it (a real history, BartoshMaxim/TradePirates
// `.aider.chat.history.md` @7dc1eafd, aider 0.86.2: the user then saw the code twice): the seed
// takes the file for one never shown, not one the reply created.
describe('a file aider asked to allow edits to existed before the reply', () => {
  const text = (question: string): string =>
    [...HEAD, '#### add a constant  ', '', reply('', 'LIMIT = 3'), '> greet.py  ', `> ${question} (Y)es/(N)o [Yes]: y  `, '> Applied edit to greet.py  ', ''].join('\n');

  it('"Allow edits to file …": the file is never shown, not created', () => {
    const seed = seedFromTranscript(parseSession(text('Allow edits to file that has not been added to the chat?')));
    expect(seed.entries).toEqual([]);
    expect(seed.unseen.map((u) => u.path)).toEqual(['greet.py']);
  });

  it('"Create new file?": the reply created it', () => {
    const seed = seedFromTranscript(parseSession(text('Create new file?')));
    expect(seed.entries.map((e) => `${e.path} ${e.how}`)).toEqual(['greet.py created']);
    expect(seed.unseen).toEqual([]);
  });
});

// 87maxi/SupplyChainTracker2 `.aider.chat.history.md` @501ffcd0 (aider with a local model): a
// reply cut mid-block at the model's token limit, aider's notes after it (read as the reply's own
// lines before), and a Ctrl-C at a mention question after another mention was declined.
describe('replies aider did not apply', () => {
  const replay = async (notes: string[], cut = false) => {
    const body = cut ? 'greet.py\n```python\n<<<<<<< SEARCH\nprint("hello")\n=======\nprint(\n' : reply('print("hello")', 'print("hi")');
    const s = parseSession([...HEAD, '#### shorter greeting  ', '', body, ...notes, ''].join('\n'));
    const r = await replaySession(s, new MemoryFs({ 'greet.py': 'print("hello")\n' }), { mount: '/' });
    return r.calls.filter((c) => c.kind === 'edit').map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.evidence ?? null]);
  };

  it('a reply cut at the token limit: not the tool\'s answer, nothing written', async () => {
    expect(await replay(['>  ', '>  ', '> Model local/qwen has hit a token limit!  ', '> Token counts below are approximate.  ', '>  ', '> ^C again to exit  '], true)).toEqual([
      ['cannot judge', 'the agent did not apply the edits, so the tool gave no answer: "Model local/qwen has hit a token limit!"'],
    ]);
  });

  it('Ctrl-C at a mention question after one was declined: interrupted, nothing written', async () => {
    const notes = ['> Tokens: 12k sent, 960 received.  ', '> web/a.ts  ', "> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: d  ", '> web/b.ts  ', '>  ', '>  ', '> ^C again to exit  '];
    expect(await replay(notes)).toEqual([['cannot judge', 'the user interrupted the call, so the tool did not answer: "^C again to exit"']]);
  });
});

// BartoshMaxim/TradePirates (above): the replay's empty SEARCH created the file aider appended to,
// took it as known, and the next reply, whose SEARCH held the file's older text, read "differs".
describe('an empty SEARCH on a file aider asked to allow edits to', () => {
  it('leaves the file unknown: the next reply on it cannot be judged', async () => {
    const s = parseSession(
      [
        ...HEAD,
        '#### add a constant  ',
        '',
        reply('', 'LIMIT = 3'),
        '> greet.py  ',
        '> Allow edits to file that has not been added to the chat? (Y)es/(N)o [Yes]: y  ',
        '> Applied edit to greet.py  ',
        '',
        '#### change the greeting  ',
        '',
        reply('print("hello")\nLIMIT = 3', 'print("hi")\nLIMIT = 3'),
        '> Applied edit to greet.py  ',
        '',
      ].join('\n'),
    );
    const seed = seedFromTranscript(s);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
    expect(r.calls.map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.reason ?? null])).toEqual([
      ['agrees', null],
      ['cannot judge', 'never-shown'],
    ]);
  });
});

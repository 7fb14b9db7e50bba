// A failed replace_in_file quotes the file as Cline read it (formatResponse.diffError:
// `The file was reverted to its original state:\n\n<file_content path="…">\n…\n</file_content>`,
// cline/cline @9ee618111d58630fea30b27439216448225458e0 src/core/prompts/responses.ts, quoting
// DiffViewProvider.getOriginalContentForLLM(), the file as read from disk in open()). The replay
// re-syncs the file from that quote before the call, as from Claude Code's originalFile, and a
// seed takes it as the file's first state. The answers here are the templates (texts.ts) on
// invented files; the same wording is in a public Cline task export (an `app/(tabs)/todo.tsx`
// replace_in_file, find_string "The file was reverted to its original state:").

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { parseSession } from '../../../sessions/parse';
import { replaySession, seedReplayOptions, type SessionReplay } from '../../../sessions/replay';
import { seedFromTranscript } from '../../../sessions/seed';
import { quotedOriginal } from './hooks';
import { diffFailed, saved } from './texts';

const block = (search: string, replace: string): string => `------- SEARCH\n${search}\n=======\n${replace}\n+++++++ REPLACE`;
const noMatch = (search: string): string => `The SEARCH block:\n${search}\n...does not match anything in the file.`;

type Call = { name: string; input: Record<string, unknown>; answer: string };

/** A Cline history: an optional read of a.ts, then each call with its answer. */
async function replay(first: string | null, calls: Call[]): Promise<SessionReplay> {
  const history: unknown[] = [];
  if (first !== null) {
    history.push({ role: 'assistant', content: [{ type: 'tool_use', id: 'r', name: 'read_file', input: { path: 'a.ts' } }] });
    history.push({ role: 'user', content: [{ type: 'text', text: `[read_file for 'a.ts'] Result:\n${first}` }] });
  }
  calls.forEach((c, k) => {
    history.push({ role: 'assistant', content: [{ type: 'tool_use', id: `c${k}`, name: c.name, input: c.input }] });
    history.push({ role: 'user', content: [{ type: 'text', text: `[${c.name} for 'a.ts'] Result:\n${c.answer}` }] });
  });
  const session = parseSession(JSON.stringify(history));
  const seed = seedFromTranscript(session);
  return replaySession(session, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
}

const verdicts = (r: SessionReplay) => r.calls.filter((c) => c.kind === 'edit').map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.reason ?? null]);

describe("Cline's failed replace_in_file quotes the file", () => {
  it('the quote is the file as read: exact, and nothing when it cannot be the file', () => {
    const failed = diffFailed(noMatch('x'), 'src/a.ts', 'let a = 1;\r\n\r\n');
    expect(quotedOriginal({}, { isError: true, text: failed })).toEqual({ text: 'let a = 1;\r\n\r\n', endKnown: true });
    // A file whose text holds the closing tag: the last one ends the quote.
    expect(quotedOriginal({}, { isError: true, text: diffFailed(noMatch('x'), 'a.md', '</file_content>\n') })).toEqual({ text: '</file_content>\n', endKnown: true });
    expect(quotedOriginal({}, { isError: false, text: failed })).toBeNull();
    expect(quotedOriginal({}, { isError: true, text: diffFailed(noMatch('x'), 'a.ts', '') })).toBeNull();
    expect(quotedOriginal({}, { isError: true, text: diffFailed(noMatch('x'), 'a.ts', 'undefined') })).toBeNull();
    expect(quotedOriginal({}, { isError: true, text: diffFailed(noMatch('x'), 'n.ipynb', '{"cells": []}\n') })).toBeNull();
    expect(quotedOriginal({}, { isError: true, text: 'The tool execution failed with the following error:\n<error>\nboom\n</error>' })).toBeNull();
  });

  it('a file changed outside the calls is re-synced from the quote: the failure agrees, and the next call is judged on the true file', async () => {
    const r = await replay('1 | let a = 1;\n\n(File has 1 lines total.)', [
      { name: 'replace_in_file', input: { path: 'a.ts', diff: block('let a = 1;', 'let a = 2;') }, answer: diffFailed(noMatch('let a = 1;'), 'a.ts', 'let a = 10;\n') },
      { name: 'replace_in_file', input: { path: 'a.ts', diff: block('let a = 10;', 'let a = 2;') }, answer: saved('a.ts', 'let a = 2;\n') },
    ]);
    expect(verdicts(r)).toEqual([['agrees', null], ['agrees', null]]);
    const first = r.calls[1]!;
    expect(first.resynced).toEqual([{ path: 'a.ts', from: 'quote', was: 'different', line: 1 }]);
    expect(first.notes).toContain(
      "Re-synced: a.ts differed from the file this call's answer quotes (the file as the tool found it) from line 1; something outside the calls changed it. This call and the ones after are judged on the quoted text.",
    );
    expect(r.calls[2]!.resynced).toBeUndefined();
  });

  it('a quote that agrees with the replay changes nothing', async () => {
    const r = await replay('1 | let a = 1;\n\n(File has 1 lines total.)', [
      { name: 'replace_in_file', input: { path: 'a.ts', diff: block('let b = 1;', 'let b = 2;') }, answer: diffFailed(noMatch('let b = 1;'), 'a.ts', 'let a = 1;\n') },
    ]);
    expect(verdicts(r)).toEqual([['agrees', null]]);
    expect(r.calls[1]!.resynced).toBeUndefined();
  });

  it('a file first shown by a failure is seeded from its quote', async () => {
    const history = [
      { name: 'replace_in_file', input: { path: 'a.ts', diff: block('const b = 1;', 'const b = 2;') }, answer: diffFailed(noMatch('const b = 1;'), 'a.ts', 'const a = 1;\n') },
      { name: 'replace_in_file', input: { path: 'a.ts', diff: block('const a = 1;', 'const a = 2;') }, answer: saved('a.ts', 'const a = 2;\n') },
    ];
    const r = await replay(null, history);
    expect(verdicts(r)).toEqual([['agrees', null], ['agrees', null]]);
    const session = parseSession(JSON.stringify(history.flatMap((c, k) => [
      { role: 'assistant', content: [{ type: 'tool_use', id: `c${k}`, name: c.name, input: c.input }] },
      { role: 'user', content: [{ type: 'text', text: `[${c.name} for 'a.ts'] Result:\n${c.answer}` }] },
    ])));
    const seed = seedFromTranscript(session);
    expect(Object.values(seed.files)).toEqual(['const a = 1;\n']);
    expect(seed.entries.map((e) => [e.how, e.fromCall])).toEqual([['whole', 0]]);
    expect(seed.unseen).toEqual([]);
  });
});

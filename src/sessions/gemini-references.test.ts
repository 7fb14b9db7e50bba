// A Gemini CLI user's `@path` reference: the CLI reads the file itself (read_many_files) and puts
// its text, trimmed, into the user's message between `--- Content from referenced files ---` and
// `--- End of content ---` (google-gemini/gemini-cli @5411f113,
// packages/cli/src/ui/hooks/atCommandProcessor.ts). Seen in FritzSavira/mcp-lektor's saved chats
// (`260313_gemini_log.json`: `@src/mcp_lektor/core/bible_validator.py` as a user's parts) and in
// andreijirohdev-labs/studentops-codelab's Markdown export; the transcripts here are invented with
// the same parts. Before, a `replace` on such a file was "never shown".

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../workspace/memory-fs';
import { referencedFiles } from './gemini-references';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';

const START = '\n--- Content from referenced files ---';
const END = '\n--- End of content ---';
const LINES = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
const FILE = `${LINES.join('\n')}\n`;
const CONTEXT = { role: 'user', parts: [{ text: "This is the Gemini CLI. We are setting up the context for our chat.\nI'm currently working in the directory: /w\n" }] };
const referring = (path: string, text: string) => ({
  role: 'user',
  parts: [{ text: `Fix @${path}` }, { text: START }, { text: `\nContent from @${path}:\n` }, { text }, { text: END }],
});
const replace = (oldString: string, newString: string) => ({ role: 'model', parts: [{ functionCall: { name: 'replace', args: { file_path: 'src/a.py', instruction: 'Fix it.', old_string: oldString, new_string: newString } } }] });
const answer = (output: string) => ({ role: 'user', parts: [{ functionResponse: { id: 'replace-1776000000000-a1', name: 'replace', response: { output } } }] });
// getDiffContextSnippet (packages/core/src/tools/diff-utils.ts): 5 lines around the change, `...` where lines are left out.
const SNIPPET = ['...', ...LINES.slice(4, 9), 'line ten', ...LINES.slice(10, 15), '...'].join('\n');
const SUCCESS = `Successfully modified file: /w/src/a.py (1 replacements). Here is the updated code:\n${SNIPPET}`;

async function replayed(history: object[]) {
  const s = parseSession(JSON.stringify(history));
  const seed = seedFromTranscript(s);
  const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
  return { s, seed, r };
}

describe('the files a user message quotes for its @path references', () => {
  it('are each header\'s path and the text up to the next header or the end mark', () => {
    const message = `Compare @src/a.py with @C:\\w\\b.md${START}\nContent from @src/a.py:\nA\nB${'\n'}Content from @C:\\w\\b.md:\n# B${END}`;
    expect(referencedFiles(message)).toEqual([
      { path: 'src/a.py', text: 'A\nB' },
      { path: 'C:\\w\\b.md', text: '# B' },
    ]);
  });

  it("an MCP resource's text names no file, and a message without the end mark quotes none", () => {
    expect(referencedFiles(`@docs:readme${START}\nContent from @docs://readme:\nR\nContent from @a.txt:\nA${END}`)).toEqual([{ path: 'a.txt', text: 'A' }]);
    expect(referencedFiles(`@srv:notes${START}\nContent from @srv:notes:\nN${END}`)).toEqual([]);
    expect(referencedFiles(`@a.txt${START}\nContent from @a.txt:\nA`)).toEqual([]);
  });
});

describe('a saved chat whose user message quotes a referenced file', () => {
  it("is a read of the file's lines before the last (the CLI trimmed its ends): the replace on it is judged and agrees", async () => {
    const { s, seed, r } = await replayed([CONTEXT, referring('src/a.py', FILE.trim()), replace('line 10', 'line ten'), answer(SUCCESS)]);
    expect(s.calls.map((c) => [c.toolName, c.kind, c.referenced ?? null, c.cwd])).toEqual([
      ['read_many_files', 'read', 'src/a.py', '/w'],
      ['replace', 'edit', null, '/w'],
    ]);
    expect(seed.entries).toEqual([{ path: 'src/a.py', displayPath: '/w/src/a.py', how: 'partial', fromCall: 0, shownLines: [{ start: 1, end: 19 }] }]);
    expect(r.calls[1]!.verdict?.verdict).toBe('agrees');
  });

  it('without the reference the same replace is on a file never shown', async () => {
    const { r } = await replayed([CONTEXT, { role: 'user', parts: [{ text: 'Fix src/a.py' }] }, replace('line 10', 'line ten'), answer(SUCCESS)]);
    expect(r.calls[0]!.verdict).toMatchObject({ verdict: 'cannot judge', cannotJudge: { reason: 'never-shown' } });
  });

  it("a string on the last line is in the part the trim may have changed: not judged", async () => {
    const { r } = await replayed([CONTEXT, referring('src/a.py', FILE.trim()), replace('line 20', 'line twenty'), answer('Successfully modified file: /w/src/a.py (1 replacements). Here is the updated code:\n...\nline 15\nline 16\nline 17\nline 18\nline 19\nline twenty\n')]);
    expect(r.calls[1]!.verdict).toMatchObject({ verdict: 'cannot judge', cannotJudge: { reason: 'partly-shown' } });
  });

  it('a file read_many_files cut short shows nothing of it', async () => {
    const { seed } = await replayed([CONTEXT, referring('src/a.py', "[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]\n\nline 1\nline 2"), replace('line 1\n', 'one\n'), answer('x')]);
    expect(seed.entries).toEqual([]);
    expect(seed.unseen.map((u) => u.path)).toEqual(['src/a.py']);
  });
});

describe('a session record whose user message quotes a referenced file', () => {
  it('reads it the same way, from the message parts', async () => {
    const record = {
      sessionId: 's',
      projectHash: 'p',
      startTime: '2026-04-12T13:20:00.000Z',
      messages: [
        { id: 'm0', type: 'user', timestamp: '2026-04-12T13:20:00.000Z', content: referring('/w/src/a.py', FILE.trim()).parts },
        {
          id: 'm1',
          type: 'gemini',
          timestamp: '2026-04-12T13:20:05.000Z',
          content: '',
          toolCalls: [{ id: 'replace-1776000005000-a1', name: 'replace', args: { file_path: '/w/src/a.py', instruction: 'Fix it.', old_string: 'line 10', new_string: 'line ten' }, result: [{ functionResponse: { id: 'replace-1776000005000-a1', name: 'replace', response: { output: SUCCESS } } }], status: 'success', timestamp: '2026-04-12T13:20:05.000Z' }],
        },
      ],
    };
    const { s, seed, r } = await replayed(record as unknown as object[]);
    expect(s.calls.map((c) => [c.toolName, c.referenced ?? null])).toEqual([
      ['read_many_files', '/w/src/a.py'],
      ['replace', null],
    ]);
    expect(seed.entries.map((e) => [e.path, e.how])).toEqual([['a.py', 'partial']]);
    expect(r.calls[1]!.verdict?.verdict).toBe('agrees');
  });
});

describe('a Markdown export whose user message quotes a referenced file', () => {
  it('is not read: the export, as committed, need not keep the file\'s line endings', () => {
    const md = `## USER 🧑‍💻\n\nFix @src/a.py${START}\nContent from @src/a.py:\n${FILE.trim()}${END}`;
    const s = parseSession(md);
    expect(s.format).toBe('gemini-cli-markdown');
    expect(s.calls).toEqual([]);
  });
});

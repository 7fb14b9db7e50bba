// What Cline's read_file answers show of a file. The labelled form is cline/cline's
// formatFileContentWithLineNumbers (src/core/task/tools/handlers/ReadFileToolHandler.ts
// @9ee618111d58630fea30b27439216448225458e0; its tests ReadFileToolHandler.lineNumbers.test.ts
// state the same shapes): `N | line`, then `\n\n(File has N lines total.)` or
// `\n\n(Showing lines a-b of N total. Use start_line=b+1 to continue reading.)`, or the
// extractor's `\n\n---\n\n[FILE TRUNCATED: …`; a repeated read's `[File already read] …` line.
// The real shape: mike4567/MRA04242026 `api_conversation_history.json` @764491384379e43f9b25ab332f4d000b7727788b,
// `$[17]`: read_file `{path, task_progress}` answered `1 | {\n2 |   "name": "nextn",…\n\n(File has 87 lines total.)`.

import { describe, expect, it } from 'vitest';
import { clineReadShown } from './cline-reads';
import { parseSession } from './parse';
import { seedFromTranscript } from './seed';

describe("Cline's read_file answers", () => {
  it('labelled lines with the whole-file footer are the file, taken to end with a line break', () => {
    expect(clineReadShown({ path: 'a.txt' }, '1 | hello\n2 | a | b\n3 | \n\n(File has 3 lines total.)')).toEqual({ kind: 'whole', text: 'hello\na | b\n\n' });
    expect(clineReadShown({ path: 'package.json', task_progress: '- [ ] x' }, '1 | {\n2 |   "name": "nextn"\n3 | }\n\n(File has 3 lines total.)')).toEqual({ kind: 'whole', text: '{\n  "name": "nextn"\n}\n' });
  });

  it('a window, a footer that counts more lines, or a cut file shows part of it, at its own line numbers', () => {
    expect(clineReadShown({ path: 'a.txt', start_line: '2', end_line: '3' }, '2 | b\n3 | c\n\n(Showing lines 2-3 of 9 total. Use start_line=4 to continue reading.)')).toEqual({ kind: 'partial', lines: new Map([[2, 'b'], [3, 'c']]) });
    expect(clineReadShown({ path: 'a.txt', start_line: '8' }, '8 | h\n9 | i\n\n(File has 9 lines total.)')).toEqual({ kind: 'partial', lines: new Map([[8, 'h'], [9, 'i']]) });
    expect(clineReadShown({ path: 'big.txt' }, '1 | a\n2 | b\n\n---\n\n[FILE TRUNCATED: the file is too large]')).toEqual({ kind: 'partial', lines: new Map([[1, 'a'], [2, 'b']]) });
  });

  it('a repeated read keeps its lines after the notice', () => {
    const notice = "[File already read] The file 'a.txt' was already read earlier in this conversation. Returning content:\n";
    expect(clineReadShown({ path: 'a.txt' }, `${notice}1 | x\n\n(File has 1 lines total.)`)).toEqual({ kind: 'whole', text: 'x\n' });
    expect(clineReadShown({ path: 'a.txt' }, "[DUPLICATE READ] You have already read 'a.txt' 3 times in this conversation.\n1 | x\n\n(File has 1 lines total.)")).toEqual({ kind: 'whole', text: 'x\n' });
  });

  it('before 2.12 the answer is the text itself; a line range or an unknown field shows nothing this can read', () => {
    expect(clineReadShown({ path: 'a.txt' }, 'hello\nworld\n')).toEqual({ kind: 'whole', text: 'hello\nworld\n' });
    expect(clineReadShown({ path: 'a.txt', task_progress: '- [x] read' }, '')).toEqual({ kind: 'whole', text: '' });
    expect(clineReadShown({ path: 'a.txt', start_line: '1' }, 'hello\n')).toBeNull();
    expect(clineReadShown({ path: 'a.txt', encoding: 'latin1' }, 'hello\n')).toBeNull();
    // A footer after lines that are not labelled in order is not Cline's form.
    expect(clineReadShown({ path: 'a.txt' }, '1 | a\n3 | c\n\n(File has 3 lines total.)')).toBeNull();
  });

  it('a Cline history seeds the file from a labelled read, with task_progress beside the path', () => {
    const history = [
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'read_file', input: { path: 'a.txt', task_progress: '- [ ] change it' } }] },
      { role: 'user', content: [{ type: 'text', text: "[read_file for 'a.txt'] Result:\n1 | hello\n2 | world\n\n(File has 2 lines total.)" }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'read_file', input: { path: 'b.txt', task_progress: '- [ ] change it' } }] },
      { role: 'user', content: [{ type: 'text', text: "[read_file for 'b.txt'] Result:\nplain text\n" }] },
    ];
    const seed = seedFromTranscript(parseSession(JSON.stringify(history)));
    expect(seed.files).toEqual({ 'a.txt': 'hello\nworld\n', 'b.txt': 'plain text\n' });
    expect(seed.entries.map((e) => [e.path, e.how])).toEqual([['a.txt', 'whole'], ['b.txt', 'whole']]);
  });
});

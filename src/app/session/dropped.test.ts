// A dropped folder offers the files the CLI's folder walk reads: transcript names, aider's history,
// and .md files whose head is a Gemini CLI export's turn heading or a Cline export's `**User:**`
// and `<task>`; .git and node_modules are left out; path order.

import { describe, expect, it } from 'vitest';
import { droppedTranscripts } from './dropped';

type Tree = { [name: string]: string | Tree };

/** A FileSystemEntry tree as Chromium's webkitGetAsEntry gives it, for the parts the walk uses. */
function entry(name: string, node: string | Tree): FileSystemEntry {
  if (typeof node === 'string') {
    return { name, isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(new File([node], name)) } as unknown as FileSystemEntry;
  }
  const children = Object.entries(node).map(([n, c]) => entry(n, c));
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let given = false;
      return { readEntries: (ok: (batch: FileSystemEntry[]) => void) => ok(given ? [] : ((given = true), children)) };
    },
  } as unknown as FileSystemEntry;
}

const drop = (root: FileSystemEntry) => ({ items: [{ kind: 'file', webkitGetAsEntry: () => root }], files: [] }) as unknown as DataTransfer;

describe('a dropped folder', () => {
  it('offers transcript names and Gemini CLI and Cline .md exports, in path order, without .git and node_modules', async () => {
    const root = entry('chats', {
      'b.jsonl': '{}',
      'README.md': '# Notes\n\n## USER 🧑‍💻\n',
      'share.md': '\n## USER 🧑‍💻\n\nThis is the Gemini CLI.\n',
      'old.md': '🧑‍💻 ## USER\n\nhi\n',
      'cline_task_oct-15-2025_6-55-20-pm.md': '**User:**\n\n<task>\nhi\n</task>\n\n',
      'notes.md': '**User:**\n\nhi\n',
      '.aider.chat.history.md': '# aider chat started at 2025-01-01 10:00:00\n',
      node_modules: { 'x.json': '{}', 'y.md': '## USER 🧑‍💻\n' },
      a: { 'run.traj': '{}', 'notes.txt': 'x' },
    });
    const files = await droppedTranscripts(drop(root));
    expect(files.map((f) => f.name)).toEqual(['chats/.aider.chat.history.md', 'chats/a/notes.txt', 'chats/a/run.traj', 'chats/b.jsonl', 'chats/cline_task_oct-15-2025_6-55-20-pm.md', 'chats/old.md', 'chats/share.md']);
    expect(await files.find((f) => f.name === 'chats/share.md')!.file.text()).toBe('\n## USER 🧑‍💻\n\nThis is the Gemini CLI.\n');
  });
});

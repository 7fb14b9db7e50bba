// The files a Gemini CLI user's `@path` reference put into the user's turn. Before it sends such a
// message, the CLI runs its `read_many_files` tool itself and adds what it read after the user's
// text, as parts of the same message:
//
//   `\n--- Content from referenced files ---`, then for each file `\nContent from @<path>:\n` and
//   the file's text with its leading and trailing whitespace trimmed, then `\n--- End of content ---`.
//
// A saved chat keeps them as separate text parts; the Markdown export joins a message's parts with
// nothing between them; a session record keeps the parts. Read here from the joined text, so a file
// whose own text holds a line `Content from @…:` is cut there (no real transcript seen has one).
// `<path>` is the path as the user wrote it (the workspace-relative label from December 2025, the
// path read before), resolved against the CLI's directory like a call's relative path. An MCP
// resource's text (`Content from @server:uri:`) is not a file. A file read_many_files cut short
// opens with `[WARNING: This file was truncated…]`: the text is not the file's start, and an image
// or PDF leaves no text at all; neither shows anything.
//
// Sources: google-gemini/gemini-cli @5411f113 (Apache-2.0): packages/cli/src/ui/hooks/
// atCommandProcessor.ts (the parts, `match[2].trim()`), packages/core/src/utils/constants.ts (the
// two marks), packages/core/src/tools/read-many-files.ts (`--- <path> ---`, the truncation warning),
// packages/cli/src/ui/utils/historyExportUtils.ts (parts joined with ''); the same layout since
// 9ee5eadac0 (May 2025).

import type { Shown } from '../engine/profiles/shown';

export const REFERENCES_START = '\n--- Content from referenced files ---';
export const REFERENCES_END = '\n--- End of content ---';
const HEADER = /\nContent from @([^\n]*):\n/g;
const TRUNCATED = '[WARNING: This file was truncated.';
/** An MCP resource's URI (`file:///…`, `db:users`): a scheme of two or more characters, so not `C:\`. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]+:/;

export interface ReferencedFile {
  /** The path after `@`, as the CLI wrote it. */
  path: string;
  /** The text the CLI put in the message: the file's, trimmed (see trimmedShown). */
  text: string;
}

/**
 * What a reference's text shows of its file, trimmed at both ends: the lines before the last at
 * their numbers, taken to start at line 1 (a file that opens with a blank line or an indented line
 * shows them shifted); the last line may have lost trailing blanks, and what followed it is not
 * known. Nothing when read_many_files cut the file short.
 */
export function trimmedShown(text: string): Shown | null {
  if (text.startsWith(TRUNCATED)) return null;
  const rows = text.split('\n');
  rows.pop();
  return rows.length === 0 ? null : { kind: 'partial', lines: new Map(rows.map((row, k) => [k + 1, row])) };
}

/** The files a user message's text (its parts joined) quotes for `@path` references, in order. */
export function referencedFiles(message: string): ReferencedFile[] {
  const start = message.indexOf(REFERENCES_START);
  if (start === -1) return [];
  const from = start + REFERENCES_START.length;
  const end = message.lastIndexOf(REFERENCES_END);
  if (end < from) return [];
  const block = message.slice(from, end);
  const headers = [...block.matchAll(HEADER)];
  const files: ReferencedFile[] = [];
  headers.forEach((h, k) => {
    const path = h[1]!.replace(/\r$/, '');
    const textStart = h.index + h[0].length;
    const textEnd = k + 1 < headers.length ? headers[k + 1]!.index : block.length;
    if (path === '' || URI.test(path)) return;
    files.push({ path, text: block.slice(textStart, textEnd) });
  });
  return files;
}

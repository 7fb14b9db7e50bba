// What a listing of some of one file's lines shows of it: the lines `grep -n`, `rg -n` and
// PowerShell's `Select-String` print, each with its number, and the lines of `git diff -- F`'s hunks
// (shell-reads.ts tells the commands). Only those lines are shown, so the file is shown in part. Codex sessions on Windows search as often as they read
// (`rg -n "pat" F`, `Select-String -Path F -Pattern p -Context 5`), and such a search is often the
// next look at a file after an edit.

import type { Shown } from '../engine/profiles/shown';
import { TRUNCATION_MARK } from './shell-output';
import type { ShellRead } from './types';

/** grep's and rg's line: `12:text` for a match, `12-text` for a context line. */
const GREP_LINE = /^(\d+)[:-](.*)$/;
/** Select-String's: `> F:12:text` for a match, `  F:12:text` for a context line (F: the path as it shows it). */
const SELECT_STRING_LINE = /^(?:> | {2})(.+?):(\d+):(.*)$/;
/**
 * A character a code page may have decoded otherwise (ShellRead.codePage): one beyond ASCII, or SUB
 * (0x1A), which Windows puts for a character its code page lacks (Gino-Loja/sistema-kardex's Codex
 * rollouts: Get-Content showed a spec's `→` as `\x1a`, and the model's patch copied it).
 */
export const CODE_PAGE_UNSURE = /[^\x00-\x19\x1b-\x7f]/;

export type ListingFormat = NonNullable<ShellRead['listing']>;

/**
 * The lines a search's output shows (`text`: its output), or null when the output is not that
 * search's listing throughout (a file name before each line, a message). A line is left out when
 * its text may not be the file's:
 * - `codePage`: PowerShell printed it, so a line with other than ASCII (or with SUB) may have been
 *   decoded in the system's code page;
 * - Select-String's listing is wrapped at the console's width: a line that went on in the next row
 *   is not known whole (where the break fell among spaces cannot be told);
 * - a cut output (Codex's truncation mark): the rows at the cut.
 */
export function matchesShown(format: ListingFormat, text: string, codePage: boolean, named?: { path: string; searched: readonly string[] }): Shown | null {
  if (format === 'git-diff') return diffShown(text);
  const own = named === undefined ? text : namedRows(text, named.path, named.searched);
  if (own === null) return null;
  const rows = own.split('\n');
  const lines = new Map<number, string>();
  const unsure = new Set<number>();
  let path: string | null = null;
  let previous: number | null = null;
  for (let k = 0; k < rows.length; k++) {
    // A CRLF output (or a CRLF file's line: rg and grep print the line as it is) ends its rows with `\r`.
    const row = rows[k]!.replace(/\r$/, '');
    if (TRUNCATION_MARK.test(row)) {
      if (previous !== null) unsure.add(previous);
      previous = null;
      // The row after the mark may begin mid-line.
      k++;
      continue;
    }
    if (row === '' || (format === 'grep' && row === '--')) {
      previous = null;
      continue;
    }
    let n: number;
    let line: string;
    if (format === 'grep') {
      const m = GREP_LINE.exec(row);
      if (m === null) return null;
      n = Number(m[1]);
      line = m[2]!;
    } else {
      const m = SELECT_STRING_LINE.exec(row);
      if (m === null) {
        // A wrapped line's next row.
        if (previous === null) return null;
        unsure.add(previous);
        continue;
      }
      if (path !== null && m[1] !== path) return null;
      path = m[1]!;
      n = Number(m[2]);
      line = m[3]!;
    }
    if (n < 1 || (lines.has(n) && lines.get(n) !== line)) return null;
    lines.set(n, line);
    if (codePage && CODE_PAGE_UNSURE.test(line)) unsure.add(n);
    previous = n;
  }
  for (const n of unsure) lines.delete(n);
  return lines.size === 0 ? null : { kind: 'partial', lines };
}

/**
 * The rows of one file in a search of several (`a.ts:12:text`, `a.ts-13-text`), without the name;
 * null when a row names none of the files searched (a message, a file the search found itself).
 */
function namedRows(text: string, path: string, searched: readonly string[]): string | null {
  const own: string[] = [];
  // The longest name first, so `a.ts.bak:` is not taken for `a.ts`'s row.
  const names = [...searched].sort((a, b) => b.length - a.length);
  for (const raw of text.split('\n')) {
    const row = raw.replace(/\r$/, '');
    if (row === '' || row === '--' || TRUNCATION_MARK.test(row)) {
      own.push(row);
      continue;
    }
    const name = names.find((n) => row.startsWith(n) && /^[:-]\d+[:-]/.test(row.slice(n.length)));
    if (name === undefined) return null;
    if (name === path) own.push(row.slice(name.length + 1));
  }
  return own.join('\n');
}

const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;
/** Header lines of one file's diff, between `diff --git` and its first hunk. */
const DIFF_HEADER = /^(?:index [0-9a-f]+\.\.[0-9a-f]+(?: \d+)?|--- (?:a\/.*|\/dev\/null)|\+\+\+ b\/.*|(?:old|new) mode \d+)$/;

/**
 * The working file's lines a `git diff -- F` shows: each hunk's context and added lines, at the
 * numbers its `+c` counts from. One file's diff only, with its usual header; Git's warnings about
 * line endings may come first. A deleted or new file, or anything else, shows nothing.
 */
function diffShown(text: string): Shown | null {
  const rows = text.split('\n').map((r) => r.replace(/\r$/, ''));
  let k = 0;
  while (k < rows.length && rows[k]!.startsWith('warning: ')) k++;
  if (!rows[k]?.startsWith('diff --git ')) return null;
  k++;
  while (k < rows.length && DIFF_HEADER.test(rows[k]!)) k++;
  const lines = new Map<number, string>();
  let next: number | null = null;
  for (; k < rows.length; k++) {
    const row = rows[k]!;
    const hunk = HUNK.exec(row);
    if (hunk !== null) next = Number(hunk[1]);
    else if (row === '' && k === rows.length - 1) break;
    else if (next === null) return null;
    else if (row.startsWith(' ') || row.startsWith('+')) lines.set(next++, row.slice(1));
    else if (!row.startsWith('-') && !row.startsWith('\\ ')) return null;
  }
  return lines.size === 0 ? null : { kind: 'partial', lines };
}

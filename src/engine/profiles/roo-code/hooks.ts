// apply_diff as a plain find/replace and back (what-if), for issue 18's profile hooks: written
// here so registering the profile is one line. Roo Code matches whole lines, so an edit of part
// of a line is widened to its lines of the file (when the file is known), with its start line.

import { wholeLines, type PlainConverted, type PlainFindReplace } from '../cline/hooks';
import { BLOCK, unescapeMarkers } from './multi-search-replace';

/** Each block: its SEARCH text replaced by its REPLACE text (the markers unescaped). */
export function applyDiffToFindReplace(input: Record<string, unknown>, path: string): PlainFindReplace | null {
  if (typeof input.diff !== 'string') return null;
  const blocks = [...input.diff.matchAll(BLOCK)];
  if (blocks.length === 0) return null;
  return { path, edits: blocks.map((m) => ({ old: unescapeMarkers(m[6]!), new: unescapeMarkers(m[7]!), replaceAll: false })) };
}

const MARKERS = ['<<<<<<<', '=======', '>>>>>>>', '-------', ':start_line:', ':end_line:'];

/**
 * A section's text with each line that starts like a marker escaped by a backslash (Roo Code
 * removes it), or null when a line cannot be said: one already starting with such an escape, or
 * one that is a marker only once trimmed (the reference's check trims, its escape does not).
 */
function section(text: string): string | null {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const marker = MARKERS.some((m) => line.startsWith(m));
    if (MARKERS.some((m) => line.startsWith(`\\${m}`))) return null;
    if (!marker && MARKERS.some((m) => line.trim().startsWith(m))) return null;
    out.push(marker ? `\\${line}` : line);
  }
  return out.join('\n');
}

export function applyDiffFromFindReplace(plain: PlainFindReplace, fileText: string | null): PlainConverted {
  if (plain.edits.some((e) => e.replaceAll)) return { ok: false, message: 'apply_diff replaces one match per block; an edit here replaces all of them.' };
  if (plain.edits.some((e) => e.old === '')) return { ok: false, message: 'apply_diff edits an existing file: an empty search is refused.' };
  const blocks: string[] = [];
  let text = fileText;
  // Roo Code moves a block's start line by what the blocks above it added: give the line in the
  // file before the call, taking back what earlier edits above it added.
  const earlier: { line: number; added: number }[] = [];
  for (const e of plain.edits) {
    const lines = text === null ? null : wholeLines(text, e, true);
    if (text !== null && lines === null) return { ok: false, message: "an edit's old text is not in the file, so it cannot be widened to the lines apply_diff searches" };
    const trim = (s: string): string => (s.endsWith('\n') ? s.slice(0, -1) : s);
    // An empty REPLACE section deletes the lines; one empty line has no form of its own.
    if ((lines ? lines.replace : e.new) === '\n') return { ok: false, message: 'apply_diff cannot replace lines with one empty line: an empty REPLACE section deletes them.' };
    const blank = (t: string): boolean => t !== '' && t.split('\n')[0]!.trim() === '';
    if (blank(lines ? lines.search : e.old) || blank(lines ? lines.replace : e.new)) {
      return { ok: false, message: "apply_diff reads a section's leading blank lines as part of its marker line; this edit starts with one at the top of the file" };
    }
    const search = section(trim(lines ? lines.search : e.old));
    const replace = section(trim(lines ? lines.replace : e.new));
    if (search === null || replace === null) return { ok: false, message: "a line of the edit reads as one of apply_diff's markers" };
    const count = (t: string): number => (t === '' ? 0 : t.split('\n').length);
    const line = lines ? lines.line - earlier.filter((x) => x.line < lines.line).reduce((n, x) => n + x.added, 0) : 0;
    if (lines) earlier.push({ line: lines.line, added: count(trim(lines.replace)) - count(trim(lines.search)) });
    const head = lines ? `<<<<<<< SEARCH\n:start_line:${line}\n-------\n` : '<<<<<<< SEARCH\n';
    blocks.push(`${head}${search}\n=======\n${replace}\n>>>>>>> REPLACE`);
    if (lines) text = lines.next;
  }
  return { ok: true, input: { path: plain.path, diff: blocks.join('\n') } };
}

const STRIPPING = '\n- Tried both standard and aggressive line number stripping\n';
const SEARCH = '\n\nSearch Content:\n';
const BEST = '\n\nBest Match Found:\n';
const ORIGINAL = '\n\nOriginal Content:\n';
const CLOSE = '\n</error_details>';
const NUMBERED = /^ *(\d+) \| (.*)$/;

/**
 * The file as apply_diff read it, where a failed call's answer shows all of it, or null. A block
 * that matches nowhere answers with `Original Content:`, the file's lines from its start line
 * less 40 to its last line plus 40, numbered (MultiSearchReplaceDiffStrategy, with its 40 buffer
 * lines since 2025-02 and the `Tried both … line number stripping` line since 2025-04, which
 * tells this shape). Those lines are the whole file when they start at line 1 and stop short of
 * where the window would end: that end is at least the search's line count less one plus 40.
 * Numbered lines cannot show whether the file ends with a line break (`endKnown` false).
 */
export function applyDiffQuoted(_input: unknown, recorded: { isError: boolean; text: string }): { text: string; endKnown: boolean } | null {
  const text = recorded.text;
  const close = text.lastIndexOf(CLOSE);
  const original = text.lastIndexOf(ORIGINAL, close);
  const search = text.indexOf(SEARCH);
  const best = text.lastIndexOf(BEST, original);
  if (close === -1 || original === -1 || search === -1 || best < search || !text.includes(STRIPPING) || !text.trimStart().startsWith('<error_details>')) return null;
  const searchLines = text.slice(search + SEARCH.length, best).split('\n').length;
  const body = text.slice(original + ORIGINAL.length, close);
  if (body === '' || !body.endsWith('\n')) return null;
  const lines: string[] = [];
  for (const row of body.slice(0, -1).split('\n')) {
    const m = NUMBERED.exec(row);
    if (m === null || Number(m[1]) !== lines.length + 1) return null;
    lines.push(m[2]!);
  }
  // The window's end, when it was not the file's: at least searchLines - 1 + 40; a file ending
  // with a line break shows one line less than the window took.
  if (lines.length + 1 >= searchLines - 1 + 40) return null;
  return { text: `${lines.join('\n')}\n`, endKnown: false };
}

// Cline's `replace_in_file` diff applied to a file's text, as Cline's constructNewFileContent (v1,
// the one its WriteToFileToolHandler calls) does it with the whole diff (`isFinal`). Reference:
// cline/cline src/core/assistant-message/diff.ts at 9ee618111d58630fea30b27439216448225458e0
// (Apache-2.0). Written from its behaviour:
//
// - Markers are whole lines: `------- SEARCH` (3+ `-`, or the older 3+ `<`), `=======` (3+ `=`),
//   `+++++++ REPLACE` (3+ `+`, or 3+ `>`); SEARCH and REPLACE may end with one `>`. Anything else
//   is content, a line plus `\n`. A last line that starts like a marker but is none is dropped.
// - A SEARCH block is found, from the end of the previous block: exactly; else by whole lines
//   equal once trimmed; else (3+ lines) by its first and last lines, trimmed, as anchors; else
//   exactly anywhere in the file (an out-of-order block). An empty SEARCH block is the whole of an
//   empty file, and an error for any other.
// - A block still open at the end is applied as if its REPLACE marker were there. The blocks are
//   applied together, sorted by where they start.
//
// Never throws: each of the reference's exceptions is a `{ ok: false, message }`.

import type { ClineMarkers } from './releases';

export type MatchStrategy = 'exact' | 'line-trimmed' | 'block-anchor' | 'out-of-order' | 'empty-file';

export interface BlockReplacement {
  /** Index of the block in the diff (0-based). */
  block: number;
  /** Span of the original text, UTF-16 offsets. */
  start: number;
  end: number;
  content: string;
  strategy: MatchStrategy;
}

export type Construction = { ok: true; newContent: string; replacements: BlockReplacement[] } | { ok: false; message: string };

const SEARCH_START = /^[-]{3,} SEARCH>?$/;
const LEGACY_SEARCH_START = /^[<]{3,} SEARCH>?$/;
const SEARCH_END = /^[=]{3,}$/;
const REPLACE_END = /^[+]{3,} REPLACE>?$/;
const LEGACY_REPLACE_END = /^[>]{3,} REPLACE>?$/;

/** The marker lines `release` reads (releases.ts): 3.17.12 the `-------` ones, 3.17.14 the `<<<<<<<` ones too, 3.18.0 a final `>`. */
function markersOf(release: ClineMarkers): { search: (line: string) => boolean; replace: (line: string) => boolean } {
  const gt = release === 'both-gt';
  const dashOnly = release === 'dash' || release === 'angle';
  const test = (re: RegExp, line: string): boolean => re.test(line) && (gt || !line.endsWith('>'));
  return {
    search: (line) => test(SEARCH_START, line) || (!dashOnly && test(LEGACY_SEARCH_START, line)),
    replace: (line) => test(REPLACE_END, line) || (!dashOnly && test(LEGACY_REPLACE_END, line)),
  };
}

export const isSearchStart = (line: string): boolean => SEARCH_START.test(line) || LEGACY_SEARCH_START.test(line);
export const isSearchEnd = (line: string): boolean => SEARCH_END.test(line);
export const isReplaceEnd = (line: string): boolean => REPLACE_END.test(line) || LEGACY_REPLACE_END.test(line);

/** A last line that could be a marker still streaming in: `-`, `<`, `=`, `+` or `>` first, yet no marker. */
function dropsPartialMarker(line: string, m: ReturnType<typeof markersOf>, lead: RegExp): boolean {
  return lead.test(line) && !m.search(line) && !isSearchEnd(line) && !m.replace(line);
}

/** The line index where character `index` falls, counting each line as its length plus its `\n`. */
function lineAt(lines: readonly string[], index: number): number {
  let line = 0;
  let at = 0;
  while (at < index && line < lines.length) at += lines[line++]!.length + 1;
  return line;
}

/** Character span of `count` whole lines from line `first`, each with its `\n` (the last one may run past the text). */
function lineSpan(lines: readonly string[], first: number, count: number): [number, number] {
  let start = 0;
  for (let k = 0; k < first; k++) start += lines[k]!.length + 1;
  let end = start;
  for (let k = 0; k < count; k++) end += lines[first + k]!.length + 1;
  return [start, end];
}

function searchLinesOf(search: string): string[] {
  const lines = search.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function lineTrimmedMatch(original: string, search: string, from: number): [number, number] | null {
  const lines = original.split('\n');
  const wanted = searchLinesOf(search).map((l) => l.trim());
  for (let i = lineAt(lines, from); i <= lines.length - wanted.length; i++) {
    let k = 0;
    while (k < wanted.length && lines[i + k]!.trim() === wanted[k]) k++;
    if (k === wanted.length) return lineSpan(lines, i, wanted.length);
  }
  return null;
}

export function blockAnchorMatch(original: string, search: string, from: number): [number, number] | null {
  // The size test comes before the trailing empty line is dropped, as in the reference.
  if (search.split('\n').length < 3) return null;
  const lines = original.split('\n');
  const wanted = searchLinesOf(search);
  const first = wanted[0]!.trim();
  const last = wanted[wanted.length - 1]!.trim();
  for (let i = lineAt(lines, from); i <= lines.length - wanted.length; i++) {
    if (lines[i]!.trim() === first && lines[i + wanted.length - 1]!.trim() === last) return lineSpan(lines, i, wanted.length);
  }
  return null;
}

const EMPTY_SEARCH_ERROR =
  'Empty SEARCH block detected with non-empty file. This usually indicates a malformed SEARCH marker.\n' +
  'Please ensure your SEARCH marker follows the correct format:\n' +
  "- Use '------- SEARCH' (7+ dashes + space + SEARCH)\n";

type Found = { ok: true; start: number; end: number; strategy: MatchStrategy } | { ok: false; message: string };

function findSearch(original: string, search: string, from: number): Found {
  if (search === '') {
    return original.length === 0 ? { ok: true, start: 0, end: 0, strategy: 'empty-file' } : { ok: false, message: EMPTY_SEARCH_ERROR };
  }
  const exact = original.indexOf(search, from);
  if (exact !== -1) return { ok: true, start: exact, end: exact + search.length, strategy: 'exact' };
  const trimmed = lineTrimmedMatch(original, search, from);
  if (trimmed) return { ok: true, start: trimmed[0], end: trimmed[1], strategy: 'line-trimmed' };
  const anchored = blockAnchorMatch(original, search, from);
  if (anchored) return { ok: true, start: anchored[0], end: anchored[1], strategy: 'block-anchor' };
  const anywhere = original.indexOf(search);
  if (anywhere !== -1) return { ok: true, start: anywhere, end: anywhere + search.length, strategy: 'out-of-order' };
  return { ok: false, message: `The SEARCH block:\n${search.trimEnd()}\n...does not match anything in the file.` };
}

interface Match {
  start: number;
  end: number;
  strategy: MatchStrategy;
}

export function constructNewFileContent(diff: string, original: string, release: ClineMarkers = 'both-gt'): Construction {
  const m = markersOf(release);
  const lines = diff.split('\n');
  if (dropsPartialMarker(lines[lines.length - 1]!, m, release === 'dash' ? /^[-=+]/ : /^[-<=+>]/)) lines.pop();
  const replacements: BlockReplacement[] = [];
  let lastProcessed = 0;
  let search = '';
  let replace = '';
  let inSearch = false;
  let inReplace = false;
  // As in the reference, a SEARCH line resets only the texts: a block left without its REPLACE
  // marker keeps its match (and whether it was out of order) until a REPLACE line or the end.
  let match: Match | null = null;
  let outOfOrder = false;
  const close = (m: Match): void => {
    replacements.push({ block: replacements.length, start: m.start, end: m.end, content: replace, strategy: m.strategy });
    if (!outOfOrder) lastProcessed = m.end;
    search = '';
    replace = '';
    inSearch = false;
    inReplace = false;
    match = null;
    outOfOrder = false;
  };
  for (const line of lines) {
    if (m.search(line)) {
      inSearch = true;
      search = '';
      replace = '';
    } else if (isSearchEnd(line)) {
      inSearch = false;
      inReplace = true;
      const found = findSearch(original, search, lastProcessed);
      if (!found.ok) return found;
      match = { start: found.start, end: found.end, strategy: found.strategy };
      if (found.start < lastProcessed) outOfOrder = true;
    } else if (m.replace(line)) {
      if (match === null) return { ok: false, message: `The SEARCH block:\n${search.trimEnd()}\n...is malformatted.` };
      close(match);
    } else if (inSearch) {
      search += `${line}\n`;
    } else if (inReplace) {
      replace += `${line}\n`;
    }
  }
  if (inReplace && match !== null) close(match);
  return { ok: true, newContent: rebuild(original, replacements), replacements };
}

/** The reference's final pass: original text between the blocks, sorted by start (a stable sort). */
function rebuild(original: string, replacements: readonly BlockReplacement[]): string {
  const sorted = [...replacements].sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let at = 0;
  for (const r of sorted) {
    parts.push(original.slice(at, r.start), r.content);
    at = r.end;
  }
  parts.push(original.slice(at));
  return parts.join('');
}

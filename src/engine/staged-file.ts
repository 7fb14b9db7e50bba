// The staged content of one file while a call's edits apply to it (SPEC 2.3-2.8), built so that
// an edit costs time in proportion to its neighbourhood, not to the file. A facade over:
//
// - the piece table (staged-file-pieces.ts): the original plus sorted change regions; the
//   content is never rebuilt per edit, only materialised when asked for (`text`) and cached
//   until the next edit;
// - the newlines of the original (staged-file-lines.ts), for line numbers;
// - the pattern search (staged-file-search.ts): a call's old_strings indexed over the original
//   once, and rescanned only near each change. Counts stay exact and overlapping (SPEC 2.3).

import { OriginalNewlines, afterBreaksBefore, afterBreaksFrom, lineRange, lineRanges } from './staged-file-lines';
import { PieceTable, type Region } from './staged-file-pieces';
import { StagedSearch } from './staged-file-search';
import type { ChangeRegion, LineRange, Replacement } from './types';

export type { ChangeRegion };

/** From this many indexed patterns on, the newline index is built with the staged file. */
const MANY_PATTERNS = 64;

export interface StagedFileOptions {
  /**
   * The strings the call will search for (LF view). Indexing them over the original in one
   * pass makes each later search cost time near earlier changes only.
   */
  patterns?: Iterable<string>;
}

export class StagedFile {
  readonly original: string;
  private readonly newlines: OriginalNewlines;
  private readonly pieces: PieceTable;
  private readonly search: StagedSearch;

  constructor(original: string, options: StagedFileOptions = {}) {
    this.original = original;
    this.newlines = new OriginalNewlines(original);
    this.pieces = new PieceTable(original, this.newlines);
    this.search = new StagedSearch(this.pieces, options.patterns);
    this.pieces.listener = this.search;
    // A call of many edits asks for a line range per edit: the original's newline index is built
    // now, in one pass, rather than after line queries have counted through the original twice.
    if (this.search.indexedPatterns >= MANY_PATTERNS) this.newlines.index();
  }

  /** The current content, materialised on demand (cached until the next change). */
  get text(): string {
    return this.pieces.text;
  }

  get length(): number {
    return this.pieces.length;
  }

  /** Where the current content differs from the original, in both coordinates (a fresh copy). */
  get regions(): ChangeRegion[] {
    return this.pieces.changeRegions();
  }

  /** Current text [start, end). */
  slice(start: number, end: number): string {
    return this.pieces.slice(start, end);
  }

  /** Occurrences of `pattern` counted overlapping (SPEC 2.3), and the first one (-1 if none). */
  occurrences(pattern: string): { count: number; first: number } {
    return this.search.occurrences(pattern);
  }

  /** Occurrences of `pattern`, counted overlapping (SPEC 2.3). `pattern` must not be empty. */
  count(pattern: string): number {
    return this.search.occurrences(pattern).count;
  }

  /** First occurrence, or -1. */
  indexOf(pattern: string): number {
    return this.search.indexOf(pattern);
  }

  /** First occurrence at or after current offset `from`, or -1, found without joining the content (`pattern` not empty). */
  find(pattern: string, from = 0): number {
    return this.search.find(pattern, from);
  }

  /** The change regions as the piece table holds them: original span and text (a fresh array; the regions are never changed, only replaced). */
  regionPieces(): readonly Pick<Region, 'oStart' | 'oEnd' | 'text'>[] {
    return this.pieces.regs.slice();
  }

  /** Non-overlapping occurrences left to right (SPEC 2.5, `replace_all`). */
  findAllNonOverlapping(pattern: string): number[] {
    return this.search.findAllNonOverlapping(pattern);
  }

  /** Lines spanned by current [start, end) (SPEC 2.6: a trailing `\n` belongs to the line it ends). */
  lineRange(start: number, end: number): LineRange {
    return lineRange(this.pieces, this.newlines, start, end);
  }

  /** Line ranges of sorted, non-overlapping spans, in one sweep over the regions. */
  lineRanges(spans: readonly { start: number; end: number }[]): LineRange[] {
    return lineRanges(this.pieces, this.newlines, spans);
  }

  /** Back from `at`, the offset just after the `n`th line break before it (0 if there are fewer). Copies nothing. */
  afterBreaksBefore(at: number, n: number): number {
    return afterBreaksBefore(this.pieces, this.newlines, at, n);
  }

  /** Forward from `at`, the offset just after the `n`th line break at or after it (the end if there are fewer). Copies nothing. */
  afterBreaksFrom(at: number, n: number): number {
    return afterBreaksFrom(this.pieces, this.newlines, at, n);
  }

  /**
   * Apply one edit's replacements (sorted, non-overlapping, current coordinates). Replacement text
   * is inserted literally. Each is first trimmed to the characters that really change, so
   * unchanged bytes keep their line endings and the diff stays minimal.
   */
  apply(replacements: readonly Replacement[]): void {
    const trimmed: Replacement[] = [];
    for (const r of replacements) {
      const t = trimToChange(this.slice(r.start, r.end), r);
      if (t.end > t.start || t.text.length > 0) trimmed.push(t);
    }
    if (trimmed.length === 0) return;
    this.search.changed();
    this.pieces.apply(trimmed);
  }
}

/** Shrink a replacement to the span that really changes, given the text it replaces. */
function trimToChange(old: string, r: Replacement): Replacement {
  let { start, end } = r;
  let text = r.text;
  let p = 0;
  const maxPrefix = Math.min(old.length, text.length);
  while (p < maxPrefix && old.charCodeAt(p) === text.charCodeAt(p)) p++;
  let s = 0;
  const maxSuffix = Math.min(old.length - p, text.length - p);
  while (s < maxSuffix && old.charCodeAt(old.length - 1 - s) === text.charCodeAt(text.length - 1 - s)) s++;
  if (p > 0 || s > 0) {
    start += p;
    end -= s;
    text = text.slice(p, text.length - s);
  }
  return { start, end, text };
}

// Line numbers of a staged file (SPEC 2.6): the newlines of the original, counted lazily and
// then indexed, plus each region's line-count change from the piece table.

import { countNewlines } from './lines';
import { lowerBound } from './lower-bound';
import type { PieceTable } from './staged-file-pieces';
import type { LineRange } from './types';

/** Newlines of the original text before any offset. */
export class OriginalNewlines {
  /** Offsets of `\n` in the original, built once line queries have counted through it twice. */
  private nl: Int32Array | null = null;
  /** Newlines of the original before `offset`, last counted; and characters counted so far. */
  private readonly tally = { offset: 0, newlines: 0 };
  private counted = 0;

  constructor(private readonly text: string) {}

  /**
   * Newlines of the original before offset `o`. The first questions are answered by counting
   * from the last offset asked about (a run asks about a few places close together: one edit's
   * start and end); once the counting has read twice the original, the whole index is built.
   */
  before(o: number): number {
    if (this.nl !== null) return below(this.nl, o);
    if (this.counted > 2 * this.text.length) return below(this.index(), o);
    const at = this.tally;
    if (o >= at.offset) {
      this.counted += o - at.offset;
      at.newlines += countNewlines(this.text, at.offset, o);
    } else if (at.offset - o < o) {
      this.counted += at.offset - o;
      at.newlines -= countNewlines(this.text, o, at.offset);
    } else {
      this.counted += o;
      at.newlines = countNewlines(this.text, 0, o);
    }
    at.offset = o;
    return at.newlines;
  }

  /** Newlines of the original in [from, to). */
  between(from: number, to: number): number {
    if (to - from <= 256) return countNewlines(this.text, from, to);
    return this.before(to) - this.before(from);
  }

  /** Offsets of every `\n` of the original, ascending. */
  index(): Int32Array {
    if (this.nl === null) {
      const text = this.text;
      let n = 0;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
      const nl = new Int32Array(n);
      n = 0;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) nl[n++] = i;
      this.nl = nl;
    }
    return this.nl;
  }
}

/** Number of entries of sorted `a` that are < v. */
function below(a: Int32Array, v: number): number {
  return lowerBound(0, a.length, (i) => a[i]! < v);
}

/** Number of `\n` before current offset c. */
export function newlinesBefore(pt: PieceTable, nl: OriginalNewlines, c: number): number {
  const j = pt.seek(c);
  const d = pt.deltaBefore(j);
  const g = pt.regs[j];
  if (g !== undefined && g.oStart + d < c) return nl.before(g.oStart) + pt.lineDeltaBefore(j) + countNewlines(g.text, 0, c - g.oStart - d);
  return nl.before(c - d) + pt.lineDeltaBefore(j);
}

/** Lines spanned by current [start, end) (SPEC 2.6: a trailing `\n` belongs to the line it ends). */
export function lineRange(pt: PieceTable, nl: OriginalNewlines, start: number, end: number): LineRange {
  const first = 1 + newlinesBefore(pt, nl, start);
  return { start: first, end: end > start ? 1 + newlinesBefore(pt, nl, end - 1) : first };
}

/** Line ranges of sorted, non-overlapping spans, in one sweep over the regions. */
export function lineRanges(pt: PieceTable, nl: OriginalNewlines, spans: readonly { start: number; end: number }[]): LineRange[] {
  if (spans.length <= 8) return spans.map((s) => lineRange(pt, nl, s.start, s.end));
  const index = nl.index();
  const regs = pt.regs;
  let j = 0;
  let d = 0;
  let ld = 0;
  const before = (c: number): number => {
    while (j < regs.length && regs[j]!.oStart + d + regs[j]!.text.length <= c) {
      d += regs[j]!.delta;
      ld += regs[j]!.lineDelta;
      j++;
    }
    const g = regs[j];
    if (g !== undefined && g.oStart + d < c) return below(index, g.oStart) + ld + countNewlines(g.text, 0, c - g.oStart - d);
    return below(index, c - d) + ld;
  };
  return spans.map(({ start, end }) => {
    const first = 1 + before(start);
    return { start: first, end: end > start ? 1 + before(end - 1) : first };
  });
}

/** A replaced original span wider than this is skipped in the newline index by a search, not a walk. */
const WALK_SPAN = 1024;

/**
 * Back from current offset `at`, the offset just after the `n`th line break before it (0 if
 * there are fewer). Walks the pieces: a region's own text is searched, the original between
 * regions is read from the newline index (one search, then a walk), so nothing is copied.
 */
export function afterBreaksBefore(pt: PieceTable, nl: OriginalNewlines, at: number, n: number): number {
  const index = nl.index();
  const regs = pt.regs;
  let found = 0;
  let c = at; // [0, c) is still to search
  let j = pt.seek(c - 1); // the region holding c − 1, or the first one after it
  let d = pt.deltaBefore(j); // length change of regions [0, j)
  let k = -1; // newlines of the original before c − d, once known
  while (c > 0) {
    const g = regs[j];
    const cs = g !== undefined ? g.oStart + d : c;
    if (cs < c) {
      for (let i = g!.text.lastIndexOf('\n', c - 1 - cs); i !== -1; i = i > 0 ? g!.text.lastIndexOf('\n', i - 1) : -1) {
        if (++found === n) return cs + i + 1;
      }
      c = cs;
    }
    // The unchanged text between region j − 1 (or the start) and c.
    if (k < 0) k = below(index, c - d);
    const prev = j > 0 ? regs[j - 1]! : undefined;
    const lo = prev !== undefined ? prev.oEnd : 0;
    for (; k > 0 && index[k - 1]! >= lo; k--) if (++found === n) return index[k - 1]! + 1 + d;
    c = lo + d;
    j--;
    if (prev === undefined) break;
    d -= prev.delta;
    // The newlines of the span prev replaced are not in the text.
    if (prev.oEnd - prev.oStart > WALK_SPAN) k = below(index, prev.oStart);
    else while (k > 0 && index[k - 1]! >= prev.oStart) k--;
  }
  return 0;
}

/**
 * Forward from current offset `at`, the offset just after the `n`th line break at or after it
 * (the end if there are fewer), walking the pieces as `afterBreaksBefore` does.
 */
export function afterBreaksFrom(pt: PieceTable, nl: OriginalNewlines, at: number, n: number): number {
  const index = nl.index();
  const regs = pt.regs;
  const length = pt.length;
  let found = 0;
  let c = at; // [c, length) is still to search
  let j = pt.seek(c); // the region holding c, or the first one after it
  let d = pt.deltaBefore(j);
  let k = -1; // newlines of the original before c − d, once known
  while (c < length) {
    const g = regs[j];
    const cs = g !== undefined ? g.oStart + d : length;
    if (c < cs) {
      // The unchanged text between c and region j (or the end).
      if (k < 0) k = below(index, c - d);
      const hi = g !== undefined ? g.oStart : pt.original.length;
      for (; k < index.length && index[k]! < hi; k++) if (++found === n) return index[k]! + 1 + d;
      c = cs;
    }
    if (g === undefined) break;
    for (let i = g.text.indexOf('\n', c - cs); i !== -1; i = g.text.indexOf('\n', i + 1)) {
      if (++found === n) return cs + i + 1;
    }
    c = cs + g.text.length;
    // The newlines of the span g replaced are not in the text.
    if (k >= 0 && g.oEnd - g.oStart > WALK_SPAN) k = below(index, g.oEnd);
    else if (k >= 0) while (k < index.length && index[k]! < g.oEnd) k++;
    d += g.delta;
    j++;
  }
  return length;
}

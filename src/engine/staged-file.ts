// The staged content of one file while a call's edits apply to it (SPEC 2.3-2.8), built so that
// an edit costs time in proportion to its neighbourhood, not to the file:
//
// - The content is never rebuilt per edit. It is the original plus a sorted list of change
//   regions, each an original span and the text now standing in its place (a piece table whose
//   pieces are the regions and the original text between them). Offsets and line numbers are
//   mapped through two Fenwick trees of the regions' length and line-count changes, keyed by
//   512-character blocks of the original.
// - A call's old_strings are found in the original once, all together (PatternIndex). An
//   occurrence in the staged content is then either one of those that no change has touched, or
//   one that overlaps a change; the latter are found by scanning only a window around each change
//   region (as wide as the longest old_string), once per region, and kept with the region.
//   Counts stay exact and overlapping (SPEC 2.3).
// - The whole current text is materialised only when asked for (`text`), and cached until the
//   next edit. A pattern that was not indexed is searched in it directly.

import { countNewlines } from './lines';
import { PatternIndex } from './pattern-index';
import type { ChangeRegion, LineRange, Replacement } from './types';
import { allOccurrences, eachOccurrence } from './occurrences';

export type { ChangeRegion };

export interface StagedFileOptions {
  /**
   * The strings the call will search for (LF view). Indexing them over the original in one
   * pass makes each later search cost time near earlier changes only.
   */
  patterns?: Iterable<string>;
}

interface Region {
  /** Original span [oStart, oEnd) this region replaces. */
  oStart: number;
  oEnd: number;
  /** The text standing in its place now. */
  text: string;
  /** text.length − (oEnd − oStart). */
  delta: number;
  /** Newlines in `text` minus newlines in the original span. */
  lineDelta: number;
  /**
   * Occurrences of indexed patterns that overlap this region and no region before it: flat
   * [patternId, start relative to the region's current start, ...]. `null` while stale.
   */
  hits: number[] | null;
  /** In the stale list, waiting for its window to be scanned. */
  queued: boolean;
  dead: boolean;
}

const BLOCK_SHIFT = 9;

/** Sums over blocks of the original (prefix sums in O(log n), point updates in O(log n)). */
class Fenwick {
  private readonly t: Float64Array;
  constructor(size: number) {
    this.t = new Float64Array(size + 1);
  }
  add(i: number, v: number): void {
    for (let k = i + 1; k < this.t.length; k += k & -k) this.t[k] = this.t[k]! + v;
  }
  /** Sum over [0, i). */
  prefix(i: number): number {
    let s = 0;
    for (let k = i; k > 0; k -= k & -k) s += this.t[k]!;
    return s;
  }
  clear(): void {
    this.t.fill(0);
  }
}

export class StagedFile {
  readonly original: string;
  private regs: Region[] = [];
  private readonly fenDelta: Fenwick;
  private readonly fenLines: Fenwick;
  private totalDelta = 0;
  private cache: string | null;
  /** Offsets of `\n` in the original, built once line queries have counted through it twice. */
  private nl: Int32Array | null = null;
  /** Newlines of the original before `offset`, last counted; and characters counted so far. */
  private tally = { offset: 0, newlines: 0 };
  private counted = 0;

  private readonly index: PatternIndex | null = null;
  /** Occurrences of each indexed pattern in the original, ascending. */
  private readonly originalHits: number[][] = [];
  /** Half-width of the window scanned around a region: longest indexed pattern − 1. */
  private readonly radius: number = 0;
  /** Pattern id → live regions holding hits of it. */
  private readonly hitRegions = new Map<number, Set<Region>>();
  private stale: Region[] = [];
  private memo: { pattern: string; at: number[] } | null = null;

  constructor(original: string, options: StagedFileOptions = {}) {
    this.original = original;
    this.cache = original;
    const blocks = (original.length >> BLOCK_SHIFT) + 1;
    this.fenDelta = new Fenwick(blocks);
    this.fenLines = new Fenwick(blocks);
    if (options.patterns) {
      const index = new PatternIndex(options.patterns);
      if (index.patterns.length > 0) {
        this.index = index;
        this.radius = index.maxLength - 1;
        this.originalHits = index.patterns.map(() => []);
        index.scan(original, 0, original.length, (id, start) => this.originalHits[id]!.push(start));
      }
    }
  }

  /** The current content, materialised on demand (cached until the next change). */
  get text(): string {
    if (this.cache === null) {
      const parts: string[] = [];
      let from = 0;
      for (const g of this.regs) {
        parts.push(this.original.slice(from, g.oStart), g.text);
        from = g.oEnd;
      }
      parts.push(this.original.slice(from));
      this.cache = parts.join('');
    }
    return this.cache;
  }

  get length(): number {
    return this.original.length + this.totalDelta;
  }

  /** Where the current content differs from the original, in both coordinates (a fresh copy). */
  get regions(): ChangeRegion[] {
    const out: ChangeRegion[] = [];
    let d = 0;
    for (const g of this.regs) {
      const cStart = g.oStart + d;
      out.push({ oStart: g.oStart, oEnd: g.oEnd, cStart, cEnd: cStart + g.text.length });
      d += g.delta;
    }
    return out;
  }

  /** Current text [start, end). */
  slice(start: number, end: number): string {
    if (this.cache !== null) return this.cache.slice(start, end);
    const parts: string[] = [];
    let j = this.seek(start);
    let d = this.deltaBefore(j);
    let c = start;
    while (c < end) {
      const g = this.regs[j];
      if (g === undefined) {
        parts.push(this.original.slice(c - d, end - d));
        break;
      }
      const cs = g.oStart + d;
      if (cs <= c) {
        const stop = Math.min(end, cs + g.text.length);
        parts.push(g.text.slice(c - cs, stop - cs));
        c = stop;
        d += g.delta;
        j++;
      } else {
        const stop = Math.min(end, cs);
        parts.push(this.original.slice(c - d, stop - d));
        c = stop;
      }
    }
    return parts.join('');
  }

  /** Occurrences of `pattern` counted overlapping (SPEC 2.3), and the first one (-1 if none). */
  occurrences(pattern: string): { count: number; first: number } {
    if (this.memo?.pattern !== pattern && (this.index?.id(pattern) ?? -1) < 0) return this.countScan(pattern);
    const at = this.allOccurrences(pattern);
    return { count: at.length, first: at.length > 0 ? at[0]! : -1 };
  }

  /** Occurrences of `pattern`, counted overlapping (SPEC 2.3). `pattern` must not be empty. */
  count(pattern: string): number {
    return this.occurrences(pattern).count;
  }

  /**
   * An unindexed pattern counted without keeping its starts: a pattern that overlaps itself may
   * occur at millions of places, and a count needs only the first.
   */
  private countScan(pattern: string): { count: number; first: number } {
    let count = 0;
    let first = -1;
    const text = this.text;
    eachOccurrence(text, pattern, 0, text.length, (at) => {
      if (count++ === 0) first = at;
    });
    return { count, first };
  }

  /** First occurrence, or -1. */
  indexOf(pattern: string): number {
    const at = this.allOccurrences(pattern);
    return at.length > 0 ? at[0]! : -1;
  }

  /** Non-overlapping occurrences left to right (SPEC 2.5, `replace_all`). */
  findAllNonOverlapping(pattern: string): number[] {
    const out: number[] = [];
    let next = 0;
    for (const s of this.allOccurrences(pattern)) {
      if (s < next) continue;
      out.push(s);
      next = s + pattern.length;
    }
    return out;
  }

  /** Lines spanned by current [start, end) (SPEC 2.6: a trailing `\n` belongs to the line it ends). */
  lineRange(start: number, end: number): LineRange {
    const first = 1 + this.newlinesBefore(start);
    return { start: first, end: end > start ? 1 + this.newlinesBefore(end - 1) : first };
  }

  /** Line ranges of sorted, non-overlapping spans, in one sweep over the regions. */
  lineRanges(spans: readonly { start: number; end: number }[]): LineRange[] {
    if (spans.length <= 8) return spans.map((s) => this.lineRange(s.start, s.end));
    const nl = this.newlineIndex();
    const regs = this.regs;
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
      if (g !== undefined && g.oStart + d < c) return lowerBound(nl, g.oStart) + ld + countNewlines(g.text, 0, c - g.oStart - d);
      return lowerBound(nl, c - d) + ld;
    };
    return spans.map(({ start, end }) => {
      const first = 1 + before(start);
      return { start: first, end: end > start ? 1 + before(end - 1) : first };
    });
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
    this.cache = null;
    this.memo = null;
    if (trimmed.length === 1) this.applyOne(trimmed[0]!);
    else this.applyMany(trimmed);
  }

  // ---- region index ------------------------------------------------------------------------

  /** Sum of the length changes of regions [0, j). */
  private deltaBefore(j: number): number {
    if (j >= this.regs.length) return this.totalDelta;
    const b = this.regs[j]!.oStart >> BLOCK_SHIFT;
    let s = this.fenDelta.prefix(b);
    for (let k = j - 1; k >= 0 && this.regs[k]!.oStart >> BLOCK_SHIFT === b; k--) s += this.regs[k]!.delta;
    return s;
  }

  /** Sum of the line-count changes of regions [0, j). */
  private lineDeltaBefore(j: number): number {
    if (j >= this.regs.length) return this.fenLines.prefix((this.original.length >> BLOCK_SHIFT) + 1);
    const b = this.regs[j]!.oStart >> BLOCK_SHIFT;
    let s = this.fenLines.prefix(b);
    for (let k = j - 1; k >= 0 && this.regs[k]!.oStart >> BLOCK_SHIFT === b; k--) s += this.regs[k]!.lineDelta;
    return s;
  }

  private curStart(j: number): number {
    return this.regs[j]!.oStart + this.deltaBefore(j);
  }

  /** First region whose current end is after `c` (regions.length if none). */
  private seek(c: number): number {
    let lo = 0;
    let hi = this.regs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.curStart(mid) + this.regs[mid]!.text.length > c) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Index of a live region. */
  private indexOfRegion(g: Region): number {
    let lo = 0;
    let hi = this.regs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.regs[mid]!.oStart < g.oStart) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Newlines of the original before offset `o`. The first questions are answered by counting
   * from the last offset asked about (a run asks about a few places close together: one edit's
   * start and end); once the counting has read twice the original, the whole index is built.
   */
  private originalNewlinesBefore(o: number): number {
    if (this.nl !== null) return lowerBound(this.nl, o);
    if (this.counted > 2 * this.original.length) return lowerBound(this.newlineIndex(), o);
    const at = this.tally;
    if (o >= at.offset) {
      this.counted += o - at.offset;
      at.newlines += countNewlines(this.original, at.offset, o);
    } else if (at.offset - o < o) {
      this.counted += at.offset - o;
      at.newlines -= countNewlines(this.original, o, at.offset);
    } else {
      this.counted += o;
      at.newlines = countNewlines(this.original, 0, o);
    }
    at.offset = o;
    return at.newlines;
  }

  private newlineIndex(): Int32Array {
    if (this.nl === null) {
      const text = this.original;
      let n = 0;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
      const nl = new Int32Array(n);
      n = 0;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) nl[n++] = i;
      this.nl = nl;
    }
    return this.nl;
  }

  /** Number of `\n` before current offset c. */
  private newlinesBefore(c: number): number {
    const j = this.seek(c);
    const d = this.deltaBefore(j);
    const g = this.regs[j];
    if (g !== undefined && g.oStart + d < c) return this.originalNewlinesBefore(g.oStart) + this.lineDeltaBefore(j) + countNewlines(g.text, 0, c - g.oStart - d);
    return this.originalNewlinesBefore(c - d) + this.lineDeltaBefore(j);
  }

  private originalNewlines(from: number, to: number): number {
    if (to - from <= 256) return countNewlines(this.original, from, to);
    return this.originalNewlinesBefore(to) - this.originalNewlinesBefore(from);
  }

  private makeRegion(oStart: number, oEnd: number, text: string): Region {
    return { oStart, oEnd, text, delta: text.length - (oEnd - oStart), lineDelta: countNewlines(text) - this.originalNewlines(oStart, oEnd), hits: null, queued: false, dead: false };
  }

  private track(g: Region, sign: 1 | -1): void {
    const b = g.oStart >> BLOCK_SHIFT;
    this.fenDelta.add(b, sign * g.delta);
    this.fenLines.add(b, sign * g.lineDelta);
    this.totalDelta += sign * g.delta;
  }

  /** One trimmed replacement: merge it with the regions it touches, in O(log regions). */
  private applyOne(r: Replacement): void {
    const { start: a, end: b } = r;
    const lo = this.seek(a - 1); // first region ending at or after a: it touches when it starts by b
    const dLo = this.deltaBefore(lo);
    let hi = lo;
    let d = dLo;
    while (hi < this.regs.length && this.regs[hi]!.oStart + d <= b) {
      d += this.regs[hi]!.delta;
      hi++;
    }
    const first = lo < hi ? this.regs[lo]! : null;
    const last = lo < hi ? this.regs[hi - 1]! : null;
    const firstCs = first ? first.oStart + dLo : 0;
    const lastCs = last ? last.oStart + d - last.delta : 0;
    const gs = first && firstCs < a ? firstCs : a;
    const ge = last && lastCs + last.text.length > b ? lastCs + last.text.length : b;
    const text =
      (first && firstCs < a ? first.text.slice(0, a - firstCs) : '') + r.text + (last && lastCs + last.text.length > b ? last.text.slice(b - lastCs) : '');
    const merged = this.makeRegion(gs - dLo, ge - d, text);
    for (let k = lo; k < hi; k++) this.retire(this.regs[k]!);
    this.regs.splice(lo, hi - lo, merged);
    this.track(merged, 1);
    this.refreshAround([lo]);
  }

  /** Many trimmed replacements (a replace_all): one merge sweep over regions and replacements. */
  private applyMany(reps: readonly Replacement[]): void {
    const old = this.regs;
    const out: Region[] = [];
    const created: number[] = [];
    let k = 0;
    let d = 0; // length change of old regions before k
    let i = 0;
    while (i < reps.length) {
      const r = reps[i]!;
      const g = old[k];
      if (g !== undefined && g.oStart + d + g.text.length < r.start) {
        out.push(g);
        d += g.delta;
        k++;
        continue;
      }
      // A group: replacements and old regions that touch one another, in pre-edit coordinates.
      const k0 = k;
      const d0 = d;
      const i0 = i;
      let gs: number;
      let ge: number;
      if (g !== undefined && g.oStart + d <= r.start) {
        gs = g.oStart + d;
        ge = gs + g.text.length;
        d += g.delta;
        k++;
      } else {
        gs = r.start;
        ge = r.end;
        i++;
      }
      for (;;) {
        const nr = reps[i];
        if (nr !== undefined && nr.start <= ge) {
          ge = Math.max(ge, nr.end);
          i++;
          continue;
        }
        const ng = old[k];
        if (ng !== undefined && ng.oStart + d <= ge) {
          ge = Math.max(ge, ng.oStart + d + ng.text.length);
          d += ng.delta;
          k++;
          continue;
        }
        break;
      }
      created.push(out.length);
      if (k === k0 && i === i0 + 1) {
        // One replacement over unchanged text (the common case of a replace_all).
        out.push(this.makeRegion(r.start - d0, r.end - d0, r.text));
        continue;
      }
      // The group's text before the edit: old regions' texts and the original between them.
      const pre: string[] = [];
      let c = gs;
      let dr = d0;
      for (let q = k0; q < k; q++) {
        const og = old[q]!;
        const cs = og.oStart + dr;
        if (c < cs) pre.push(this.original.slice(c - dr, cs - dr));
        pre.push(og.text);
        c = cs + og.text.length;
        dr += og.delta;
        this.retire(og);
      }
      if (c < ge) pre.push(this.original.slice(c - dr, ge - dr));
      const before = pre.join('');
      const parts: string[] = [];
      let from = 0;
      for (let q = i0; q < i; q++) {
        parts.push(before.slice(from, reps[q]!.start - gs), reps[q]!.text);
        from = reps[q]!.end - gs;
      }
      parts.push(before.slice(from));
      out.push(this.makeRegion(gs - d0, ge - d, parts.join('')));
    }
    while (k < old.length) out.push(old[k++]!);
    this.regs = out;
    this.fenDelta.clear();
    this.fenLines.clear();
    this.totalDelta = 0;
    for (const g of out) this.track(g, 1);
    this.refreshAround(created);
  }

  // ---- occurrences ---------------------------------------------------------------------------

  private allOccurrences(pattern: string): number[] {
    if (this.memo?.pattern === pattern) return this.memo.at;
    const id = this.index?.id(pattern) ?? -1;
    const at = id >= 0 ? this.indexedOccurrences(id, pattern.length) : scanAll(this.text, pattern);
    this.memo = { pattern, at };
    return at;
  }

  private indexedOccurrences(id: number, length: number): number[] {
    this.refreshHits();
    const regs = this.regs;
    const out: number[] = [];
    const candidates = this.originalHits[id]!;
    if (candidates.length * 16 > regs.length) {
      // Sweep: candidates and regions are both sorted.
      let j = 0;
      let d = 0;
      for (const s of candidates) {
        while (j < regs.length && regs[j]!.oEnd <= s) {
          d += regs[j]!.delta;
          j++;
        }
        if (j === regs.length || regs[j]!.oStart >= s + length) out.push(s + d);
      }
    } else {
      for (const s of candidates) {
        const j = firstEndingAfter(regs, s);
        if (j === regs.length || regs[j]!.oStart >= s + length) out.push(s + this.deltaBefore(j));
      }
    }
    const holders = this.hitRegions.get(id);
    if (holders !== undefined && holders.size > 0) {
      for (const g of holders) {
        const cs = this.curStart(this.indexOfRegion(g));
        const hits = g.hits!;
        for (let q = 0; q < hits.length; q += 2) if (hits[q] === id) out.push(cs + hits[q + 1]!);
      }
      out.sort((x, y) => x - y);
    }
    return out;
  }

  /** Mark regions near newly made ones (indexes into regs) stale: their windows changed. */
  private refreshAround(created: readonly number[]): void {
    if (this.index === null) return;
    const reach = 2 * this.radius + 2;
    const regs = this.regs;
    for (const at of created) {
      this.invalidate(regs[at]!);
      let dist = 0;
      for (let k = at - 1; k >= 0; k--) {
        dist += regs[k + 1]!.oStart - regs[k]!.oEnd;
        if (dist > reach) break;
        this.invalidate(regs[k]!);
        dist += regs[k]!.text.length;
      }
      dist = 0;
      for (let k = at + 1; k < regs.length; k++) {
        dist += regs[k]!.oStart - regs[k - 1]!.oEnd;
        if (dist > reach) break;
        this.invalidate(regs[k]!);
        dist += regs[k]!.text.length;
      }
    }
  }

  private invalidate(g: Region): void {
    if (g.hits !== null) {
      this.forget(g);
      g.hits = null;
    }
    if (!g.queued && !g.dead) {
      g.queued = true;
      this.stale.push(g);
    }
  }

  private retire(g: Region): void {
    this.track(g, -1);
    g.dead = true;
    if (g.hits !== null) this.forget(g);
  }

  private forget(g: Region): void {
    const hits = g.hits!;
    for (let q = 0; q < hits.length; q += 2) this.hitRegions.get(hits[q]!)?.delete(g);
  }

  /** Scan the window around each stale region for occurrences that overlap it. */
  private refreshHits(): void {
    const index = this.index!;
    const stale = this.stale;
    this.stale = [];
    for (const g of stale) {
      g.queued = false;
      if (g.dead || g.hits !== null) continue;
      const j = this.indexOfRegion(g);
      const cs = this.curStart(j);
      const ce = cs + g.text.length;
      const from = Math.max(0, cs - this.radius);
      const around = this.slice(from, Math.min(this.length, ce + this.radius));
      // Regions before g that reach into the window: an occurrence overlapping one of them
      // belongs to that region, not to g.
      const earlier: [number, number][] = [];
      for (let k = j - 1; k >= 0; k--) {
        const ks = this.curStart(k);
        const ke = ks + this.regs[k]!.text.length;
        if (ke <= from) break;
        earlier.push([ks, ke]);
      }
      const hits: number[] = [];
      index.scan(around, 0, around.length, (id, at) => {
        const s = from + at;
        const e = s + index.patterns[id]!.length;
        if (!overlaps(s, e, cs, ce)) return;
        for (const [ks, ke] of earlier) if (overlaps(s, e, ks, ke)) return;
        hits.push(id, s - cs);
      });
      g.hits = hits;
      for (let q = 0; q < hits.length; q += 2) {
        const id = hits[q]!;
        let set = this.hitRegions.get(id);
        if (set === undefined) this.hitRegions.set(id, (set = new Set()));
        set.add(g);
      }
    }
  }
}

/**
 * Whether an occurrence [s, e) overlaps a region whose current span is [cs, ce): shares a
 * character with it, or, for a region that is now empty (a deletion), straddles its point.
 */
function overlaps(s: number, e: number, cs: number, ce: number): boolean {
  return ce > cs ? s < ce && e > cs : s < cs && e > cs;
}

function scanAll(text: string, pattern: string): number[] {
  return allOccurrences(text, pattern);
}

/** First region whose original end is after s (regions' ends are strictly increasing). */
function firstEndingAfter(regs: readonly Region[], s: number): number {
  let lo = 0;
  let hi = regs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (regs[mid]!.oEnd > s) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Number of entries of sorted `a` that are < v. */
function lowerBound(a: Int32Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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

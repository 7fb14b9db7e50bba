// Occurrences in a staged file (SPEC 2.3: counted overlapping). A call's old_strings are found in
// the original once, all together (PatternIndex). An occurrence in the staged content is then
// either one of those that no change has touched, or one that overlaps a change; the latter are
// found by scanning only a window around each change region (as wide as the longest
// old_string), once per region, and kept with the region. A pattern that was not indexed is
// searched in the whole current text.

import { allOccurrences, eachOccurrence } from './occurrences';
import { GRAM_BUDGET, GramIndex, type GramCursor, type GramHolder } from './gram-index';
import { PatternIndex } from './pattern-index';
import type { PieceTable, Region, RegionListener } from './staged-file-pieces';

/** `find` indexes the original's 8-grams once it has searched an original this long this many times. */
const GRAM_MIN_TEXT = 1 << 16;
const GRAM_AFTER_FINDS = 4;

/** The hits of a region that no occurrence overlaps (shared: never written to). */
const NO_HITS: readonly number[] = [];

export class StagedSearch implements RegionListener, GramHolder {
  private readonly index: PatternIndex | null = null;
  /**
   * Occurrences of the indexed patterns in the original, ascending per pattern: pattern id's are
   * hitStarts[hitFrom[id], hitFrom[id + 1]) (typed arrays: no array per pattern).
   */
  private readonly hitFrom: Int32Array = new Int32Array(1);
  private readonly hitStarts: Int32Array = new Int32Array(0);
  /** Half-width of the window scanned around a region: longest indexed pattern − 1. */
  private readonly radius: number = 0;
  /** Pattern id → live regions holding hits of it. */
  private readonly hitRegions = new Map<number, Set<Region>>();
  private stale: Region[] = [];
  /** The last pattern asked about and its occurrences (`null`: none since the last change). */
  private memoPattern: string | null = null;
  private memoAt: number[] = [];
  /** `find`s so far, and the original's gram index once they are many. */
  private finds = 0;
  private grams: GramIndex | null = null;
  /** The index's place in the engine's budget (GRAM_BUDGET). */
  private gramsId: number | null = null;

  constructor(
    private readonly pt: PieceTable,
    patterns: Iterable<string> | undefined,
  ) {
    if (patterns) {
      const index = new PatternIndex(patterns);
      if (index.patterns.length > 0) {
        this.index = index;
        this.radius = index.maxLength - 1;
        const ids: number[] = [];
        const starts: number[] = [];
        const original = pt.original;
        index.scan(original, 0, original.length, (id, start) => {
          ids.push(id);
          starts.push(start);
        });
        // A counting sort by pattern (stable: each pattern's starts stay ascending).
        const from = new Int32Array(index.patterns.length + 1);
        for (const id of ids) from[id + 1]!++;
        for (let id = 0; id < index.patterns.length; id++) from[id + 1]! += from[id]!;
        const next = from.slice(0, index.patterns.length);
        const sorted = new Int32Array(ids.length);
        for (let q = 0; q < ids.length; q++) sorted[next[ids[q]!]!++] = starts[q]!;
        this.hitFrom = from;
        this.hitStarts = sorted;
      }
    }
  }

  /** How many distinct patterns were indexed over the original. */
  get indexedPatterns(): number {
    return this.index?.patterns.length ?? 0;
  }

  /** The content changed: forget the last answer. */
  changed(): void {
    this.memoPattern = null;
  }

  /** Occurrences of `pattern` counted overlapping (SPEC 2.3), and the first one (-1 if none). */
  occurrences(pattern: string): { count: number; first: number } {
    let at: number[];
    if (this.memoPattern === pattern) at = this.memoAt;
    else {
      const id = this.index?.id(pattern) ?? -1;
      if (id < 0) return this.countScan(pattern);
      at = this.remember(pattern, this.indexedOccurrences(id, pattern.length));
    }
    return { count: at.length, first: at.length > 0 ? at[0]! : -1 };
  }

  /** First occurrence, or -1. */
  indexOf(pattern: string): number {
    const at = this.all(pattern);
    return at.length > 0 ? at[0]! : -1;
  }

  /**
   * The first occurrence of `pattern` starting at or after current offset `from` (-1: none), found
   * in the pieces: the original's unchanged text with the native search, and a window around each
   * change region. The content is never joined, so a call on a 5 MB file that earlier calls
   * edited costs one pass over the original, not a copy of it. `pattern` must not be empty.
   */
  find(pattern: string, from: number): number {
    const pt = this.pt;
    const regs = pt.regs;
    if (regs.length === 0) return pt.original.indexOf(pattern, from);
    const m = pattern.length;
    const original = pt.original;
    // Unchanged text: the first occurrence in the original that no region overlaps, at or after from.
    const j0 = pt.seek(from);
    const g0 = regs[j0];
    const d0 = pt.deltaBefore(j0);
    let best = -1;
    const cursor = this.gramCursor(pattern);
    const next = (o: number): number => (cursor !== null ? cursor.next(o) : original.indexOf(pattern, o));
    for (let h = next(g0 !== undefined && g0.oStart + d0 < from ? g0.oEnd : from - d0); h !== -1; h = next(h + 1)) {
      const j = pt.firstEndingAfter(h);
      if (j === regs.length || regs[j]!.oStart >= h + m) {
        best = h + pt.deltaBefore(j);
        break;
      }
    }
    // Occurrences overlapping a region: searched in a window around each, up to the best so far.
    let d = pt.deltaBefore(j0 > 0 ? j0 - 1 : 0);
    for (let k = j0 > 0 ? j0 - 1 : 0; k < regs.length; k++) {
      const g = regs[k]!;
      const cs = g.oStart + d;
      d += g.delta;
      const ce = cs + g.text.length;
      const lo = Math.max(from, cs - m + 1);
      if (best !== -1 && lo >= best) break;
      const hi = Math.min(pt.length, (ce > cs ? ce : cs) + m - 1);
      if (hi - lo < m) continue;
      const around = pt.slice(lo, hi);
      for (let i = around.indexOf(pattern); i !== -1; i = around.indexOf(pattern, i + 1)) {
        const s = lo + i;
        if (best !== -1 && s >= best) break;
        if (overlaps(s, s + m, cs, ce)) {
          best = s;
          break;
        }
      }
    }
    return best;
  }

  /**
   * Where the original's gram index answers for `pattern` (null: scan). The index is built once
   * a long original has been searched several times (a session's calls on one file).
   */
  private gramCursor(pattern: string): GramCursor | null {
    const original = this.pt.original;
    if (this.grams === null) {
      if (original.length < GRAM_MIN_TEXT || ++this.finds < GRAM_AFTER_FINDS) return null;
      this.gramsId = GRAM_BUDGET.admit(this, GramIndex.positionsOf(original));
      if (this.gramsId === null) return null;
      this.grams = new GramIndex(original);
    } else GRAM_BUDGET.use(this.gramsId!);
    return this.grams.cursor(pattern, original.length >>> 6);
  }

  /** The budget needs the room: scan from now on, and index again after more searches. */
  dropGrams(): void {
    if (this.gramsId !== null) GRAM_BUDGET.release(this.gramsId);
    this.grams = null;
    this.gramsId = null;
    this.finds = 0;
  }

    /** Non-overlapping occurrences left to right (SPEC 2.5, `replace_all`). */
  findAllNonOverlapping(pattern: string): number[] {
    const out: number[] = [];
    let next = 0;
    for (const s of this.all(pattern)) {
      if (s < next) continue;
      out.push(s);
      next = s + pattern.length;
    }
    return out;
  }

  /**
   * An unindexed pattern counted without keeping its starts: a pattern that overlaps itself may
   * occur at millions of places, and a count needs only the first.
   */
  private countScan(pattern: string): { count: number; first: number } {
    let count = 0;
    let first = -1;
    const text = this.pt.text;
    eachOccurrence(text, pattern, 0, text.length, (at) => {
      if (count++ === 0) first = at;
    });
    return { count, first };
  }

  private all(pattern: string): number[] {
    if (this.memoPattern === pattern) return this.memoAt;
    const id = this.index?.id(pattern) ?? -1;
    return this.remember(pattern, id >= 0 ? this.indexedOccurrences(id, pattern.length) : allOccurrences(this.pt.text, pattern));
  }

  private remember(pattern: string, at: number[]): number[] {
    this.memoPattern = pattern;
    this.memoAt = at;
    return at;
  }

  private indexedOccurrences(id: number, length: number): number[] {
    this.refreshHits();
    const pt = this.pt;
    const regs = pt.regs;
    const out: number[] = [];
    const starts = this.hitStarts;
    const first = this.hitFrom[id]!;
    const end = this.hitFrom[id + 1]!;
    if ((end - first) * 16 > regs.length) {
      // Sweep: candidates and regions are both sorted.
      let j = 0;
      let d = 0;
      for (let q = first; q < end; q++) {
        const s = starts[q]!;
        while (j < regs.length && regs[j]!.oEnd <= s) {
          d += regs[j]!.delta;
          j++;
        }
        if (j === regs.length || regs[j]!.oStart >= s + length) out.push(s + d);
      }
    } else {
      for (let q = first; q < end; q++) {
        const s = starts[q]!;
        const j = pt.firstEndingAfter(s);
        if (j === regs.length || regs[j]!.oStart >= s + length) out.push(s + pt.deltaBefore(j));
      }
    }
    const holders = this.hitRegions.get(id);
    if (holders !== undefined && holders.size > 0) {
      for (const g of holders) {
        const cs = pt.curStart(pt.indexOfRegion(g));
        const hits = g.hits!;
        for (let q = 0; q < hits.length; q += 2) if (hits[q] === id) out.push(cs + hits[q + 1]!);
      }
      out.sort((x, y) => x - y);
    }
    return out;
  }

  /** Mark regions near newly made ones (indexes into regs) stale: their windows changed. */
  created(created: readonly number[]): void {
    if (this.index === null) return;
    const reach = 2 * this.radius + 2;
    const regs = this.pt.regs;
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

  retired(g: Region): void {
    if (g.hits !== null) this.forget(g);
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

  private forget(g: Region): void {
    const hits = g.hits!;
    for (let q = 0; q < hits.length; q += 2) this.hitRegions.get(hits[q]!)?.delete(g);
  }

  /** Scan the window around each stale region for occurrences that overlap it. */
  private refreshHits(): void {
    const index = this.index!;
    const pt = this.pt;
    const stale = this.stale;
    this.stale = [];
    for (const g of stale) {
      g.queued = false;
      if (g.dead || g.hits !== null) continue;
      const j = pt.indexOfRegion(g);
      const cs = pt.curStart(j);
      const ce = cs + g.text.length;
      const from = Math.max(0, cs - this.radius);
      const around = pt.slice(from, Math.min(pt.length, ce + this.radius));
      // Regions before g that reach into the window: an occurrence overlapping one of them
      // belongs to that region, not to g.
      // Flat [start, end, ...], usually empty.
      const earlier: number[] = [];
      for (let k = j - 1; k >= 0; k--) {
        const ks = pt.curStart(k);
        const ke = ks + pt.regs[k]!.text.length;
        if (ke <= from) break;
        earlier.push(ks, ke);
      }
      let hits = null as number[] | null;
      index.scan(around, 0, around.length, (id, at) => {
        const s = from + at;
        const e = s + index.patterns[id]!.length;
        if (!overlaps(s, e, cs, ce)) return;
        for (let q = 0; q < earlier.length; q += 2) if (overlaps(s, e, earlier[q]!, earlier[q + 1]!)) return;
        (hits ??= []).push(id, s - cs);
      });
      if (hits === null) {
        g.hits = NO_HITS;
        continue;
      }
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

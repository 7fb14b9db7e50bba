// The piece table of a staged file: the original plus a sorted list of change regions, each an
// original span and the text now standing in its place. Offsets and line numbers are mapped
// through two Fenwick trees of the regions' length and line-count changes, keyed by
// 512-character blocks of the original, so an edit costs time in proportion to its
// neighbourhood, not to the file.

import { countNewlines } from './lines';
import { lowerBound } from './lower-bound';
import type { OriginalNewlines } from './staged-file-lines';
import type { ChangeRegion, Replacement } from './types';

export interface Region {
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
   * Kept by the pattern search (staged-file-search.ts): occurrences of indexed patterns that
   * overlap this region and no region before it, flat [patternId, start relative to the
   * region's current start, ...]; `null` while stale.
   */
  hits: readonly number[] | null;
  /** Kept by the pattern search: in its stale list, waiting for its window to be scanned. */
  queued: boolean;
  /** Merged into a newer region and gone from the table. */
  dead: boolean;
}

/** Told of the regions an edit retires and creates (the pattern search rescans near them). */
export interface RegionListener {
  retired(g: Region): void;
  /** Indexes into `regs` of the regions the edit made. */
  created(at: readonly number[]): void;
}

const BLOCK_SHIFT = 9;
/** A query this many regions or fewer from a finger walks from it. */
const FINGER_REACH = 16;

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

export class PieceTable {
  /** The change regions, sorted, disjoint and never touching. */
  regs: Region[] = [];
  private readonly fenDelta: Fenwick;
  private readonly fenLines: Fenwick;
  private totalDelta = 0;
  private totalLineDelta = 0;
  /**
   * Fingers into the regions, kept valid by every edit: deltaBefore(finger) is fingerDelta and
   * lineDeltaBefore(lineFinger) is fingerLineDelta. A query near a finger walks from it.
   */
  private finger = 0;
  private fingerDelta = 0;
  private lineFinger = 0;
  private fingerLineDelta = 0;
  private cache: string | null;
  listener: RegionListener | null = null;

  constructor(
    readonly original: string,
    private readonly newlines: OriginalNewlines,
  ) {
    this.cache = original;
    const blocks = (original.length >> BLOCK_SHIFT) + 1;
    this.fenDelta = new Fenwick(blocks);
    this.fenLines = new Fenwick(blocks);
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
  changeRegions(): ChangeRegion[] {
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
    let j = this.seek(start);
    let d = this.deltaBefore(j);
    // Within one piece (the common case: an edit's old text, a short window): one copy.
    const g0 = this.regs[j];
    if (g0 === undefined || end <= g0.oStart + d) return this.original.slice(start - d, end - d);
    if (start >= g0.oStart + d && end <= g0.oStart + d + g0.text.length) return g0.text.slice(start - g0.oStart - d, end - g0.oStart - d);
    const parts: string[] = [];
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

  /** Sum of the length changes of regions [0, j). */
  deltaBefore(j: number): number {
    const regs = this.regs;
    if (j >= regs.length) return this.totalDelta;
    let k = this.finger;
    let d = this.fingerDelta;
    if (k - j > FINGER_REACH || j - k > FINGER_REACH) d = this.blockSum(j, this.fenDelta, 'delta');
    else {
      while (k < j) d += regs[k++]!.delta;
      while (k > j) d -= regs[--k]!.delta;
    }
    this.finger = j;
    this.fingerDelta = d;
    return d;
  }

  /** Sum of the line-count changes of regions [0, j). */
  lineDeltaBefore(j: number): number {
    const regs = this.regs;
    if (j >= regs.length) return this.totalLineDelta;
    let k = this.lineFinger;
    let d = this.fingerLineDelta;
    if (k - j > FINGER_REACH || j - k > FINGER_REACH) d = this.blockSum(j, this.fenLines, 'lineDelta');
    else {
      while (k < j) d += regs[k++]!.lineDelta;
      while (k > j) d -= regs[--k]!.lineDelta;
    }
    this.lineFinger = j;
    this.fingerLineDelta = d;
    return d;
  }

  /** Sum of `key` over regions [0, j), from the Fenwick tree of blocks and the regions of j's block. */
  private blockSum(j: number, fen: Fenwick, key: 'delta' | 'lineDelta'): number {
    const regs = this.regs;
    const b = regs[j]!.oStart >> BLOCK_SHIFT;
    let s = fen.prefix(b);
    for (let k = j - 1; k >= 0 && regs[k]!.oStart >> BLOCK_SHIFT === b; k--) s += regs[k]![key];
    return s;
  }

  /** Current start of region j. */
  curStart(j: number): number {
    return this.regs[j]!.oStart + this.deltaBefore(j);
  }

  /**
   * First region whose current end is after `c` (regions.length if none). Walks from the finger
   * when `c` is near the last place asked about (a call's edits and their diffs mostly are),
   * else searches.
   */
  seek(c: number): number {
    const regs = this.regs;
    let j = this.finger;
    let d = this.fingerDelta;
    for (let steps = 0; steps <= FINGER_REACH; steps++) {
      const g = regs[j];
      if (g !== undefined && g.oStart + d + g.text.length <= c) {
        d += g.delta;
        j++;
        continue;
      }
      // Region j − 1 ends at its original end moved by the regions before j.
      const p = j > 0 ? regs[j - 1]! : undefined;
      if (p !== undefined && p.oEnd + d > c) {
        d -= p.delta;
        j--;
        continue;
      }
      if (j < regs.length) {
        this.finger = j;
        this.fingerDelta = d;
      }
      return j;
    }
    return lowerBound(0, regs.length, (mid) => this.curStart(mid) + regs[mid]!.text.length <= c);
  }

  /** Index of a live region. */
  indexOfRegion(g: Region): number {
    if (this.regs[this.finger] === g) return this.finger;
    return lowerBound(0, this.regs.length - 1, (mid) => this.regs[mid]!.oStart < g.oStart);
  }

  /** First region whose original end is after original offset s (regions' ends are strictly increasing). */
  firstEndingAfter(s: number): number {
    const regs = this.regs;
    const n = regs.length;
    // After every region (an occurrence ahead of the edits so far), or at the finger.
    if (n === 0 || regs[n - 1]!.oEnd <= s) return n;
    const f = this.finger;
    if (f < n && regs[f]!.oEnd > s && (f === 0 || regs[f - 1]!.oEnd <= s)) return f;
    return lowerBound(0, n, (mid) => regs[mid]!.oEnd <= s);
  }

  /** Apply trimmed replacements (sorted, non-overlapping, current coordinates, each a real change). */
  apply(trimmed: readonly Replacement[]): void {
    this.cache = null;
    if (trimmed.length === 1) this.applyOne(trimmed[0]!);
    else this.applyMany(trimmed);
  }

  private makeRegion(oStart: number, oEnd: number, text: string): Region {
    return { oStart, oEnd, text, delta: text.length - (oEnd - oStart), lineDelta: countNewlines(text) - this.newlines.between(oStart, oEnd), hits: null, queued: false, dead: false };
  }

  private track(g: Region, sign: 1 | -1): void {
    const b = g.oStart >> BLOCK_SHIFT;
    this.fenDelta.add(b, sign * g.delta);
    this.fenLines.add(b, sign * g.lineDelta);
    this.totalDelta += sign * g.delta;
    this.totalLineDelta += sign * g.lineDelta;
  }

  private retire(g: Region): void {
    this.track(g, -1);
    g.dead = true;
    this.listener?.retired(g);
  }

  /** One trimmed replacement: merge it with the regions it touches, in O(log regions). */
  private applyOne(r: Replacement): void {
    const { start: a, end: b } = r;
    const lo = this.seek(a - 1); // first region ending at or after a: it touches when it starts by b
    const dLo = this.deltaBefore(lo);
    const lineDLo = this.lineDeltaBefore(lo);
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
    // Regions before lo are unchanged: the fingers rest there.
    this.finger = this.lineFinger = lo;
    this.fingerDelta = dLo;
    this.fingerLineDelta = lineDLo;
    this.listener?.created([lo]);
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
    this.totalLineDelta = 0;
    for (const g of out) this.track(g, 1);
    this.finger = this.lineFinger = 0;
    this.fingerDelta = this.fingerLineDelta = 0;
    this.listener?.created(created);
  }
}

// Where any string of 8 or more characters may occur in a large fixed text, without scanning it:
// every position of the text filed under a hash of the 8 characters starting there. A pattern is
// looked up by the 8-gram of its own whose bucket is smallest, and each candidate is confirmed
// in the text (`occursAt`), so a hash collision costs time, never correctness. Built once for a text
// searched again and again for patterns not known in advance (a session's str_replace calls on
// one file's original); PatternIndex is the other way round (known patterns, one pass).

import { lowerBound } from './lower-bound';
import { occursAt } from './occurrences';

/** Gram length: patterns shorter than this are not answered (the caller scans). */
export const GRAM = 8;
const BASE = 0x01000193;

const mix = (h: number, shift: number): number => Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> shift;

export class GramIndex {
  /** Text positions grouped by bucket, ascending within each: bucket b is positions[from[b], from[b + 1]). */
  private readonly from: Int32Array;
  private readonly positions: Int32Array;
  private readonly shift: number;
  private readonly top: number;

  /** Positions an index of `text` files (each start of a whole gram): its size in a GramBudget. */
  static positionsOf(text: string): number {
    return Math.max(0, text.length - GRAM + 1);
  }

  constructor(readonly text: string) {
    const n = GramIndex.positionsOf(text);
    const bits = Math.max(4, Math.min(20, Math.ceil(Math.log2(Math.max(1, n))) - 5));
    this.shift = 32 - bits;
    let top = 1;
    for (let i = 1; i < GRAM; i++) top = Math.imul(top, BASE);
    this.top = top;
    const from = new Int32Array((1 << bits) + 1);
    const positions = new Int32Array(n);
    // Two passes of the rolling hash (count, then file), written out: a call per position would
    // cost more than the hashing.
    for (let pass = 0; pass < 2 && n > 0; pass++) {
      let h = 0;
      for (let i = 0; i < GRAM; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
      for (let i = 0; ; i++) {
        const b = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> this.shift;
        if (pass === 0) from[b + 1]!++;
        else positions[from[b]!++] = i;
        if (i + 1 >= n) break;
        h = (Math.imul(h - Math.imul(text.charCodeAt(i), top), BASE) + text.charCodeAt(i + GRAM)) | 0;
      }
      // After counting, from[b] is where bucket b starts; after filling, where it ends (the next one starts).
      if (pass === 0) for (let b = 0; b < 1 << bits; b++) from[b + 1]! += from[b]!;
    }
    // Filling moved each from[b] to its bucket's end: shift back so from[b] is its start again.
    for (let b = 1 << bits; b > 0; b--) from[b] = from[b - 1]!;
    from[0] = 0;
    this.from = from;
    this.positions = positions;
  }

  /**
   * A cursor over the occurrences of `pattern` in the text, or null when the index cannot answer
   * cheaply: the pattern is shorter than a gram, or its rarest gram is in more than `maxBucket`
   * positions (then one scan of the text is as fast).
   */
  cursor(pattern: string, maxBucket: number): GramCursor | null {
    const m = pattern.length;
    if (m < GRAM) return null;
    let h = 0;
    for (let i = 0; i < GRAM; i++) h = (Math.imul(h, BASE) + pattern.charCodeAt(i)) | 0;
    let best = -1;
    let bestSize = Infinity;
    for (let at = 0; ; at++) {
      const b = mix(h, this.shift);
      const size = this.from[b + 1]! - this.from[b]!;
      if (size < bestSize) {
        best = at;
        bestSize = size;
        if (size === 0) break;
      }
      if (at + GRAM >= m) break;
      h = (Math.imul(h - Math.imul(pattern.charCodeAt(at), this.top), BASE) + pattern.charCodeAt(at + GRAM)) | 0;
    }
    if (bestSize > maxBucket) return null;
    let g = 0;
    for (let i = 0; i < GRAM; i++) g = (Math.imul(g, BASE) + pattern.charCodeAt(best + i)) | 0;
    const b = mix(g, this.shift);
    return new GramCursor(this.text, pattern, this.positions, this.from[b]!, this.from[b + 1]!, best);
  }
}

export class GramCursor {
  constructor(
    private readonly text: string,
    private readonly pattern: string,
    private readonly positions: Int32Array,
    private readonly lo: number,
    private readonly hi: number,
    /** Offset of the looked-up gram in the pattern. */
    private readonly offset: number,
  ) {}

  /** text.indexOf(pattern, from): the first occurrence starting at or after `from`, or -1. */
  next(from: number): number {
    const { positions, offset, text, pattern } = this;
    const start = Math.max(0, from) + offset;
    for (let k = lowerBound(this.lo, this.hi, (i) => positions[i]! < start); k < this.hi; k++) {
      const at = positions[k]! - offset;
      if (occursAt(text, pattern, at)) return at;
    }
    return -1;
  }
}

/** What a GramBudget asks of an index's owner: to let its index go (it scans until it builds another). */
export interface GramHolder {
  dropGrams(): void;
}

/**
 * How much gram indexing is kept at once. An index holds 4 bytes per position of its text (a 5 MB
 * file's: 21 MB), and a session's staged files keep theirs while they live, so a session that
 * searches many large files again and again would hold one per file. Indexes are admitted in the
 * order they are used; when a new one would pass `limit` positions, the least recently used are
 * dropped (their owners scan, and index again after more searches). An index larger than the
 * whole limit is not built. An owner that is collected gives its share back.
 */
export class GramBudget {
  private readonly held = new Map<number, { holder: WeakRef<GramHolder>; size: number }>();
  private total = 0;
  private nextId = 1;
  private readonly registry = new FinalizationRegistry<number>((id) => this.release(id));

  constructor(readonly limit: number) {}

  /** Positions held by the indexes admitted and not dropped. */
  get positions(): number {
    return this.total;
  }

  /**
   * Makes room for `holder`'s index of `size` positions, dropping the least recently used others
   * as needed: an id to `use` and `release` it by, or null when it may not be built at all.
   */
  admit(holder: GramHolder, size: number): number | null {
    if (size > this.limit) return null;
    for (const [id, entry] of this.held) {
      if (this.total + size <= this.limit) break;
      this.release(id);
      entry.holder.deref()?.dropGrams();
    }
    const id = this.nextId++;
    this.held.set(id, { holder: new WeakRef(holder), size });
    this.total += size;
    this.registry.register(holder, id, holder);
    return id;
  }

  /** The index was used: it is the most recently used now. */
  use(id: number): void {
    const entry = this.held.get(id);
    if (entry === undefined) return;
    this.held.delete(id);
    this.held.set(id, entry);
  }

  /** The index is gone (dropped, or its owner collected): its positions are free. */
  release(id: number): void {
    const entry = this.held.get(id);
    if (entry === undefined) return;
    this.held.delete(id);
    this.total -= entry.size;
    const holder = entry.holder.deref();
    if (holder !== undefined) this.registry.unregister(holder);
  }
}

/** The engine's budget: 64 Mi positions (256 MB of indexes; twelve 5 MB files). */
export const GRAM_BUDGET = new GramBudget(1 << 26);

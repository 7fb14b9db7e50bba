// Finding many patterns at once: every occurrence (overlapping, SPEC 2.3) of every one of a
// call's old_strings in one pass over a text, instead of one indexOf scan per edit.
//
// Multi-pattern Rabin–Karp. Patterns fall in two groups by length: short ones (1-3 characters)
// are keyed by one character, the rest by a window of m characters, m being the shortest such
// pattern's length (at most 32). Each pattern is keyed by the m-gram of its own that the fewest
// other patterns share, so identifiers with a common prefix (`total_L012345`, `total_L012346`)
// land in different buckets. A rolling hash visits each text position once per group; a bitmap
// (about 32 bits a pattern) rejects most positions before the bucket table is consulted, and a
// candidate is confirmed in the text (`occursAt`), so hash collisions cost time, never correctness.
// With grams of 8 characters or more, the scan skips as Wu–Manber's does: the last 3 characters
// of a window say how far the nearest keyed gram can end (a table of shifts, the least over all
// grams), so a window is hashed only where a gram can end; on W3's 5 MB source with 10,000
// identifiers most windows are skipped.

import { eachOccurrence, occursAt } from './occurrences';

/** Patterns longer than this are not indexed (callers search for them directly). */
export const MAX_INDEXED_PATTERN = 1024;

const BASE = 0x01000193;
const MAX_GRAM = 32;
const SHORT = 4;
/** Bitmap size: about 32 bits per pattern (few false positives), between 64 Kbit and 4 Mbit. */
const MIN_BITMAP_BITS = 16;
const MAX_BITMAP_BITS = 22;
const BITS_PER_PATTERN_LOG = 5;
/** Up to this many patterns, scan with indexOf per pattern instead of hashing. */
const FEW = 8;
/** Grams at least this long are scanned with a table of shifts (Wu–Manber) rather than rolled over every position. */
const SKIP_MIN_GRAM = 8;
/** Characters of a block that picks a shift, and the shift table's size (log2). */
const BLOCK = 3;
const SHIFT_BITS = 16;

function blockSlot(a: number, b: number, c: number): number {
  return Math.imul((a << 16) ^ (b << 8) ^ c, 0x9e3779b1) >>> (32 - SHIFT_BITS);
}

interface Group {
  /** Gram length. */
  m: number;
  /** BASE^(m-1), to roll the leaving character out. */
  top: number;
  bitmap: Uint8Array;
  /** 32 − log2(bitmap bits): `mix(h) >>> shift` picks the bit. */
  shift: number;
  /**
   * Gram hash → its patterns, in typed arrays (no object per pattern): an open-addressing table
   * of slots (the hash, its first and last entry, −1 when empty; its entry count), and entries
   * (pattern id, offset of the gram in the pattern, next entry of the slot or −1).
   */
  mask: number;
  slotHash: Int32Array;
  slotFirst: Int32Array;
  slotLast: Int32Array;
  slotSize: Int32Array;
  entryId: Int32Array;
  entryAt: Int32Array;
  entryNext: Int32Array;
  entries: number;
  /**
   * For grams of SKIP_MIN_GRAM or more: block slot → how far past a window's last character the
   * nearest keyed gram can end (0: a gram may end here), the least over all grams' blocks.
   */
  skip: Uint8Array | null;
}

/** The slot of gram hash `h`: where it is, or the empty slot where it would go. */
function slotOf(g: Group, h: number): number {
  let k = Math.imul(h ^ (h >>> 16), 0x85ebca6b) & g.mask;
  while (g.slotFirst[k] !== -1 && g.slotHash[k] !== h) k = (k + 1) & g.mask;
  return k;
}

function mix(h: number, shift: number): number {
  return Math.imul(h, 0x9e3779b1) >>> shift;
}

function gramHash(s: string, at: number, m: number): number {
  let h = 0;
  for (let i = 0; i < m; i++) h = (Math.imul(h, BASE) + s.charCodeAt(at + i)) | 0;
  return h;
}

export class PatternIndex {
  /** Distinct indexed patterns; a pattern's id is its index here. */
  readonly patterns: string[] = [];
  /** Longest indexed pattern (0 when none). */
  readonly maxLength: number;
  private readonly ids = new Map<string, number>();
  private readonly groups: Group[] = [];

  constructor(patterns: Iterable<string>) {
    for (const p of patterns) {
      if (p.length === 0 || p.length > MAX_INDEXED_PATTERN || this.ids.has(p)) continue;
      this.ids.set(p, this.patterns.length);
      this.patterns.push(p);
    }
    let maxLength = 0;
    let minLong = Infinity;
    for (const p of this.patterns) {
      maxLength = Math.max(maxLength, p.length);
      if (p.length >= SHORT) minLong = Math.min(minLong, p.length);
    }
    this.maxLength = maxLength;
    const shortCount = this.patterns.filter((p) => p.length < SHORT).length;
    const short = shortCount > 0 ? this.newGroup(1, shortCount) : null;
    const long = minLong < Infinity ? this.newGroup(Math.min(minLong, MAX_GRAM), this.patterns.length - shortCount) : null;
    for (let id = 0; id < this.patterns.length; id++) {
      const p = this.patterns[id]!;
      const g = p.length < SHORT ? short! : long!;
      const at = this.leastSharedGram(g, p);
      const h = gramHash(p, at, g.m);
      const b = mix(h, g.shift);
      g.bitmap[b >>> 3] = g.bitmap[b >>> 3]! | (1 << (b & 7));
      const k = slotOf(g, h);
      const e = g.entries++;
      g.entryId[e] = id;
      g.entryAt[e] = at;
      g.entryNext[e] = -1;
      if (g.slotFirst[k] === -1) {
        g.slotHash[k] = h;
        g.slotFirst[k] = e;
      } else g.entryNext[g.slotLast[k]!] = e;
      g.slotLast[k] = e;
      g.slotSize[k] = g.slotSize[k]! + 1;
    }
    for (const g of this.groups) if (g.m >= SKIP_MIN_GRAM) g.skip = this.skipTable(g);
  }

  /** The Wu–Manber shifts of a group's keyed grams. */
  private skipTable(g: Group): Uint8Array {
    const m = g.m;
    const skip = new Uint8Array(1 << SHIFT_BITS).fill(m - BLOCK + 1);
    for (let e = 0; e < g.entries; e++) {
      const p = this.patterns[g.entryId[e]!]!;
      const at = g.entryAt[e]!;
      for (let q = 0; q + BLOCK <= m; q++) {
        const slot = blockSlot(p.charCodeAt(at + q), p.charCodeAt(at + q + 1), p.charCodeAt(at + q + 2));
        const shift = m - BLOCK - q;
        if (shift < skip[slot]!) skip[slot] = shift;
      }
    }
    return skip;
  }

  /** Id of an indexed pattern, or -1. */
  id(pattern: string): number {
    return this.ids.get(pattern) ?? -1;
  }

  /**
   * Calls `hit(id, start)` for every occurrence of every pattern lying wholly inside
   * text[from, to), overlapping ones included. Per pattern, starts come in increasing order.
   */
  scan(text: string, from: number, to: number, hit: (id: number, start: number) => void): void {
    if (this.patterns.length <= FEW) {
      // A handful of patterns: the engine's native indexOf beats one hashing pass.
      for (let id = 0; id < this.patterns.length; id++) {
        eachOccurrence(text, this.patterns[id]!, from, to, (i) => hit(id, i));
      }
      return;
    }
    for (const g of this.groups) {
      const { m, top, skip } = g;
      if (to - from < m) continue;
      if (skip !== null) {
        this.skipScan(g, skip, text, from, to, hit);
        continue;
      }
      let h = gramHash(text, from, m);
      for (let i = from; ; i++) {
        this.probe(g, h, text, i, from, to, hit);
        if (i + m >= to) break;
        h = (Math.imul(h - Math.imul(text.charCodeAt(i), top), BASE) + text.charCodeAt(i + m)) | 0;
      }
    }
  }

  /**
   * The patterns of group `g` whose keyed gram is text[i, i + m), hash `h`: the bitmap rules most
   * windows out; each entry of the hash's slot is confirmed in the text, whole and inside
   * [from, to), so a hash collision costs time, never correctness.
   */
  private probe(g: Group, h: number, text: string, i: number, from: number, to: number, hit: (id: number, start: number) => void): void {
    const b = mix(h, g.shift);
    if ((g.bitmap[b >>> 3]! & (1 << (b & 7))) === 0) return;
    for (let e = g.slotFirst[slotOf(g, h)]!; e !== -1; e = g.entryNext[e]!) {
      const id = g.entryId[e]!;
      const start = i - g.entryAt[e]!;
      const p = this.patterns[id]!;
      if (start >= from && start + p.length <= to && occursAt(text, p, start)) hit(id, start);
    }
  }

  /**
   * `scan` of one group by Wu–Manber: `end` is a window's last character; the shift of its last
   * BLOCK characters never passes the end of a keyed gram (a block inside a gram shifts at most
   * to that gram's end; a block that starts before a gram's start, by at most m − BLOCK + 1), so
   * every gram's end is visited, and only there, where the shift is 0, is the window hashed.
   */
  private skipScan(g: Group, skip: Uint8Array, text: string, from: number, to: number, hit: (id: number, start: number) => void): void {
    const m = g.m;
    for (let end = from + m - 1; end < to; ) {
      const s = skip[blockSlot(text.charCodeAt(end - 2), text.charCodeAt(end - 1), text.charCodeAt(end))]!;
      if (s !== 0) {
        end += s;
        continue;
      }
      const i = end - m + 1;
      this.probe(g, gramHash(text, i, m), text, i, from, to, hit);
      end++;
    }
  }

  private newGroup(m: number, count: number): Group {
    let top = 1;
    for (let i = 1; i < m; i++) top = Math.imul(top, BASE);
    const bits = Math.max(MIN_BITMAP_BITS, Math.min(MAX_BITMAP_BITS, Math.ceil(Math.log2(this.patterns.length)) + BITS_PER_PATTERN_LOG));
    let slots = 16;
    while (slots < 2 * count) slots *= 2;
    const g: Group = {
      m,
      top,
      bitmap: new Uint8Array(1 << (bits - 3)),
      shift: 32 - bits,
      mask: slots - 1,
      slotHash: new Int32Array(slots),
      slotFirst: new Int32Array(slots).fill(-1),
      slotLast: new Int32Array(slots).fill(-1),
      slotSize: new Int32Array(slots),
      entryId: new Int32Array(count),
      entryAt: new Int32Array(count),
      entryNext: new Int32Array(count),
      entries: 0,
      skip: null,
    };
    this.groups.push(g);
    return g;
  }

  /** Offset of the m-gram of `p` whose bucket is smallest so far (at most 16 offsets are tried). */
  private leastSharedGram(g: Group, p: string): number {
    const last = p.length - g.m;
    const step = Math.max(1, Math.ceil((last + 1) / 16));
    let best = last;
    let bestSize = Infinity;
    // From the end first: a pattern's tail is where edits in one call usually differ.
    for (let at = last; at >= 0; at -= step) {
      const size = g.slotSize[slotOf(g, gramHash(p, at, g.m))]!;
      if (size < bestSize) {
        best = at;
        bestSize = size;
        if (size === 0) break;
      }
    }
    return best;
  }
}

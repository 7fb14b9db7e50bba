// Python's difflib.SequenceMatcher (isjunk None, autojunk on), as aider uses it: `ratio()` on
// lists of lines (find_similar_lines) and on strings (get_close_matches), and the opcodes behind
// `unified_diff` (udiff's normalize_hunk). Written from the algorithm difflib documents: the
// longest matching block first, then recursively left and right of it; with autojunk, an element
// of b that occurs more than 1 + len(b)//100 times in a b of 200 or more is "popular" and never
// starts a match (it can still extend one).

import { comparePy } from './python';

export type Opcode = ['replace' | 'delete' | 'insert' | 'equal', number, number, number, number];

export class SequenceMatcher<T extends string> {
  private readonly b2j = new Map<T, number[]>();
  private blocks: [number, number, number][] | null = null;

  constructor(
    private readonly a: readonly T[],
    private readonly b: readonly T[],
  ) {
    b.forEach((elt, j) => {
      const list = this.b2j.get(elt);
      if (list === undefined) this.b2j.set(elt, [j]);
      else list.push(j);
    });
    const n = b.length;
    if (n >= 200) {
      const ntest = Math.floor(n / 100) + 1;
      for (const [elt, idxs] of [...this.b2j]) if (idxs.length > ntest) this.b2j.delete(elt);
    }
  }

  private longestMatch(alo: number, ahi: number, blo: number, bhi: number): [number, number, number] {
    const { a, b } = this;
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    let j2len = new Map<number, number>();
    for (let i = alo; i < ahi; i++) {
      const next = new Map<number, number>();
      for (const j of this.b2j.get(a[i]!) ?? []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (j2len.get(j - 1) ?? 0) + 1;
        next.set(j, k);
        if (k > bestsize) {
          besti = i - k + 1;
          bestj = j - k + 1;
          bestsize = k;
        }
      }
      j2len = next;
    }
    // No junk (isjunk is None): extend by equal elements, popular ones included.
    while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
      besti--;
      bestj--;
      bestsize++;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
    return [besti, bestj, bestsize];
  }

  /** get_matching_blocks(), ending with the (len(a), len(b), 0) sentinel. */
  matchingBlocks(): [number, number, number][] {
    if (this.blocks !== null) return this.blocks;
    const la = this.a.length;
    const lb = this.b.length;
    const queue: [number, number, number, number][] = [[0, la, 0, lb]];
    const found: [number, number, number][] = [];
    while (queue.length > 0) {
      const [alo, ahi, blo, bhi] = queue.pop()!;
      const x = this.longestMatch(alo, ahi, blo, bhi);
      const [i, j, k] = x;
      if (k === 0) continue;
      found.push(x);
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
    found.sort((p, q) => p[0] - q[0] || p[1] - q[1] || p[2] - q[2]);
    const out: [number, number, number][] = [];
    let [i1, j1, k1] = [0, 0, 0];
    for (const [i2, j2, k2] of found) {
      if (i1 + k1 === i2 && j1 + k1 === j2) k1 += k2;
      else {
        if (k1 > 0) out.push([i1, j1, k1]);
        [i1, j1, k1] = [i2, j2, k2];
      }
    }
    if (k1 > 0) out.push([i1, j1, k1]);
    out.push([la, lb, 0]);
    this.blocks = out;
    return out;
  }

  ratio(): number {
    const matches = this.matchingBlocks().reduce((n, m) => n + m[2], 0);
    const length = this.a.length + this.b.length;
    return length > 0 ? (2 * matches) / length : 1;
  }

  opcodes(): Opcode[] {
    let i = 0;
    let j = 0;
    const out: Opcode[] = [];
    for (const [ai, bj, size] of this.matchingBlocks()) {
      const tag = i < ai && j < bj ? 'replace' : i < ai ? 'delete' : j < bj ? 'insert' : null;
      if (tag !== null) out.push([tag, i, ai, j, bj]);
      i = ai + size;
      j = bj + size;
      if (size > 0) out.push(['equal', ai, i, bj, j]);
    }
    return out;
  }
}

/** The characters of a string as Python indexes them (code points). */
export const chars = (s: string): string[] => [...s];

/** `difflib.get_close_matches(word, possibilities, n=1, cutoff)`: the best one, or null. */
export function closestMatch(word: string, possibilities: readonly string[], cutoff: number): string | null {
  let best: { score: number; x: string } | null = null;
  const w = chars(word);
  for (const x of possibilities) {
    const score = new SequenceMatcher(chars(x), w).ratio();
    if (score < cutoff) continue;
    // heapq.nlargest on (score, x) tuples: a tie goes to the greater string.
    if (best === null || score > best.score || (score === best.score && comparePy(x, best.x) > 0)) best = { score, x };
  }
  return best?.x ?? null;
}

/**
 * `list(difflib.unified_diff(a, b, n=max(len(a), len(b))))[3:]`: with that much context every
 * change falls in one hunk, so this is the hunk's lines without the `---`, `+++` and `@@` headers;
 * nothing when a and b are equal.
 */
export function fullHunk(a: readonly string[], b: readonly string[]): string[] {
  const codes = new SequenceMatcher(a, b).opcodes();
  if (codes.every((c) => c[0] === 'equal')) return [];
  const out: string[] = [];
  for (const [tag, i1, i2, j1, j2] of codes) {
    if (tag === 'equal') {
      for (let i = i1; i < i2; i++) out.push(` ${a[i]!}`);
      continue;
    }
    if (tag === 'replace' || tag === 'delete') for (let i = i1; i < i2; i++) out.push(`-${a[i]!}`);
    if (tag === 'replace' || tag === 'insert') for (let j = j1; j < j2; j++) out.push(`+${b[j]!}`);
  }
  return out;
}

// A seeded generator (sfc32): the same seed gives the same cases on every machine and Node release.

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 16; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of `[weight, value]` pairs, by weight. */
  weighted<T>(pairs: readonly (readonly [number, T])[]): T {
    const total = pairs.reduce((n, [w]) => n + w, 0);
    let x = this.next() * total;
    for (const [w, v] of pairs) {
      if (x < w) return v;
      x -= w;
    }
    return pairs[pairs.length - 1]![1];
  }
}

/** A per-case seed from the run's seed and the case number, so any case can be regenerated alone. */
export const caseSeed = (seed: number, index: number): number => (Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) + Math.imul(index + 1, 0x165667b1)) >>> 0;

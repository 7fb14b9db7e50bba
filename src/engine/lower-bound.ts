// The one binary search of the staged file's indexes (the piece table's regions, the newline
// offsets of the original).

/**
 * The first index i in [lo, hi) for which `before(i)` is false, or `hi` if there is none.
 * `before` must be true on a prefix of the range and false on the rest.
 */
export function lowerBound(lo: number, hi: number, before: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

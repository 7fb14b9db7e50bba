// Line similarity for block-anchor: 1 - levenshtein / longer length, in 0..1.

/**
 * Longest differing middle (after dropping the common prefix and suffix) that gets an exact
 * edit distance. Beyond it the distance is taken as the longer middle's length, an upper bound,
 * so an oversized line can only look less similar than it is, never more; this keeps one call
 * at most MAX_EXACT² cell updates.
 */
const MAX_EXACT = 256;

export function lineSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  return 1 - editDistance(a, b) / longer;
}

/** Levenshtein distance, exact up to MAX_EXACT differing characters per side (see above). */
export function editDistance(a: string, b: string): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const lenA = endA - start;
  const lenB = endB - start;
  if (lenA === 0 || lenB === 0) return Math.max(lenA, lenB);
  if (lenA > MAX_EXACT || lenB > MAX_EXACT) return Math.max(lenA, lenB);
  // Two rows of the classic table over the differing middles, in reused typed arrays: this runs
  // once per middle line compared, thousands of times on a large file.
  let prev = rowA;
  let curr = rowB;
  for (let j = 0; j <= lenB; j++) prev[j] = j;
  for (let i = 1; i <= lenA; i++) {
    curr[0] = i;
    const ca = a.charCodeAt(start + i - 1);
    for (let j = 1; j <= lenB; j++) {
      const substitute = (prev[j - 1] as number) + (ca === b.charCodeAt(start + j - 1) ? 0 : 1);
      const remove = (prev[j] as number) + 1;
      const insert = (curr[j - 1] as number) + 1;
      curr[j] = substitute < remove ? (substitute < insert ? substitute : insert) : remove < insert ? remove : insert;
    }
    const swap = prev;
    prev = curr;
    curr = swap;
  }
  return prev[lenB] as number;
}

const rowA = new Uint16Array(MAX_EXACT + 1);
const rowB = new Uint16Array(MAX_EXACT + 1);

const buckets = new Int32Array(64);

/**
 * A cheap upper bound of `lineSimilarity` in O(length): the bag distance over 64 character
 * buckets never exceeds the edit distance (each edit changes at most one count on each side,
 * and merging characters into buckets only lowers the distance), so 1 - bag / longer is at least
 * the true similarity. block-anchor uses it to reject blocks without running Levenshtein.
 */
export function similarityUpperBound(a: string, b: string): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  buckets.fill(0);
  for (let i = 0; i < a.length; i++) buckets[a.charCodeAt(i) & 63]!++;
  for (let i = 0; i < b.length; i++) buckets[b.charCodeAt(i) & 63]!--;
  let surplus = 0;
  let deficit = 0;
  for (let k = 0; k < 64; k++) {
    const d = buckets[k]!;
    if (d > 0) surplus += d;
    else deficit -= d;
  }
  return 1 - Math.max(surplus, deficit) / longer;
}

/** A find line with its bucket counts, counted once for every content line it is bounded against. */
export interface BucketProfile {
  text: string;
  counts: Int32Array;
}

export function bucketProfile(text: string): BucketProfile {
  const counts = new Int32Array(64);
  for (let i = 0; i < text.length; i++) counts[text.charCodeAt(i) & 63]!++;
  return { text, counts };
}

/**
 * `similarityUpperBound(profile.text, b)` for `b = text.slice(start, end)`, the same number,
 * in one pass over `b` and without slicing it: starting from the find's counts (all surplus),
 * each character of `b` either cancels a surplus or adds a deficit, which is what the
 * bucket-by-bucket sums of the two-pass form count. Equal strings have no surplus or deficit,
 * so they get 1 from the formula too; only two empty strings need the explicit answer.
 */
export function similarityUpperBoundFrom(profile: BucketProfile, text: string, start: number, end: number): number {
  const length = profile.text.length;
  const longer = Math.max(length, end - start);
  if (longer === 0) return 1;
  buckets.set(profile.counts);
  let surplus = length;
  let deficit = 0;
  for (let i = start; i < end; i++) {
    const k = text.charCodeAt(i) & 63;
    if (buckets[k]! > 0) surplus--;
    else deficit++;
    buckets[k]!--;
  }
  return 1 - Math.max(surplus, deficit) / longer;
}

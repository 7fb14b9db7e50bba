// block-anchor: the find's first and last lines (trimmed) anchor a block whose middle lines
// only need to be similar (SPEC 4.4, 10.3).
import type { Candidate, FuzzyBudget } from './types';
import { LineIndex, splitFindLines, spendOrThrow, withBudget } from './line-index';
import { type BucketProfile, bucketProfile, lineSimilarity, similarityUpperBoundFrom } from './similarity';

/** Middle-line similarity a block needs, whether it is the only candidate or one of several. */
export const BLOCK_ANCHOR_MIN_SIMILARITY = 0.5;

const EPSILON = 1e-9;

/**
 * Similarity of a block is the sum of the similarities of the middle lines paired by position,
 * divided by the larger of the two middle counts, so lines the block has in excess (or lacks)
 * count as dissimilar. That bounds the block size worth looking at: with f middle lines in the
 * find, a block with fewer than f/2 or more than 2f middle lines cannot reach 0.5.
 *
 * For each line holding the first anchor, the block ends at the last-anchor line nearest to
 * where the find's length would put it (the shorter block on a tie), so a nested closing line
 * such as an inner `}` does not cut the block short. Finding that line is a binary search in the
 * last anchor's line list: each first-anchor line costs one unit of budget plus one per middle
 * line compared, never a scan to the next last anchor.
 *
 * Several blocks at or above the threshold are all returned, making the strategy ambiguous; it
 * never picks the most similar one (SPEC 10.3).
 */
export function blockAnchorStrategy(
  content: string,
  find: string,
  budget: FuzzyBudget,
  index: LineIndex = new LineIndex(content),
): Candidate[] {
  const findLines = splitFindLines(find);
  const m = findLines.lines.length;
  if (m < 3) return [];
  const trimmedFind = findLines.lines.map((line) => line.trim());
  const first = trimmedFind[0] as string;
  const last = trimmedFind[m - 1] as string;
  if (first === '' || last === '') return [];
  const lastLines = index.linesWithTrimmed(last);
  if (lastLines.length === 0) return [];
  const firstLines = index.linesWithTrimmed(first);
  if (firstLines.length === 0) return [];

  const findMiddle = trimmedFind.slice(1, m - 1).map(bucketProfile);
  const fewestMiddle = Math.ceil(findMiddle.length / 2);
  const mostMiddle = 2 * findMiddle.length;
  return withBudget(() => {
    const found: Candidate[] = [];
    for (const i of firstLines) {
      spendOrThrow(budget);
      const j = nearestInRange(lastLines, i + 1 + fewestMiddle, i + 1 + mostMiddle, i + m - 1);
      if (j === undefined) continue;
      if (middleSimilarEnough(findMiddle, index, i + 1, j - i - 1, budget)) {
        found.push({ start: index.lineStart(i), end: index.blockEnd(j, findLines.trailingNewline) });
      }
    }
    return found;
  });
}

/** The value of ascending `sorted` in [lo, hi] nearest to `target` (the smaller on a tie). */
function nearestInRange(sorted: readonly number[], lo: number, hi: number, target: number): number | undefined {
  let left = 0;
  let right = sorted.length;
  while (left < right) {
    const mid = (left + right) >> 1;
    if ((sorted[mid] as number) < target) left = mid + 1;
    else right = mid;
  }
  const above = sorted[left];
  const below = sorted[left - 1];
  const aboveOk = above !== undefined && above <= hi;
  const belowOk = below !== undefined && below >= lo;
  if (aboveOk && belowOk) return target - below <= above - target ? below : above;
  if (belowOk) return below;
  if (aboveOk) return above;
  return undefined;
}

/**
 * Decides whether the block's middle reaches the threshold, stopping as soon as the answer is
 * certain either way (each similarity computed costs one unit of budget).
 */
function middleSimilarEnough(
  findMiddle: readonly BucketProfile[],
  index: LineIndex,
  from: number,
  blockMiddle: number,
  budget: FuzzyBudget,
): boolean {
  const pairs = Math.min(findMiddle.length, blockMiddle);
  const needed = BLOCK_ANCHOR_MIN_SIMILARITY * Math.max(findMiddle.length, blockMiddle) - EPSILON;
  // Cheap upper bounds first: most blocks that cannot reach the threshold are rejected without
  // a single edit-distance computation. Lengths alone bound each bag bound (the bag distance is
  // at least the length difference), so once the bag bounds computed so far plus the length
  // bounds of the pairs still to come cannot reach the threshold, the block is rejected without
  // reading the rest of its lines, just as the loop below would reject it before spending.
  const content = index.content;
  const starts = new Array<number>(pairs);
  const ends = new Array<number>(pairs);
  const lengthBounds = new Array<number>(pairs);
  let lengthRest = 0;
  for (let t = 0; t < pairs; t++) {
    const start = index.trimmedStart(from + t);
    const end = index.trimmedEnd(from + t, start);
    const findLength = (findMiddle[t] as BucketProfile).text.length;
    const longer = Math.max(findLength, end - start);
    starts[t] = start;
    ends[t] = end;
    lengthBounds[t] = longer === 0 ? 1 : 1 - Math.abs(findLength - (end - start)) / longer;
    lengthRest += lengthBounds[t] as number;
  }
  // The shortcut must never reject a block the exact sum would not: it decides only with a
  // margin wider than the rounding of either sum (at most pairs² ulps of values up to pairs).
  const sure = needed - 1e-9 - pairs * pairs * 1e-15;
  if (lengthRest < sure) return false;
  const bounds = new Array<number>(pairs);
  let boundRest = 0;
  for (let t = 0; t < pairs; t++) {
    bounds[t] = similarityUpperBoundFrom(findMiddle[t] as BucketProfile, content, starts[t] as number, ends[t] as number);
    boundRest += bounds[t] as number;
    lengthRest -= lengthBounds[t] as number;
    if (boundRest + lengthRest < sure) return false;
  }
  let sum = 0;
  for (let t = 0; t < pairs; t++) {
    if (sum >= needed) return true;
    if (sum + boundRest < needed) return false;
    const bound = bounds[t] as number;
    boundRest -= bound;
    if (bound <= 0) continue;
    spendOrThrow(budget);
    sum += lineSimilarity((findMiddle[t] as BucketProfile).text, content.slice(starts[t], ends[t]));
  }
  return sum >= needed;
}

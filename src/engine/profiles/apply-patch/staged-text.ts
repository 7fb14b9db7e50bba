// A patched file's final text as the stage takes it (LazyStagedText): the original and the texts of
// the change regions, joined as a string V8 keeps in pieces (a rope of slices) until something
// reads it whole. A patch of a 5 MB file thus never copies the file into a new flat string on a
// run: the commit splices the region texts into the original bytes, slices are answered from the
// pieces, and whether the text holds a carriage return is known from the pieces too.

import type { LazyStagedText } from '../../file-stage';
import type { StagedFile } from '../../staged-file';
import type { ChangeRegion } from '../../types';

export function stagedText(staged: StagedFile): LazyStagedText {
  const base = staged.original;
  const regions = staged.regions;
  if (regions.length === 0) return { text: base, regions: () => [], slice: (start, end) => base.slice(start, end), noCarriageReturn: !base.includes('\r') };
  const texts = regions.map((r) => staged.slice(r.cStart, r.cEnd));
  let text = '';
  let from = 0;
  regions.forEach((r, i) => {
    text = text + base.slice(from, r.oStart) + texts[i]!;
    from = r.oEnd;
  });
  text += base.slice(from);
  return {
    text,
    regions: () => regions,
    slice: (start, end) => sliceOf(base, regions, texts, start, end),
    noCarriageReturn: !base.includes('\r') && !texts.some((t) => t.includes('\r')),
  };
}

/** final[start, end) where final is `base` with each region's original span replaced by its text. */
function sliceOf(base: string, regions: readonly ChangeRegion[], texts: readonly string[], start: number, end: number): string {
  // The first region that ends after `start` (in the final text's coordinates).
  let lo = 0;
  let hi = regions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (regions[mid]!.cEnd > start) hi = mid;
    else lo = mid + 1;
  }
  const parts: string[] = [];
  let c = start;
  for (let i = lo; c < end; i++) {
    const r = regions[i];
    // Unchanged text before region i (or up to the end): at the same distance from the region in both.
    const stop = Math.min(end, r === undefined ? end : r.cStart);
    if (c < stop) {
      const shift = r === undefined ? (regions.length === 0 ? 0 : regions[regions.length - 1]!.oEnd - regions[regions.length - 1]!.cEnd) : r.oStart - r.cStart;
      parts.push(base.slice(c + shift, stop + shift));
      c = stop;
    }
    if (r === undefined || c >= end) break;
    const upto = Math.min(end, r.cEnd);
    if (c < upto) parts.push(texts[i]!.slice(c - r.cStart, upto - r.cStart));
    c = Math.max(c, upto);
  }
  return parts.length === 1 ? parts[0]! : parts.join('');
}

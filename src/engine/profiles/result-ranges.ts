// Reading line ranges out of a JSON result, for the `lineRanges` hooks of the dialects that report them.

import type { LineRange } from '../types';

type Rec = Record<string, unknown>;

export const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{start, end}`, or null. */
export function asRange(v: unknown): LineRange | null {
  return isRec(v) && typeof v.start === 'number' && typeof v.end === 'number' ? { start: v.start, end: v.end } : null;
}

/** The `{start, end}` entries of a list (others skipped). */
export function ranges(v: unknown): LineRange[] {
  return Array.isArray(v) ? v.map(asRange).filter((r): r is LineRange => r !== null) : [];
}

// The staged content of one file while a call's edits apply to it, and the change regions that
// let the diff and the written bytes avoid re-diffing or re-encoding whole files (SPEC 2.8).
//
// This class is the seam the indexed implementation (piece table + multi-pattern search) will
// replace: profiles only use `count`, `find*`, `apply`, `lineRange` and `text`.

import { countNewlines, lineRangeOf } from './lines';
import type { LineRange, Replacement } from './types';

/**
 * A span of the current content that differs from the original: original view span
 * [oStart, oEnd) became current span [cStart, cEnd). Regions are sorted, disjoint and never touch
 * (touching ones are merged), and the text between them is unchanged.
 */
export interface ChangeRegion {
  oStart: number;
  oEnd: number;
  cStart: number;
  cEnd: number;
}

export class StagedFile {
  readonly original: string;
  private current: string;
  private changeRegions: ChangeRegion[] = [];

  constructor(original: string) {
    this.original = original;
    this.current = original;
  }

  get text(): string {
    return this.current;
  }

  get regions(): readonly ChangeRegion[] {
    return this.changeRegions;
  }

  /** Occurrences of `pattern`, counted overlapping (SPEC 2.3). `pattern` must not be empty. */
  count(pattern: string): number {
    let n = 0;
    for (let i = this.current.indexOf(pattern); i !== -1; i = this.current.indexOf(pattern, i + 1)) n++;
    return n;
  }

  /** First occurrence, or -1. */
  indexOf(pattern: string): number {
    return this.current.indexOf(pattern);
  }

  /** Non-overlapping occurrences left to right (SPEC 2.5, `replace_all`). */
  findAllNonOverlapping(pattern: string): number[] {
    const at: number[] = [];
    for (let i = this.current.indexOf(pattern); i !== -1; i = this.current.indexOf(pattern, i + pattern.length)) at.push(i);
    return at;
  }

  lineRange(start: number, end: number): LineRange {
    return lineRangeOf(this.current, start, end);
  }

  /** Line ranges of sorted, non-overlapping spans in one pass (a `replace_all` of k spans is O(n), not O(k × n)). */
  lineRanges(spans: readonly { start: number; end: number }[]): LineRange[] {
    const t = this.current;
    const out: LineRange[] = [];
    let line = 1;
    let at = 0;
    for (const { start, end } of spans) {
      line += countNewlines(t, at, start);
      const last = end > start ? line + countNewlines(t, start, end - 1) : line;
      out.push({ start: line, end: last });
      line = last;
      at = end > start ? end - 1 : start;
    }
    return out;
  }

  /** Number of lines of the current content, as a range covering it all (at least line 1). */
  lineCount(): number {
    const t = this.current;
    if (t.length === 0) return 1;
    return countNewlines(t) + (t.endsWith('\n') ? 0 : 1);
  }

  /**
   * Apply one edit's replacements (sorted, non-overlapping, current coordinates). Replacement text
   * is inserted literally. Regions are updated in a single merge pass, so a `replace_all` of k
   * occurrences costs O(k + regions), not O(k × regions).
   */
  apply(replacements: readonly Replacement[]): void {
    if (replacements.length === 0) return;
    const parts: string[] = [];
    let from = 0;
    for (const r of replacements) {
      parts.push(this.current.slice(from, r.start), r.text);
      from = r.end;
    }
    parts.push(this.current.slice(from));
    const before = this.current;
    this.current = parts.join('');
    this.changeRegions = mergeRegions(this.changeRegions, replacements.map((r) => trimToChange(before, r)).filter(isChange));
  }
}

/** Shrink a replacement to the span that really changes, so unchanged bytes keep their line endings. */
function trimToChange(content: string, r: Replacement): Replacement {
  let { start, end } = r;
  let text = r.text;
  let p = 0;
  const maxPrefix = Math.min(end - start, text.length);
  while (p < maxPrefix && content.charCodeAt(start + p) === text.charCodeAt(p)) p++;
  let s = 0;
  const maxSuffix = Math.min(end - start - p, text.length - p);
  while (s < maxSuffix && content.charCodeAt(end - 1 - s) === text.charCodeAt(text.length - 1 - s)) s++;
  if (p > 0 || s > 0) {
    start += p;
    end -= s;
    text = text.slice(p, text.length - s);
  }
  return { start, end, text };
}

function isChange(r: Replacement): boolean {
  return r.end > r.start || r.text.length > 0;
}

/**
 * Compose existing regions (current coordinates) with new replacements (also current
 * coordinates) into regions of the new content. One pass over both sorted lists.
 */
export function mergeRegions(regions: readonly ChangeRegion[], reps: readonly Replacement[]): ChangeRegion[] {
  const out: ChangeRegion[] = [];
  const emit = (r: ChangeRegion): void => {
    const last = out[out.length - 1];
    // Touching regions merge: the text between them has length 0 in both coordinates.
    if (last && r.cStart <= last.cEnd) {
      last.oEnd = r.oEnd;
      last.cEnd = r.cEnd;
    } else out.push(r);
  };
  let ri = 0;
  let dOrig = 0; // sum of (current length - original length) of the regions consumed so far
  let shift = 0; // how far positions after the processed replacements moved
  for (const rep of reps) {
    while (ri < regions.length && regions[ri]!.cEnd < rep.start) {
      const g = regions[ri++]!;
      emit({ oStart: g.oStart, oEnd: g.oEnd, cStart: g.cStart + shift, cEnd: g.cEnd + shift });
      dOrig += g.cEnd - g.cStart - (g.oEnd - g.oStart);
    }
    let cS = rep.start;
    let cE = rep.end;
    let oS = rep.start - dOrig;
    let oE: number | null = null;
    let first = true;
    while (ri < regions.length && regions[ri]!.cStart <= rep.end) {
      const g = regions[ri++]!;
      if (first && g.cStart <= rep.start) {
        cS = g.cStart;
        oS = g.oStart;
      }
      first = false;
      dOrig += g.cEnd - g.cStart - (g.oEnd - g.oStart);
      if (g.cEnd >= rep.end) {
        cE = g.cEnd;
        oE = g.oEnd;
      } else oE = null;
    }
    if (oE === null) oE = rep.end - dOrig;
    const grow = rep.text.length - (rep.end - rep.start);
    emit({ oStart: oS, oEnd: oE, cStart: cS + shift, cEnd: cE + shift + grow });
    shift += grow;
  }
  while (ri < regions.length) {
    const g = regions[ri++]!;
    emit({ oStart: g.oStart, oEnd: g.oEnd, cStart: g.cStart + shift, cEnd: g.cEnd + shift });
  }
  return out;
}

// The staged content of one file while a call's edits apply to it, and the change regions that
// let the diff and the written bytes avoid re-diffing or re-encoding whole files (SPEC 2.8).
//
// This class is the seam the indexed implementation (piece table + multi-pattern search) will
// replace: profiles only use `count`, `find*`, `apply`, `lineRange` and `text`.

import { countNewlines } from './lines';
import type { ChangeRegion, LineRange, Replacement } from './types';

export type { ChangeRegion };

/** A region with its cached line-count change (newlines in its current text minus in its original span). */
interface TrackedRegion extends ChangeRegion {
  lineDelta?: number;
}

export class StagedFile {
  readonly original: string;
  private current: string;
  private changeRegions: TrackedRegion[] = [];
  /** Offsets of `\n` in the original, built on the first line query. */
  private originalNewlines: number[] | null = null;

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

  /** A copy of the regions, safe to keep after later edits. */
  snapshotRegions(): ChangeRegion[] {
    return this.changeRegions.map(({ oStart, oEnd, cStart, cEnd }) => ({ oStart, oEnd, cStart, cEnd }));
  }

  /** Occurrences of `pattern` counted overlapping (SPEC 2.3), and the first one (-1 if none). */
  occurrences(pattern: string): { count: number; first: number } {
    const first = this.current.indexOf(pattern);
    let count = 0;
    for (let i = first; i !== -1; i = this.current.indexOf(pattern, i + 1)) count++;
    return { count, first };
  }

  /** Occurrences of `pattern`, counted overlapping (SPEC 2.3). `pattern` must not be empty. */
  count(pattern: string): number {
    return this.occurrences(pattern).count;
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

  /**
   * Number of `\n` before current offset p, without scanning the content: the original's newline
   * index plus the cached line change of each region before p (O(log n + regions)).
   */
  private newlinesBefore(p: number): number {
    const nl = (this.originalNewlines ??= newlineOffsets(this.original));
    let deltaBefore = 0;
    let dOrig = 0;
    for (const g of this.changeRegions) {
      if (g.cEnd <= p && g.cEnd > g.cStart) {
        deltaBefore += (g.lineDelta ??= countNewlines(this.current, g.cStart, g.cEnd) - countNewlines(this.original, g.oStart, g.oEnd));
        dOrig += g.cEnd - g.cStart - (g.oEnd - g.oStart);
        continue;
      }
      if (g.cStart <= p && p < g.cEnd) return lowerBound(nl, g.oStart) + deltaBefore + countNewlines(this.current, g.cStart, p);
      if (g.cStart >= p) break;
      // An empty region (a pure deletion) at or before p: only its removed newlines count.
      deltaBefore += (g.lineDelta ??= -countNewlines(this.original, g.oStart, g.oEnd));
      dOrig -= g.oEnd - g.oStart;
    }
    return lowerBound(nl, p - dOrig) + deltaBefore;
  }

  /** Lines spanned by current [start, end) (SPEC 2.6: a trailing `\n` belongs to the line it ends). */
  lineRange(start: number, end: number): LineRange {
    const first = 1 + this.newlinesBefore(start);
    const last = end > start ? first + countNewlines(this.current, start, end - 1) : first;
    return { start: first, end: last };
  }

  /** Line ranges of sorted, non-overlapping spans in one pass (a `replace_all` of k spans is O(n), not O(k × n)). */
  lineRanges(spans: readonly { start: number; end: number }[]): LineRange[] {
    if (spans.length === 1) return [this.lineRange(spans[0]!.start, spans[0]!.end)];
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

function newlineOffsets(text: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) at.push(i);
  return at;
}

/** Number of entries of sorted `a` that are < v. */
function lowerBound(a: readonly number[], v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
 * coordinates, sorted, disjoint) into regions of the new content, in one pass over both lists.
 * Replacements that touch or overlap a region, or each other, merge into one region.
 */
export function mergeRegions(regions: TrackedRegion[], reps: readonly Replacement[]): TrackedRegion[] {
  const out: TrackedRegion[] = [];
  let ri = 0;
  let dOrig = 0; // (current − original) length of the regions consumed so far: orig = cur − dOrig outside regions
  let shift = 0; // growth of the replacements processed so far
  // The region being built, in pre-edit coordinates; `grow` is the growth of the replacements inside it.
  let p: { oStart: number; oEnd: number; cStart: number; cEnd: number; grow: number } | null = null;
  const pushPending = (): void => {
    if (p) out.push({ oStart: p.oStart, oEnd: p.oEnd, cStart: p.cStart + shift - p.grow, cEnd: p.cEnd + shift });
    p = null;
  };
  for (const rep of reps) {
    if (!p || rep.start > p.cEnd) {
      pushPending();
      // Regions wholly before this replacement only move (they keep their cached line change).
      while (ri < regions.length && regions[ri]!.cEnd < rep.start) {
        const g = regions[ri++]!;
        dOrig += g.cEnd - g.cStart - (g.oEnd - g.oStart);
        g.cStart += shift;
        g.cEnd += shift;
        out.push(g);
      }
      p = { oStart: rep.start - dOrig, oEnd: rep.start - dOrig, cStart: rep.start, cEnd: rep.start, grow: 0 };
    }
    while (ri < regions.length && regions[ri]!.cStart <= rep.end) {
      const g = regions[ri++]!;
      if (g.cStart < p.cStart) {
        p.cStart = g.cStart;
        p.oStart = g.oStart;
      }
      dOrig += g.cEnd - g.cStart - (g.oEnd - g.oStart);
      if (g.cEnd >= p.cEnd) {
        p.cEnd = g.cEnd;
        p.oEnd = g.oEnd;
      }
    }
    if (rep.end > p.cEnd) {
      p.cEnd = rep.end;
      p.oEnd = rep.end - dOrig;
    }
    const grow = rep.text.length - (rep.end - rep.start);
    p.grow += grow;
    shift += grow;
  }
  pushPending();
  while (ri < regions.length) {
    const g = regions[ri++]!;
    g.cStart += shift;
    g.cEnd += shift;
    out.push(g);
  }
  return out;
}

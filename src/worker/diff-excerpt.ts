// The changed regions of a very large file, as pages of two small texts Monaco can diff.
//
// Why: Monaco's diff editor builds a view line for every line of both models on the main thread
// (about 2 µs a line per side) and diffs both models in its worker, so a 5 MB, 100k-line file
// with 10,000 changes stalls the page for seconds. Above LARGE_FILE_LINES the worker therefore
// hands the page only the stretches around the hunks of the tool's own unified diff, joined by
// separator lines, with every excerpt line labelled by its real line number. Dense changes (one
// every ten lines) merge into one long stretch, so the excerpt comes in pages of at most
// PAGE_LINES lines; the page count and a page's position are what the Diff view steps through.
// Building a page costs its own size; indexing the file is done once per file (DiffSource).

/**
 * A side with more lines than this is shown as an excerpt. Measured (bench/ui-bench.ts): Monaco
 * diffing W2 whole (1 MB, 20k lines, 1,000 changes) held the main thread for 1.8 s; a 2,000-line
 * page of it took ~0.2 s.
 */
export const LARGE_FILE_LINES = 10_000;
/** Unchanged lines shown around each hunk. */
export const EXCERPT_CONTEXT = 20;
/**
 * At most this many lines per side on one page: about a dozen screens. Monaco diffs a page again
 * in its worker (a character diff of every changed line pair) before it shows any change, so the
 * page size is the diff's first-screen time: a 2,000-line page of W3 (about 120 hunks) took
 * ~0.3-0.5 s there on the 2-core machine, a 500-line page a quarter of it.
 */
export const PAGE_LINES = 500;

export interface DiffExcerpt {
  original: string;
  modified: string;
  /** Real 1-based line number of each excerpt line, 0 for a separator. */
  originalLines: number[];
  modifiedLines: number[];
  /** Index of the first hunk shown, and how many are shown. */
  firstHunk: number;
  shownHunks: number;
  totalHunks: number;
  /** 0-based page and the page count. */
  page: number;
  pages: number;
}

interface Hunk {
  /** 0-based, end exclusive, in the diff's line numbering (a text ending in `\n` has no extra line). */
  origFrom: number;
  origTo: number;
  modFrom: number;
  modTo: number;
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm;

export function parseHunks(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  for (const m of diff.matchAll(HUNK)) {
    const a = Number(m[1]);
    const b = m[2] === undefined ? 1 : Number(m[2]);
    const c = Number(m[3]);
    const d = m[4] === undefined ? 1 : Number(m[4]);
    // `-a,0` means "after line a": the hunk's place is line a's end.
    const origFrom = b === 0 ? a : a - 1;
    const modFrom = d === 0 ? c : c - 1;
    hunks.push({ origFrom, origTo: origFrom + b, modFrom, modTo: modFrom + d });
  }
  return hunks;
}

/** Offsets where lines start, and the line count in the diff's numbering. */
function lineIndex(text: string): { starts: number[]; count: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const count = text === '' ? 0 : text.endsWith('\n') ? starts.length - 1 : starts.length;
  return { starts, count };
}

function slice(text: string, starts: number[], from: number, to: number): string {
  if (to <= from) return '';
  const end = to < starts.length ? starts[to]! : text.length;
  const chunk = text.slice(starts[from]!, end);
  return chunk.endsWith('\n') ? chunk : `${chunk}\n`;
}

export function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export function isLargeDiff(original: string, modified: string): boolean {
  // Cheap rejections first: a line holds at least one character.
  if (original.length < LARGE_FILE_LINES && modified.length < LARGE_FILE_LINES) return false;
  return countLines(original) > LARGE_FILE_LINES || countLines(modified) > LARGE_FILE_LINES;
}

type Window = Hunk & { hunks: number };

/** One file's texts, indexed once, from which excerpt pages are cut. */
export class DiffSource {
  private readonly o: { starts: number[]; count: number };
  private readonly m: { starts: number[]; count: number };
  private readonly hunks: Hunk[];
  /** First hunk of each page. */
  private readonly pageStarts: number[] = [];

  constructor(
    private readonly original: string,
    private readonly modified: string,
    diff: string,
  ) {
    this.o = lineIndex(original);
    this.m = lineIndex(modified);
    this.hunks = parseHunks(diff);
    for (let h = 0; h < this.hunks.length; h = this.plan(h).end) this.pageStarts.push(h);
    if (this.pageStarts.length === 0) this.pageStarts.push(0);
  }

  get pages(): number {
    return this.pageStarts.length;
  }

  /** The page showing real line `line` (1-based) of one side, or the page of the nearest hunk after it. */
  pageOfLine(side: 'original' | 'modified', line: number): number {
    const at = this.hunks.findIndex((h) => (side === 'original' ? h.origTo : h.modTo) >= line);
    const hunk = at === -1 ? this.hunks.length - 1 : at;
    let page = 0;
    while (page + 1 < this.pageStarts.length && this.pageStarts[page + 1]! <= hunk) page++;
    return page;
  }

  /** Windows of the page starting at hunk `from`: hunks widened by context, merged when they touch. */
  private plan(from: number): { windows: Window[]; end: number } {
    const { o, m, hunks } = this;
    const windows: Window[] = [];
    let lines = 0;
    let h = from;
    for (; h < hunks.length; h++) {
      const hunk = hunks[h]!;
      // Outside hunks the two sides are the same lines, so a window's widening is the same on both.
      const before = Math.min(EXCERPT_CONTEXT, hunk.origFrom, hunk.modFrom);
      const after = Math.min(EXCERPT_CONTEXT, o.count - hunk.origTo, m.count - hunk.modTo);
      const w = { origFrom: hunk.origFrom - before, origTo: hunk.origTo + after, modFrom: hunk.modFrom - before, modTo: hunk.modTo + after, hunks: 1 };
      const prev = windows[windows.length - 1];
      if (prev && w.origFrom <= prev.origTo) {
        const grown = Math.max(w.origTo - prev.origTo, w.modTo - prev.modTo, 0);
        if (lines + grown > PAGE_LINES) break;
        lines += grown;
        prev.origTo = Math.max(prev.origTo, w.origTo);
        prev.modTo = Math.max(prev.modTo, w.modTo);
        prev.hunks++;
      } else {
        const size = Math.max(w.origTo - w.origFrom, w.modTo - w.modFrom) + 1; // + its separator
        if (windows.length > 0 && lines + size > PAGE_LINES) break;
        lines += size;
        windows.push(w);
      }
    }
    return { windows, end: h };
  }

  excerpt(page: number): DiffExcerpt {
    const { original, modified, o, m } = this;
    const p = Math.max(0, Math.min(page, this.pageStarts.length - 1));
    const firstHunk = this.pageStarts[p]!;
    let { windows } = this.plan(firstHunk);
    if (windows.length === 0) windows = [{ origFrom: 0, origTo: Math.min(o.count, 200), modFrom: 0, modTo: Math.min(m.count, 200), hunks: 0 }];

    const origParts: string[] = [];
    const modParts: string[] = [];
    const originalLines: number[] = [];
    const modifiedLines: number[] = [];
    const gap = (origHidden: number, modHidden: number, where: 'unchanged' | 'earlier'): void => {
      const text = (n: number): string =>
        where === 'unchanged'
          ? `⋯ ${n.toLocaleString('en')} unchanged ${n === 1 ? 'line' : 'lines'} not shown ⋯\n`
          : `⋯ ${n.toLocaleString('en')} ${n === 1 ? 'line' : 'lines'} before this page not shown ⋯\n`;
      origParts.push(text(origHidden));
      modParts.push(text(modHidden));
      originalLines.push(0);
      modifiedLines.push(0);
    };
    let origAt = 0;
    let modAt = 0;
    let shownHunks = 0;
    for (const [i, w] of windows.entries()) {
      if (w.origFrom > origAt || w.modFrom > modAt) gap(w.origFrom - origAt, w.modFrom - modAt, i === 0 && p > 0 ? 'earlier' : 'unchanged');
      // A single window larger than the budget (a created 5 MB file) is cut.
      const origTo = Math.min(w.origTo, w.origFrom + PAGE_LINES);
      const modTo = Math.min(w.modTo, w.modFrom + PAGE_LINES);
      origParts.push(slice(original, o.starts, w.origFrom, origTo));
      modParts.push(slice(modified, m.starts, w.modFrom, modTo));
      for (let n = w.origFrom; n < origTo; n++) originalLines.push(n + 1);
      for (let n = w.modFrom; n < modTo; n++) modifiedLines.push(n + 1);
      origAt = origTo;
      modAt = modTo;
      shownHunks += w.hunks;
    }
    const origRest = o.count - origAt;
    const modRest = m.count - modAt;
    if (origRest > 0 || modRest > 0) {
      const line = (n: number): string => `⋯ ${n.toLocaleString('en')} more ${n === 1 ? 'line' : 'lines'} not shown ⋯`;
      // The same text on both sides when the same count is hidden, so it reads as unchanged.
      if (origRest > 0) origParts.push(line(origRest));
      if (modRest > 0) modParts.push(line(modRest));
      if (origRest > 0) originalLines.push(0);
      if (modRest > 0) modifiedLines.push(0);
    }
    return {
      original: origParts.join('').replace(/\n$/, ''),
      modified: modParts.join('').replace(/\n$/, ''),
      originalLines,
      modifiedLines,
      firstHunk,
      shownHunks,
      totalHunks: this.hunks.length,
      page: p,
      pages: this.pageStarts.length,
    };
  }
}

/** Page `page` (default the first) of the excerpt of one file. */
export function diffExcerpt(original: string, modified: string, diff: string, page = 0): DiffExcerpt {
  return new DiffSource(original, modified, diff).excerpt(page);
}

/** The excerpt line showing real line `line`, or the nearest shown one. */
export function excerptLine(lines: readonly number[], line: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < lines.length; i++) {
    const real = lines[i]!;
    if (real === 0) continue;
    const d = Math.abs(real - line);
    if (d < bestDistance) {
      best = i;
      bestDistance = d;
      if (d === 0) break;
    }
  }
  return best + 1;
}

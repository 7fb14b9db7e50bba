// The changed regions of a very large file, as two small texts Monaco can diff.
//
// Why: Monaco's diff editor builds a view line for every line of both models on the main thread
// (about 2 µs a line per side), so a 5 MB, 250k-line file stalls the page for a second and a
// 50 MB one for ten. Above LARGE_FILE_LINES we therefore hand Monaco only the stretches around
// each hunk of the tool's own unified diff, joined by identical separator lines, and label every
// excerpt line with its real line number. The work is one scan of each text plus the size of the
// excerpt, whatever the file size.

/** A side with more lines than this is shown as an excerpt. */
export const LARGE_FILE_LINES = 60_000;
/** Unchanged lines shown around each hunk. */
export const EXCERPT_CONTEXT = 20;
/** At most this many lines per side; later hunks are left out (the unified diff has them all). */
export const MAX_EXCERPT_LINES = 20_000;

export interface DiffExcerpt {
  original: string;
  modified: string;
  /** Real 1-based line number of each excerpt line, 0 for a separator. */
  originalLines: number[];
  modifiedLines: number[];
  shownHunks: number;
  totalHunks: number;
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

export function diffExcerpt(original: string, modified: string, diff: string): DiffExcerpt {
  const o = lineIndex(original);
  const m = lineIndex(modified);
  const hunks = parseHunks(diff);
  // Windows: each hunk widened by context, merged when they touch. Outside hunks the two sides
  // are the same lines, so a window's widening is the same on both sides.
  const windows: (Hunk & { hunks: number })[] = [];
  for (const h of hunks) {
    const before = Math.min(EXCERPT_CONTEXT, h.origFrom, h.modFrom);
    const after = Math.min(EXCERPT_CONTEXT, o.count - h.origTo, m.count - h.modTo);
    const w = { origFrom: h.origFrom - before, origTo: h.origTo + after, modFrom: h.modFrom - before, modTo: h.modTo + after, hunks: 1 };
    const prev = windows[windows.length - 1];
    if (prev && w.origFrom <= prev.origTo) {
      prev.origTo = w.origTo;
      prev.modTo = w.modTo;
      prev.hunks++;
    } else {
      windows.push(w);
    }
  }
  if (windows.length === 0) windows.push({ origFrom: 0, origTo: Math.min(o.count, 200), modFrom: 0, modTo: Math.min(m.count, 200), hunks: 0 });

  const origParts: string[] = [];
  const modParts: string[] = [];
  const originalLines: number[] = [];
  const modifiedLines: number[] = [];
  const separator = (hidden: number): void => {
    const line = `⋯ ${hidden.toLocaleString('en')} unchanged ${hidden === 1 ? 'line' : 'lines'} not shown ⋯\n`;
    origParts.push(line);
    modParts.push(line);
    originalLines.push(0);
    modifiedLines.push(0);
  };
  let origAt = 0;
  let modAt = 0;
  let shownWindows = 0;
  let shownHunks = 0;
  for (const w of windows) {
    if (shownWindows > 0 && originalLines.length + (w.origTo - w.origFrom) > MAX_EXCERPT_LINES) break;
    if (shownWindows > 0 && modifiedLines.length + (w.modTo - w.modFrom) > MAX_EXCERPT_LINES) break;
    if (w.origFrom > origAt) separator(w.origFrom - origAt);
    // A single window larger than the budget (a created 5 MB file) is cut.
    const origTo = Math.min(w.origTo, w.origFrom + MAX_EXCERPT_LINES);
    const modTo = Math.min(w.modTo, w.modFrom + MAX_EXCERPT_LINES);
    origParts.push(slice(original, o.starts, w.origFrom, origTo));
    modParts.push(slice(modified, m.starts, w.modFrom, modTo));
    for (let i = w.origFrom; i < origTo; i++) originalLines.push(i + 1);
    for (let i = w.modFrom; i < modTo; i++) modifiedLines.push(i + 1);
    origAt = origTo;
    modAt = modTo;
    shownWindows++;
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
    shownHunks,
    totalHunks: hunks.length,
  };
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

// Unified diff built from the stage's change regions (SPEC 2.7, 2.8, 10.1): each region is widened
// to whole lines, regions whose lines touch or overlap are merged, and only inside a region are old
// lines diffed against new ones. Unchanged text between regions is never compared.

import { diffArrays } from 'diff';
import { lineIndexAt, lineStarts } from './lines';
import type { ChangeRegion } from './staged-file';

export const DEFAULT_DIFF_CONTEXT = 3;
export const MAX_DIFF_CONTEXT = 20;
/**
 * Myers inside one region is bounded: past this many edit steps the region is shown as all old
 * lines removed and all new lines added, which is still a correct patch.
 */
export const MAX_REGION_EDIT_LENGTH = 2000;

export interface DiffRequest {
  original: string;
  final: string;
  regions: readonly ChangeRegion[];
  context?: number;
  /** Header paths: `--- {oldPath}` / `+++ {newPath}` (`/dev/null` for a created file). */
  oldPath: string;
  newPath: string;
  /** `lineStarts(original)`, when the caller already has it. */
  originalLineStarts?: readonly number[];
}

/** A run of changed lines: `removed` old lines at `oldStart` became `added` at `newStart` (0-based). */
export interface DiffBlock {
  oldStart: number;
  newStart: number;
  removed: string[];
  added: string[];
}

/** Split text into lines that keep their `\n` (the last line may have none). */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  let from = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    lines.push(text.slice(from, i + 1));
    from = i + 1;
  }
  if (from < text.length) lines.push(text.slice(from));
  return lines;
}

interface LineSpan {
  ols: number;
  ole: number;
  nls: number;
  nle: number;
}

/** Widen each region to whole lines in both texts; merge those whose lines touch or overlap. */
function lineSpans(original: string, final: string, regions: readonly ChangeRegion[]): LineSpan[] {
  const spans: LineSpan[] = [];
  for (const r of regions) {
    const ols = r.oStart === 0 ? 0 : original.lastIndexOf('\n', r.oStart - 1) + 1;
    const nls = r.cStart - (r.oStart - ols);
    let ole = r.oEnd;
    let nle = r.cEnd;
    const oldAtLineStart = r.oEnd === 0 || original.charCodeAt(r.oEnd - 1) === 10;
    const newAtLineStart = r.cEnd === 0 || final.charCodeAt(r.cEnd - 1) === 10;
    if (!(oldAtLineStart && newAtLineStart)) {
      const nl = original.indexOf('\n', r.oEnd);
      ole = nl === -1 ? original.length : nl + 1;
      nle = r.cEnd + (ole - r.oEnd);
    }
    const last = spans[spans.length - 1];
    if (last && ols <= last.ole) {
      // This region lies on (or next to) the previous span's lines. Its own end is the right one:
      // the previous span's widening assumed no later change on its last line.
      last.ole = ole;
      last.nle = nle;
    } else spans.push({ ols, ole, nls, nle });
  }
  return spans;
}

/** The changed-line blocks of the whole file, in order. */
export function diffBlocks(original: string, final: string, regions: readonly ChangeRegion[], starts: readonly number[]): DiffBlock[] {
  const blocks: DiffBlock[] = [];
  let lineDelta = 0;
  for (const span of lineSpans(original, final, regions)) {
    const oldLine0 = span.ols >= original.length ? starts.length : lineIndexAt(starts, span.ols);
    const oldText = original.slice(span.ols, span.ole);
    const newText = final.slice(span.nls, span.nle);
    if (isOneLine(oldText) && isOneLine(newText)) {
      // The common case (an edit inside one line): one line became one line, no Myers needed.
      if (oldText !== newText) blocks.push({ oldStart: oldLine0, newStart: oldLine0 + lineDelta, removed: [oldText], added: [newText] });
      continue;
    }
    const oldLines = splitLines(oldText);
    const newLines = splitLines(newText);
    let o = oldLine0;
    let n = oldLine0 + lineDelta;
    const changes = (shareNoLine(oldLines, newLines) ? null : diffArrays(oldLines, newLines, { maxEditLength: MAX_REGION_EDIT_LENGTH })) ?? [
      { value: oldLines, removed: true, added: false, count: oldLines.length },
      { value: newLines, removed: false, added: true, count: newLines.length },
    ];
    let open: DiffBlock | null = null;
    for (const c of changes) {
      if (!c.added && !c.removed) {
        o += c.value.length;
        n += c.value.length;
        open = null;
        continue;
      }
      if (!open) {
        open = { oldStart: o, newStart: n, removed: [], added: [] };
        blocks.push(open);
      }
      if (c.removed) {
        appendAll(open.removed, c.value);
        o += c.value.length;
      } else {
        appendAll(open.added, c.value);
        n += c.value.length;
      }
    }
    lineDelta += newLines.length - oldLines.length;
  }
  return blocks.filter((b) => b.removed.length > 0 || b.added.length > 0);
}

const C_ESCAPES: Readonly<Record<string, string>> = { '\x07': '\\a', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\v': '\\v', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

/**
 * A path for a `---`/`+++` header, quoted as git quotes it when it holds a control character, a
 * double quote or a backslash (`"a\nb"`, octal for other controls), so a newline in a file name
 * cannot start a line of its own and `patch` reads the name back whole. Other names stay bare.
 */
export function quotePath(path: string): string {
  if (!/[\u0000-\u001f\u007f"\\]/.test(path)) return path;
  const body = path.replace(/[\u0000-\u001f\u007f"\\]/g, (c) => C_ESCAPES[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
  return `"${body}"`;
}

/** `target.push(...items)` without spreading: a spread of 130,000+ items overflows the call stack. */
function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/** Exactly one line: non-empty, with no `\n` before its last character. */
function isOneLine(text: string): boolean {
  const nl = text.indexOf('\n');
  return text.length > 0 && (nl === -1 || nl === text.length - 1);
}

/**
 * True when no line occurs on both sides: the longest common subsequence is empty, so the
 * line-minimal diff is every old line removed and every new line added, found in O(lines)
 * without Myers (the common case of a region of edited lines).
 */
function shareNoLine(oldLines: readonly string[], newLines: readonly string[]): boolean {
  if (oldLines.length === 0 || newLines.length === 0) return true;
  const old = new Set(oldLines);
  return !newLines.some((l) => old.has(l));
}

/** Render a unified diff; `''` when nothing changed (as GNU diff prints nothing). */
export function unifiedDiff(req: DiffRequest): string {
  const context = Math.max(0, Math.min(MAX_DIFF_CONTEXT, req.context ?? DEFAULT_DIFF_CONTEXT));
  // No region, no change: a miss or a no-op must not pay for indexing the whole original.
  if (req.regions.length === 0) return '';
  const starts = req.originalLineStarts ?? lineStarts(req.original);
  const blocks = diffBlocks(req.original, req.final, req.regions, starts);
  if (blocks.length === 0) return '';
  const lineAt = (i: number): string => req.original.slice(starts[i]!, starts[i + 1] ?? req.original.length);
  const total = starts.length;
  // First the hunks: a hunk takes every following block whose gap of unchanged lines is at most
  // 2 × context. Counting their lines first lets the output array be allocated once.
  const hunks: { i: number; j: number; oldFrom: number; oldTo: number; removed: number; added: number }[] = [];
  let entries = 3; // the header, and room for two "\ No newline" markers
  for (let i = 0; i < blocks.length; ) {
    let j = i;
    while (j + 1 < blocks.length) {
      const prev = blocks[j]!;
      const gap = blocks[j + 1]!.oldStart - (prev.oldStart + prev.removed.length);
      if (gap > 2 * context) break;
      j++;
    }
    const first = blocks[i]!;
    const last = blocks[j]!;
    const oldFrom = Math.max(0, first.oldStart - context);
    const oldTo = Math.min(total, last.oldStart + last.removed.length + context);
    let removed = 0;
    let added = 0;
    for (let k = i; k <= j; k++) {
      removed += blocks[k]!.removed.length;
      added += blocks[k]!.added.length;
    }
    hunks.push({ i, j, oldFrom, oldTo, removed, added });
    entries += 1 + 2 * (oldTo - oldFrom + added);
    i = j + 1;
  }
  const out = new Array<string>(entries);
  let n = 0;
  const put = (sign: string, line: string): void => {
    out[n++] = sign;
    out[n++] = line;
    if (!line.endsWith('\n')) out[n++] = '\n\\ No newline at end of file\n';
  };
  out[n++] = `--- ${quotePath(req.oldPath)}\n+++ ${quotePath(req.newPath)}\n`;
  for (const { i, j, oldFrom, oldTo, removed, added } of hunks) {
    const first = blocks[i]!;
    const newFrom = first.newStart - (first.oldStart - oldFrom);
    const oldCount = oldTo - oldFrom;
    const newCount = oldCount - removed + added;
    // An empty side is numbered by the line before it (GNU convention: `-0,0` for an empty file).
    out[n++] = `@@ -${oldCount === 0 ? oldFrom : oldFrom + 1},${oldCount} +${newCount === 0 ? newFrom : newFrom + 1},${newCount} @@\n`;
    let line = oldFrom;
    for (let k = i; k <= j; k++) {
      const b = blocks[k]!;
      for (; line < b.oldStart; line++) put(' ', lineAt(line));
      for (const l of b.removed) put('-', l);
      for (const l of b.added) put('+', l);
      line = b.oldStart + b.removed.length;
    }
    for (; line < oldTo; line++) put(' ', lineAt(line));
  }
  out.length = n;
  return out.join('');
}

/** Regions for a whole-file change (a created file, or tests comparing two texts). */
export function wholeFileRegion(original: string, final: string): ChangeRegion[] {
  return original === final ? [] : [{ oStart: 0, oEnd: original.length, cStart: 0, cEnd: final.length }];
}

// One multiedit edit's own diff (content before it → after it), made from a window of lines
// around its replacements, so a call of many edits stays linear in the file plus its edits.

import { quotePath, unifiedDiff } from '../../diff';
import type { ChangeRegion, StagedFile } from '../../staged-file';
import type { Replacement } from '../../types';

/** The lines an edit's diff shows, taken before the edit applies: its changed lines and `context` around them. */
export interface DiffWindow {
  /** Where the window starts in the text before the edit, and its text. */
  start: number;
  text: string;
  /** Lines of the whole text before the window. */
  linesBefore: number;
}

const CONTEXT_DEFAULT = 3;

export function diffWindow(staged: StagedFile, reps: readonly Replacement[], context = CONTEXT_DEFAULT): DiffWindow {
  const c = Math.max(0, Math.min(20, context));
  const first = reps[0];
  const last = reps[reps.length - 1];
  if (first === undefined || last === undefined) return { start: 0, text: '', linesBefore: 0 };
  // One line more than the context on each side: a replacement that ends at a line start but
  // writes no line break joins the next line, which the diff then shows as changed.
  const start = staged.afterBreaksBefore(first.start, c + 2);
  const end = staged.afterBreaksFrom(Math.max(last.start, last.end - 1), c + 2);
  return { start, text: staged.slice(start, end), linesBefore: staged.lineRange(start, start).start - 1 };
}

/**
 * One edit's own diff (content before it → after it), from its replacements only: the diff of
 * the window around them, its hunk headers moved to the window's place in the file. Linear in
 * the window, not the file, so a call of many edits stays linear.
 */
export function editDiff(w: DiffWindow, reps: readonly Replacement[], path: string, context: number): string {
  if (reps.length === 1) {
    const quick = oneLineDiff(w, reps[0]!, path, Math.max(0, Math.min(20, context)));
    if (quick !== null) return quick;
  }
  const regions: ChangeRegion[] = [];
  const parts: string[] = [];
  let shift = 0;
  let from = 0;
  for (const r of reps) {
    const s = r.start - w.start;
    const e = r.end - w.start;
    parts.push(w.text.slice(from, s), r.text);
    from = e;
    const grow = r.text.length - (e - s);
    regions.push({ oStart: s, oEnd: e, cStart: s + shift, cEnd: e + shift + grow });
    shift += grow;
  }
  parts.push(w.text.slice(from));
  const diff = unifiedDiff({ original: w.text, final: parts.join(''), regions, context, oldPath: path, newPath: path });
  if (w.linesBefore === 0) return diff;
  return diff.replace(/^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@/gm, (_m, a: string, ac: string | undefined, b: string, bc: string | undefined) => `@@ -${Number(a) + w.linesBefore}${ac ?? ''} +${Number(b) + w.linesBefore}${bc ?? ''} @@`);
}

const NO_NEWLINE = '\n\\ No newline at end of file\n';

/** Appends a diff line: its sign, the line, and the marker when it has no line break. */
function pushLine(out: string[], sign: string, line: string): void {
  out.push(sign, line);
  if (line.charCodeAt(line.length - 1) !== 10) out.push(NO_NEWLINE);
}

/**
 * The diff of one replacement that changes one line into one line (the common edit), written
 * straight from the window: the same text `unifiedDiff` makes for it, without splitting the
 * window into lines. Null when the replacement is not of that shape.
 */
function oneLineDiff(w: DiffWindow, r: Replacement, path: string, context: number): string | null {
  const text = w.text;
  const s = r.start - w.start;
  const e = r.end - w.start;
  // The changed line, widened as unifiedDiff widens a region: to the start of its first line,
  // and to the end of its last unless the change ends at a line start on both sides.
  const ols = s === 0 ? 0 : text.lastIndexOf('\n', s - 1) + 1;
  const oldAtLineStart = e === 0 || text.charCodeAt(e - 1) === 10;
  const newAtLineStart = r.text.length > 0 ? r.text.charCodeAt(r.text.length - 1) === 10 : s === 0 || text.charCodeAt(s - 1) === 10;
  let ole = e;
  if (!(oldAtLineStart && newAtLineStart)) {
    const nl = text.indexOf('\n', e);
    ole = nl === -1 ? text.length : nl + 1;
  }
  if (ole <= ols) return null;
  const oldLine = text.slice(ols, ole);
  const newLine = text.slice(ols, s) + r.text + text.slice(e, ole);
  if (!isOneLine(oldLine) || !isOneLine(newLine) || oldLine === newLine) return null;
  // Up to `context` whole lines before and after it.
  const before: string[] = [];
  for (let p = ols; before.length < context && p > 0; ) {
    const from = p < 2 ? 0 : text.lastIndexOf('\n', p - 2) + 1;
    before.push(text.slice(from, p));
    p = from;
  }
  const after: string[] = [];
  for (let p = ole; after.length < context && p < text.length; ) {
    const nl = text.indexOf('\n', p);
    const to = nl === -1 ? text.length : nl + 1;
    after.push(text.slice(p, to));
    p = to;
  }
  let lineBefore = 0; // lines of the window before the changed line
  for (let i = text.indexOf('\n'); i !== -1 && i < ols; i = text.indexOf('\n', i + 1)) lineBefore++;
  const from = w.linesBefore + lineBefore - before.length + 1;
  const count = before.length + 1 + after.length;
  const quoted = quotePath(path);
  const out = ['--- ', quoted, '\n+++ ', quoted, `\n@@ -${from},${count} +${from},${count} @@\n`];
  for (let k = before.length - 1; k >= 0; k--) pushLine(out, ' ', before[k]!);
  pushLine(out, '-', oldLine);
  pushLine(out, '+', newLine);
  for (const line of after) pushLine(out, ' ', line);
  return out.join('');
}

/** Exactly one line: non-empty, with no `\n` before its last character. */
function isOneLine(text: string): boolean {
  const nl = text.indexOf('\n');
  return text.length > 0 && (nl === -1 || nl === text.length - 1);
}

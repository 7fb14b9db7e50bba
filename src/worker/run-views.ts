// What the worker sends the page about a run: views sized by what the page shows, never by the
// file. A 5 MB, 10,000-edit run holds the original and final text, bytes, a 4 MB diff and ACP
// events that quote both texts; structured-cloning all of that and rendering it on the main
// thread stalled the page. The page gets counts, the steps, and results and events whose long
// strings are cut; everything else is asked for when a view needs it (diff pages, unified diff
// head, stage content, copy text, the full run for "Save as case").

import { rewritesOutsideEdits } from '../engine/file-stage';
import type { FileStage } from '../engine/types';
import { countLines } from './diff-excerpt';
import type { DiffStat, FileView } from './protocol';

/** Strings longer than this are shown as their head plus a note (the copy has all of them). */
export const SHOWN_STRING_CHARS = 2000;
/** Arrays longer than this are shown as their first items plus a note. */
export const SHOWN_ITEMS = 100;

/**
 * `value` with every string longer than SHOWN_STRING_CHARS cut, saying how much is left out and
 * where to get it; with `items`, arrays longer than SHOWN_ITEMS too (an event's rawInput holds
 * all 10,000 edits of a call).
 */
export function clipLongStrings<T>(value: T, copyHint: string, { items = false }: { items?: boolean } = {}): T {
  // Copy on write: a value with nothing to cut is answered as it is, and only the arrays and
  // objects on the way to a cut are copied (a 10,000-edit result is mostly small objects).
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (v.length <= SHOWN_STRING_CHARS) return v;
      return `${v.slice(0, SHOWN_STRING_CHARS)}… [${(v.length - SHOWN_STRING_CHARS).toLocaleString('en')} more characters; ${copyHint}]`;
    }
    if (typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) {
      const cut = items && v.length > SHOWN_ITEMS;
      const kept = cut ? v.slice(0, SHOWN_ITEMS) : v;
      let out: unknown[] | null = cut ? [...kept] : null;
      for (let i = 0; i < kept.length; i++) {
        const w = walk(kept[i]);
        if (w !== kept[i]) (out ??= [...kept])[i] = w;
      }
      if (cut) out!.push(`… [${(v.length - SHOWN_ITEMS).toLocaleString('en')} more items; ${copyHint}]`);
      return out ?? v;
    }
    let out: Record<string, unknown> | null = null;
    for (const [k, x] of Object.entries(v)) {
      const w = walk(x);
      // defineProperty: a key named `__proto__` stays a key (a plain assignment would set the prototype).
      if (w !== x) Object.defineProperty((out ??= { ...v }), k, { value: w, enumerable: true, writable: true, configurable: true });
    }
    return out ?? v;
  };
  return walk(value) as T;
}

/** Added and removed line counts of a unified diff. */
export function diffStat(diff: string): DiffStat {
  let added = 0;
  let removed = 0;
  let inHunk = false;
  for (let i = 0; i < diff.length; ) {
    const end = diff.indexOf('\n', i);
    const c = diff[i];
    if (c === '@' && diff.startsWith('@@', i)) inHunk = true;
    else if (inHunk && c === '+') added++;
    else if (inHunk && c === '-') removed++;
    if (end === -1) break;
    i = end + 1;
  }
  return { added, removed };
}

/** The first `maxLines` lines of a unified diff, and how many it has. */
export function unifiedHead(diff: string, maxLines: number): { text: string; lines: number } {
  let lines = 0;
  let cut = -1;
  for (let i = diff.indexOf('\n'); i !== -1; i = diff.indexOf('\n', i + 1)) {
    lines++;
    if (lines === maxLines) cut = i + 1;
  }
  if (diff !== '' && !diff.endsWith('\n')) lines++;
  return { text: cut === -1 ? diff : diff.slice(0, cut), lines };
}

export function fileView(f: FileStage): FileView {
  return {
    path: f.path,
    displayPath: f.displayPath,
    absPath: f.absPath,
    created: f.created,
    deleted: f.deleted === true,
    movedFrom: f.movedFrom ?? null,
    wholeWrite: rewritesOutsideEdits(f),
    eol: f.shape.eol,
    bom: f.shape.bom,
    lines: { original: f.created && f.movedFrom === undefined ? 0 : countLines(f.originalText), final: countLines(f.finalText) },
    steps: f.steps.map((s) => ({
      editIndex: s.editIndex,
      strategy: s.strategy,
      lineRanges: s.lineRanges,
      replacements: s.replacements.length,
      ...(s.label !== undefined && { label: s.label }),
      ...(s.rewrite && { rewrite: true }),
    })),
  };
}

// The naive staged baselines the benchmark compares the engine against. Deliberately simple:
// this is what a straightforward implementation of the same contract would do. Like the engine,
// a baseline run starts from the call and the workspace's bytes: engine-bench.ts reads the file
// from the same MemoryFs and decodes it with a plain TextDecoder before calling these.
//
// Exact workloads (W1-W4), "naive staged": per edit, `indexOf` for the match, a second
// `indexOf(s, i + 1)` for uniqueness, then slice and concatenate; `replace_all` is split/join.
// One `structuredPatch` (jsdiff, whole file against whole file) at the end.
//
// Fuzzy workloads (W5, W6, W6b), "naive line scan": only the line-trimmed strategy. Split the
// content into lines once, then for every start line compare the find's trimmed lines with the
// content's lines trimmed on the fly, stopping at the first difference. A unique match is
// re-indented by the uniform offset of its first non-blank line (SPEC 10.4) and spliced in; one
// `structuredPatch` at the end. The engine tries up to eight strategies on a miss, so this
// baseline does strictly less work than the engine on W6/W6b: beating it is a high bar.

import { structuredPatch, type StructuredPatch } from 'diff';
import type { BenchEdit } from './workloads';

export type NaiveOutcome =
  | { ok: true; finalText: string; patch: StructuredPatch; applied: number; replacements: number }
  | { ok: false; code: 'STRING_NOT_FOUND' | 'MULTIPLE_MATCHES'; edit: number };

export const DIFF_CONTEXT = 3;

export function naiveExact(path: string, original: string, edits: readonly BenchEdit[]): NaiveOutcome {
  let text = original;
  let replacements = 0;
  for (const [i, e] of edits.entries()) {
    if (e.replaceAll) {
      const parts = text.split(e.oldString);
      if (parts.length === 1) return { ok: false, code: 'STRING_NOT_FOUND', edit: i };
      replacements += parts.length - 1;
      text = parts.join(e.newString);
      continue;
    }
    const at = text.indexOf(e.oldString);
    if (at === -1) return { ok: false, code: 'STRING_NOT_FOUND', edit: i };
    if (text.indexOf(e.oldString, at + 1) !== -1) return { ok: false, code: 'MULTIPLE_MATCHES', edit: i };
    text = text.slice(0, at) + e.newString + text.slice(at + e.oldString.length);
    replacements++;
  }
  const patch = structuredPatch(path, path, original, text, undefined, undefined, { context: DIFF_CONTEXT });
  return { ok: true, finalText: text, patch, applied: edits.length, replacements };
}

function indentWidth(line: string): number {
  let w = 0;
  while (w < line.length && (line[w] === ' ' || line[w] === '\t')) w++;
  return w;
}

function reindent(text: string, offset: number): string {
  if (offset === 0) return text;
  return text
    .split('\n')
    .map((line) => {
      if (line.trim() === '') return line;
      return offset > 0 ? ' '.repeat(offset) + line : line.slice(Math.min(-offset, indentWidth(line)));
    })
    .join('\n');
}

/** One edit by trimmed-line scan (no replace_all), applied edit after edit. */
export function naiveLineScan(path: string, original: string, edits: readonly BenchEdit[]): NaiveOutcome {
  let text = original;
  for (const [i, e] of edits.entries()) {
    const lines = text.split('\n');
    const findLines = e.oldString.split('\n');
    const trailingNewline = findLines.length > 1 && findLines[findLines.length - 1] === '';
    if (trailingNewline) findLines.pop();
    const want = findLines.map((l) => l.trim());
    const m = want.length;
    const starts: number[] = [];
    for (let s = 0; s + m <= lines.length; s++) {
      let j = 0;
      while (j < m && (lines[s + j] as string).trim() === want[j]) j++;
      if (j === m) starts.push(s);
    }
    if (starts.length === 0) return { ok: false, code: 'STRING_NOT_FOUND', edit: i };
    if (starts.length > 1) return { ok: false, code: 'MULTIPLE_MATCHES', edit: i };
    const s = starts[0] as number;
    let offset = 0;
    for (let j = 0; j < m; j++) {
      const f = findLines[j] as string;
      const a = lines[s + j] as string;
      if (f.trim() === '' || a.trim() === '') continue;
      offset = indentWidth(a) - indentWidth(f);
      break;
    }
    let replacement = reindent(e.newString, offset);
    if (trailingNewline && replacement.endsWith('\n')) replacement = replacement.slice(0, -1);
    text = [...lines.slice(0, s), replacement, ...lines.slice(s + m)].join('\n');
  }
  const patch = structuredPatch(path, path, original, text, undefined, undefined, { context: DIFF_CONTEXT });
  return { ok: true, finalText: text, patch, applied: edits.length, replacements: edits.length };
}

/** `-` and `+` lines of a structured patch (what the engine's unified diff must also contain). */
export function patchLineCounts(patch: StructuredPatch): { removed: number; added: number } {
  let removed = 0;
  let added = 0;
  for (const h of patch.hunks) {
    for (const l of h.lines) {
      if (l.startsWith('-')) removed++;
      else if (l.startsWith('+')) added++;
    }
  }
  return { removed, added };
}

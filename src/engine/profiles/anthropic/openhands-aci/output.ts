// What openhands-aci shows: Python's str() of values, files as lines, `cat -n` output, the capped history.

import type { EditHistory } from '../history';
import { MAX_RESPONSE_LEN } from '../output';
import { pySplitlines } from '../python-str';
import { expandTabs, headCodePoints, pyRepr, pyScalar } from '../python-text';
import { type Features } from './features';

/** Python `str()` of a JSON value (repr for strings inside a list). */
export function pyValue(v: unknown, nested = false): string {
  if (typeof v === 'string') return nested ? pyRepr(v) : v;
  if (typeof v === 'number' || typeof v === 'boolean') return pyScalar(v);
  if (v === null || v === undefined) return 'None';
  if (Array.isArray(v)) return `[${v.map((x) => pyValue(x, true)).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>).map(([k, x]) => `${pyRepr(k)}: ${pyValue(x, true)}`).join(', ')}}`;
}

/** The file's lines as iterating a text file gives them (universal newlines), each with its `\n`. */
export function fileLines(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const nl = text.indexOf('\n', at);
    const end = nl === -1 ? text.length : nl + 1;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/** `read_file(path, start_line, end_line)`: lines start..end (1-based, inclusive) as read. */
export const readRange = (lines: readonly string[], start: number, end: number): string => lines.slice(Math.max(0, start - 1), Math.max(0, end)).join('');

/** `maybe_truncate` with the release's notice. */
export function truncate(s: string, notice: string): string {
  const { head, cut } = headCodePoints(s, MAX_RESPONSE_LEN);
  return cut ? head + notice : s;
}

/** `_make_output`: truncated, tabs expanded (until 0.2.11), each line numbered `{n:6}\t`. */
export function makeOutput(f: Features, content: string, descriptor: string, start: number): string {
  let shown = truncate(content, f.notice);
  if (f.tabsArgs) shown = expandTabs(shown).text;
  const lines = f.outputSplitlines ? pySplitlines(shown) : shown.split('\n');
  return `Here's the result of running \`cat -n\` on ${descriptor}:\n${lines.map((l, i) => `${String(i + start).padStart(6)}\t${l}`).join('\n')}\n`;
}

/** An edit history that keeps at most `cap` entries per path, with only push and pop to work with. */
export function pushCapped(history: EditHistory, path: string, text: string, cap: number): void {
  if (cap === Infinity) {
    history.push(path, text);
    return;
  }
  const kept: string[] = [];
  for (let t = history.pop(path); t !== undefined; t = history.pop(path)) kept.unshift(t);
  kept.push(text);
  for (const t of kept.slice(-cap)) history.push(path, t);
}

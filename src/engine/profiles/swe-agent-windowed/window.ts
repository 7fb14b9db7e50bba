// The window of SWE-agent 0.x's shell commands (config/commands/defaults.sh at 5b143857): the
// state is CURRENT_FILE and CURRENT_LINE, the line the window centres on; WINDOW (100) lines
// are shown, OVERLAP (2) of them kept when scrolling. The arithmetic is jq's (floating point,
// then `floor` or `round`) and the lines are `grep -n $ | head -n A | tail -n B`, with GNU
// head's and tail's reading of a negative count (head: all but the last |A|; tail: the last |B|),
// which the linter's before/after windows can reach when an edit's end line is before its start.

export const WINDOW = 100;
export const OVERLAP = 2;

/** The lines `awk 'END {print NR}'` counts and `grep -n $` prints: split on LF, no empty last line after a final LF. */
export function fileLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** `_constrain_line`: keep the centre line where a full window fits (half a window from each end). */
export function constrainLine(currentLine: number, totalLines: number, size: number): number {
  const half = Math.floor(size / 2);
  return Math.max(Math.min(currentLine, totalLines - half), half);
}

/** jq's `round` (C's round: halves away from zero). */
const jqRound = (x: number): number => (x < 0 ? -Math.round(-x) : Math.round(x));

function head<T>(items: readonly T[], n: number): readonly T[] {
  return n >= 0 ? items.slice(0, n) : items.slice(0, Math.max(0, items.length + n));
}

function tail<T>(items: readonly T[], n: number): readonly T[] {
  const k = Math.abs(n);
  return k === 0 ? [] : items.slice(Math.max(0, items.length - k));
}

/**
 * `_print`: `[File: <abs path> (<N> lines total)]`, `(<k> more lines above)`, the numbered
 * lines, `(<k> more lines below)`; every line ends with LF, as echo and grep end them.
 */
export function printWindow(absPath: string, lines: readonly string[], currentLine: number, size: number): string {
  const total = lines.length;
  const out = [`[File: ${absPath} (${total} lines total)]`];
  const above = Math.floor(Math.max(0, currentLine - size / 2));
  const below = jqRound(Math.max(0, total - currentLine - size / 2));
  if (above > 0) out.push(`(${above} more lines above)`);
  const numbered = lines.map((line, i) => `${i + 1}:${line}`);
  out.push(...tail(head(numbered, Math.floor(Math.max(currentLine + size / 2, size / 2))), size));
  if (below > 0) out.push(`(${below} more lines below)`);
  return `${out.join('\n')}\n`;
}

/** `open`'s and `goto`'s centre line for a requested line: the line sits a sixth of a window from the top. */
export function centreFor(line: number, size: number): number {
  const offset = Math.floor(size / 6);
  return Math.floor(Math.max(line + size / 2 - offset, 1));
}

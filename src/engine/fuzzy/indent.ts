// Re-indentation of new_string when a fuzzy match sits at another indentation (SPEC 10.4).
import { isBlank } from './line-index';

export type IndentChar = ' ' | '\t';

/**
 * Shifts every non-blank line of `text` by `offset` columns: a positive offset prefixes that
 * many `indentChar`s, a negative one removes up to |offset| leading spaces or tabs, never more
 * than the line has. Blank (whitespace-only) lines are left exactly as they are.
 */
export function reindent(text: string, offset: number, indentChar: IndentChar = ' '): string {
  if (offset === 0) return text;
  const prefix = offset > 0 ? indentChar.repeat(offset) : '';
  return text
    .split('\n')
    .map((line) => {
      if (isBlank(line)) return line;
      if (offset > 0) return prefix + line;
      const cut = Math.min(-offset, indentWidth(line));
      return line.slice(cut);
    })
    .join('\n');
}

/**
 * The uniform indentation offset of `actual` (the matched text) relative to `find`, measured on
 * lines paired by position: every pair when both have the same number of lines, else the first
 * lines and the last lines (block-anchor blocks may differ in length in the middle). Pairs where
 * either line is blank do not count. Offset 0 when the pairs disagree or none counts.
 * Columns are characters: a tab is one column, as in "removes up to k whitespace characters".
 * The indentation character is the first one of the first indented matched line.
 */
export function indentShift(find: string, actual: string): { offset: number; indentChar: IndentChar } {
  const findLines = linesOf(find);
  const actualLines = linesOf(actual);
  const pairs: [number, number][] =
    findLines.length === actualLines.length
      ? findLines.map((_, i) => [i, i])
      : [
          [0, 0],
          [findLines.length - 1, actualLines.length - 1],
        ];
  let offset: number | undefined;
  let indentChar: IndentChar | undefined;
  for (const [fi, ai] of pairs) {
    const f = findLines[fi] as string;
    const a = actualLines[ai] as string;
    if (isBlank(f) || isBlank(a)) continue;
    const shift = indentWidth(a) - indentWidth(f);
    if (offset === undefined) offset = shift;
    else if (offset !== shift) return { offset: 0, indentChar: ' ' };
    if (indentChar === undefined && indentWidth(a) > 0) indentChar = a[0] === '\t' ? '\t' : ' ';
  }
  return { offset: offset ?? 0, indentChar: indentChar ?? ' ' };
}

export function indentWidth(line: string): number {
  let width = 0;
  while (width < line.length && (line[width] === ' ' || line[width] === '\t')) width++;
  return width;
}

/** Lines of a text, without the empty one after a final `\n`. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

// How Gemini CLI's flexible and fuzzy matching cut a text into lines, and the re-indentation both
// apply to new_string. Lines are found with `/.*(?:\n|$)/g`, whose `.` stops at CR, U+2028 and
// U+2029: a line's text up to and including such a character is in no line at all, so the
// reference's rejoined lines drop it. Lines here are spans of the content, so those drops (and
// the fuzzy strategy's second CRLF-to-LF pass) can be staged as the deletions they are.

export interface RefLine {
  /** Span of the content the line stands for (its `\n` included). */
  start: number;
  end: number;
  /** The line's text as the reference sees it: the span less the CRs of `crs`. */
  text: string;
  /** Content offsets of CRs before a LF that a CRLF-to-LF pass removed from this line. */
  crs: number[];
}

export interface RefLines {
  lines: RefLine[];
  /** Content spans in no line (a line's text up to and including a lone CR, U+2028 or U+2029). */
  dropped: { start: number; end: number }[];
}

const LINE = /.*(?:\n|$)/g;

/**
 * `content.match(/.*(?:\n|$)/g).slice(0, -1)` as spans. With `crlfPass`, the content is first read
 * through `replace(/\r\n/g, '\n')`, as the fuzzy strategy does a second time.
 */
export function refLines(content: string, crlfPass: boolean): RefLines {
  const removed: number[] = [];
  let text = content;
  if (crlfPass && content.includes('\r\n')) {
    for (let i = content.indexOf('\r\n'); i !== -1; i = content.indexOf('\r\n', i + 2)) removed.push(i);
    text = content.replaceAll('\r\n', '\n');
  }
  // Offset in `text` to offset in `content`: every removed CR before it shifts it by one.
  let k = 0;
  const toContent = (t: number): number => {
    while (k < removed.length && removed[k]! - k < t) k++;
    return t + k;
  };
  const lines: RefLine[] = [];
  const dropped: RefLines['dropped'] = [];
  let covered = 0;
  const matches = [...text.matchAll(LINE)];
  matches.pop();
  for (const m of matches) {
    const tStart = m.index;
    const tEnd = tStart + m[0].length;
    const start = toContent(tStart);
    const firstCr = k;
    const end = toContent(tEnd);
    if (start > covered) dropped.push({ start: covered, end: start });
    lines.push({ start, end, text: m[0], crs: removed.slice(firstCr, k) });
    covered = end;
  }
  if (lines.length > 0 && covered < content.length) dropped.push({ start: covered, end: content.length });
  return { lines, dropped };
}

/** The reference's string-level split, for old_string (whose dropped text is simply not compared). */
export function refLineTexts(text: string): string[] {
  const all = text.match(LINE) ?? [];
  return all.slice(0, -1);
}

/**
 * new_string's lines moved to `indent`: the first line's leading blanks are the reference
 * indentation; a line that starts with it gets `indent` in its place, any other non-blank line is
 * left-trimmed and indented, and a blank line becomes empty.
 */
export function reindent(lines: readonly string[], indent: string): string[] {
  if (lines.length === 0) return [];
  const ref = /^[ \t]*/.exec(lines[0]!)![0];
  return lines.map((line) => {
    if (line.trim() === '') return '';
    if (line.startsWith(ref)) return indent + line.slice(ref.length);
    return indent + line.trimStart();
  });
}

export const leadingBlanks = (line: string): string => /^[ \t]*/.exec(line)![0];

/**
 * What rejoining the line array loses besides the replaced windows: the spans in no line outside
 * every window (one between a window's lines goes with the window it sits in), and the CRs a CRLF
 * pass took out of lines that stay.
 */
export function lineDeletions(split: RefLines, replacements: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let w = 0;
  for (const d of split.dropped) {
    while (w < replacements.length && replacements[w]!.end <= d.start) w++;
    const inside = w < replacements.length && replacements[w]!.start <= d.start && d.end <= replacements[w]!.end;
    if (!inside) out.push(d);
  }
  let r = 0;
  for (const line of split.lines) {
    if (line.crs.length === 0) continue;
    while (r < replacements.length && replacements[r]!.end <= line.start) r++;
    const inside = r < replacements.length && replacements[r]!.start <= line.start && line.end <= replacements[r]!.end;
    if (!inside) for (const c of line.crs) out.push({ start: c, end: c + 1 });
  }
  return out.sort((a, b) => a.start - b.start);
}

// Reading what a recorded answer shows of a file (a session seeds files from it): numbered lines,
// for the `shows` hooks of the profiles whose answers show a file, and for the transcript readers.

import type { FileEnd, Shown } from './profile';

export type { FileEnd, Shown };

/** A numbered line whose tab went with the output's trailing whitespace (SWE-ReX before 1.3 strips it): an empty last line. */
const CAT_N_STRIPPED = /^ *(\d+)$/;

/**
 * Numbered lines from the top of `text`; stops at the first line of another shape (a reminder, a
 * note). `strippedLast`: the text's last line may be a number alone, the next one, for an empty line.
 */
export function numberedLines(text: string, pattern: RegExp, strippedLast = false): Map<number, string> {
  const lines = new Map<number, string>();
  const rows = text.split('\n');
  let last: number | null = null;
  for (let i = 0; i < rows.length; i++) {
    const m = pattern.exec(rows[i]!);
    if (!m) {
      const bare = strippedLast && i === rows.length - 1 ? CAT_N_STRIPPED.exec(rows[i]!) : null;
      if (bare !== null && (last === null || Number(bare[1]) === last + 1)) lines.set(Number(bare[1]), '');
      break;
    }
    last = Number(m[1]);
    lines.set(last, m[2]!);
  }
  return lines;
}

/** The lines as a text: whole when they run from 1 without a gap. */
export function fromLines(lines: Map<number, string>, finalNewline: boolean): Shown | null {
  if (lines.size === 0) return null;
  const numbers = [...lines.keys()];
  const contiguousFromOne = numbers.every((n, i) => n === i + 1);
  if (!contiguousFromOne) return { kind: 'partial', lines };
  const body = [...lines.values()].join('\n');
  return { kind: 'whole', text: finalNewline ? `${body}\n` : body };
}

/**
 * Lines shown by several parts of a file (at their numbers), with where the file ends if a part
 * ran out of lines: the whole file when they hold every line up to its end, else the part.
 */
export function joinedParts(lines: Map<number, string>, end: FileEnd | undefined): Shown {
  if (end === undefined || lines.size !== end.line || ![...lines.keys()].every((n) => n >= 1 && n <= end.line)) return { kind: 'partial', lines, ...(end !== undefined && { end }) };
  const body = Array.from({ length: end.line }, (_, k) => lines.get(k + 1)!).join('\n');
  return { kind: 'whole', text: end.finalNewline ? `${body}\n` : body };
}

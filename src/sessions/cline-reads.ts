// What Cline's read_file answer shows of its file, by release. Up to 2.11 the answer is the
// file's text. From 2.12 (cline/cline 884fbfb, "chunked reading with start_line/end_line",
// 2026-03-27; ReadFileToolHandler.ts formatFileContentWithLineNumbers) each line is labelled
// `N | line`, the lines split on `\r?\n` (so line endings and whether the file ends with one are
// not shown), then a footer: `(File has N lines total.)` when the read reached the end,
// `(Showing lines a-b of N total. Use start_line=b+1 to continue reading.)` when it stopped at
// 1,000 lines or at `end_line`, or the extractor's `---\n\n[FILE TRUNCATED: …` when the file was
// cut. A repeated read is prefixed `[File already read] …` or `[DUPLICATE READ] …` on a line of
// its own. Newer Cline also sends `task_progress` beside the path, which changes nothing read.

import { fromLines, type Shown } from '../engine/profiles/shown';
import { isRecord } from '../engine/helpers';

/** Input fields a read_file call may hold; any other makes the answer something this cannot read. */
const READ_KEYS = new Set(['path', 'absolutePath', 'task_progress', 'start_line', 'end_line']);
const REPEATED = /^\[(?:File already read|DUPLICATE READ)\] [^\n]*\n/;
const WHOLE_FOOTER = /\n\n\(File has (\d+) lines total\.\)$/;
const PART_FOOTER = /\n\n\(Showing lines (\d+)-(\d+) of (\d+) total\. Use start_line=\d+ to continue reading\.\)$/;
const TRUNCATED = '\n\n---\n\n[FILE TRUNCATED:';

/** The labelled lines of `body`, numbered from `start` without a gap, or null when a line is not labelled so. */
function labelledLines(body: string, start: number): Map<number, string> | null {
  const lines = new Map<number, string>();
  const rows = body.split('\n');
  for (let k = 0; k < rows.length; k++) {
    const label = `${start + k} | `;
    if (!rows[k]!.startsWith(label)) return null;
    lines.set(start + k, rows[k]!.slice(label.length));
  }
  return lines;
}

/** The first label of a labelled answer (`12 | …`), or null. */
const firstLabel = (body: string): number | null => {
  const m = /^(\d+) \| /.exec(body);
  return m === null ? null : Number(m[1]);
};

/** What a Cline read_file answer shows: the whole file, the lines shown, or null when it shows nothing this can read. */
export function clineReadShown(input: unknown, answer: string): Shown | null {
  if (!isRecord(input) || !Object.keys(input).every((k) => READ_KEYS.has(k))) return null;
  const text = answer.replace(REPEATED, '');
  const whole = WHOLE_FOOTER.exec(text);
  const part = whole === null ? PART_FOOTER.exec(text) : null;
  const cut = whole === null && part === null ? text.indexOf(TRUNCATED) : -1;
  if (whole !== null || part !== null || cut !== -1) {
    const body = text.slice(0, whole?.index ?? part?.index ?? cut);
    const start = firstLabel(body);
    const lines = start === null ? null : labelledLines(body, start);
    if (lines === null) return null;
    // The lines are the whole file only when the read started at line 1 and the footer counts them all.
    if (whole !== null && start === 1 && lines.size === Number(whole[1])) return fromLines(lines, true);
    return { kind: 'partial', lines };
  }
  // Before 2.12 (no line range to ask for): the answer is the file's text.
  if (Object.hasOwn(input, 'start_line') || Object.hasOwn(input, 'end_line')) return null;
  return { kind: 'whole', text };
}

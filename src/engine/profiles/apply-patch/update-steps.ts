// Turning an update plan (line replacements in the content the plan was computed on) into stage
// steps on a StagedFile, with the bytes codex writes:
//
// - codex rebuilds the file line by line: a line it keeps keeps its text and its own ending, a
//   line it writes gets the ending of the file's first line break. Each replacement therefore
//   removes whole lines with their endings and inserts whole lines; written as a deletion and
//   then an insertion, the change region spans the old endings too, so the commit splices in the
//   new lines with the stage's line ending (set to that first ending) and leaves every kept
//   line's bytes alone. A single replacement would be trimmed to the characters that differ and
//   keep an old ending codex does not keep.
// - codex gives every line an ending, so an unterminated last line gets one: from the chunk that
//   rewrites it, before lines appended after it, or else as a step of its own at the end.
//
// Each chunk is one step. Its replacements' line numbers refer to the content the plan was
// computed on; chunks match in increasing order, except chunks without old lines, which append at
// the end, so a step's offsets and line numbers are shifted by every earlier replacement in file
// order plus, at the very end of the file, every earlier append. The steps are worked out from
// these shifts, and the changes of all the chunks are made on the staged file in one pass.

import { countNewlines } from '../../lines';
import type { StagedFile } from '../../staged-file';
import type { LineRange, Replacement, StageStep } from '../../types';
import type { ChunkPlan } from './plan-update';

export interface UpdateStepsInput {
  staged: StagedFile;
  plan: readonly ChunkPlan[];
  /** editIndex of the first chunk; the chunks take consecutive indexes. */
  firstIndex: number;
  /** The file as the hunk named it, for step labels. */
  label: string;
  onStep: () => void;
}

export interface UpdateStepsResult {
  steps: StageStep[];
  /** The content had an unterminated last line and now ends with a line break. */
  addedFinalNewline: boolean;
  /** Some chunk wrote at least one line (not only context). */
  wroteLines: boolean;
}

export function applyUpdatePlan(input: UpdateStepsInput): UpdateStepsResult {
  const { staged, plan } = input;
  const base = staged.text;
  const lines = new LineOffsets(base);
  const end = base.length;
  let unterminated = base !== '' && !base.endsWith('\n');
  const wasUnterminated = unterminated;
  let shiftInFile = 0;
  let shiftAtEnd = 0;
  let linesInFile = 0;
  let linesAtEnd = 0;
  let wroteLines = false;
  const steps: StageStep[] = [];
  /** Every change in the content the plan was computed on, in the order the chunks make them. */
  const edits: Planned[] = [];
  plan.forEach((chunk, k) => {
    // The chunk's changes go straight into `edits`, from `firstEdit` on.
    const firstEdit = edits.length;
    if (chunk.anchor !== undefined) lines.know(chunk.anchor.line, chunk.anchor.offset);
    for (const r of chunk.replacements) {
      const from = lines.startOf(r.start);
      const to = r.oldLen === 0 ? from : lines.startOf(r.start + r.oldLen);
      let text = r.newLines.length === 0 ? '' : `${r.newLines.join('\n')}\n`;
      if (unterminated && to === end && (r.oldLen > 0 || text !== '')) {
        // Lines appended after the unterminated last line first end it; a rewrite of it ends it.
        if (r.oldLen === 0) text = `\n${text}`;
        unterminated = false;
      }
      // Only a line past the last one starts at the end (every line of the file starts before it),
      // and that is line n: the line breaks before it are n, or n - 1 without a final one.
      const breaksBefore = from === end ? r.start - (wasUnterminated ? 1 : 0) : r.start;
      if (to > from || text !== '') edits.push({ at: from, len: to - from, text, append: from === end, breaksBefore });
      if (r.newLines.length > 0) wroteLines = true;
    }
    // The step's replacements and lines, in the content before it: earlier chunks changed the
    // text before each of these (and, for an append, the end) by the shifts so far. The lists are
    // made at their size (most chunks make one change).
    const count = edits.length - firstEdit;
    const replacements = new Array<Replacement>(count);
    const lineRanges = new Array<LineRange>(count);
    for (let e = 0; e < count; e++) {
      const p = edits[firstEdit + e]!;
      const at = p.at + shiftInFile + (p.append ? shiftAtEnd : 0);
      replacements[e] = { start: at, end: at + p.len, text: p.text };
      const first = 1 + p.breaksBefore + linesInFile + (p.append ? linesAtEnd : 0);
      lineRanges[e] = { start: first, end: p.len > 0 ? first + countNewlines(base, p.at, p.at + p.len - 1) : first };
    }
    for (let e = firstEdit; e < edits.length; e++) {
      const p = edits[e]!;
      const d = p.text.length - p.len;
      const dl = countNewlines(p.text) - countNewlines(base, p.at, p.at + p.len);
      if (p.append) (shiftAtEnd += d), (linesAtEnd += dl);
      else (shiftInFile += d), (linesInFile += dl);
    }
    steps.push({ editIndex: input.firstIndex + k, replacements, lineRanges, strategy: chunk.level, label: `Hunk ${k + 1} of ${input.label}` });
    input.onStep();
  });
  staged.apply(asOneEdit(edits));
  if (unterminated) {
    const at = staged.length;
    const replacement = { start: at, end: at, text: '\n' };
    const lineRanges = staged.lineRanges([replacement]);
    staged.apply([replacement]);
    steps.push({
      editIndex: input.firstIndex + Math.max(0, plan.length - 1),
      replacements: [replacement],
      lineRanges,
      strategy: 'final newline',
      rewrite: true,
      label: `Final newline of ${input.label}`,
    });
  }
  return { steps, addedFinalNewline: wasUnterminated && staged.length > 0, wroteLines };
}

interface Planned {
  /** Offset and length of the lines removed, in the content the plan was computed on. */
  at: number;
  len: number;
  /** The lines written there, each with its line break. */
  text: string;
  /** At the end of the content: after every change made before it, appends included. */
  append: boolean;
  /** Line breaks before `at` in that content. */
  breaksBefore: number;
}

/**
 * The chunks' changes as one edit of the content they were planned on, made in one pass: each
 * removal and each insertion a replacement of its own, so no change is trimmed to the characters
 * that differ (the lines it removes go with their line endings). Changes come in file order, but
 * for appends at the end; what is inserted at one place goes there in the order it was made,
 * before the removal that starts there.
 */
function asOneEdit(edits: readonly Planned[]): Replacement[] {
  const inOrder = inFileOrder(edits);
  if (inOrder !== null) return inOrder;
  const at = new Map<number, { inserted: string; removed: number }>();
  for (const e of edits) {
    const place = at.get(e.at) ?? { inserted: '', removed: 0 };
    place.inserted += e.text;
    place.removed = Math.max(place.removed, e.len);
    at.set(e.at, place);
  }
  const out: Replacement[] = [];
  for (const offset of [...at.keys()].sort((a, b) => a - b)) {
    const { inserted, removed } = at.get(offset)!;
    if (inserted !== '') out.push({ start: offset, end: offset, text: inserted });
    if (removed > 0) out.push({ start: offset, end: offset + removed, text: '' });
  }
  return out;
}

/**
 * asOneEdit's replacements where the changes come in file order (no append before a change further
 * up), the common case, made in one pass: changes at one offset are consecutive, so they are
 * gathered as they come. `null` where a change comes before one already seen.
 */
function inFileOrder(edits: readonly Planned[]): Replacement[] | null {
  const out: Replacement[] = [];
  let k = 0;
  while (k < edits.length) {
    const offset = edits[k]!.at;
    let inserted = '';
    let removed = 0;
    for (; k < edits.length && edits[k]!.at === offset; k++) {
      inserted += edits[k]!.text;
      removed = Math.max(removed, edits[k]!.len);
    }
    if (k < edits.length && edits[k]!.at < offset) return null;
    if (inserted !== '') out.push({ start: offset, end: offset, text: inserted });
    if (removed > 0) out.push({ start: offset, end: offset + removed, text: '' });
  }
  return out;
}

/**
 * Where codex's lines of a text start (none after a final `\n`), found on demand from the last
 * line asked for or the last one the search placed: a plan's lines come in increasing order, so
 * a patch walks at most the text once and never holds an offset per line of the file.
 */
class LineOffsets {
  private line = 0;
  private offset = 0;

  constructor(private readonly text: string) {}

  /** Line `k` starts at `offset` (the search found it): a later line is walked to from there. */
  know(k: number, offset: number): void {
    if (k >= this.line) {
      this.line = k;
      this.offset = offset;
    }
  }

  /** The offset of line `k` (0-based); the text's length for a line past the last one. */
  startOf(k: number): number {
    if (k < this.line) {
      this.line = 0;
      this.offset = 0;
    }
    while (this.line < k) {
      const nl = this.text.indexOf('\n', this.offset);
      if (nl === -1) return this.text.length;
      this.offset = nl + 1;
      this.line++;
    }
    return this.offset;
  }
}

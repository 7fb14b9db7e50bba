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
// Replacements are applied in chunk order, each chunk one step. Their line numbers refer to the
// content the plan was computed on; chunks match in increasing order, except chunks without old
// lines, which append at the end, so an offset is shifted by every earlier replacement in file
// order plus, at the very end of the file, every earlier append.

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
  let wroteLines = false;
  const steps: StageStep[] = [];
  plan.forEach((chunk, k) => {
    const planned: { at: number; len: number; text: string; append: boolean }[] = [];
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
      // Only a line past the last one starts at the end (every line of the file starts before it).
      if (to > from || text !== '') planned.push({ at: from, len: to - from, text, append: from === end });
      if (r.newLines.length > 0) wroteLines = true;
    }
    const replacements: Replacement[] = planned.map((p) => {
      const at = p.at + shiftInFile + (p.at === end ? shiftAtEnd : 0);
      return { start: at, end: at + p.len, text: p.text };
    });
    const lineRanges: LineRange[] = staged.lineRanges(replacements);
    let delta = 0;
    planned.forEach((p, i) => {
      const at = replacements[i]!.start + delta;
      if (p.len > 0) staged.apply([{ start: at, end: at + p.len, text: '' }]);
      if (p.text !== '') staged.apply([{ start: at, end: at, text: p.text }]);
      const d = p.text.length - p.len;
      delta += d;
      if (p.append) shiftAtEnd += d;
      else shiftInFile += d;
    });
    steps.push({ editIndex: input.firstIndex + k, replacements, lineRanges, strategy: chunk.level, label: `Hunk ${k + 1} of ${input.label}` });
    input.onStep();
  });
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

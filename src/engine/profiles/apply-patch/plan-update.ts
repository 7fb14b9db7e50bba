// Where each chunk of an `*** Update File` lands, as codex's `compute_replacements` decides it
// (codex-rs/apply-patch/src/lib.rs / file_update.rs): chunks are located in order, each search
// starting after the previous match; an `@@ text` line is found first and the chunk's lines
// after it; a chunk without old lines is appended at the end of the file; a chunk whose last old
// line is empty is retried without it (the file's final newline). Lines that came as context are
// not rewritten: each chunk becomes the replacements between its context lines.

import type { Chunk } from './parser';
import { rustDebugList } from './rust-text';
import { FUZZ_LEVELS, type FuzzLevel, type LineMatcher } from './seek';

/** Lines [start, start + oldLen) of the searched content become `newLines`. */
export interface LineReplacement {
  start: number;
  oldLen: number;
  newLines: string[];
}

export interface ChunkPlan {
  /** The loosest fuzz level the chunk needed (its `@@` line's or its lines'). */
  level: FuzzLevel;
  replacements: LineReplacement[];
  /** Where the chunk's first matched line starts in the searched content, when the search knew it. */
  anchor?: { line: number; offset: number };
}

export type UpdatePlan = { ok: true; chunks: ChunkPlan[] } | { ok: false; message: string };

/** The file's lines as codex splits them: at `\n`, no empty line after a final `\n`. */
export function sourceLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const looser = (a: FuzzLevel, b: FuzzLevel): FuzzLevel => (FUZZ_LEVELS.indexOf(a) >= FUZZ_LEVELS.indexOf(b) ? a : b);

/**
 * `path` is the absolute path codex names in its messages. `listed`: the lines a chunk misses are
 * named as Codex did before openai/codex#3374 (2025-09-09), a Rust `Vec` in Debug form on one line
 * (`Failed to find expected lines ["a", "b"] in /p`), not one per line after the path.
 */
export function planUpdate(matcher: LineMatcher, chunks: readonly Chunk[], path: string, listed = false): UpdatePlan {
  const plans: ChunkPlan[] = [];
  let lineIndex = 0;
  for (const chunk of chunks) {
    let level: FuzzLevel = 'exact';
    if (chunk.changeContext !== null) {
      const hit = matcher.seek([chunk.changeContext], lineIndex, false);
      if (hit === null) return { ok: false, message: `Failed to find context '${chunk.changeContext}' in ${path}` };
      lineIndex = hit.index + 1;
      level = hit.level;
    }
    if (chunk.oldLines.length === 0) {
      plans.push({ level, replacements: [{ start: matcher.lineCount, oldLen: 0, newLines: chunk.newLines }] });
      continue;
    }
    let pattern = chunk.oldLines;
    let replacement = chunk.newLines;
    let hit = matcher.seek(pattern, lineIndex, chunk.isEndOfFile);
    if (hit === null && pattern[pattern.length - 1] === '') {
      pattern = pattern.slice(0, -1);
      if (replacement[replacement.length - 1] === '') replacement = replacement.slice(0, -1);
      hit = matcher.seek(pattern, lineIndex, chunk.isEndOfFile);
    }
    if (hit === null) {
      const message = listed ? `Failed to find expected lines ${rustDebugList(chunk.oldLines)} in ${path}` : `Failed to find expected lines in ${path}:\n${chunk.oldLines.join('\n')}`;
      return { ok: false, message };
    }
    const plan: ChunkPlan = { level: looser(level, hit.level), replacements: splitAtContext(chunk, hit.index, pattern.length, replacement) };
    if (hit.offset !== undefined) plan.anchor = { line: hit.index, offset: hit.offset };
    plans.push(plan);
    lineIndex = hit.index + pattern.length;
  }
  return { ok: true, chunks: plans };
}

/** The chunk's change as replacements between its context lines, which stay as the file has them. */
function splitAtContext(chunk: Chunk, at: number, oldLen: number, newLines: readonly string[]): LineReplacement[] {
  const out: LineReplacement[] = [];
  let oldStart = 0;
  let newStart = 0;
  const context = chunk.contextLines;
  for (let k = 0; k + 1 < context.length; k += 2) {
    const oldContext = context[k]!;
    const newContext = context[k + 1]!;
    // A trailing empty context line may have been dropped above as the file's final newline.
    if (oldContext >= oldLen || newContext >= newLines.length) break;
    if (oldStart !== oldContext || newStart !== newContext) {
      out.push({ start: at + oldStart, oldLen: oldContext - oldStart, newLines: newLines.slice(newStart, newContext) });
    }
    oldStart = oldContext + 1;
    newStart = newContext + 1;
  }
  if (oldStart !== oldLen || newStart !== newLines.length) {
    out.push({ start: at + oldStart, oldLen: oldLen - oldStart, newLines: newLines.slice(newStart) });
  }
  return out;
}

// The content of a file at any stage, for the stepper, without replaying the file per step.
//
// Why: a stage keeps each edit's replacements, not the content after it (docs/decisions.md), and
// replaying k edits with whole-string slices costs k copies of the file: step 9,999 of a 5 MB,
// 10,000-edit run would copy 50 GB. The cursor holds the content in chunks of a few KB, with a
// Fenwick tree of chunk lengths, so an edit costs a log-time offset lookup and a copy of one
// chunk. It moves forward by applying steps and backward by undoing them (each applied step
// records the text its replacements removed), so stepping by one costs one edit, a jump to
// stage k costs |k - current| edits, and only reading the text costs the file's size.

import type { FileStage } from '../engine/types';

/** Target chunk size; chunks grow or shrink as edits land in them. */
const CHUNK = 4096;
/** A chunk that grew past this is split again (a long insertion, a replace_all in one chunk). */
const MAX_CHUNK = 64 * 1024;

class ChunkedText {
  private chunks: string[] = [];
  /** Fenwick tree over chunk lengths (1-based). */
  private tree: number[] = [];

  constructor(text: string) {
    this.reset(text);
  }

  private reset(text: string): void {
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += CHUNK) chunks.push(text.slice(i, i + CHUNK));
    if (chunks.length === 0) chunks.push('');
    this.chunks = chunks;
    const tree = new Array<number>(chunks.length + 1).fill(0);
    for (let i = 1; i <= chunks.length; i++) {
      tree[i]! += chunks[i - 1]!.length;
      const parent = i + (i & -i);
      if (parent <= chunks.length) tree[parent]! += tree[i]!;
    }
    this.tree = tree;
  }

  private add(index: number, delta: number): void {
    for (let i = index + 1; i < this.tree.length; i += i & -i) this.tree[i]! += delta;
  }

  private prefix(index: number): number {
    let sum = 0;
    for (let i = index; i > 0; i -= i & -i) sum += this.tree[i]!;
    return sum;
  }

  /** The chunk holding `offset` and the offset inside it; an offset at a chunk's end stays in that chunk. */
  private locate(offset: number): { index: number; within: number } {
    // Largest index with prefix(index) < offset (Fenwick descent), so the chunk is `index`.
    let pos = 0;
    let rest = offset;
    let step = 1;
    while (step * 2 < this.tree.length) step *= 2;
    for (; step > 0; step >>= 1) {
      const next = pos + step;
      if (next < this.tree.length && this.tree[next]! < rest) {
        pos = next;
        rest -= this.tree[next]!;
      }
    }
    const index = Math.min(pos, this.chunks.length - 1);
    return { index, within: rest };
  }

  /** Replace [start, end) with `text`. */
  replace(start: number, end: number, text: string): string {
    const a = this.locate(start);
    const b = this.locate(end);
    const first = this.chunks[a.index]!;
    if (a.index === b.index) {
      const removed = first.slice(a.within, b.within);
      const next = first.slice(0, a.within) + text + first.slice(b.within);
      this.set(a.index, next);
      this.rebalance(a.index);
      return removed;
    }
    const removedParts = [first.slice(a.within)];
    for (let i = a.index + 1; i < b.index; i++) {
      removedParts.push(this.chunks[i]!);
      this.set(i, '');
    }
    const last = this.chunks[b.index]!;
    removedParts.push(last.slice(0, b.within));
    this.set(a.index, first.slice(0, a.within) + text);
    this.set(b.index, last.slice(b.within));
    this.rebalance(a.index);
    return removedParts.join('');
  }

  private set(index: number, text: string): void {
    const delta = text.length - this.chunks[index]!.length;
    this.chunks[index] = text;
    if (delta !== 0) this.add(index, delta);
  }

  private rebalance(index: number): void {
    if (this.chunks[index]!.length > MAX_CHUNK) this.reset(this.text());
  }

  get length(): number {
    return this.prefix(this.chunks.length);
  }

  text(): string {
    return this.chunks.join('');
  }
}

/** Content after step k of one staged file; k = -1 is the original. */
export class StageCursor {
  private readonly content: ChunkedText;
  /** Content is the one after this step. */
  private at = -1;
  /** For each applied step, the text each of its replacements removed (to undo it). */
  private readonly undo: string[][] = [];

  constructor(private readonly file: FileStage) {
    this.content = new ChunkedText(file.originalText);
  }

  get steps(): number {
    return this.file.steps.length;
  }

  /** The step whose content the cursor holds (-1: the original). */
  get position(): number {
    return this.at;
  }

  /** Move to the content after step `k` (clamped to -1 … steps - 1). */
  moveTo(k: number): void {
    const target = Math.max(-1, Math.min(k, this.file.steps.length - 1));
    while (this.at < target) this.forward();
    while (this.at > target) this.backward();
  }

  /** Move to the content after step `k` and return it. */
  textAfter(k: number): string {
    this.moveTo(k);
    return this.content.text();
  }

  private forward(): void {
    const step = this.file.steps[this.at + 1]!;
    // Replacements are in before-content coordinates, left to right: apply right to left so the
    // offsets of those still to apply do not move.
    const removed = new Array<string>(step.replacements.length);
    for (let i = step.replacements.length - 1; i >= 0; i--) {
      const r = step.replacements[i]!;
      removed[i] = this.content.replace(r.start, r.end, r.text);
    }
    this.undo[this.at + 1] = removed;
    this.at++;
  }

  private backward(): void {
    const step = this.file.steps[this.at]!;
    const removed = this.undo[this.at]!;
    // Where each replacement's text sits in the after-content.
    const starts: number[] = [];
    let shift = 0;
    for (const r of step.replacements) {
      starts.push(r.start + shift);
      shift += r.text.length - (r.end - r.start);
    }
    for (let i = step.replacements.length - 1; i >= 0; i--) {
      const r = step.replacements[i]!;
      this.content.replace(starts[i]!, starts[i]! + r.text.length, removed[i]!);
    }
    this.at--;
  }
}

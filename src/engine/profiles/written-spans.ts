// The conflict rule of multi_edit_text_file (SPEC 4.2): a match must not straddle text an
// earlier edit of the call wrote.

/** Spans kept per chunk before a chunk splits. */
const CHUNK = 64;

interface SpanChunk {
  /** Starts (ascending), ends and edit indexes, relative to `shift`. */
  starts: number[];
  ends: number[];
  edits: number[];
  /** Added to every start and end of the chunk (a later edit before them all moved them). */
  shift: number;
  /** Largest end in the chunk, before `shift`. */
  maxEnd: number;
}

/**
 * The text each earlier edit wrote, in current coordinates (SPEC 4.2 conflict rule). A later
 * match before a span shifts it, one inside it grows or shrinks it, one containing it whole
 * removes it (that text is gone), and one straddling its boundary is the conflict.
 *
 * Spans never straddle one another, so sorted by start they sit in chunks of about 64; a
 * chunk wholly after a match is shifted in O(1) and one wholly before it is skipped, so an edit
 * costs O(spans / 64 + 64) rather than O(spans).
 */
export class WrittenSpans {
  private chunks: SpanChunk[] = [];

  /**
   * Edit `edit` replaces [a, b) by `len` characters. Returns the latest earlier edit whose text
   * the match straddles, or -1 after recording the replacement. After a conflict the spans are
   * left part-updated: the run stops there.
   */
  replace(a: number, b: number, len: number, edit: number): number {
    const delta = len - (b - a);
    let conflict = -1;
    let emptied = false;
    for (const c of this.chunks) {
      if (c.starts[0]! + c.shift >= b) {
        c.shift += delta;
        continue;
      }
      if (c.maxEnd + c.shift <= a) continue;
      let kept = 0;
      let maxEnd = -Infinity;
      for (let k = 0; k < c.starts.length; k++) {
        const ws = c.starts[k]! + c.shift;
        const we = c.ends[k]! + c.shift;
        let ns = ws;
        let ne = we;
        if (b <= ws) {
          ns += delta;
          ne += delta;
        } else if (a >= we) {
          // before the match: unchanged
        } else if (ws <= a && b <= we) {
          ne += delta;
        } else if (a <= ws && we <= b) {
          continue; // contained whole: replaced
        } else {
          conflict = Math.max(conflict, c.edits[k]!);
          continue;
        }
        c.starts[kept] = ns - c.shift;
        c.ends[kept] = ne - c.shift;
        c.edits[kept] = c.edits[k]!;
        maxEnd = Math.max(maxEnd, ne - c.shift);
        kept++;
      }
      if (kept < c.starts.length) {
        emptied ||= kept === 0;
        c.starts.length = kept;
        c.ends.length = kept;
        c.edits.length = kept;
      }
      c.maxEnd = maxEnd;
    }
    if (conflict >= 0) return conflict;
    if (emptied) this.chunks = this.chunks.filter((c) => c.starts.length > 0);
    this.insert(a, a + len, edit);
    return -1;
  }

  private insert(start: number, end: number, edit: number): void {
    // The first chunk whose successor starts after `start` (chunk starts ascend), or the last one.
    const { chunks } = this;
    let lo = 0;
    let hi = chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (chunks[mid + 1]!.starts[0]! + chunks[mid + 1]!.shift > start) hi = mid;
      else lo = mid + 1;
    }
    const i = lo;
    let c = chunks[i];
    if (c === undefined) {
      c = { starts: [], ends: [], edits: [], shift: 0, maxEnd: -Infinity };
      this.chunks.push(c);
    }
    let at = c.starts.length;
    while (at > 0 && c.starts[at - 1]! + c.shift > start) at--;
    c.starts.splice(at, 0, start - c.shift);
    c.ends.splice(at, 0, end - c.shift);
    c.edits.splice(at, 0, edit);
    c.maxEnd = Math.max(c.maxEnd, end - c.shift);
    if (c.starts.length > 2 * CHUNK) {
      const tail: SpanChunk = {
        starts: c.starts.splice(CHUNK),
        ends: c.ends.splice(CHUNK),
        edits: c.edits.splice(CHUNK),
        shift: c.shift,
        maxEnd: -Infinity,
      };
      tail.maxEnd = Math.max(...tail.ends);
      c.maxEnd = Math.max(...c.ends);
      this.chunks.splice(i + 1, 0, tail);
    }
  }
}

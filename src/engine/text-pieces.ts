// A file's text kept in pieces between calls (a session replay's overlay): the text the pieces
// started from and the change regions the calls since made, in a StagedFile (its piece table,
// newline index and search). Its UTF-8 bytes are what a workspace holds for the file; they are
// built only when something reads them, and a profile that knows how can work on the pieces
// instead: search, count lines and slice without joining or re-reading 5 MB per call.
//
// The pieces only ever grow by `apply`; what a call saw is kept as a `PiecesSnapshot` (the region
// list of that moment: regions are replaced, never changed), so a stage made from version k still
// answers its texts and bytes after later calls.

import { StagedFile } from './staged-file';
import { encodeText, rememberDecoded } from './text';
import type { Replacement } from './types';

const SURROGATE = /[\uD800-\uDFFF]/;
const NON_ASCII = /[^\x00-\x7f]/;

type Piece = { readonly oStart: number; readonly oEnd: number; readonly text: string };

/** The text at one version: the base and the regions of that moment. */
export class PiecesSnapshot {
  private rope: string | null = null;
  private bytesCache: Uint8Array | null = null;

  constructor(
    private readonly base: string,
    private readonly baseBytes: () => Uint8Array,
    /** Whether base and every region text are ASCII (bytes are then spliced from the base's). */
    private readonly ascii: boolean,
    readonly regions: readonly Piece[],
    readonly length: number,
  ) {}

  /**
   * The text as one string value built by concatenation: V8 keeps it as a rope of the base's
   * slices and the regions' texts, so it costs nothing in proportion to the file until something
   * reads it whole.
   */
  text(): string {
    if (this.rope === null) this.rope = ropeOf(this.base, this.regions, null);
    return this.rope;
  }

  /** text()[start, end), from the pieces. */
  slice(start: number, end: number): string {
    return clip(this.base, this.regions, start, end);
  }

  /** The text with `edit` (current coordinates) made, as a rope. */
  textWith(edit: Replacement): string {
    return ropeOf(this.base, this.regions, edit);
  }

  /** The UTF-8 bytes of the text (strict: the text holds no lone surrogate), built once. */
  bytes(): Uint8Array {
    if (this.bytesCache !== null) return this.bytesCache;
    const text = this.text();
    if (!this.ascii) return (this.bytesCache = encodeText(text, false));
    const base = this.baseBytes();
    const out = new Uint8Array(this.length);
    let at = 0;
    let from = 0;
    for (const r of this.regions) {
      out.set(base.subarray(from, r.oStart), at);
      at += r.oStart - from;
      for (let i = 0; i < r.text.length; i++) out[at++] = r.text.charCodeAt(i);
      from = r.oEnd;
    }
    out.set(base.subarray(from), at);
    rememberDecoded(out, text);
    return (this.bytesCache = out);
  }
}

/** base with each region's span replaced by its text, and `edit` made on top, by concatenation. */
function ropeOf(base: string, regions: readonly Piece[], edit: Replacement | null): string {
  if (edit === null) return clip(base, regions, 0, Infinity);
  return clip(base, regions, 0, edit.start) + edit.text + clip(base, regions, edit.end, Infinity);
}

/** The text's [lo, hi), joined by concatenation from the base's slices and the regions' texts. */
function clip(base: string, regions: readonly Piece[], lo: number, hi: number): string {
  let out = '';
  let c = 0; // current offset reached
  let from = 0; // original offset reached
  const add = (s: string): void => {
    const e = c + s.length;
    if (e > lo && c < hi) out += c >= lo && e <= hi ? s : s.slice(Math.max(0, lo - c), Math.min(s.length, hi - c));
    c = e;
  };
  for (const r of regions) {
    if (c >= hi) return out;
    add(base.slice(from, r.oStart));
    add(r.text);
    from = r.oEnd;
  }
  if (c < hi) add(base.slice(from));
  return out;
}

export class TextPieces {
  private readonly staged: StagedFile;
  private readonly bytes0: () => Uint8Array;
  /** Bumped by every `apply`: a stage made from one version applies only to that version. */
  version = 0;
  private cr: boolean;
  private tab: boolean;
  private ascii: boolean;
  private snap: PiecesSnapshot | null = null;

  /**
   * `text` is the file's whole text; `bytes` gives its UTF-8 bytes (strictly decoding to `text`).
   * Answers null for a text the pieces cannot stand for exactly (a lone surrogate, which UTF-8
   * cannot hold).
   */
  static of(text: string, bytes: () => Uint8Array): TextPieces | null {
    if (SURROGATE.test(text) && /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)) return null;
    return new TextPieces(text, bytes);
  }

  private constructor(text: string, bytes: () => Uint8Array) {
    this.staged = new StagedFile(text);
    let cached: Uint8Array | null = null;
    this.bytes0 = () => (cached ??= bytes());
    // One pass each over the whole text, once per file and session (this also flattens a rope).
    this.cr = text.includes('\r');
    this.tab = text.includes('\t');
    this.ascii = !NON_ASCII.test(text);
  }

  get length(): number {
    return this.staged.length;
  }

  /** Whether the text may hold a carriage return (false: it holds none). */
  get mayHoldCr(): boolean {
    return this.cr;
  }

  /** Whether the text may hold a tab (false: it holds none). */
  get mayHoldTab(): boolean {
    return this.tab;
  }

  slice(start: number, end: number): string {
    return this.staged.slice(start, end);
  }

  /** First occurrence of `pattern` (not empty) at or after `from`, or -1. */
  find(pattern: string, from = 0): number {
    return this.staged.find(pattern, from);
  }

  /** Line breaks before offset `at`. */
  newlinesBefore(at: number): number {
    return this.staged.lineRange(at, at).start - 1;
  }

  /** The offset just after the `n`th line break before `at` (0 if there are fewer). */
  afterBreaksBefore(at: number, n: number): number {
    return this.staged.afterBreaksBefore(at, n);
  }

  /** The offset just after the `n`th line break at or after `at` (the length if there are fewer). */
  afterBreaksFrom(at: number, n: number): number {
    return this.staged.afterBreaksFrom(at, n);
  }

  /** The text as it is now, frozen (the same object until the next `apply`). */
  snapshot(): PiecesSnapshot {
    return (this.snap ??= new PiecesSnapshot(this.staged.original, this.bytes0, this.ascii, this.staged.regionPieces(), this.staged.length));
  }

  /** The current bytes (built once per version). */
  bytes(): Uint8Array {
    return this.snapshot().bytes();
  }

  /** UTF-8 length of the text, without building the bytes when the text is ASCII. */
  byteLength(): number {
    return this.ascii ? this.length : this.bytes().length;
  }

  /** Make edits (sorted, disjoint, current coordinates). Their texts must hold no lone surrogate. */
  apply(edits: readonly Replacement[]): void {
    for (const e of edits) {
      if (e.text.includes('\r')) this.cr = true;
      if (e.text.includes('\t')) this.tab = true;
      if (NON_ASCII.test(e.text)) this.ascii = false;
    }
    this.staged.apply(edits);
    this.snap = null;
    this.version++;
  }
}

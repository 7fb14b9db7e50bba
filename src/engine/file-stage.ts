// Loading a file for a profile, and turning a StagedFile into the FileStage the app and the
// commit use.

import { unifiedDiff } from './diff';
import type { ResolvedPath } from './paths';
import type { StagedFile } from './staged-file';
import { bytesEqual, decodeFile, encodeText, encodeWithChanges, rememberDecoded, utf8Length, writeUtf8, type DecodedText } from './text';
import type { TextPieces } from './text-pieces';
import type { ChangeRegion, FileStage, Replacement, StageStep, TextShape } from './types';
import { SHARED, type WorkspaceFs } from './workspace-fs';

export type LoadedFile =
  | { kind: 'text'; bytes: Uint8Array; text: DecodedText }
  | { kind: 'missing' }
  | { kind: 'directory' }
  | { kind: 'denied'; message: string }
  | { kind: 'binary'; bytes: Uint8Array }
  | { kind: 'too-large'; size: number };

/** Stat first so an over-limit file is refused without being read whole. */
export async function loadFile(fs: WorkspaceFs, path: string, maxBytes: number): Promise<LoadedFile> {
  const st = await fs.stat(path);
  if (st.kind === 'file' && st.size > maxBytes) return { kind: 'too-large', size: st.size };
  if (st.kind !== 'file') return st;
  const rd = await fs.read(path, SHARED);
  if (rd.kind !== 'file') return rd;
  const dec = decodeFile(rd.bytes, maxBytes);
  if (!dec.ok) return dec.reason === 'binary' ? { kind: 'binary', bytes: rd.bytes } : { kind: 'too-large', size: dec.size };
  return { kind: 'text', bytes: rd.bytes, text: dec.text };
}

/**
 * A final text built by the profile itself, with its change regions worked out when first read
 * (the diff or the save), not on every run.
 */
export interface LazyStagedText {
  /** May be a string built by concatenation, or a getter: nothing here reads it until asked. */
  text: string;
  regions: () => ChangeRegion[];
  /** text.slice(start, end) from the pieces the text was built of (a built string, once read, is copied flat). */
  slice?: (start: number, end: number) => string;
  /** The text holds no carriage return (the profile knows: what it wrote and what it rewrote). */
  noCarriageReturn?: boolean;
  /**
   * The text is the pieces' text at `version` with `edits` made (current coordinates): a session
   * overlay that holds those pieces makes the edits on them instead of building the file's bytes.
   */
  pieces?: StagePieces;
}

export interface StagePieces {
  source: TextPieces;
  version: number;
  edits: Replacement[];
}

/** What a LazyStagedText told of its final text, per stage (a clone of the stage reads the text itself). */
const finalTextFacts = new WeakMap<FileStage, Pick<LazyStagedText, 'slice' | 'noCarriageReturn' | 'pieces'>>();

/** `file.finalText.slice(start, end)`, without reading the whole text where the stage can answer from its pieces. */
export function finalTextSlice(file: FileStage, start: number, end: number): string {
  const slice = finalTextFacts.get(file)?.slice;
  return slice !== undefined ? slice(start, end) : file.finalText.slice(start, end);
}

/** The pieces a stage's final text was made on, if it was (see LazyStagedText.pieces). */
export function stagePieces(file: FileStage): StagePieces | undefined {
  return finalTextFacts.get(file)?.pieces;
}

/** Whether the stage's final text is known to hold no carriage return (false: not known). */
export function finalTextHasNoCr(file: FileStage): boolean {
  return finalTextFacts.get(file)?.noCarriageReturn === true;
}

export interface FileStageInput {
  resolved: Extract<ResolvedPath, { ok: true }>;
  /** The file as read (its bytes may be built when first asked for); `null` when the call creates it. */
  original: { bytes: Uint8Array | (() => Uint8Array); text: DecodedText } | null;
  staged: StagedFile | LazyStagedText;
  steps: StageStep[];
  /** Line ending and BOM of the written file (a created file takes its content's own). */
  shape: TextShape;
  diffContext: number;
  /** Diff header path (SPEC 2.7: the path as the call named it, after normalisation). */
  diffPath?: string;
  /** The commit removes the file; `staged` must hold '' (the diff's new side is `/dev/null`). */
  deleted?: boolean;
  /** The commit writes the final text whole (see FileStage.wholeWrite). */
  wholeWrite?: boolean;
  /**
   * A move's destination: the source's display path and text. The diff reads from it, the
   * staged text's regions are relative to it, and the commit writes the final text whole.
   */
  movedFrom?: { displayPath: string; text: string };
}

export function buildFileStage(input: FileStageInput): FileStage {
  const { resolved, original, staged, shape } = input;
  // The texts are read when first asked for: a staged text or a view may be a getter that builds
  // its rope only then (a session's pieces), and a run that never reads them never builds them.
  let finalText: string | undefined;
  const finalOf = (): string => (finalText ??= staged.text);
  const diffPath = input.diffPath ?? resolved.displayPath;
  const moved = input.movedFrom;
  let originalText: string | undefined;
  const originalOf = (): string => (originalText ??= moved ? moved.text : (original?.text.view ?? ''));
  const lazy = typeof staged.regions === 'function' ? staged.regions : null;
  let regions: ChangeRegion[] | undefined = lazy === null ? (staged.regions as ChangeRegion[]) : undefined;
  const regionsOf = (): ChangeRegion[] => (regions ??= lazy!());
  // The cumulative diff is made on first read (the screen, a result that quotes it, a clone or
  // JSON of the stage all read it), not on every run: a reference dialect's answer never needs it.
  // It holds the texts and regions only, never the staged file or its indexes.
  let diff: string | undefined;
  const oldPath = moved ? moved.displayPath : original ? diffPath : '/dev/null';
  const newPath = input.deleted ? '/dev/null' : diffPath;
  const context = input.diffContext;
  const makeDiff = (): string => unifiedDiff({ original: originalOf(), final: finalOf(), regions: regionsOf(), context, oldPath, newPath });
  const flags: Partial<FileStage> = {};
  if (input.deleted) flags.deleted = true;
  if (input.wholeWrite || moved) flags.wholeWrite = true;
  if (moved) flags.movedFrom = moved.displayPath;
  const bytesOf = original !== null && typeof original.bytes === 'function' ? original.bytes : null;
  let originalBytes: Uint8Array | null = bytesOf === null ? ((original?.bytes as Uint8Array | undefined) ?? null) : null;
  let bytesPending = bytesOf !== null;
  const stage: FileStage = {
    ...flags,
    path: resolved.path,
    displayPath: resolved.displayPath,
    absPath: resolved.absPath,
    get originalBytes(): Uint8Array | null {
      if (bytesPending) (originalBytes = bytesOf!()), (bytesPending = false);
      return originalBytes;
    },
    set originalBytes(bytes: Uint8Array | null) {
      originalBytes = bytes;
      bytesPending = false;
    },
    get originalText(): string {
      return originalOf();
    },
    set originalText(text: string) {
      originalText = text;
    },
    get finalText(): string {
      return finalOf();
    },
    set finalText(text: string) {
      finalText = text;
    },
    originalCrlfAt: moved ? [] : (original?.text.crlfAt ?? []),
    shape,
    created: original === null,
    steps: input.steps,
    get regions(): ChangeRegion[] {
      return regionsOf();
    },
    set regions(list: ChangeRegion[]) {
      regions = list;
    },
    get diff(): string {
      return (diff ??= makeDiff());
    },
    set diff(text: string) {
      diff = text;
    },
  };
  if (lazy !== null) {
    const { slice, noCarriageReturn, pieces } = staged as LazyStagedText;
    finalTextFacts.set(stage, { ...(slice !== undefined && { slice }), ...(noCarriageReturn !== undefined && { noCarriageReturn }), ...(pieces !== undefined && { pieces }) });
  }
  return stage;
}

/**
 * The bytes a commit writes for a staged file: the original's bytes where nothing changed, else
 * the original raw text with each change region spliced in (untouched line endings as they were,
 * inserted line breaks in the file's dominant ending, the BOM kept).
 */
export function finalBytesOf(file: FileStage): Uint8Array {
  const { shape, finalText } = file;
  if (file.deleted) return new Uint8Array(0);
  if (file.originalBytes === null || file.wholeWrite) return encodeCreated(finalText, shape);
  if (file.regions.length === 0) return file.originalBytes;
  if (file.originalCrlfAt.length === 0 && shape.eol === '\n') {
    // An ASCII original read without a BOM (as many bytes as view characters): its bytes are the
    // view's, so the regions' texts are spliced into them and the rest is never encoded again.
    if (!shape.bom && file.originalBytes.length === file.originalText.length) return spliceAscii(file, file.originalBytes);
    // No CRLF in the original and LF for new breaks: on disk the text is exactly the view.
    return encodeText(finalText, shape.bom);
  }
  const base = { view: file.originalText, crlfAt: file.originalCrlfAt, shape };
  return encodeWithChanges(base, file.regions.map((r) => ({ start: r.oStart, end: r.oEnd, text: finalText.slice(r.cStart, r.cEnd) })), shape);
}

/**
 * Whether the commit's whole-file write changes bytes that writing only the edited regions would
 * keep (line endings made uniform, a BOM added or dropped): what the diff's "Whole file rewritten"
 * says. A whole-file write that comes out byte for byte as the in-place one (a one-line Edit of an
 * LF file) rewrites nothing the diff does not show. A created, deleted or moved file is neither.
 */
export function rewritesOutsideEdits(file: FileStage): boolean {
  const before = file.originalBytes;
  if (!file.wholeWrite || file.deleted || before === null || file.movedFrom !== undefined) return false;
  const hadBom = before.length >= 3 && before[0] === 0xef && before[1] === 0xbb && before[2] === 0xbf;
  return hadBom !== file.shape.bom || !bytesEqual(finalBytesOf(file), finalBytesOf({ ...file, wholeWrite: false }));
}

/**
 * encodeText(finalText, false) of an ASCII original's final text, from the original's bytes and
 * the regions' texts. The regions must account for the final text exactly (a region may reach
 * past the original's end, as a deletion of a line break the file lacks does: it is clamped, as
 * the staged text clamps it); where they do not, the text is encoded whole.
 */
function spliceAscii(file: FileStage, before: Uint8Array): Uint8Array {
  const plan = asciiSplice(file, before);
  if (plan === null) return encodeText(file.finalText, false);
  const { regions } = file;
  const n = before.length;
  // The regions' texts are written straight into the new bytes.
  const out = new Uint8Array(plan.size);
  let at = 0;
  let from = 0;
  for (let k = 0; k < regions.length; k++) {
    const start = Math.min(regions[k]!.oStart, n);
    if (start > from) out.set(before.subarray(from, start), at);
    at += start - from;
    at += writeUtf8(plan.slices[k]!, out, at);
    from = Math.min(regions[k]!.oEnd, n);
  }
  out.set(before.subarray(from), at);
  // Decoded back from memory when read again (a replay's next call), as encodeText's bytes are;
  // the text between the regions is ASCII, so only the regions' texts can hold a surrogate.
  if (!plan.surrogate) rememberDecoded(out, file.finalText);
  return out;
}

/**
 * The bytes a commit writes for a staged file as consecutive parts, where they can be had without
 * building the whole file: an ASCII original edited in place (finalBytesOf's splice) is its own
 * bytes between the edits (views of them, never copied) and each region's text, encoded. A backend
 * that writes parts (NodeFs: one writev) then never holds a second copy of a 5 MB file. `null`:
 * the file is written from finalBytesOf (created, deleted, written whole, unchanged, not ASCII, a
 * BOM or CRLF endings, regions that do not account for the final text).
 */
export function finalByteParts(file: FileStage): Uint8Array[] | null {
  const before = file.originalBytes;
  if (file.deleted || before === null || file.wholeWrite || file.regions.length === 0) return null;
  if (file.originalCrlfAt.length !== 0 || file.shape.eol !== '\n' || file.shape.bom || before.length !== file.originalText.length) return null;
  const plan = asciiSplice(file, before);
  if (plan === null) return null;
  const n = before.length;
  const parts: Uint8Array[] = [];
  let from = 0;
  file.regions.forEach((r, k) => {
    const start = Math.min(r.oStart, n);
    if (start > from) parts.push(before.subarray(from, start));
    if (plan.bytes[k]! > 0) {
      const text = new Uint8Array(plan.bytes[k]!);
      writeUtf8(plan.slices[k]!, text, 0);
      parts.push(text);
    }
    from = Math.min(r.oEnd, n);
  });
  if (from < n) parts.push(before.subarray(from));
  return parts;
}

/**
 * The regions' final texts and their UTF-8 sizes, the size of the final bytes, and whether a
 * region's text holds a surrogate; null where the regions do not account for the final text.
 */
function asciiSplice(file: FileStage, before: Uint8Array): { slices: string[]; bytes: number[]; size: number; surrogate: boolean } | null {
  const { finalText, regions } = file;
  const n = before.length;
  const slices = regions.map((r) => finalTextSlice(file, r.cStart, r.cEnd));
  let chars = n;
  let from = 0;
  for (let k = 0; k < regions.length; k++) {
    const r = regions[k]!;
    const start = Math.min(r.oStart, n);
    if (start < from || r.oEnd < r.oStart) return null;
    from = Math.min(r.oEnd, n);
    chars += slices[k]!.length - (from - start);
  }
  if (chars !== finalText.length) return null;
  // Each region's text is measured first.
  let size = n;
  let surrogate = false;
  const bytes: number[] = [];
  for (let k = 0; k < regions.length; k++) {
    const measured = utf8Length(slices[k]!);
    bytes.push(measured.bytes);
    size += measured.bytes - (Math.min(regions[k]!.oEnd, n) - Math.min(regions[k]!.oStart, n));
    surrogate ||= measured.surrogate;
  }
  return { slices, bytes, size, surrogate };
}

/** The whole text in `shape`: every line break in its ending, the BOM when it has one. */
function encodeCreated(text: string, shape: TextShape): Uint8Array {
  return encodeText(shape.eol === '\r\n' ? text.replaceAll('\n', '\r\n') : text, shape.bom);
}

/**
 * Content after step k (LF view), replayed from the original: the stepper asks for one stage at a
 * time, so a run never holds a copy of the file per edit. k = -1 is the original.
 */
export function contentAfterStep(file: FileStage, k: number): string {
  let text = file.originalText;
  for (let s = 0; s <= k && s < file.steps.length; s++) {
    const parts: string[] = [];
    let from = 0;
    for (const r of file.steps[s]!.replacements) {
      parts.push(text.slice(from, r.start), r.text);
      from = r.end;
    }
    parts.push(text.slice(from));
    text = parts.join('');
  }
  return text;
}

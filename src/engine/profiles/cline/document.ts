// The file as Cline (and Roo Code, its fork) meets it: read raw from disk (a CRLF stays `\r\n` in
// the text the diff is matched against), then written through a VS Code document. VS Code's text
// model keeps one line ending per document, so every line break the document is given (`\r\n`,
// `\r` or `\n`) is saved as that ending: the file's dominant one, LF for a new file. A BOM is kept.
// The stage records each block as a step of its own on the LF view, and the normalisation, where
// it changes the text, as a rewrite step with a warning.

import { buildFileStage, loadFile } from '../../file-stage';
import type { ResolvedPath } from '../../paths';
import { StagedFile } from '../../staged-file';
import { fromRaw, rawSlice, type DecodedText } from '../../text';
import type { FileStage, Replacement, StageStep, TextShape, ToolError } from '../../types';
import type { ProfileContext } from '../profile';

export type Resolved = Extract<ResolvedPath, { ok: true }>;

export type Opened =
  | { kind: 'file'; bytes: Uint8Array; text: DecodedText; /** As read: CRLF kept, BOM left out. */ raw: string }
  | { kind: 'missing' }
  | { kind: 'refused'; error: ToolError };

/** What the playground cannot hand to the tool (Cline would fail on it, or decode it lossily). */
export async function openFile(resolved: Resolved, ctx: ProfileContext): Promise<Opened> {
  const shown = resolved.displayPath;
  const file = await loadFile(ctx.fs, resolved.path, ctx.maxFileBytes);
  switch (file.kind) {
    case 'text':
      return { kind: 'file', bytes: file.bytes, text: file.text, raw: rawSlice(file.text, 0, file.text.view.length) };
    case 'missing':
      return { kind: 'missing' };
    case 'directory':
      return { kind: 'refused', error: { code: 'IS_DIRECTORY', message: `EISDIR: illegal operation on a directory, read '${resolved.absPath}'` } };
    case 'denied':
      return { kind: 'refused', error: { code: 'READ_FAILED', message: file.message } };
    case 'binary':
      return { kind: 'refused', error: { code: 'BINARY_FILE', message: `${shown} is not UTF-8 text; the playground edits text files only` } };
    case 'too-large':
      return { kind: 'refused', error: { code: 'FILE_TOO_LARGE', message: `${shown} is ${file.size} bytes; the playground reads files up to ${ctx.maxFileBytes} bytes` } };
  }
}

/** A change of the raw text: span [start, end) became `text`. */
export interface RawEdit {
  editIndex: number;
  start: number;
  end: number;
  text: string;
  strategy: string;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** The text VS Code saves: every line break as the document's ending. */
export function savedText(content: string, eol: '\n' | '\r\n'): string {
  return content.replace(LINE_BREAK, eol);
}

/** View offset of raw offset `i` (each CR of a CRLF before it is not in the view). */
function viewOffset(crlfAt: readonly number[], i: number): number {
  // The k-th CRLF's CR is at raw offset crlfAt[k] + k.
  let n = 0;
  while (n < crlfAt.length && crlfAt[n]! + n < i) n++;
  return i - n;
}

export interface WrittenFile {
  stage: FileStage;
  /** The text on disk after the save (BOM left out). */
  written: string;
  warnings: string[];
}

/**
 * Stage the save of `content` (the tool's new text, raw) over `opened` (null: a new file).
 * `edits` are the tool's replacements of the raw text, in the order they apply, non-overlapping;
 * when they cannot be shown as steps (they overlap, or split a CRLF) the change is one step.
 */
export function stageSave(resolved: Resolved, opened: Extract<Opened, { kind: 'file' }> | null, content: string, edits: readonly RawEdit[], ctx: ProfileContext): WrittenFile {
  const eol = opened?.text.shape.eol ?? '\n';
  const shape: TextShape = { bom: opened?.text.shape.bom ?? false, eol };
  const written = savedText(content, eol);
  const target = fromRaw(written, false).view;
  const base = opened?.text.view ?? '';
  const staged = new StagedFile(base);
  const steps: StageStep[] = [];
  const push = (replacements: Replacement[], editIndex: number, strategy: string, label?: string): void => {
    const step: StageStep = { editIndex, replacements, lineRanges: staged.lineRanges(replacements), strategy };
    if (label !== undefined) Object.assign(step, { rewrite: true, label });
    steps.push(step);
    staged.apply(replacements);
  };
  const warnings: string[] = [];
  const ending = eol === '\n' ? 'LF' : 'CRLF';
  if (written !== content) warnings.push(`${resolved.displayPath}: VS Code saves every line break of a document as its one ending (${ending} here); the new text's other line breaks are saved as ${ending}`);
  const asSteps = opened !== null ? editSteps(opened, edits) : null;
  if (asSteps) {
    let shift = 0;
    for (const e of asSteps) {
      push([{ start: e.start + shift, end: e.end + shift, text: e.text }], e.editIndex, e.strategy);
      shift += e.text.length - (e.end - e.start);
    }
  }
  if (staged.text !== target) {
    const whole = [{ start: 0, end: staged.text.length, text: target }];
    if (asSteps) push(whole, 0, 'line-endings', 'Line breaks saved as the document’s ending');
    else push(whole, 0, edits.length === 1 ? edits[0]!.strategy : 'exact');
  }
  const hadCr = opened !== null && opened.raw.includes('\r');
  if (opened !== null && hadCr && savedText(opened.raw, eol) !== opened.raw) {
    warnings.push(`${resolved.displayPath}: the file mixes line endings; VS Code saves them all as ${ending}`);
  }
  const original = opened === null ? null : { bytes: opened.bytes, text: opened.text };
  const stage = buildFileStage({ resolved, original, staged, steps, shape, diffContext: ctx.diffContext, wholeWrite: hadCr });
  return { stage, written, warnings };
}

/** The raw edits in view coordinates with LF texts, or null when they overlap or split a CRLF. */
function editSteps(opened: Extract<Opened, { kind: 'file' }>, edits: readonly RawEdit[]): RawEdit[] | null {
  const { crlfAt } = opened.text;
  const out: RawEdit[] = [];
  let prevEnd = -1;
  for (const e of edits) {
    if (e.start < prevEnd) return null;
    prevEnd = e.end;
    const splits = (i: number): boolean => i > 0 && opened.raw.charCodeAt(i - 1) === 13 && opened.raw.charCodeAt(i) === 10;
    if (splits(e.start) || splits(e.end)) return null;
    out.push({ ...e, start: viewOffset(crlfAt, e.start), end: viewOffset(crlfAt, e.end), text: e.text.replace(LINE_BREAK, '\n') });
  }
  return out;
}

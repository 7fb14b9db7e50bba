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

/** A step in the text as it was before it (LF view): span [start, end) became `text`. */
export interface ViewStep {
  editIndex: number;
  start: number;
  end: number;
  text: string;
  strategy: string;
}

/**
 * Stage the save of `content` (the tool's new text, raw) over `opened` (null: a new file).
 * `steps` show how the tool got there, one by one on the LF view; null, or steps that do not
 * reach the saved text but by its line breaks, leave the change as one step (`strategy`).
 */
export function stageSave(
  resolved: Resolved,
  opened: Extract<Opened, { kind: 'file' }> | null,
  content: string,
  steps: readonly ViewStep[] | null,
  strategy: string,
  ctx: ProfileContext,
): WrittenFile {
  const eol = opened?.text.shape.eol ?? '\n';
  const shape: TextShape = { bom: opened?.text.shape.bom ?? false, eol };
  const written = savedText(content, eol);
  const target = fromRaw(written, false).view;
  const staged = new StagedFile(opened?.text.view ?? '');
  const stageSteps: StageStep[] = [];
  const push = (replacements: Replacement[], editIndex: number, name: string, label?: string): void => {
    const step: StageStep = { editIndex, replacements, lineRanges: staged.lineRanges(replacements), strategy: name };
    if (label !== undefined) Object.assign(step, { rewrite: true, label });
    stageSteps.push(step);
    staged.apply(replacements);
  };
  const warnings: string[] = [];
  const ending = eol === '\n' ? 'LF' : 'CRLF';
  if (written !== content) warnings.push(`${resolved.displayPath}: VS Code saves every line break of a document as its one ending (${ending} here); the new text's other line breaks are saved as ${ending}`);
  for (const s of steps ?? []) push([{ start: s.start, end: s.end, text: s.text }], s.editIndex, s.strategy);
  if (staged.text !== target) {
    const [rest] = statesAsSteps(staged.text, [{ editIndex: 0, text: target, strategy }]);
    const replacement = [{ start: rest!.start, end: rest!.end, text: rest!.text }];
    if (stageSteps.length > 0) push(replacement, 0, 'line-endings', 'Line breaks saved as the document’s ending');
    else push(replacement, 0, strategy);
  }
  const hadCr = opened !== null && opened.raw.includes('\r');
  if (opened !== null && hadCr && savedText(opened.raw, eol) !== opened.raw) {
    warnings.push(`${resolved.displayPath}: the file mixes line endings; VS Code saves them all as ${ending}`);
  }
  const original = opened === null ? null : { bytes: opened.bytes, text: opened.text };
  const stage = buildFileStage({ resolved, original, staged, steps: stageSteps, shape, diffContext: ctx.diffContext, wholeWrite: hadCr });
  return { stage, written, warnings };
}

/**
 * Replacements of the raw text (sorted, in original coordinates) as steps on the view, or null
 * when they overlap or split a CRLF.
 */
export function rawEditsAsSteps(opened: Extract<Opened, { kind: 'file' }>, edits: readonly RawEdit[]): ViewStep[] | null {
  const { crlfAt } = opened.text;
  const out: ViewStep[] = [];
  let prevEnd = -1;
  let shift = 0;
  const splits = (i: number): boolean => i > 0 && opened.raw.charCodeAt(i - 1) === 13 && opened.raw.charCodeAt(i) === 10;
  for (const e of edits) {
    if (e.start < prevEnd || splits(e.start) || splits(e.end)) return null;
    prevEnd = e.end;
    const start = viewOffset(crlfAt, e.start);
    const end = viewOffset(crlfAt, e.end);
    const text = e.text.replace(LINE_BREAK, '\n');
    out.push({ editIndex: e.editIndex, start: start + shift, end: end + shift, text, strategy: e.strategy });
    shift += text.length - (end - start);
  }
  return out;
}

/** Whole texts after each step as steps: each one the span that differs from the text before. */
export function statesAsSteps(first: string, states: readonly { editIndex: number; text: string; strategy: string }[]): ViewStep[] {
  const out: ViewStep[] = [];
  let before = first;
  for (const s of states) {
    const max = Math.min(before.length, s.text.length);
    let p = 0;
    while (p < max && before.charCodeAt(p) === s.text.charCodeAt(p)) p++;
    let q = 0;
    while (q < max - p && before.charCodeAt(before.length - 1 - q) === s.text.charCodeAt(s.text.length - 1 - q)) q++;
    out.push({ editIndex: s.editIndex, start: p, end: before.length - q, text: s.text.slice(p, s.text.length - q), strategy: s.strategy });
    before = s.text;
  }
  return out;
}

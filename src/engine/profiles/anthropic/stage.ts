// The stage of a write: the file exactly as the reference writes it with `write_text`, built as
// the rewrites it makes on its own (lone CR read as LF, every tab expanded) followed by the edit,
// each its own step so the stepper and the diff show what no edit asked for.

import { buildFileStage } from '../../file-stage';
import { StagedFile } from '../../staged-file';
import type { PiecesSnapshot, TextPieces } from '../../text-pieces';
import { fromRaw } from '../../text';
import type { ChangeRegion, FileStage, LineRange, Replacement, StageStep, TextShape } from '../../types';
import { countChar, type ExpandedTabs } from './python-text';
import type { Resolved } from './workspace';

/** Python writes the string as it is: LF stays LF, and a BOM is an ordinary U+FEFF character. */
const PY_SHAPE: TextShape = { bom: false, eol: '\n' };

export interface ReadFile {
  bytes: Uint8Array;
  /** The engine's LF view of the file (CRLF read as LF; a lone CR is still a character). */
  view: string;
  crlfAt: number[];
  /** Each lone CR of the view becoming LF, with its line in the view. */
  loneCr: (Replacement & { line: number })[];
  /** What `read_text()` returns: the view with every lone CR read as LF. */
  text: string;
}

export function readFile(bytes: Uint8Array, raw: string): ReadFile {
  // No CR at all (most files): one search says so, and the text is the view as it is.
  if (!raw.includes('\r')) return { bytes, view: raw, crlfAt: [], loneCr: [], text: raw };
  const { view, crlfAt } = fromRaw(raw, false);
  const loneCr: ReadFile['loneCr'] = [];
  let line = 1;
  let counted = 0;
  for (let i = view.indexOf('\r'); i !== -1; i = view.indexOf('\r', i + 1)) {
    line += countChar(view, '\n', counted, i);
    counted = i;
    loneCr.push({ start: i, end: i + 1, text: '\n', line });
  }
  return { bytes, view, crlfAt, loneCr, text: loneCr.length > 0 ? view.replaceAll('\r', '\n') : view };
}

export interface WriteInput {
  file: ReadFile;
  resolved: Resolved;
  shown: string;
  diffContext: number;
  /** The file's text after `expandtabs()` (str_replace, insert); null when the reference writes other text (undo). */
  expanded: ExpandedTabs | null;
  /** The edit, in the coordinates of the expanded text (of `file.text` when `expanded` is null). */
  edit: Replacement;
  editRange: LineRange;
  editLabel?: string;
  /** Write the final text whole even where a splice would give the same bytes. */
  wholeWrite?: boolean;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

const bomMovedWarning = (shown: string): string =>
  `${shown}: the reference reads the UTF-8 byte order mark as an ordinary character (U+FEFF); it is no longer at the start of the file`;

export function writeStage(input: WriteInput): { stage: FileStage; warnings: string[] } {
  const { file, shown, expanded, edit } = input;
  const steps: StageStep[] = [];
  const warnings: string[] = [];
  if (file.crlfAt.length > 0) {
    warnings.push(`${shown}: the reference reads the file with universal newlines and writes it with LF: ${plural(file.crlfAt.length, 'CRLF line ending')} become LF`);
  }
  const loneCr = file.loneCr.map(({ start, end, text }) => ({ start, end, text }));
  if (loneCr.length > 0) {
    steps.push({
      editIndex: 0,
      replacements: loneCr,
      lineRanges: file.loneCr.map(({ line }) => ({ start: line, end: line })),
      strategy: 'universal-newlines',
      rewrite: true,
      label: 'Universal newlines: each lone CR becomes LF',
    });
    warnings.push(`${shown}: the reference reads a lone CR as a line break and writes LF: ${plural(file.loneCr.length, 'lone CR line ending')} become LF`);
  }
  const tabs = expanded !== null && expanded.tabs > 0 ? expanded : null;
  if (tabs !== null) {
    steps.push(expandTabsStep(tabs));
    warnings.push(`${shown}: the reference runs expandtabs() on the whole file: ${plural(tabs.tabs, 'tab')} on ${plural(tabs.lines, 'line')} became spaces (tab stops every 8 columns)`);
  }
  const step: StageStep = { editIndex: 0, replacements: [edit], lineRanges: [input.editRange], strategy: 'exact' };
  if (input.editLabel !== undefined) step.label = input.editLabel;
  steps.push(step);
  // The text the reference writes is the rewritten text with the edit made: built here at once,
  // while the change regions (the diff's and the save's) replay the steps when first read.
  const base = tabs !== null ? tabs.text : file.text;
  const after = base.slice(edit.end);
  const regions = (): ChangeRegion[] => {
    if (loneCr.length === 0 && tabs === null) return editRegion(file.view, edit);
    const staged = new StagedFile(file.view);
    if (loneCr.length > 0) staged.apply(loneCr);
    if (tabs !== null) staged.apply(tabs.runs.map(({ start, end, text }) => ({ start, end, text })));
    staged.apply([edit]);
    return staged.regions;
  };
  const stage = buildFileStage({
    resolved: input.resolved,
    original: { bytes: file.bytes, text: { view: file.view, crlfAt: file.crlfAt, shape: PY_SHAPE } },
    staged: {
      text: base.slice(0, edit.start) + edit.text + after,
      regions,
      slice: (from, to) => sliceOfThree(base.slice(0, edit.start), edit.text, after, from, to),
      // The text read has none (universal newlines made every CR a LF), and expandtabs adds none.
      noCarriageReturn: !edit.text.includes('\r'),
    },
    steps,
    shape: PY_SHAPE,
    diffContext: input.diffContext,
    wholeWrite: input.wholeWrite === true || file.crlfAt.length > 0 || file.loneCr.length > 0,
  });
  // Whether the written text starts with U+FEFF, asked of its first piece (the text is not walked).
  const head = edit.start > 0 ? base : edit.text !== '' ? edit.text : after;
  if (file.text.startsWith('\uFEFF') && !head.startsWith('\uFEFF')) warnings.push(bomMovedWarning(shown));
  return { stage, warnings };
}

export interface PiecesWriteInput {
  pieces: TextPieces;
  /** The pieces as the call read them. */
  snapshot: PiecesSnapshot;
  resolved: Resolved;
  shown: string;
  diffContext: number;
  /** The text the edit replaces (snapshot.text()[edit.start, edit.end)). */
  old: string;
  edit: Replacement;
  editRange: LineRange;
}

/**
 * writeStage for a file read from a session's pieces (no CR, no tab: nothing rewritten but the
 * edit): the same stage, its texts ropes of the pieces and its original bytes built when asked for.
 */
export function piecesStage(input: PiecesWriteInput): { stage: FileStage; warnings: string[] } {
  const { pieces, snapshot, edit, old } = input;
  const warnings: string[] = [];
  const regions = editRegion(old, { start: 0, end: old.length, text: edit.text }).map((r) => ({ oStart: r.oStart + edit.start, oEnd: r.oEnd + edit.start, cStart: r.cStart + edit.start, cEnd: r.cEnd + edit.start }));
  const put = edit.text;
  const shift = old.length - put.length;
  const slice = (from: number, to: number): string => {
    let out = '';
    if (from < edit.start) out += snapshot.slice(from, Math.min(to, edit.start));
    const s = Math.max(from, edit.start);
    const e = Math.min(to, edit.start + put.length);
    if (s < e) out += put.slice(s - edit.start, e - edit.start);
    const t = Math.max(from, edit.start + put.length);
    if (t < to) out += snapshot.slice(t + shift, to + shift);
    return out;
  };
  const stage = buildFileStage({
    resolved: input.resolved,
    original: {
      bytes: () => snapshot.bytes(),
      text: {
        get view(): string {
          return snapshot.text();
        },
        crlfAt: [],
        shape: PY_SHAPE,
      },
    },
    staged: {
      get text(): string {
        return snapshot.textWith(edit);
      },
      regions: () => regions,
      slice,
      noCarriageReturn: !put.includes('\r'),
      pieces: { source: pieces, version: pieces.version, edits: [edit] },
    },
    steps: [{ editIndex: 0, replacements: [edit], lineRanges: [input.editRange], strategy: 'exact' }],
    shape: PY_SHAPE,
    diffContext: input.diffContext,
    wholeWrite: false,
  });
  // writeStage's check: the text read starts with U+FEFF and the text written does not.
  const head = edit.start > 0 ? '\uFEFF' : put !== '' ? put : pieces.slice(edit.end, edit.end + 1);
  if (pieces.slice(0, 1) === '\uFEFF' && !head.startsWith('\uFEFF')) warnings.push(bomMovedWarning(input.shown));
  return { stage, warnings };
}

/**
 * undo_edit: `previous` written back over the whole text read, as one step (the demo's and
 * openhands-aci's undo alike). `wholeWrite` when the text was read lossily.
 */
export function undoStage(
  file: ReadFile,
  target: { resolved: Resolved; shown: string },
  diffContext: number,
  previous: string,
  wholeWrite = false,
): { stage: FileStage; warnings: string[] } {
  const whole = file.text.length === 0 ? { start: 1, end: 1 } : { start: 1, end: 1 + countChar(file.text, '\n', 0, file.text.length - 1) };
  return writeStage({
    file,
    resolved: target.resolved,
    shown: target.shown,
    diffContext,
    expanded: null,
    edit: { start: 0, end: file.text.length, text: previous },
    editRange: whole,
    editLabel: 'undo_edit: the text before the last edit',
    wholeWrite,
  });
}

/**
 * The change region of one edit of `text`, as a StagedFile holding only that edit gives it: the
 * edit trimmed of the characters it leaves as they were at either end; none if nothing changes.
 */
export function editRegion(text: string, edit: Replacement): ChangeRegion[] {
  const old = text.slice(edit.start, edit.end);
  const put = edit.text;
  let p = 0;
  const maxPrefix = Math.min(old.length, put.length);
  while (p < maxPrefix && old.charCodeAt(p) === put.charCodeAt(p)) p++;
  let q = 0;
  const maxSuffix = Math.min(old.length - p, put.length - p);
  while (q < maxSuffix && old.charCodeAt(old.length - 1 - q) === put.charCodeAt(put.length - 1 - q)) q++;
  const start = edit.start + p;
  const end = edit.end - q;
  const length = put.length - p - q;
  return end > start || length > 0 ? [{ oStart: start, oEnd: end, cStart: start, cEnd: start + length }] : [];
}

/** (a + b + c).slice(from, to), taken from the three pieces (the joined text is never read whole). */
function sliceOfThree(a: string, b: string, c: string, from: number, to: number): string {
  const parts: string[] = [];
  let at = 0;
  for (const p of [a, b, c]) {
    const s = Math.max(from, at);
    const e = Math.min(to, at + p.length);
    if (s < e) parts.push(p.slice(s - at, e - at));
    at += p.length;
  }
  return parts.join('');
}

/** The expandtabs() step: its replacements and line ranges (one per run of tabs) listed when first read. */
function expandTabsStep(tabs: ExpandedTabs): StageStep {
  let replacements: Replacement[] | undefined;
  let lineRanges: LineRange[] | undefined;
  return {
    editIndex: 0,
    get replacements(): Replacement[] {
      return (replacements ??= tabs.runs.map(({ start, end, text }) => ({ start, end, text })));
    },
    set replacements(list: Replacement[]) {
      replacements = list;
    },
    get lineRanges(): LineRange[] {
      return (lineRanges ??= tabs.runs.map(({ line }) => ({ start: line, end: line })));
    },
    set lineRanges(list: LineRange[]) {
      lineRanges = list;
    },
    strategy: 'expandtabs',
    rewrite: true,
    label: 'expandtabs(): every tab becomes spaces',
  };
}

/** The stage of a file `create` writes: the text as given, nothing rewritten. */
export function createStage(resolved: Resolved, text: string, diffContext: number): FileStage {
  const staged = new StagedFile('');
  const edit = { start: 0, end: 0, text };
  staged.apply([edit]);
  const lines = text.length === 0 ? 1 : 1 + countChar(text, '\n', 0, text.length - 1);
  return buildFileStage({
    resolved,
    original: null,
    staged,
    steps: [{ editIndex: 0, replacements: [edit], lineRanges: [{ start: 1, end: lines }], strategy: 'exact' }],
    shape: PY_SHAPE,
    diffContext,
  });
}

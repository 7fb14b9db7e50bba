// A deliberately simple reference implementation of `edit_text_file`, `multi_edit_text_file` and
// `MultiEdit`, written from the SPEC (2, 3, 4.1-4.3) to judge the engine in property tests.
//
// Everything here is slow on purpose: the file is an array of cells, one per UTF-16 code unit of
// the LF view, and each cell remembers the raw text it stands for on disk ("\r\n" or "\n" for a
// line break) and whether it is an original character. Matching is a startsWith loop at every
// offset; line numbers are counted one character at a time; an edit is an array splice. There is
// no region bookkeeping: what changed is read off the cells at the end.
//
// Readings of the SPEC this reference makes (documented so a reader can disagree):
// - "Untouched" (SPEC 2.2) means untouched by the edit's actual change: characters that
//   old_string and new_string share at their start and end (longest common prefix, then longest
//   common suffix of what remains) are not rewritten, so their line endings stay as they were.
//   Everything else of the match is replaced, and every line break in the replacement takes the
//   file's dominant ending.
// - A created file (MultiEdit, missing file) has no endings to go by; its dominant ending is the
//   one its first new_string uses (CRLF when most of that string's line breaks are CRLF).
// - MultiEdit messages are not fixed by the SPEC beyond "name the edit and say what to do next";
//   the texts below are the product's wording, so that errors can be compared exactly.
// - The identical-strings checks compare the strings in the LF view (SPEC 2.2: both are read
//   there), so `foo\r\n` and `foo\n` are identical.

export type FileState = { kind: 'missing' } | { kind: 'bytes'; bytes: Uint8Array };

export interface RefError {
  code: number | string;
  message: string;
}

export interface RefRange {
  start: number;
  end: number;
}

export interface RefSuccess {
  ok: true;
  /** The tool's result without `diff` (the diff is judged separately). */
  result: Record<string, unknown>;
  originalView: string;
  /** Content (LF view) after each edit, in order. */
  stepViews: string[];
  finalView: string;
  finalBytes: Uint8Array;
  created: boolean;
  warnings: number;
  /** Number of `-` plus `+` lines a line-minimal diff inside the change windows has (SPEC 10.1). */
  minimalChangedLines: number;
  /** View offsets of the single edit's match (edit_text_file only). */
  match?: { start: number; end: number };
}

export type RefOutcome = RefSuccess | { ok: false; error: RefError };

export interface RefOptions {
  maxFileBytes?: number;
}

const DEFAULT_MAX = 50 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// The cell model.

interface Cell {
  /** One UTF-16 code unit of the LF view. */
  ch: string;
  /** What it is on disk: the same code unit, or "\r\n" / "\n" for a line break. */
  raw: string;
  /** Index in the original view, or -1 for a character an edit wrote. */
  orig: number;
}

class RefFile {
  constructor(
    public cells: Cell[],
    public readonly bom: boolean,
    public readonly eol: '\n' | '\r\n',
    public readonly originalView: string,
  ) {}

  view(): string {
    let s = '';
    for (const c of this.cells) s += c.ch;
    return s;
  }

  bytes(): Uint8Array {
    let raw = '';
    for (const c of this.cells) raw += c.raw;
    const body = new TextEncoder().encode(raw);
    if (!this.bom) return body;
    const out = new Uint8Array(body.length + 3);
    out.set([0xef, 0xbb, 0xbf], 0);
    out.set(body, 3);
    return out;
  }

  /** Replace view span [start, end) by `text` (LF view); shared edges stay untouched. */
  replace(start: number, end: number, text: string): void {
    const old = this.view().slice(start, end);
    let p = 0;
    while (p < old.length && p < text.length && old[p] === text[p]) p++;
    let s = 0;
    while (s < old.length - p && s < text.length - p && old[old.length - 1 - s] === text[text.length - 1 - s]) s++;
    const written: Cell[] = [];
    for (const ch of text.slice(p, text.length - s).split('')) written.push({ ch, raw: ch === '\n' ? this.eol : ch, orig: -1 });
    this.cells.splice(start + p, end - s - (start + p), ...written);
  }
}

type Opened = { kind: 'text'; file: RefFile } | { kind: 'missing' } | { kind: 'binary' } | { kind: 'too-large' };

/** SPEC 2.1: size limit, NUL in the first 8 KiB, strict UTF-8, BOM; SPEC 2.2: CRLF read as LF. */
function open(state: FileState, maxBytes: number): Opened {
  if (state.kind === 'missing') return { kind: 'missing' };
  const bytes = state.bytes;
  if (bytes.length > maxBytes) return { kind: 'too-large' };
  for (let i = 0; i < bytes.length && i < 8192; i++) if (bytes[i] === 0) return { kind: 'binary' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { kind: 'binary' };
  }
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (bom) text = text.slice(1);
  const pieces = text.split('\n');
  const cells: Cell[] = [];
  let crlf = 0;
  pieces.forEach((piece, k) => {
    const last = k === pieces.length - 1;
    const isCrlf = !last && piece.endsWith('\r');
    const body = isCrlf ? piece.slice(0, -1) : piece;
    for (const ch of body.split('')) cells.push({ ch, raw: ch, orig: cells.length });
    if (!last) {
      cells.push({ ch: '\n', raw: isCrlf ? '\r\n' : '\n', orig: cells.length });
      if (isCrlf) crlf++;
    }
  });
  const breaks = pieces.length - 1;
  const eol = crlf * 2 > breaks ? '\r\n' : '\n';
  const view = cells.map((c) => c.ch).join('');
  return { kind: 'text', file: new RefFile(cells, bom, eol, view) };
}

/** A created file: no cells yet, the ending its first new_string uses (raw, before the LF reading). */
function created(firstNewRaw: string): RefFile {
  const crlf = firstNewRaw.split('\r\n').length - 1;
  const breaks = firstNewRaw.split('\n').length - 1;
  return new RefFile([], false, crlf * 2 > breaks ? '\r\n' : '\n', '');
}

// ---------------------------------------------------------------------------------------------
// Naive text helpers.

const lf = (s: string): string => s.split('\r\n').join('\n');

/** Occurrences counted overlapping (SPEC 2.3): try every offset. */
export function countOverlapping(text: string, pattern: string): number {
  let n = 0;
  for (let i = 0; i + pattern.length <= text.length; i++) if (text.startsWith(pattern, i)) n++;
  return n;
}

function firstAt(text: string, pattern: string): number {
  for (let i = 0; i + pattern.length <= text.length; i++) if (text.startsWith(pattern, i)) return i;
  return -1;
}

/** Non-overlapping occurrences left to right (SPEC 2.5). */
export function nonOverlapping(text: string, pattern: string): number[] {
  const at: number[] = [];
  let i = 0;
  while (i + pattern.length <= text.length) {
    if (text.startsWith(pattern, i)) {
      at.push(i);
      i += pattern.length;
    } else i++;
  }
  return at;
}

/** SPEC 2.6: 1-based lines spanned by text[start, end); a trailing \n belongs to the line it ends. */
export function lineRange(text: string, start: number, end: number): RefRange {
  let first = 1;
  for (let i = 0; i < start; i++) if (text[i] === '\n') first++;
  let last = first;
  for (let i = start; i < end - 1; i++) if (text[i] === '\n') last++;
  return { start: first, end: last };
}

/** The range of a whole created content: at least line 1. */
function wholeRange(text: string): RefRange {
  return text === '' ? { start: 1, end: 1 } : lineRange(text, 0, text.length);
}

// ---------------------------------------------------------------------------------------------
// Line-minimal change count (SPEC 10.1), read off the cells.

/** Lines as arrays of cells; a line ends with its \n cell, the last may have none. */
function cellLines(cells: readonly Cell[]): Cell[][] {
  const out: Cell[][] = [];
  let cur: Cell[] = [];
  for (const c of cells) {
    cur.push(c);
    if (c.ch === '\n') {
      out.push(cur);
      cur = [];
    }
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

function lcsLength(a: readonly string[], b: readonly string[]): number {
  const prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(up, prev[j - 1]!);
      diag = up;
    }
  }
  return prev[b.length]!;
}

/**
 * An original line survives intact when some final line is exactly its cells. Intact lines are
 * the unchanged text; the runs of other lines between them are the change windows, and inside
 * each window a line-minimal diff has |old| + |new| - 2 LCS(old, new) changed lines.
 */
export function minimalChangedLines(originalView: string, finalCells: readonly Cell[]): number {
  const origLines = cellLines(originalView.split('').map((ch, i) => ({ ch, raw: ch, orig: i })));
  const origStartOf = new Map<number, number>(); // first orig index of a line -> line number
  let at = 0;
  origLines.forEach((l, k) => {
    origStartOf.set(at, k);
    at += l.length;
  });
  const finalLines = cellLines(finalCells);
  // For each final line, the original line it is intact from, or -1.
  const intactFrom = finalLines.map((line) => {
    const k = origStartOf.get(line[0]!.orig);
    if (line[0]!.orig < 0 || k === undefined) return -1;
    const o = origLines[k]!;
    if (o.length !== line.length) return -1;
    for (let i = 0; i < line.length; i++) if (line[i]!.orig !== o[i]!.orig) return -1;
    return k;
  });
  const text = (l: readonly Cell[]): string => l.map((c) => c.ch).join('');
  let total = 0;
  let oi = 0;
  let fi = 0;
  const flush = (oEnd: number, fEnd: number): void => {
    const a = origLines.slice(oi, oEnd).map(text);
    const b = finalLines.slice(fi, fEnd).map(text);
    total += a.length + b.length - 2 * lcsLength(a, b);
  };
  for (let f = 0; f < finalLines.length; f++) {
    const k = intactFrom[f]!;
    if (k < 0) continue;
    flush(k, f);
    oi = k + 1;
    fi = f + 1;
  }
  flush(origLines.length, finalLines.length);
  return total;
}

// ---------------------------------------------------------------------------------------------
// Profiles.

function success(file: RefFile, result: Record<string, unknown>, stepViews: string[], isCreated: boolean, warnings = 0, match?: { start: number; end: number }): RefSuccess {
  // One more warning when a written lone CR ended up right before a LF (it reads back as CRLF):
  // when the final text holds more such pairs than the original (a file with \r\r\n endings
  // already holds them, and an edit elsewhere adds none).
  const pairs = (t: string): number => t.split('\r\n').length - 1;
  if (pairs(file.view()) > pairs(file.originalView)) warnings++;
  return {
    ok: true,
    result,
    originalView: file.originalView,
    stepViews,
    finalView: file.view(),
    finalBytes: file.bytes(),
    created: isCreated,
    warnings,
    minimalChangedLines: minimalChangedLines(file.originalView, file.cells),
    ...(match && { match }),
  };
}

const err = (code: number | string, message: string): RefOutcome => ({ ok: false, error: { code, message } });

/** SPEC 4.1 rows 2-10 (inputs are assumed schema-valid; the mount is `/`). */
export function refEditTextFile(state: FileState, input: { path: string; old_string: string; new_string: string }, options: RefOptions = {}): RefOutcome {
  const { path, old_string: oldRaw, new_string: newRaw } = input;
  if (!path.startsWith('/')) return err(-32600, `Path must be absolute: ${path}`);
  if (lf(oldRaw) === lf(newRaw)) return err(-32600, 'old_string and new_string are identical');
  if (oldRaw === '') return err(-32600, 'old_string must not be empty');
  const opened = open(state, options.maxFileBytes ?? DEFAULT_MAX);
  if (opened.kind === 'missing') return err(-32001, `File not found: ${path}`);
  if (opened.kind === 'binary') return err(-32004, `Cannot edit binary file: ${path}`);
  if (opened.kind === 'too-large') return err(-32004, `File too large: ${path}`);
  const file = opened.file;
  const view = file.view();
  const find = lf(oldRaw);
  const count = countOverlapping(view, find);
  if (count === 0) return err(-32010, `String not found in file: ${oldRaw}`);
  if (count > 1) return err(-32011, `String appears ${count} times (must be unique): ${oldRaw}`);
  const start = firstAt(view, find);
  const range = lineRange(view, start, start + find.length);
  file.replace(start, start + find.length, lf(newRaw));
  return success(file, { success: true, line_range: range }, [file.view()], false, 0, { start, end: start + find.length });
}

interface Written {
  edit: number;
  start: number;
  end: number;
}

/** SPEC 4.2. */
export function refMultiEditTextFile(state: FileState, input: { path: string; edits: { old_string: string; new_string: string }[] }, options: RefOptions = {}): RefOutcome {
  const { path, edits } = input;
  if (!path.startsWith('/')) return err(-32600, `Path must be absolute: ${path}`);
  if (edits.length === 0) return err(-32600, 'Edits array cannot be empty');
  const opened = open(state, options.maxFileBytes ?? DEFAULT_MAX);
  if (opened.kind === 'missing') return err(-32001, `File not found: ${path}`);
  if (opened.kind === 'binary') return err(-32004, `Cannot edit binary file: ${path}`);
  if (opened.kind === 'too-large') return err(-32004, `File too large: ${path}`);
  const file = opened.file;
  const stepViews: string[] = [];
  const ranges: { edit_index: number; start: number; end: number }[] = [];
  let written: Written[] = [];
  let warnings = 0;
  for (let i = 0; i < edits.length; i++) {
    const { old_string: oldRaw, new_string: newRaw } = edits[i]!;
    if (oldRaw === '') return err(-32600, `Edit ${i}: old_string must not be empty`);
    const view = file.view();
    const find = lf(oldRaw);
    const count = countOverlapping(view, find);
    if (count === 0) return err(-32010, `Edit ${i}: String not found: ${oldRaw}`);
    if (count > 1) return err(-32011, `Edit ${i}: String appears ${count} times: ${oldRaw}`);
    const a = firstAt(view, find);
    const b = a + find.length;
    // The latest earlier edit whose written text the match straddles.
    for (let k = written.length - 1; k >= 0; k--) {
      const w = written[k]!;
      const overlaps = a < w.end && w.start < b;
      const inside = w.start <= a && b <= w.end;
      const contains = a <= w.start && w.end <= b;
      if (overlaps && !inside && !contains) return err(-32012, `Edit ${i} conflicts with edit ${w.edit}`);
    }
    if (lf(oldRaw) === lf(newRaw)) warnings++;
    const text = lf(newRaw);
    ranges.push({ edit_index: i, ...lineRange(view, a, b) });
    file.replace(a, b, text);
    stepViews.push(file.view());
    const delta = text.length - (b - a);
    const next: Written[] = [];
    for (const w of written) {
      if (w.end <= a) next.push(w);
      else if (w.start >= b) next.push({ edit: w.edit, start: w.start + delta, end: w.end + delta });
      else if (w.start <= a && b <= w.end) next.push({ edit: w.edit, start: w.start, end: w.end + delta });
      // else: the match contains it whole; its text is gone.
    }
    next.push({ edit: i, start: a, end: a + text.length });
    written = next;
  }
  return success(file, { success: true, applied_count: edits.length, line_ranges: ranges }, stepViews, false, warnings);
}

/** SPEC 4.3 rows 2-6 and 8-10, and the per-edit rows (the mount is `/`, files are readable). */
export function refMultiEdit(state: FileState, input: { file_path: string; edits: { old_string: string; new_string: string; replace_all?: boolean }[] }, options: RefOptions = {}): RefOutcome {
  const { file_path: path, edits } = input;
  if (!path.startsWith('/')) return err('PATH_NOT_ABSOLUTE', `file_path must be an absolute path, got: ${path}. Give the full path starting with /.`);
  if (path.toLowerCase().endsWith('.ipynb')) return err('NOTEBOOK_NOT_SUPPORTED', `${path} is a Jupyter notebook. Use the NotebookEdit tool to edit .ipynb files.`);
  if (edits.length === 0) return err('EMPTY_EDITS', 'edits must contain at least one edit.');
  for (let i = 0; i < edits.length; i++) {
    if (lf(edits[i]!.old_string) === lf(edits[i]!.new_string)) return err('EDIT_OLD_NEW_IDENTICAL', `Edit ${i}: old_string and new_string are identical. Change new_string or remove this edit.`);
  }
  for (let i = 1; i < edits.length; i++) {
    if (edits[i]!.old_string === '') return err('EMPTY_OLD_STRING', `Edit ${i}: old_string must not be empty. Only the first edit may have an empty old_string, to create a file.`);
  }
  const creating = edits[0]!.old_string === '';
  const opened = open(state, options.maxFileBytes ?? DEFAULT_MAX);
  if (creating && opened.kind !== 'missing' && !(opened.kind === 'text' && /^\s*$/.test(opened.file.view()))) {
    return err('ATTEMPT_TO_CREATE_EXISTING_FILE', `Edit 0: cannot create ${path}: the file already exists. Use a non-empty old_string to edit it.`);
  }
  if (opened.kind === 'missing' && !creating) return err('FILE_NOT_FOUND', `File not found: ${path}. To create it, make the first edit's old_string empty.`);
  if (opened.kind === 'binary') return err('BINARY_FILE', `Cannot edit binary file: ${path}.`);
  if (opened.kind === 'too-large') {
    const size = state.kind === 'bytes' ? state.bytes.length : 0;
    return err('FILE_TOO_LARGE', `File too large: ${path} is ${size} bytes; the limit is ${options.maxFileBytes ?? DEFAULT_MAX} bytes.`);
  }
  const isCreated = opened.kind === 'missing';
  const file = opened.kind === 'text' ? opened.file : created(edits[0]!.new_string);
  const stepViews: string[] = [];
  const results: { index: number; replacements: number; line_ranges: RefRange[] }[] = [];
  for (let i = 0; i < edits.length; i++) {
    const e = edits[i]!;
    const view = file.view();
    const text = lf(e.new_string);
    if (e.old_string === '') {
      file.replace(0, view.length, text);
      results.push({ index: i, replacements: 1, line_ranges: [wholeRange(text)] });
      stepViews.push(file.view());
      continue;
    }
    const find = lf(e.old_string);
    const starts = e.replace_all ? nonOverlapping(view, find) : [firstAt(view, find)].filter((s) => s >= 0);
    if (starts.length === 0) return err('STRING_NOT_FOUND', `Edit ${i}: old_string not found in ${path}. Read the file again and copy the text exactly, including whitespace and indentation.`);
    if (!e.replace_all) {
      const count = countOverlapping(view, find);
      if (count > 1) return err('MULTIPLE_MATCHES', `Edit ${i}: old_string appears ${count} times in ${path}. Add surrounding lines to make it unique, or set replace_all to true.`);
    }
    results.push({ index: i, replacements: starts.length, line_ranges: starts.map((s) => lineRange(view, s, s + find.length)) });
    // Right to left, so earlier offsets stay valid.
    for (const s of [...starts].reverse()) file.replace(s, s + find.length, text);
    stepViews.push(file.view());
  }
  return success(file, { success: true, file_path: path, created: isCreated, applied_count: edits.length, edits: results }, stepViews, isCreated);
}

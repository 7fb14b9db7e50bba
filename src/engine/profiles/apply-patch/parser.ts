// The V4A patch grammar as codex's parser (codex-rs/apply-patch/src/parser.rs) reads it, lenient
// mode: markers may carry surrounding whitespace, a patch wrapped in a `<<'EOF'` heredoc is
// unwrapped, the first chunk of an update may omit its `@@`, and blank lines between chunks are
// skipped. Errors carry codex's texts and its line numbers (which count the first hunk line as
// line 2 even when a heredoc line precedes it).

import { linesRust, trimRust } from './rust-text';

export interface Chunk {
  /** The `@@ <text>` line's text: a line searched for before the chunk's old lines. */
  changeContext: string | null;
  oldLines: string[];
  newLines: string[];
  /**
   * Old index, new index of each line that came as context (` text` or an empty line), one pair
   * after another in one flat list: codex keeps those lines of the file as they are instead of
   * rewriting them.
   */
  contextLines: number[];
  /** `*** End of File`: the old lines must end the file. */
  isEndOfFile: boolean;
}

export type Hunk =
  | { kind: 'add'; path: string; contents: string }
  | { kind: 'delete'; path: string }
  | { kind: 'update'; path: string; movePath: string | null; chunks: Chunk[] };

export type ParseError = { kind: 'InvalidPatchError'; message: string } | { kind: 'InvalidHunkError'; message: string; lineNumber: number };

export type ParsedPatch = { ok: true; hunks: Hunk[] } | { ok: false; error: ParseError };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE_TO = '*** Move to: ';
const EOF_MARKER = '*** End of File';
const NO_LINES = 'Update hunk does not contain any lines';

/** The error as codex's `ParseError` displays it. */
export function parseErrorText(e: ParseError): string {
  return e.kind === 'InvalidPatchError' ? `invalid patch: ${e.message}` : `invalid hunk at line ${e.lineNumber}, ${e.message}`;
}

class PatchSyntaxError {
  constructor(readonly error: ParseError) {}
}

const hunkError = (message: string, lineNumber: number): PatchSyntaxError => new PatchSyntaxError({ kind: 'InvalidHunkError', message, lineNumber });

export function parsePatch(patch: string): ParsedPatch {
  const lines = linesRust(trimRust(patch));
  const body = patchBody(lines);
  if ('error' in body) return { ok: false, error: body.error };
  const hunks: Hunk[] = [];
  const { lines: rest } = body;
  let at = 0;
  try {
    while (at < rest.length) {
      const [hunk, used] = parseHunk(rest, at, at + 2);
      hunks.push(hunk);
      at += used;
    }
  } catch (e) {
    if (e instanceof PatchSyntaxError) return { ok: false, error: e.error };
    throw e;
  }
  return { ok: true, hunks };
}

function boundaryError(lines: readonly string[]): ParseError | null {
  const first = lines.length > 0 ? trimRust(lines[0]!) : null;
  const last = lines.length > 0 ? trimRust(lines[lines.length - 1]!) : null;
  if (first === BEGIN && last === END) return null;
  if (first !== null && first !== BEGIN) return { kind: 'InvalidPatchError', message: "The first line of the patch must be '*** Begin Patch'" };
  return { kind: 'InvalidPatchError', message: "The last line of the patch must be '*** End Patch'" };
}

/** The lines between the markers, after the heredoc unwrapping lenient mode allows. */
function patchBody(lines: readonly string[]): { lines: readonly string[] } | { error: ParseError } {
  const strict = boundaryError(lines);
  if (strict === null) return { lines: lines.slice(1, -1) };
  const first = lines[0];
  const last = lines[lines.length - 1];
  const heredoc = first === '<<EOF' || first === "<<'EOF'" || first === '<<"EOF"';
  if (lines.length >= 4 && heredoc && last !== undefined && last.endsWith('EOF')) {
    const inner = lines.slice(1, -1);
    const innerError = boundaryError(inner);
    return innerError === null ? { lines: inner.slice(1, -1) } : { error: innerError };
  }
  return { error: strict };
}

/** One file operation starting at lines[at] (patch line `lineNumber`), and how many lines it used. */
function parseHunk(lines: readonly string[], at: number, lineNumber: number): [Hunk, number] {
  const first = trimRust(lines[at]!);
  if (first.startsWith(ADD)) {
    let contents = '';
    let used = 1;
    for (let i = at + 1; i < lines.length && lines[i]!.startsWith('+'); i++) {
      contents += `${lines[i]!.slice(1)}\n`;
      used++;
    }
    return [{ kind: 'add', path: first.slice(ADD.length), contents }, used];
  }
  if (first.startsWith(DELETE)) return [{ kind: 'delete', path: first.slice(DELETE.length) }, 1];
  if (first.startsWith(UPDATE)) {
    const path = first.slice(UPDATE.length);
    let used = 1;
    // Unlike the other markers, `*** Move to: ` is matched on the untrimmed line.
    const next = lines[at + 1];
    const movePath = next !== undefined && next.startsWith(MOVE_TO) ? next.slice(MOVE_TO.length) : null;
    if (movePath !== null) used++;
    const chunks: Chunk[] = [];
    while (at + used < lines.length) {
      const line = lines[at + used]!;
      if (trimRust(line) === '') {
        used++;
        continue;
      }
      if (line.startsWith('*')) break;
      const [chunk, n] = parseChunk(lines, at + used, lineNumber + used, chunks.length === 0);
      chunks.push(chunk);
      used += n;
    }
    if (chunks.length === 0) throw hunkError(`Update file hunk for path '${path}' is empty`, lineNumber);
    return [{ kind: 'update', path, movePath, chunks }, used];
  }
  throw hunkError(`'${first}' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'`, lineNumber);
}

/** One `@@` chunk starting at lines[from]; `lineNumber` is that line's number. */
function parseChunk(lines: readonly string[], from: number, lineNumber: number, allowMissingContext: boolean): [Chunk, number] {
  const head = lines[from]!;
  let changeContext: string | null = null;
  let start = 1;
  if (head === '@@') changeContext = null;
  else if (head.startsWith('@@ ')) changeContext = head.slice(3);
  else if (!allowMissingContext) throw hunkError(`Expected update hunk to start with a @@ context marker, got: '${head}'`, lineNumber);
  else start = 0;
  if (from + start >= lines.length) throw hunkError(NO_LINES, lineNumber + 1);
  const chunk: Chunk = { changeContext, oldLines: [], newLines: [], contextLines: [], isEndOfFile: false };
  let parsed = 0;
  for (let i = from + start; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === EOF_MARKER) {
      if (parsed === 0) throw hunkError(NO_LINES, lineNumber + 1);
      chunk.isEndOfFile = true;
      parsed++;
      break;
    }
    const sign = line[0];
    if (sign === undefined || sign === ' ') {
      const text = line.slice(1);
      chunk.contextLines.push(chunk.oldLines.length, chunk.newLines.length);
      chunk.oldLines.push(text);
      chunk.newLines.push(text);
    } else if (sign === '+') {
      chunk.newLines.push(line.slice(1));
    } else if (sign === '-') {
      chunk.oldLines.push(line.slice(1));
    } else {
      if (parsed === 0) {
        throw hunkError(
          `Unexpected line found in update hunk: '${line}'. Every line should start with ' ' (context line), '+' (added line), or '-' (removed line)`,
          lineNumber + 1,
        );
      }
      break;
    }
    parsed++;
  }
  return [chunk, parsed + start];
}

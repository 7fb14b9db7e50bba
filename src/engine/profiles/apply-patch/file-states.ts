// The files a patch touches, as the patch goes: each path's state on disk when the call started,
// whether it exists now, its staged content and the steps that made it. Moves hand a file's
// staged content to its destination. At the end the states become the stage's FileStages.

import { canonicalPath } from '../../file-identity';
import { buildFileStage, loadFile } from '../../file-stage';
import type { ResolvedPath } from '../../paths';
import { StagedFile } from '../../staged-file';
import { decodeUtf8, fromRaw, hasBom, type DecodedText } from '../../text';
import type { FileStage, StageStep, TextShape } from '../../types';
import type { WorkspaceFs } from '../../workspace-fs';
import { LineMatcher } from './seek';
import { stagedText } from './staged-text';

type Resolved = Extract<ResolvedPath, { ok: true }>;

/** What the call found at a path before it changed anything. */
export type Found =
  | { kind: 'text'; bytes: Uint8Array; text: DecodedText }
  | { kind: 'missing' }
  | { kind: 'directory' }
  | { kind: 'denied' }
  | { kind: 'not-utf8' }
  | { kind: 'too-large'; size: number };

export interface FileState {
  resolved: Resolved;
  found: Found;
  /** A regular file is there now (in the staged workspace). */
  exists: boolean;
  staged: StagedFile;
  steps: StageStep[];
  shape: TextShape;
  wholeWrite: boolean;
  movedFrom: { displayPath: string; text: string } | null;
  /** Changed by the patch so far (a touched state is a FileStage). */
  touched: boolean;
  /** When the patch first changed it: stages are listed in that order. */
  order: number;
  /** The original lines, searchable; built when first needed. */
  matcher: LineMatcher | null;
}

const LF_SHAPE: TextShape = { bom: false, eol: '\n' };
/** Key prefix of a link's own name (a NUL is in no path). */
const NAME = '\0name:';

/**
 * The ending codex gives the lines it writes: that of the first line break of the file (LF
 * when there is none), not the most common one.
 */
export function firstEnding(text: DecodedText): '\n' | '\r\n' {
  const first = text.view.indexOf('\n');
  return first !== -1 && text.crlfAt.length > 0 && text.crlfAt[0] === first ? '\r\n' : '\n';
}

/** The file has both LF and CRLF line breaks. */
export function mixedEndings(text: DecodedText): boolean {
  if (text.crlfAt.length === 0) return false;
  let breaks = 0;
  for (let i = text.view.indexOf('\n'); i !== -1 && breaks <= text.crlfAt.length; i = text.view.indexOf('\n', i + 1)) breaks++;
  return breaks > text.crlfAt.length;
}

/** The OS error text Rust's std::io gives codex when it cannot read a file as text. */
export function readErrorText(found: Found, maxBytes: number): string {
  switch (found.kind) {
    case 'missing':
      return 'No such file or directory (os error 2)';
    case 'directory':
      return 'Is a directory (os error 21)';
    case 'denied':
      return 'Permission denied (os error 13)';
    case 'not-utf8':
      return 'stream did not contain valid UTF-8';
    case 'too-large':
      return `file is ${found.size} bytes, over the playground's limit of ${maxBytes} bytes`;
    case 'text':
      return '';
  }
}

/**
 * How an operation reaches its path (SPEC 14): `file` (an update, an addition, a move's
 * destination) changes the file the path reaches, so every name of one file shares one state and
 * their operations chain; `name` (a deletion, a move's source) removes the name, so a link's name
 * has a state of its own and removing it leaves the file it points to.
 */
export type Reach = 'file' | 'name';

export class FileStates {
  /** By the file's identity (canonicalPath), or `NAME + path` for a link's own name. */
  private readonly byKey = new Map<string, FileState>();
  private touches = 0;
  /** "a and b are one file" warnings, once per pair of names. */
  readonly warnings: string[] = [];

  constructor(
    private readonly fs: WorkspaceFs,
    private readonly maxFileBytes: number,
  ) {}

  private async keyOf(path: string, reach: Reach): Promise<string> {
    const file = await canonicalPath(this.fs, path);
    return reach === 'name' && file !== path ? `${NAME}${path}` : file;
  }

  async get(resolved: Resolved, reach: Reach = 'file'): Promise<FileState> {
    const key = await this.keyOf(resolved.path, reach);
    const known = this.byKey.get(key);
    if (known !== undefined) {
      const pair = `${known.resolved.displayPath} and ${resolved.displayPath}`;
      const warning = `${pair} are one file (a link or another name of it): their operations apply in turn to that one file`;
      if (known.resolved.path !== resolved.path && !this.warnings.includes(warning)) this.warnings.push(warning);
      return known;
    }
    const found = await this.find(resolved.path);
    const text = found.kind === 'text' ? found.text : null;
    const state: FileState = {
      resolved,
      found,
      exists: text !== null,
      staged: new StagedFile(text?.view ?? ''),
      steps: [],
      shape: text ? { bom: text.shape.bom, eol: firstEnding(text) } : LF_SHAPE,
      wholeWrite: false,
      movedFrom: null,
      touched: false,
      order: 0,
      matcher: null,
    };
    this.byKey.set(key, state);
    return state;
  }

  /** A path whose state is not loaded yet is looked up on disk; loaded ones by their state. */
  async isFile(path: string): Promise<boolean> {
    const known = this.byKey.get(await this.keyOf(path, 'file'));
    if (known !== undefined) return known.exists;
    return (await this.fs.stat(path)).kind === 'file';
  }

  async isDirectory(path: string): Promise<boolean> {
    const known = this.byKey.get(await this.keyOf(path, 'file'));
    if (known !== undefined) return !known.exists && known.found.kind === 'directory';
    return (await this.fs.stat(path)).kind === 'directory';
  }

  /** The original content's lines, searchable at every fuzz level. */
  static matcher(state: FileState): LineMatcher {
    state.matcher ??= LineMatcher.ofText(state.staged.original);
    return state.matcher;
  }

  /**
   * codex reads text as UTF-8, NUL bytes included; the playground's text model calls such a file
   * binary, so it is decoded here again.
   */
  private async find(path: string): Promise<Found> {
    const loaded = await loadFile(this.fs, path, this.maxFileBytes);
    switch (loaded.kind) {
      case 'text':
        return loaded;
      case 'binary': {
        const bom = hasBom(loaded.bytes);
        try {
          const raw = decodeUtf8(bom ? loaded.bytes.subarray(3) : loaded.bytes);
          return { kind: 'text', bytes: loaded.bytes, text: fromRaw(raw, bom) };
        } catch {
          return { kind: 'not-utf8' };
        }
      }
      case 'missing':
      case 'directory':
        return { kind: loaded.kind };
      case 'denied':
        return { kind: 'denied' };
      case 'too-large':
        return loaded;
    }
  }

  /** Record that the patch changed these files (after the operation that did). */
  touch(...states: FileState[]): void {
    for (const s of states) {
      s.touched = true;
      if (s.order === 0) s.order = ++this.touches;
    }
  }

  /** Every touched file as a FileStage, in the order the patch first touched them. */
  stages(diffContext: number): FileStage[] {
    const out: FileStage[] = [];
    const touched = [...this.byKey.values()].filter((s) => s.touched).sort((a, b) => a.order - b.order);
    for (const s of touched) {
      const original = s.found.kind === 'text' ? { bytes: s.found.bytes, text: s.found.text } : null;
      // Created and removed again by the same patch: nothing to show or write.
      if (original === null && !s.exists) continue;
      out.push(
        buildFileStage({
          resolved: s.resolved,
          original,
          staged: stagedText(s.staged),
          steps: s.steps,
          shape: s.shape,
          diffContext,
          deleted: !s.exists,
          wholeWrite: s.wholeWrite,
          ...(s.movedFrom ? { movedFrom: s.movedFrom } : {}),
        }),
      );
    }
    return out;
  }
}

/** Replace the whole staged content as one step (an added file, a deleted one). */
export function replaceAll(state: FileState, text: string, step: Omit<StageStep, 'replacements' | 'lineRanges'>): void {
  const replacement = { start: 0, end: state.staged.length, text };
  const lineRanges = state.staged.lineRanges([replacement]);
  state.staged.apply([replacement]);
  state.steps.push({ ...step, replacements: [replacement], lineRanges });
}

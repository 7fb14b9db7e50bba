// aider's view of the files a reply touches: `io.read_text` (strict UTF-8, universal newlines, so
// CRLF and a lone CR read as LF; None for a missing, unreadable or undecodable file), `Path.exists`,
// `touch`, and `io.write_text` (LF on Linux). Every change is kept as a step so the stage can show
// it; nothing is written here (the engine commits the stage, all or nothing).

import { buildFileStage } from '../../file-stage';
import { resolveCallPath, type ResolvedPath } from '../../paths';
import { StagedFile } from '../../staged-file';
import { fromRaw } from '../../text';
import type { FileStage, Replacement, StageStep, TextShape } from '../../types';
import type { ProfileContext } from '../profile';
import { SHARED } from '../../workspace-fs';

export type Resolved = Extract<ResolvedPath, { ok: true }>;

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Python writes the str as it is: LF, and a BOM is an ordinary U+FEFF character. */
const PY_SHAPE: TextShape = { bom: false, eol: '\n' };

interface Original {
  bytes: Uint8Array;
  view: string;
  crlfAt: number[];
  loneCr: number;
}

interface Change {
  block: number;
  before: string;
  after: string;
  strategy: string;
  label: string;
}

export class AiderFile {
  /** The text on disk as aider left it so far (null: missing or unreadable); reads see it with universal newlines. */
  private disk: string | null;
  exists: boolean;
  touched = false;
  readonly changes: Change[] = [];

  constructor(
    readonly resolved: Resolved,
    readonly kind: 'text' | 'missing' | 'directory' | 'unreadable',
    readonly original: Original | null,
  ) {
    this.exists = kind !== 'missing';
    this.disk = original === null ? null : original.view.replaceAll('\r', '\n');
  }

  /** What `read_text` gives now: null when aider cannot read it (missing, a folder, not UTF-8, too large). */
  get content(): string | null {
    return this.disk === null || !this.disk.includes('\r') ? this.disk : this.disk.replace(/\r\n?/g, '\n');
  }

  /** `Path(path).touch()` on a missing file: it now exists, empty. */
  touch(): void {
    if (this.exists) return;
    this.exists = true;
    this.touched = true;
    this.disk = '';
  }

  /** `io.write_text`: the text as it is (a CR written stays; the next read sees it as a line break). */
  write(text: string, block: number, strategy: string, label: string): void {
    this.changes.push({ block, before: this.disk ?? '', after: text, strategy, label });
    this.exists = true;
    this.disk = text;
  }

  get changed(): boolean {
    return this.touched || this.changes.length > 0;
  }
}

/** The files of one run, by workspace path; paths outside the mount are refused up front. */
export class AiderFiles {
  private readonly byPath = new Map<string, AiderFile>();

  constructor(private readonly ctx: ProfileContext) {}

  static resolve(path: string, ctx: ProfileContext): Resolved | null {
    const r = resolveCallPath(path, ctx.mount);
    return r.ok && r.path !== '' ? r : null;
  }

  /** Load `path` (relative to the mount, as aider's root) once; null when outside the mount. */
  async load(path: string): Promise<AiderFile | null> {
    const resolved = AiderFiles.resolve(path, this.ctx);
    if (resolved === null) return null;
    const known = this.byPath.get(resolved.path);
    if (known !== undefined) return known;
    const file = await this.read(resolved);
    this.byPath.set(resolved.path, file);
    return file;
  }

  /** A loaded file (load it first). */
  get(path: string): AiderFile {
    const resolved = AiderFiles.resolve(path, this.ctx)!;
    return this.byPath.get(resolved.path)!;
  }

  private async read(resolved: Resolved): Promise<AiderFile> {
    const st = await this.ctx.fs.stat(resolved.path);
    if (st.kind === 'missing') return new AiderFile(resolved, 'missing', null);
    if (st.kind === 'directory') return new AiderFile(resolved, 'directory', null);
    if (st.kind !== 'file' || st.size > this.ctx.maxFileBytes) return new AiderFile(resolved, 'unreadable', null);
    const rd = await this.ctx.fs.read(resolved.path, SHARED);
    if (rd.kind !== 'file') return new AiderFile(resolved, rd.kind === 'missing' ? 'missing' : 'unreadable', null);
    let raw: string;
    try {
      raw = strict.decode(rd.bytes);
    } catch {
      return new AiderFile(resolved, 'unreadable', null);
    }
    const { view, crlfAt } = fromRaw(raw, false);
    const loneCr = view.split('\r').length - 1;
    return new AiderFile(resolved, 'text', { bytes: rd.bytes, view, crlfAt, loneCr });
  }

  get all(): AiderFile[] {
    return [...this.byPath.values()];
  }
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The smallest replacement turning `before` into `after` (common head and tail kept). */
function minimalReplacement(before: string, after: string): Replacement {
  let head = 0;
  const max = Math.min(before.length, after.length);
  while (head < max && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < max - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { start: head, end: before.length - tail, text: after.slice(head, after.length - tail) };
}

/** The stage of a changed file, and the warnings for what aider rewrote that no block asked for. */
export function stageOf(file: AiderFile, diffContext: number): { stage: FileStage; warnings: string[] } {
  const o = file.original;
  const shown = file.resolved.displayPath;
  const staged = new StagedFile(o?.view ?? '');
  const steps: StageStep[] = [];
  const warnings: string[] = [];
  if (o !== null && o.crlfAt.length > 0) warnings.push(`${shown}: aider reads the file with universal newlines and writes it with LF: ${plural(o.crlfAt.length, 'CRLF line ending')} become LF`);
  if (o !== null && o.loneCr > 0) {
    const reps: Replacement[] = [];
    for (let i = o.view.indexOf('\r'); i !== -1; i = o.view.indexOf('\r', i + 1)) reps.push({ start: i, end: i + 1, text: '\n' });
    steps.push({ editIndex: 0, replacements: reps, lineRanges: staged.lineRanges(reps), strategy: 'universal-newlines', rewrite: true, label: 'Universal newlines: each lone CR becomes LF' });
    staged.apply(reps);
    warnings.push(`${shown}: aider reads a lone CR as a line break and writes LF: ${plural(o.loneCr, 'lone CR line ending')} become LF`);
  }
  for (const c of file.changes) {
    const r = minimalReplacement(c.before, c.after);
    steps.push({ editIndex: c.block, replacements: [r], lineRanges: staged.lineRanges([r]), strategy: c.strategy, label: c.label });
    staged.apply([r]);
  }
  const stage = buildFileStage({
    resolved: file.resolved,
    original: o === null ? null : { bytes: o.bytes, text: { view: o.view, crlfAt: o.crlfAt, shape: PY_SHAPE } },
    staged,
    steps,
    shape: PY_SHAPE,
    diffContext,
    wholeWrite: o !== null && (o.crlfAt.length > 0 || o.loneCr > 0),
  });
  return { stage, warnings };
}

// The workspace as a session replay sees it: the base filesystem under the staged results of the
// calls replayed so far. Each successful call's stage is laid over the base (final bytes, deletions,
// moves); nothing reaches the base until the session's final state is committed. Reads of a file
// no call touched go to the base, so a replay reads each file of the base at most once per call
// that asks for it and never copies the workspace.
//
// A file is its identity (SPEC 14): what a call writes is kept under the file's canonical path
// (the base's WorkspaceFs.canonical), so a later call that reaches the file by another name (a
// symlink, a folder symlink, a hard link) reads it; a removal removes the name it names, so
// removing a symlink leaves its target.

import { canonicalPath, folderOnly, NAMES_A_FOLDER, namesFolder } from '../engine/file-identity';
import { finalBytesOf, stagePieces } from '../engine/file-stage';
import { hasBom } from '../engine/text';
import { slashesFromWindows } from '../engine/paths';
import { TextPieces } from '../engine/text-pieces';
import type { FileStage, Stage } from '../engine/types';
import type { ListResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../engine/workspace-fs';

/**
 * What the overlay holds for a path: the bytes a call staged, the text in pieces (a text file a
 * call staged, whose bytes are built only when read), or `null` for a file a call deleted.
 */
export type OverlayEntry = Uint8Array | TextPieces | null;

const bytesOf = (entry: Uint8Array | TextPieces): Uint8Array => (entry instanceof TextPieces ? entry.bytes() : entry);

/**
 * Whether a stage's final bytes are its final text's UTF-8 (LF, no BOM added or dropped), so
 * the text can stand for the file in pieces.
 */
function textIsBytes(f: FileStage): boolean {
  if (f.deleted === true || f.shape.bom || f.shape.eol !== '\n') return false;
  if (f.created || f.wholeWrite === true) return true;
  if (f.originalCrlfAt.length > 0) return false;
  // No change: the original bytes are written back, with the BOM the view may have dropped.
  return f.regions.length > 0 || f.originalText.startsWith('\uFEFF') || !hasBom(f.originalBytes!);
}

const clean = (p: string): string => p.replace(/^\/+/, '').replace(/\/+$/, '');

export class OverlayFs implements WorkspaceFs {
  /** Paths a call wrote or deleted, in the order first touched. */
  private readonly layer = new Map<string, OverlayEntry>();
  /** The base's bytes of each touched path before the session touched it (`null`: it did not exist). */
  private readonly before = new Map<string, Uint8Array | null>();
  /**
   * Folders that exist only because a staged file lies inside them: parent path → number of
   * staged files below it. Kept as counts so stat and list stay O(depth), not O(files).
   */
  private readonly stagedDirs = new Map<string, number>();

  /** `windows`: the session's agent ran on Windows, so `\\` in a path is a separator (SessionRuntime.windows). */
  constructor(
    readonly base: WorkspaceFs,
    private readonly windows = false,
  ) {}

  /** The overlay's form of a path: no leading or trailing `/`, and on Windows `/` for each `\\`. */
  private clean(path: string): string {
    return clean(this.windows ? slashesFromWindows(path) : path);
  }

  /**
   * Lay a successful call's stage over the workspace. Answers the path each file of the stage is
   * kept under (the file's identity; a removed name itself), in stage order.
   */
  async applyStage(stage: Stage): Promise<string[]> {
    const keys: string[] = [];
    for (const f of stage.files) {
      const key = await this.keyOf(f.path, f.deleted === true);
      await this.remember(key);
      keys.push(key);
      // A call made on the pieces this overlay holds, as they still are: its edits are made on them.
      const pieces = stagePieces(f);
      if (f.deleted !== true && pieces !== undefined && this.layer.get(key) === pieces.source && pieces.source.version === pieces.version) {
        pieces.source.apply(pieces.edits);
        continue;
      }
      this.put(key, f.deleted ? null : ((textIsBytes(f) ? TextPieces.of(f.finalText, () => finalBytesOf(f)) : null) ?? finalBytesOf(f)));
    }
    return keys;
  }

  /** The path the overlay keeps `path` under: the file it reaches, or (a removal) the name itself. */
  private async keyOf(path: string, name: boolean): Promise<string> {
    const p = this.clean(path);
    return name ? p : canonicalPath(this.base, p);
  }

  /** What the staged entry for `path` is: its own, or the one of the file it reaches; undefined if none. */
  private async entryOf(p: string): Promise<{ key: string; entry: OverlayEntry | undefined }> {
    const own = this.layer.get(p);
    if (own !== undefined || this.layer.size === 0) return { key: p, entry: own };
    const key = await this.keyOf(p, false);
    return { key, entry: this.layer.get(key) };
  }

  /** The base's bytes of a path before the session first touches it (read through links). */
  private async remember(key: string): Promise<void> {
    if (this.before.has(key)) return;
    const rd = await this.base.read(key);
    this.before.set(key, rd.kind === 'file' ? rd.bytes : null);
  }

  canonical(path: string): Promise<string> {
    return canonicalPath(this.base, this.clean(path));
  }

  /** Touched paths with their bytes before the session and now (`null`: absent). */
  touched(): { path: string; before: Uint8Array | null; after: Uint8Array | null }[] {
    return [...this.before].map(([path, before]) => {
      const after = this.layer.get(path) ?? null;
      return { path, before, after: after === null ? null : bytesOf(after) };
    });
  }

  private put(path: string, entry: OverlayEntry): void {
    const had = this.layer.get(path);
    if (had !== undefined && had !== null) this.countDirs(path, -1);
    this.layer.set(path, entry);
    if (entry !== null) this.countDirs(path, 1);
  }

  private countDirs(path: string, delta: number): void {
    for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
      const dir = path.slice(0, i);
      const n = (this.stagedDirs.get(dir) ?? 0) + delta;
      if (n <= 0) this.stagedDirs.delete(dir);
      else this.stagedDirs.set(dir, n);
    }
  }

  async stat(path: string): Promise<StatResult> {
    if (namesFolder(path)) return folderOnly(await this.stat(path.replace(/\/+$/, '')));
    const p = this.clean(path);
    const { entry } = await this.entryOf(p);
    if (entry !== undefined) return entry === null ? this.statGone(p) : { kind: 'file', size: entry instanceof TextPieces ? entry.byteLength() : entry.length };
    if (this.stagedDirs.has(p)) return { kind: 'directory' };
    return this.base.stat(p);
  }

  /** A deleted file's path: still a folder if staged files lie below it, else missing. */
  private statGone(p: string): StatResult {
    return this.stagedDirs.has(p) ? { kind: 'directory' } : { kind: 'missing' };
  }

  async read(path: string): Promise<ReadResult> {
    if (namesFolder(path)) return folderOnly(await this.read(path.replace(/\/+$/, '')));
    const p = this.clean(path);
    const { entry } = await this.entryOf(p);
    // Profiles never mutate the bytes they read, so the staged array is handed out as it is.
    if (entry !== undefined) return entry === null ? this.statGone(p) as ReadResult : { kind: 'file', bytes: bytesOf(entry) };
    if (this.stagedDirs.has(p)) return { kind: 'directory' };
    return this.base.read(p);
  }

  /** The staged text of a file a call before left in pieces (undefined: read its bytes). */
  async readPieces(path: string): Promise<TextPieces | undefined> {
    if (namesFolder(path)) return undefined;
    const { entry } = await this.entryOf(this.clean(path));
    return entry instanceof TextPieces ? entry : undefined;
  }

  /**
   * A file the session has not touched, as the transcript first shows it where the workspace has
   * none (a replay seeded from the transcript, on a file it never showed before a call): that text
   * is its state before the session as well, so what the session does to it reads as a change, not
   * as the creation of the whole file. False, and nothing done, once the session has touched it.
   */
  async found(path: string, bytes: Uint8Array): Promise<boolean> {
    if (namesFolder(path)) return false;
    const key = await this.keyOf(path, false);
    if (this.before.has(key)) return false;
    this.before.set(key, bytes.slice());
    this.put(key, bytes.slice());
    return true;
  }

  /** Writes from a profile land in the overlay (profiles only stage; this keeps the interface whole). */
  async write(path: string, bytes: Uint8Array): Promise<WriteResult> {
    if (namesFolder(path)) return { ok: false, message: NAMES_A_FOLDER };
    const key = await this.keyOf(path, false);
    await this.remember(key);
    this.put(key, bytes.slice());
    return { ok: true };
  }

  async remove(path: string): Promise<WriteResult> {
    if (namesFolder(path)) return { ok: false, message: NAMES_A_FOLDER };
    const key = await this.keyOf(path, true);
    await this.remember(key);
    this.put(key, null);
    return { ok: true };
  }

  async list(path: string): Promise<ListResult> {
    const p = this.clean(path);
    const entry = this.layer.get(p);
    if (entry !== undefined && entry !== null) return { kind: 'file' };
    const listed = await this.base.list(p);
    const names = new Map<string, 'file' | 'directory'>();
    if (listed.kind === 'directory') for (const e of listed.entries) names.set(e.name, e.kind);
    else if (!this.stagedDirs.has(p) && p !== '') return listed.kind === 'file' && entry === null ? { kind: 'missing' } : listed;
    const prefix = p === '' ? '' : `${p}/`;
    // Only the touched paths are visited: a replay touches few files compared with the workspace.
    for (const [k, v] of this.layer) {
      if (!k.startsWith(prefix)) continue;
      const rest = k.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash !== -1) {
        if (v !== null) names.set(rest.slice(0, slash), 'directory');
      } else if (v === null) {
        if (!this.stagedDirs.has(k)) names.delete(rest);
      } else names.set(rest, 'file');
    }
    return { kind: 'directory', entries: [...names].map(([name, kind]) => ({ name, kind })) };
  }
}

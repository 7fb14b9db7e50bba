// Commit (SPEC 5, 14): compare-and-swap against the bytes the stage was computed from, one atomic
// write per file, and rollback of what was already written when a later write fails. The files
// are locked (WorkspaceFs.lock) from the compare to the last write, so of concurrent saves of a
// file every one that reports success keeps its edit; the others see a conflict. Files are
// written by their identity (WorkspaceFs.canonical), and a stage that changes one file under two
// names, each from the file as it was, is refused: saving it would lose one of the changes.

import { canonicalPath } from './file-identity';
import { finalByteParts, finalBytesOf } from './file-stage';
import { bytesEqual } from './text';
import type { FileStage, Stage } from './types';
import { SHARED, type WorkspaceFs, type WriteResult } from './workspace-fs';

export type CommitPlanAction = 'write' | 'create' | 'delete' | 'leave';

export interface CommitPlanEntry {
  path: string;
  displayPath: string;
  action: CommitPlanAction;
}

/**
 * What a failed save did to one file of the stage: `committed` (written and kept: only in a stage
 * whose files save independently), `rolled-back` (written, then put back as it was), `rollback-failed`
 * (written, and putting it back failed: it holds the new bytes), `failed` (its own write failed: it
 * is as it was), `not-written` (never tried).
 */
export type CommitFileStatus = 'committed' | 'rolled-back' | 'rollback-failed' | 'failed' | 'not-written';

export type CommitOutcome =
  | { ok: true; written: string[]; created: string[]; deleted: string[] }
  | {
      ok: false;
      error: { code: 'CONFLICT' | 'WRITE_FAILED'; message: string };
      /** Files whose write had happened and was undone. */
      rolledBack: string[];
      /** Files that could not be restored (reported, never hidden). */
      restoreFailures: string[];
      /** Files written and kept (a stage whose files save independently, `Stage.independent`). */
      committed: string[];
      /** Every acting file of the stage (workspace path and the name the stage used) and what happened to it. */
      files: { path: string; displayPath: string; status: CommitFileStatus; /** Why its write failed (`failed`). */ reason?: string }[];
    };

/** What a commit of this stage would do, file by file (the app shows it before saving). */
export function commitPlan(stage: Stage): CommitPlanEntry[] {
  return stage.files.map((f) => ({ path: f.path, displayPath: f.displayPath, action: actionOf(f) }));
}

function actionOf(f: FileStage, bytesOf: (f: FileStage) => Uint8Array = finalBytesOf): CommitPlanAction {
  if (f.deleted) return f.originalBytes === null ? 'leave' : 'delete';
  if (f.originalBytes === null) return 'create';
  // A whole-file write can change bytes outside every region (CRLF rewritten as LF).
  if (f.regions.length === 0 && !f.wholeWrite) return 'leave';
  // An ASCII original without BOM or CRLF, edited in place: its bytes are its view's characters,
  // and the final bytes are the final text's UTF-8 (finalBytesOf), which is those same bytes only
  // for the same text. Comparing the texts spares encoding a 5 MB file on every run's plan.
  if (!f.wholeWrite && asciiView(f)) return f.finalText === f.originalText ? 'leave' : 'write';
  return bytesEqual(f.originalBytes, bytesOf(f)) ? 'leave' : 'write';
}

/** Whether the original's bytes are its view's characters one for one: ASCII, no BOM, LF endings kept. */
function asciiView(f: FileStage): boolean {
  const before = f.originalBytes;
  return before !== null && !f.shape.bom && f.shape.eol === '\n' && f.originalCrlfAt.length === 0 && before.length === f.originalText.length;
}

/**
 * Writes and creations go first and deletions last, so a failure part way never leaves a file
 * deleted whose replacement (a move's destination) was not written.
 */
export async function commitStage(fs: WorkspaceFs, stage: Stage): Promise<CommitOutcome> {
  // Each file's bytes are encoded once: the plan compares them, the write writes them.
  const encoded = new Map<FileStage, Uint8Array>();
  const bytesOf = (f: FileStage): Uint8Array => {
    let b = encoded.get(f);
    if (b === undefined) encoded.set(f, (b = finalBytesOf(f)));
    return b;
  };
  const acting = stage.files.filter((f) => actionOf(f, bytesOf) !== 'leave');
  const targets = [...acting.filter((f) => !f.deleted), ...acting.filter((f) => f.deleted)];
  const nothing = { rolledBack: [], restoreFailures: [], committed: [], files: targets.map((f) => statusOf(f, 'not-written')) };

  // Where each target is written (the file its path reaches), and which file each one changes: a
  // removal changes the name it removes (removing a symlink leaves its target), a write the file.
  const at = new Map<FileStage, string>();
  const changes = new Map<string, FileStage>();
  for (const f of targets) {
    const file = await canonicalPath(fs, f.path);
    at.set(f, f.deleted ? f.path : file);
    const key = f.deleted ? await nameOf(fs, f.path) : file;
    const other = changes.get(key);
    if (other !== undefined) return { ok: false, error: { code: 'CONFLICT', message: aliasMessage(other, f) }, ...nothing };
    changes.set(key, f);
  }

  const held = fs.lock === undefined ? null : await fs.lock([...new Set(targets.map((f) => at.get(f)!))]);
  if (held !== null && !held.ok) return { ok: false, error: { code: 'CONFLICT', message: `Could not save: ${held.message}` }, ...nothing };
  try {
    // Bytes in parts where the backend writes parts and they were not built whole for the plan.
    const partsOf = (f: FileStage): Uint8Array[] | null => (fs.writeParts === undefined || encoded.has(f) ? null : finalByteParts(f));
    return await compareAndWrite(fs, targets, at, stage.independent === true, bytesOf, partsOf);
  } finally {
    if (held !== null) await held.release();
  }
}

/** The name a removal removes: its folders resolved, the last segment as it is. */
async function nameOf(fs: WorkspaceFs, path: string): Promise<string> {
  const slash = path.lastIndexOf('/');
  if (slash === -1) return path;
  const folder = await canonicalPath(fs, path.slice(0, slash));
  return folder === '' ? path.slice(slash + 1) : `${folder}/${path.slice(slash + 1)}`;
}

function aliasMessage(a: FileStage, b: FileStage): string {
  const names = a.displayPath === b.displayPath ? a.displayPath : `${a.displayPath} and ${b.displayPath}`;
  const what = a.deleted || b.deleted ? 'the stage writes it and removes it' : 'the stage changes it twice, each time from the file as it was';
  return `${names} are one file (a link or another name of it): ${what}, so saving would lose a change. Nothing was written; edit the file under one name.`;
}

function statusOf(f: FileStage, status: CommitFileStatus, reason?: string) {
  return { path: f.path, displayPath: f.displayPath, status, ...(reason !== undefined && { reason }) };
}

async function compareAndWrite(
  fs: WorkspaceFs,
  targets: FileStage[],
  at: Map<FileStage, string>,
  independent: boolean,
  bytesOf: (f: FileStage) => Uint8Array,
  partsOf: (f: FileStage) => Uint8Array[] | null,
): Promise<CommitOutcome> {
  const changed: string[] = [];
  for (const f of targets) {
    if (!(await unchanged(fs, at.get(f)!, f.originalBytes))) changed.push(f.displayPath);
  }
  if (changed.length > 0) {
    return {
      ok: false,
      error: { code: 'CONFLICT', message: `File changed since the run: ${changed.join(', ')}. Nothing was written; run the call again.` },
      rolledBack: [],
      restoreFailures: [],
      committed: [],
      files: targets.map((f) => statusOf(f, 'not-written')),
    };
  }
  const write = (f: FileStage): Promise<WriteResult> => {
    if (f.deleted) return fs.remove(at.get(f)!);
    const parts = partsOf(f);
    return parts !== null ? fs.writeParts!(at.get(f)!, parts) : fs.write(at.get(f)!, bytesOf(f), SHARED);
  };
  if (independent) return writeEach(targets, write);
  const done: FileStage[] = [];
  // Folders a created file's write made, deepest first: its rollback removes them again.
  const madeFolders = new Map<FileStage, string[]>();
  for (const f of targets) {
    if (f.originalBytes === null && !f.deleted && fs.removeFolder !== undefined) madeFolders.set(f, await missingFolders(fs, at.get(f)!));
    const res = await write(f);
    if (res.ok) {
      done.push(f);
      continue;
    }
    const restoreFailures: string[] = [];
    const status = new Map<FileStage, CommitFileStatus>();
    for (const w of [...done].reverse()) {
      const undo = w.originalBytes === null ? await fs.remove(at.get(w)!) : await fs.write(at.get(w)!, w.originalBytes, SHARED);
      status.set(w, undo.ok ? 'rolled-back' : 'rollback-failed');
      if (!undo.ok) restoreFailures.push(w.displayPath);
      // A folder that now holds something else is refused and stays, and so do those above it.
      else for (const dir of madeFolders.get(w) ?? []) if (!(await fs.removeFolder!(dir)).ok) break;
    }
    const rolled = done.reverse().map((w) => w.displayPath).filter((p) => !restoreFailures.includes(p));
    const tail = done.length === 0 ? ' No file had been written.' : rolled.length > 0 ? ` Restored ${rolled.join(', ')}.` : '';
    const broken = restoreFailures.length > 0 ? ` Could not restore ${restoreFailures.join(', ')}.` : '';
    return {
      ok: false,
      error: { code: 'WRITE_FAILED', message: `${couldNot(f, res.message)}.${tail}${broken}` },
      rolledBack: rolled,
      restoreFailures,
      committed: [],
      files: targets.map((t) => (t === f ? statusOf(t, 'failed', res.message) : statusOf(t, status.get(t) ?? 'not-written'))),
    };
  }
  return succeeded(targets);
}

/** Whether the file at `path` is as the run read it: `original`, or no file (`null`). */
async function unchanged(fs: WorkspaceFs, path: string, original: Uint8Array | null): Promise<boolean> {
  if (fs.holds !== undefined) return fs.holds(path, original);
  // A shared read: a backend that hands out the very bytes the run read answers at once.
  const now = await fs.read(path, SHARED);
  return original === null ? now.kind === 'missing' : now.kind === 'file' && bytesEqual(now.bytes, original);
}

/** The folders above `path` that do not exist yet, deepest first (those its creation will make). */
async function missingFolders(fs: WorkspaceFs, path: string): Promise<string[]> {
  const out: string[] = [];
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
    const dir = path.slice(0, i);
    if ((await fs.stat(dir)).kind !== 'missing') break;
    out.push(dir);
  }
  return out;
}

function couldNot(f: FileStage, message: string): string {
  return `Could not ${f.deleted ? 'delete' : 'write'} ${f.displayPath}: ${message}`;
}

function succeeded(targets: FileStage[]): CommitOutcome {
  return {
    ok: true,
    written: targets.filter((f) => !f.deleted && f.originalBytes !== null).map((f) => f.displayPath),
    created: targets.filter((f) => f.originalBytes === null).map((f) => f.displayPath),
    deleted: targets.filter((f) => f.deleted).map((f) => f.displayPath),
  };
}

/**
 * A stage whose files save independently (MultiEditBatch with `atomic: false`): every file is
 * tried, a failed write undoes nothing, and each file's status is reported.
 */
async function writeEach(targets: FileStage[], write: (f: FileStage) => Promise<WriteResult>): Promise<CommitOutcome> {
  const failures: string[] = [];
  const files = [];
  for (const f of targets) {
    const res = await write(f);
    if (!res.ok) failures.push(couldNot(f, res.message));
    files.push(res.ok ? statusOf(f, 'committed') : statusOf(f, 'failed', res.message));
  }
  if (failures.length === 0) return succeeded(targets);
  const committed = files.filter((f) => f.status === 'committed').map((f) => f.displayPath);
  const kept = committed.length === 0 ? ' No file was written.' : ` The other files were written: ${committed.join(', ')}.`;
  const first = failures.join('; ').replace(/; Could not/g, '; could not');
  return { ok: false, error: { code: 'WRITE_FAILED', message: `${first}.${kept}` }, rolledBack: [], restoreFailures: [], committed, files };
}

// Commit (SPEC 5): compare-and-swap against the bytes the stage was computed from, one atomic
// write per file, and rollback of what was already written when a later write fails.

import { finalBytesOf } from './file-stage';
import { bytesEqual } from './text';
import type { FileStage, Stage } from './types';
import type { WorkspaceFs } from './workspace-fs';

export type CommitPlanAction = 'write' | 'create' | 'delete' | 'leave';

export interface CommitPlanEntry {
  path: string;
  displayPath: string;
  action: CommitPlanAction;
}

export type CommitOutcome =
  | { ok: true; written: string[]; created: string[]; deleted: string[] }
  | {
      ok: false;
      error: { code: 'CONFLICT' | 'WRITE_FAILED'; message: string };
      /** Files whose write had happened and was undone. */
      rolledBack: string[];
      /** Files that could not be restored (reported, never hidden). */
      restoreFailures: string[];
    };

/** What a commit of this stage would do, file by file (the app shows it before saving). */
export function commitPlan(stage: Stage): CommitPlanEntry[] {
  return stage.files.map((f) => ({ path: f.path, displayPath: f.displayPath, action: actionOf(f) }));
}

function actionOf(f: FileStage): CommitPlanAction {
  if (f.deleted) return f.originalBytes === null ? 'leave' : 'delete';
  if (f.originalBytes === null) return 'create';
  // A whole-file write can change bytes outside every region (CRLF rewritten as LF).
  if (f.regions.length === 0 && !f.wholeWrite) return 'leave';
  return bytesEqual(f.originalBytes, finalBytesOf(f)) ? 'leave' : 'write';
}

/**
 * Writes and creations go first and deletions last, so a failure part way never leaves a file
 * deleted whose replacement (a move's destination) was not written.
 */
export async function commitStage(fs: WorkspaceFs, stage: Stage): Promise<CommitOutcome> {
  const acting = stage.files.filter((f) => actionOf(f) !== 'leave');
  const targets = [...acting.filter((f) => !f.deleted), ...acting.filter((f) => f.deleted)];
  const changed: string[] = [];
  for (const f of targets) {
    const now = await fs.read(f.path);
    const same = f.originalBytes === null ? now.kind === 'missing' : now.kind === 'file' && bytesEqual(now.bytes, f.originalBytes);
    if (!same) changed.push(f.displayPath);
  }
  if (changed.length > 0) {
    return {
      ok: false,
      error: { code: 'CONFLICT', message: `File changed since the run: ${changed.join(', ')}. Nothing was written; run the call again.` },
      rolledBack: [],
      restoreFailures: [],
    };
  }
  const done: FileStage[] = [];
  for (const f of targets) {
    const res = f.deleted ? await fs.remove(f.path) : await fs.write(f.path, finalBytesOf(f));
    if (res.ok) {
      done.push(f);
      continue;
    }
    const restoreFailures: string[] = [];
    for (const w of done.reverse()) {
      const undo = w.originalBytes === null ? await fs.remove(w.path) : await fs.write(w.path, w.originalBytes);
      if (!undo.ok) restoreFailures.push(w.displayPath);
    }
    const rolled = done.map((w) => w.displayPath).filter((p) => !restoreFailures.includes(p));
    const tail = done.length === 0 ? ' No file had been written.' : rolled.length > 0 ? ` Restored ${rolled.join(', ')}.` : '';
    const broken = restoreFailures.length > 0 ? ` Could not restore ${restoreFailures.join(', ')}.` : '';
    return {
      ok: false,
      error: { code: 'WRITE_FAILED', message: `Could not ${f.deleted ? 'delete' : 'write'} ${f.displayPath}: ${res.message}.${tail}${broken}` },
      rolledBack: rolled,
      restoreFailures,
    };
  }
  return {
    ok: true,
    written: targets.filter((f) => !f.deleted && f.originalBytes !== null).map((f) => f.displayPath),
    created: targets.filter((f) => f.originalBytes === null).map((f) => f.displayPath),
    deleted: targets.filter((f) => f.deleted).map((f) => f.displayPath),
  };
}

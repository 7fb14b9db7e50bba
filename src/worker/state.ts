// The one state of the engine worker, shared by every request namespace: the open workspace, the
// kept runs and the per-file helpers of the file being looked at, and the Share and session hosts.

import type { FileStage } from '../engine/types';
import { HandleFs } from '../workspace/handle-fs';
import { sampleWorkspaceFiles } from '../workspace/sample-workspace';
import { SAMPLE_TRANSCRIPTS } from '../workspace/sample-transcripts';
import { DiffSource, isLargeDiff } from './diff-excerpt';
import { KeptRuns, runViewOf } from './kept-runs';
import type { RunView } from './protocol';
import { RequestError } from './request-error';
import { SessionHost, type SessionHostDeps } from './session-host';
import { ShareHost } from './share-host';
import { StageCursor } from './stage-cursor';
import { linkRoot, type Workspace } from './workspaces';

export const state: {
  workspace: Workspace | null;
  /** Bumped by each workspace/open: only the newest one sets `workspace`. */
  openSeq: number;
  /**
   * Per-file helpers of the file being looked at, built on first use: stage cursors (stepping) and
   * the diff source (excerpt pages), for one file at a time (each holds a copy of the file). Two
   * cursors: the one the user steps with, and one walked to the last stage while the worker is
   * idle, so a jump to the end (the slider's End) is as near as a step; each request takes the nearer.
   */
  cursors: { key: string; cursors: StageCursor[] } | null;
  diffSource: { key: string; source: DiffSource | null } | null;
} = { workspace: null, openSeq: 0, cursors: null, diffSource: null };

export const runs = new KeptRuns();

export function current(): Workspace {
  if (!state.workspace) throw new RequestError('NO_WORKSPACE', 'No workspace is open yet.');
  return state.workspace;
}

export function keptFile(runId: number, file: number): FileStage {
  const f = runs.get(runId)?.outcome.stage.files[file];
  if (!f) throw new RequestError('STAGE', 'That run is no longer kept; run the call again.');
  return f;
}

export function cursorFor(runId: number, file: number, step: number): StageCursor {
  const key = `${runId}:${file}`;
  if (state.cursors?.key !== key) {
    const f = keptFile(runId, file);
    const mine = { key, cursors: [new StageCursor(f)] };
    state.cursors = mine;
    setTimeout(() => {
      if (state.cursors !== mine) return;
      const far = new StageCursor(f);
      far.moveTo(f.steps.length - 1);
      mine.cursors.push(far);
    }, 0);
  }
  return state.cursors.cursors.reduce((best, c) => (Math.abs(c.position - step) < Math.abs(best.position - step) ? c : best));
}

/** The excerpt source of a large file, or null when the Diff view can show it whole. */
export function diffSourceOf(runId: number, file: number): DiffSource | null {
  const key = `${runId}:${file}`;
  if (state.diffSource?.key !== key) {
    const f = keptFile(runId, file);
    state.diffSource = { key, source: isLargeDiff(f.originalText, f.finalText) ? new DiffSource(f.originalText, f.finalText, f.diff) : null };
  }
  return state.diffSource.source;
}

/** A run whose first file's stage cursors wait until the Diff view's first page has been answered. */
let cursorsAfterDiff: { runId: number; timer: ReturnType<typeof setTimeout> } | null = null;
/** How long the cursors wait for a first diff request that may never come (another tab is open). */
const CURSORS_AT_THE_LATEST_MS = 1500;

function indexCursors(runId: number): void {
  if (cursorsAfterDiff?.runId === runId) {
    clearTimeout(cursorsAfterDiff.timer);
    cursorsAfterDiff = null;
  }
  if (runs.has(runId)) cursorFor(runId, 0, 0);
}

/**
 * The Diff view's page of `runId` has been answered: its stage cursors may be built now (in a
 * task of their own, after the answer is posted).
 */
export function diffAnswered(runId: number): void {
  if (cursorsAfterDiff?.runId === runId) setTimeout(() => indexCursors(runId), 0);
}

/** Keep an outcome as the current run and answer its view; index its first file while the page renders. */
export const keepRun: SessionHostDeps['keep'] = (outcome, ctx, call, ms): RunView => {
  const { runId, kept } = runs.keep(outcome, { sessionId: 'playground', ...ctx });
  // The Diff view (the default tab) asks for the first file's diff next, the stepper for its
  // first stage: index the file for the diff while the page renders the result (the worker is
  // idle then). The stage cursors (~0.1 s on W3) wait until that first page has been answered,
  // or a while when no diff is asked for: built at once, they held up the page's diff request.
  if (outcome.stage.files.length > 0) {
    setTimeout(() => {
      if (runs.has(runId)) diffSourceOf(runId, 0);
    }, 0);
    if (cursorsAfterDiff !== null) clearTimeout(cursorsAfterDiff.timer);
    cursorsAfterDiff = { runId, timer: setTimeout(() => indexCursors(runId), CURSORS_AT_THE_LATEST_MS) };
  }
  return runViewOf(runId, kept, call, ms);
};

let samples: ReturnType<typeof sampleWorkspaceFiles> | null = null;
export const shares: ShareHost = new ShareHost({
  fs: () => current().fs,
  session: () => sessions.shareInfo(),
  sampleTranscript: (file) => SAMPLE_TRANSCRIPTS[file],
  samples: () => (samples ??= sampleWorkspaceFiles()),
  linkFs: async (id) => new HandleFs(await linkRoot(id, true)),
});
// A replay reads the workspace through a recorder: a shared session carries the files it used.
export const sessions: SessionHost = new SessionHost({ fs: () => shares.sessionWorkspace(), keep: keepRun, isKept: (id) => runs.has(id), sample: (file) => SAMPLE_TRANSCRIPTS[file] });

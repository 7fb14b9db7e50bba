// Replay: a parsed session's edit calls run in order against a workspace, each on the state the
// earlier ones left (an overlay over the workspace holds their staged bytes; a failed call leaves
// it as it was, as the tool would). Reads and other calls are listed, not run, except that a
// Claude Code `Read` records what it saw for the read-before-edit rule. Each replayed call gets
// a verdict against the result the transcript recorded. Nothing is written: the session's final
// state is committed separately (session-result.ts), all files or none.
//
// Linear by construction: a call reads only the files it names (from the overlay or the base),
// and the cumulative per-file diffs are made once, at the end.

import { resolveCallPath } from '../engine/paths';
import { decodeFile } from '../engine/text';
import type { ProfileId, RunOptions, RunOutcome } from '../engine/types';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { callPaths } from './call-paths';
import { OverlayFs } from './overlay-fs';
import { sessionFiles, type SessionFileResult } from './session-result';
import { createSessionTools, runProfile, type SessionTools } from './session-tools';
import type { CallKind, ParsedSession, RecordedResult, SessionCall, SessionFormat, SessionLocation, SessionProblem } from './types';
import { errorKind, judge, type ErrorKind, type VerdictReport } from './verdict';

/** The profiles of Claude Code's own file tools, which update its record of files read. */
const CLAUDE_CODE_WRITERS: ReadonlySet<ProfileId> = new Set(['Edit', 'Write', 'MultiEdit']);

export interface ReplayOptions extends Pick<RunOptions, 'diffContext' | 'maxFileBytes'> {
  /** Absolute path the workspace root stands for (mount.ts suggests one). Default `/`. */
  mount?: string;
  /** Workspace paths seeded only in part from the transcript: calls on them carry a note. */
  partialFiles?: ReadonlySet<string>;
}

export interface ReplayedCall {
  index: number;
  callId: string | null;
  toolName: string;
  kind: CallKind;
  profile: ProfileId | null;
  /** The paths the call names, as it names them. */
  paths: string[];
  location: SessionLocation;
  /** `ran`: an edit call, replayed; `listed`: a read or another tool's call, not run. */
  status: 'ran' | 'listed';
  /** Our outcome: result or error, warnings, and the stage of this call alone. */
  outcome: RunOutcome | null;
  recorded: RecordedResult | null;
  /** Null for a listed call. */
  verdict: VerdictReport | null;
  /** Set when our outcome is an error. */
  errorKind?: ErrorKind;
  /** What else the replay did or could not do for this call, in words. */
  notes: string[];
  /** How long our run of the call took, in ms (a `ran` call). */
  ms?: number;
}

export interface ReplayFigures {
  calls: number;
  editCalls: number;
  readCalls: number;
  otherCalls: number;
  /** Our outcomes of the edit calls. */
  succeeded: number;
  failed: number;
  failedByKind: Record<ErrorKind, number>;
  /** Edit calls the transcript recorded as failed. */
  recordedFailed: number;
  agrees: number;
  differs: number;
  notRecorded: number;
  /** Files a successful call staged; `filesChanged`: those whose final bytes differ from the first. */
  filesTouched: number;
  filesChanged: number;
}

export interface SessionReplay {
  version: 1;
  format: SessionFormat | null;
  mount: string;
  calls: ReplayedCall[];
  files: SessionFileResult[];
  figures: ReplayFigures;
  /** The parser's problems, passed on so a report shows what could not be read. */
  problems: SessionProblem[];
}

/**
 * Runs a session's calls one at a time. `replaySession` runs them all; a what-if runs the calls
 * before the one it asks about and then its own variant on `overlay` and `tools`.
 */
export class SessionReplayer {
  readonly overlay: OverlayFs;
  readonly tools: SessionTools = createSessionTools();
  readonly mount: string;
  /** Per touched workspace path: the display path it was last staged under, and the calls that staged it. */
  readonly touchedBy = new Map<string, { displayPath: string; calls: number[] }>();
  private readonly runOptions: RunOptions;
  /** Whether read-state bookkeeping is needed at all (only Claude Code's Edit and Write read it). */
  private readonly tracksReads: boolean;

  constructor(
    base: WorkspaceFs,
    private readonly session: ParsedSession,
    private readonly options: ReplayOptions = {},
  ) {
    this.overlay = new OverlayFs(base);
    this.mount = options.mount ?? '/';
    this.runOptions = { mount: this.mount, ...(options.diffContext !== undefined && { diffContext: options.diffContext }), ...(options.maxFileBytes !== undefined && { maxFileBytes: options.maxFileBytes }) };
    this.tracksReads = session.calls.some((c) => c.profile === 'Edit' || c.profile === 'Write');
  }

  /** The options a single run under this replay takes (mount, diff context, size limit). */
  get callOptions(): RunOptions {
    return this.runOptions;
  }

  async step(call: SessionCall): Promise<ReplayedCall> {
    const paths = callPaths(call);
    const base = {
      index: call.index,
      callId: call.callId,
      toolName: call.toolName,
      kind: call.kind,
      profile: call.profile,
      paths,
      location: call.location,
      recorded: call.result,
    };
    if (call.kind !== 'edit' || call.profile === null) {
      const notes = this.tracksReads && call.toolName === 'Read' ? await this.noteRead(call, paths) : [];
      return { ...base, status: 'listed', outcome: null, verdict: null, notes };
    }
    const notes: string[] = [];
    if (call.input === null) notes.push('The arguments could not be read, so the tool received none.');
    const started = performance.now();
    const outcome = await runProfile(this.tools.profile(call.profile), this.overlay, call.input, this.runOptions);
    const ms = performance.now() - started;
    if (outcome.ok && outcome.writes) await this.lay(call.index, call.profile, outcome);
    const partial = this.options.partialFiles;
    if (partial !== undefined && partial.size > 0) {
      for (const p of paths) {
        const r = resolveCallPath(p, this.mount);
        if (r.ok && partial.has(r.path)) notes.push(`${p} was seeded from part of the file only: a string outside the part shown reads as not found, and one that occurs there too may read as unique.`);
      }
    }
    const verdict = judge(call.profile, outcome, call.result);
    const failed = verdict.ours.isError;
    return { ...base, status: 'ran', outcome, verdict, ...(failed && { errorKind: errorKind(verdict.ours.text) }), notes, ms };
  }

  /** A successful call's stage becomes the workspace the next call sees. */
  private async lay(index: number, profile: ProfileId, outcome: Extract<RunOutcome, { ok: true }>): Promise<void> {
    this.overlay.applyStage(outcome.stage);
    for (const f of outcome.stage.files) {
      const seen = this.touchedBy.get(f.path);
      if (seen === undefined) this.touchedBy.set(f.path, { displayPath: f.displayPath, calls: [index] });
      else {
        seen.displayPath = f.displayPath;
        if (seen.calls[seen.calls.length - 1] !== index) seen.calls.push(index);
      }
      // Claude Code's own tools count what they wrote as read; any other tool's write is, to
      // Claude Code, a change made behind its back (modified since read).
      if (!this.tracksReads || !CLAUDE_CODE_WRITERS.has(profile)) continue;
      if (f.deleted) this.tools.readState.forget(f.absPath);
      else {
        const now = await this.viewOf(f.path);
        if (now !== null) this.tools.readState.record(f.absPath, now);
      }
    }
  }

  /** A `Read` the transcript shows succeeding: the file counts as read at its text now. */
  private async noteRead(call: SessionCall, paths: string[]): Promise<string[]> {
    const p = paths[0];
    if (p === undefined || call.result?.isError === true) return [];
    const r = resolveCallPath(p.trim().normalize('NFC'), this.mount);
    if (!r.ok) return [`${p} is outside the mount ${this.mount}: the read is not recorded.`];
    const view = await this.viewOf(r.path);
    if (view === null) return [`${p} is not in the workspace: the read is not recorded.`];
    this.tools.readState.record(r.absPath, view);
    return [`Recorded as read: later Edit and Write calls on ${p} pass the read-before-edit check while it stays unchanged.`];
  }

  private async viewOf(path: string): Promise<string | null> {
    const rd = await this.overlay.read(path);
    if (rd.kind !== 'file') return null;
    const dec = decodeFile(rd.bytes);
    return dec.ok ? dec.text.view : null;
  }
}

/** Replay every call of `session` against `fs` (never written) and judge each edit call. */
export async function replaySession(session: ParsedSession, fs: WorkspaceFs, options: ReplayOptions = {}): Promise<SessionReplay> {
  const replayer = new SessionReplayer(fs, session, options);
  const calls: ReplayedCall[] = [];
  for (const call of session.calls) calls.push(await replayer.step(call));
  const files = sessionFiles(replayer.overlay, replayer.touchedBy, replayer.mount, options.diffContext);
  return { version: 1, format: session.format, mount: replayer.mount, calls, files, figures: figuresOf(calls, files), problems: session.problems };
}

export function figuresOf(calls: readonly ReplayedCall[], files: readonly SessionFileResult[]): ReplayFigures {
  const f: ReplayFigures = {
    calls: calls.length,
    editCalls: 0,
    readCalls: 0,
    otherCalls: 0,
    succeeded: 0,
    failed: 0,
    failedByKind: { 'not-found': 0, 'not-unique': 0, other: 0 },
    recordedFailed: 0,
    agrees: 0,
    differs: 0,
    notRecorded: 0,
    filesTouched: files.length,
    filesChanged: files.filter((x) => x.status !== 'unchanged').length,
  };
  for (const c of calls) {
    if (c.status === 'listed') {
      if (c.kind === 'read') f.readCalls++;
      else f.otherCalls++;
      continue;
    }
    f.editCalls++;
    if (c.errorKind !== undefined) {
      f.failed++;
      f.failedByKind[c.errorKind]++;
    } else f.succeeded++;
    if (c.recorded?.isError === true) f.recordedFailed++;
    if (c.verdict?.verdict === 'agrees') f.agrees++;
    else if (c.verdict?.verdict === 'differs') f.differs++;
    else f.notRecorded++;
  }
  return f;
}

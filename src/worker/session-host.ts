// The open session in the worker: the transcript (read in chunks through the streaming parser),
// its replay against the workspace or against files seeded from the transcript, and each call's
// outcome. Selecting a call, a what-if and the session's final state each become the worker's
// current run (kept-runs.ts), so the Result, Diff, Stages and Events views and Save work on them
// exactly as on a composer run. Nothing here writes: Save commits the final state's run.

import type { ProfileId, RunOutcome } from '../engine/types';
import { PROFILE_CATALOGUE } from '../engine/profiles/registry';
import { startingProfile } from '../share/defaults';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { inferMount, suggestMount } from '../sessions/mount';
import { createSessionParser } from '../sessions/parse';
import { replayResult, seedReplayOptions, SessionReplayer, type ReplayedCall, type ReplayOptions, type SessionReplay } from '../sessions/replay';
import { seedFromTranscript } from '../sessions/seed';
import { sessionStage } from '../sessions/session-result';
import type { ParsedSession, SessionFormat } from '../sessions/types';
import { whatIf } from '../sessions/what-if';
import { MemoryFs } from '../workspace/memory-fs';
import type { RunView } from './protocol';
import { RequestError } from './request-error';
import type { SessionShareInfo } from './share-host';
import {
  callRow,
  cut,
  envelopeOf,
  fileRow,
  seedView,
  SHOWN_PROBLEMS,
  verdictView,
  type SessionCallView,
  type SessionOpenView,
  type SessionReplayView,
  type SessionSeedView,
  type SessionSource,
  type WhatIfView,
} from './session-views';

/** Transcripts are read and parsed this many bytes at a time, with a progress message each. */
export const READ_CHUNK_BYTES = 1024 * 1024;
/** At most one replay progress message per this many ms. */
const PROGRESS_EVERY_MS = 80;

export type Progress = (done: number, total: number, label: string) => void;

export interface SessionHostDeps {
  /** The open workspace (throws when none is). */
  fs(): WorkspaceFs;
  /** Keep an outcome as a run and answer its view. */
  keep(outcome: RunOutcome, ctx: { toolName: string; profile: ProfileId; input: unknown; toolCallId?: string }, call: RunView['call'], ms: number): RunView;
  /** Whether a run id is still kept. */
  isKept(runId: number): boolean;
  /** A bundled sample transcript's text by file name. */
  sample(file: string): string | undefined;
}

interface Replayed {
  replay: SessionReplay;
  fs: WorkspaceFs;
  options: ReplayOptions;
  seed: SessionSeedView | null;
  /** Run views of calls already selected, reused while the worker keeps them. */
  views: Map<number, RunView>;
}

const noProgress: Progress = () => undefined;

export class SessionHost {
  private name = '';
  private source: SessionSource | null = null;
  private session: ParsedSession | null = null;
  private replayed: Replayed | null = null;

  constructor(private readonly deps: SessionHostDeps) {}

  async open(source: SessionSource, format: SessionFormat | undefined, progress: Progress = noProgress): Promise<SessionOpenView> {
    const text = source.kind === 'sample' ? this.deps.sample(source.file) : undefined;
    if (source.kind === 'sample' && text === undefined) throw new RequestError('SESSION', `No sample transcript named ${source.file}.`);
    const blob = source.kind === 'file' ? source.file : null;
    const whole = source.kind === 'text' ? source.text : text;
    const parser = createSessionParser(format === undefined ? {} : { format });
    const name = source.kind === 'sample' ? source.file : source.name;
    let bytes: number;
    if (blob !== null) {
      bytes = blob.size;
      const decoder = new TextDecoder('utf-8');
      for (let at = 0; at < blob.size; at += READ_CHUNK_BYTES) {
        const end = Math.min(blob.size, at + READ_CHUNK_BYTES);
        parser.feed(decoder.decode(await blob.slice(at, end).arrayBuffer(), { stream: true }));
        progress(end, blob.size, `Reading ${name}`);
      }
      parser.feed(decoder.decode());
    } else {
      const t = whole ?? '';
      bytes = t.length;
      for (let at = 0; at < t.length; at += READ_CHUNK_BYTES) {
        parser.feed(t.slice(at, at + READ_CHUNK_BYTES));
        progress(Math.min(t.length, at + READ_CHUNK_BYTES), t.length, `Reading ${name}`);
      }
    }
    const session = parser.end();
    this.name = name;
    this.source = source;
    this.session = session;
    this.replayed = null;
    const mount = await suggestMount(session, this.deps.fs()).catch(() => inferMount(session));
    return {
      name,
      format: session.format,
      detection: session.detection,
      calls: session.calls.length,
      editCalls: session.calls.filter((c) => c.kind === 'edit').length,
      problems: session.problems.slice(0, SHOWN_PROBLEMS),
      problemCount: session.problems.length,
      mount,
      bytes,
    };
  }

  /** The open transcript again, read as `format` (or detected again when undefined). */
  async reopen(format: SessionFormat | undefined, progress: Progress = noProgress): Promise<SessionOpenView> {
    if (this.source === null) throw noSession();
    return this.open(this.source, format, progress);
  }

  async replay({ mount, seed, diffContext }: { mount: string | null; seed: boolean; diffContext: number }, progress: Progress = noProgress): Promise<SessionReplayView> {
    const session = this.opened();
    if (mount !== null && !mount.startsWith('/')) throw new RequestError('MOUNT', `The mount must be an absolute path (start with /), got "${mount}".`);
    let fs: WorkspaceFs;
    let chosen: string;
    let seedShown: SessionSeedView | null = null;
    let seedOptions: Pick<ReplayOptions, 'partialFiles' | 'unseenFiles'> = {};
    if (seed) {
      chosen = mount ?? inferMount(session).mount;
      const s = seedFromTranscript(session, { mount: chosen });
      fs = new MemoryFs(s.files);
      seedShown = seedView(s.entries, s.unseen, s.outside);
      seedOptions = seedReplayOptions(s);
    } else {
      fs = this.deps.fs();
      chosen = mount ?? (await suggestMount(session, fs)).mount;
    }
    const options: ReplayOptions = { mount: chosen, ...seedOptions, diffContext };
    const replayer = new SessionReplayer(fs, session, options);
    const calls: ReplayedCall[] = [];
    let reported = 0;
    for (const call of session.calls) {
      calls.push(await replayer.step(call));
      const now = Date.now();
      if (now - reported >= PROGRESS_EVERY_MS || calls.length === session.calls.length) {
        reported = now;
        progress(calls.length, session.calls.length, `Replaying call ${calls.length.toLocaleString('en')} of ${session.calls.length.toLocaleString('en')}`);
      }
    }
    const replay = replayResult(replayer, session, calls, diffContext);
    const { files } = replay;
    this.replayed = { replay, fs, options, seed: seedShown, views: new Map() };
    return { mount: replay.mount, seeded: seed, seed: seedShown, figures: replay.figures, rows: calls.map(callRow), files: files.map(fileRow) };
  }

  select(index: number): SessionCallView {
    const { replay, views } = this.current();
    const c = replay.calls[index];
    if (c === undefined) throw new RequestError('SESSION', `The session has no call ${index}.`);
    const call = this.opened().calls[index]!;
    let run: RunView | null = null;
    if (c.outcome !== null && c.profile !== null) {
      const known = views.get(index);
      if (known !== undefined && this.deps.isKept(known.runId)) run = known;
      else {
        // A call in the middle of a session is not saved alone: Save takes the final state.
        const outcome: RunOutcome = c.outcome.ok ? { ...c.outcome, writes: false } : c.outcome;
        run = this.deps.keep(outcome, { toolName: c.toolName, profile: c.profile, input: call.input, ...(c.callId !== null && { toolCallId: c.callId }) }, { kind: envelopeOf(replay.format, call.input, call.via), toolName: c.toolName, profile: c.profile }, c.ms ?? 0);
        views.set(index, run);
      }
    }
    return {
      row: callRow(c),
      callId: c.callId,
      location: c.location,
      paths: c.paths,
      input: cut(JSON.stringify(call.input, null, 2) ?? 'null'),
      rawArguments: call.rawArguments === undefined ? null : cut(call.rawArguments),
      recorded: c.recorded === null ? null : { isError: c.recorded.isError, errorSource: c.recorded.errorSource, text: cut(c.recorded.text) },
      verdict: c.verdict === null ? null : verdictView(c.verdict),
      notes: c.notes,
      resynced: c.resynced ?? [],
      run,
    };
  }

  async whatIf(index: number, profile: ProfileId): Promise<WhatIfView> {
    const { replay, fs, options } = this.current();
    const started = Date.now();
    const result = await whatIf(this.opened(), fs, index, profile, options);
    if (!result.ok) return result;
    const c = replay.calls[index]!;
    const outcome: RunOutcome = result.outcome.ok ? { ...result.outcome, writes: false } : result.outcome;
    const run = this.deps.keep(outcome, { toolName: profile, profile, input: result.input }, { kind: 'bare', toolName: `${c.toolName} #${index} as ${profile}`, profile, label: `What if call #${index} (${c.toolName}) had gone to ${profile}` }, Date.now() - started);
    return { ok: true, profile, input: JSON.stringify(result.input, null, 2), verdict: verdictView(result.verdict), run };
  }

  /** The session's cumulative result as one run: Save commits it, all files or none. */
  final(): RunView {
    const { replay } = this.current();
    const seeded = this.replayed!.seed !== null;
    const stage = sessionStage(replay.files, replay.mount);
    const warnings: string[] = [];
    if (seeded) warnings.push('The replay ran on files seeded from the transcript, not on the workspace, so there is nothing to save to. Replay against the workspace to save.');
    const differs = replay.figures.differs;
    if (differs > 0) warnings.push(`${differs} ${differs === 1 ? 'call differs' : 'calls differ'} from the transcript: this is the state our replay left, not the one the session left.`);
    const unknown = replay.figures.cannotJudge;
    if (unknown > 0) warnings.push(`${unknown === 1 ? '1 call' : `${unknown} calls`} cannot be judged: the files ${unknown === 1 ? 'it' : 'they'} touched may not be as the session left them.`);
    const result = { session: this.name, format: replay.format, mount: replay.mount, files: replay.files.map((f) => ({ path: f.displayPath, status: f.status, calls: f.calls })) };
    const outcome: RunOutcome = { ok: true, result, stage, warnings, writes: !seeded && stage.files.length > 0 };
    const profile = mostUsedProfile(replay.calls);
    return this.deps.keep(outcome, { toolName: 'session', profile, input: result }, { kind: 'bare', toolName: `session ${this.name}`, profile, label: `Session ${this.name}: the final state of every file` }, 0);
  }

  callInput(index: number): { profile: ProfileId; text: string } {
    const call = this.opened().calls[index];
    if (call === undefined) throw new RequestError('SESSION', `The session has no call ${index}.`);
    if (call.profile === null) throw new RequestError('SESSION', `Call ${index} (${call.toolName}) has no profile: the composer cannot run it.`);
    return { profile: call.profile, text: call.input === null ? (call.rawArguments ?? '{}') : JSON.stringify(call.input, null, 2) };
  }

  /** What Share needs of the replayed session (share-host.ts), or null before a replay. */
  shareInfo(): SessionShareInfo | null {
    if (this.source === null || this.session === null || this.replayed === null) return null;
    const { options, seed, replay } = this.replayed;
    return { name: this.name, source: this.source, format: this.session.format, mount: replay.mount, seeded: seed !== null, diffContext: options.diffContext ?? 3 };
  }

  /** A new workspace: the replay ran on the old one, so it and its runs are gone. */
  workspaceChanged(): void {
    this.replayed = null;
  }

  private opened(): ParsedSession {
    if (this.session === null) throw noSession();
    return this.session;
  }

  private current(): Replayed {
    if (this.replayed === null) throw new RequestError('SESSION', 'The session has not been replayed on this workspace yet; replay it first.');
    return this.replayed;
  }
}

function noSession(): RequestError {
  return new RequestError('SESSION', 'No transcript is open: open one in the Session panel.');
}

/** The profile most edit calls used (the final state's label); the `emptySession` one when none ran. */
function mostUsedProfile(calls: readonly ReplayedCall[]): ProfileId {
  const counts = new Map<ProfileId, number>();
  for (const c of calls) if (c.status === 'ran' && c.profile !== null) counts.set(c.profile, (counts.get(c.profile) ?? 0) + 1);
  let best: ProfileId = startingProfile(PROFILE_CATALOGUE, 'emptySession');
  let n = 0;
  for (const [p, k] of counts) if (k > n) [best, n] = [p, k];
  return best;
}

// Replay: a parsed session's edit calls run in order against a workspace, each on the state the
// earlier ones left (an overlay over the workspace holds their staged bytes; a failed call leaves
// it as it was, as the tool would). Reads and other calls are listed, not run, except that a
// Claude Code `Read` records what it saw for the read-before-edit rule. Each replayed call gets
// a verdict against the result the transcript recorded. Nothing is written: the session's final
// state is committed separately (session-result.ts), all files or none.
//
// Linear by construction: a call reads only the files it names (from the overlay or the base),
// and the cumulative per-file diffs are made once, at the end.

import { resolveCallPath, slashesFromWindows } from '../engine/paths';
import { getProfile } from '../engine/profiles/registry';
import { decodeFile } from '../engine/text';
import type { ProfileId, RunOptions, RunOutcome } from '../engine/types';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { callPaths } from './call-paths';
import { FileKnowledge } from './file-knowledge';
import { notToolAnswer, NOT_ANSWER_WORDS } from './not-answer';
import { OverlayFs } from './overlay-fs';
import { changedBeyondTool, fillFromRead, originalNote, partialMismatch, quoteNote, recordedOriginal, resyncTo, seedPartialRead, tailAsLines, takeAnswered } from './resync';
import { figuresOf } from './replay-figures';
import { recordedStale, syncReadRecord } from './read-sync';
import type { ReplayedCall, ReplayOptions, Resync, SessionReplay, ShownOtherwise } from './replay-types';
import { reviseByLaterReads } from './replay-revise';
import { createdBy, quotedBefore, shownByRead, type ReadShown } from './seed';
import { sessionFiles } from './session-result';
import { releaseFor } from '../engine/profiles/claude-code/releases';
import { textEditorVariantFor } from '../engine/profiles/anthropic/variants';
import { createSessionTools, runProfile, subagentTools, type SessionTools } from './session-tools';
import { afterShell } from './replay-shell';
import type { ParsedSession, SessionCall, SessionMark } from './types';
import { agreedByFlag, cannotJudge, errorKind, judge, type CannotJudge, type VerdictReport } from './verdict';

export { figuresOf, type ReplayFigures } from './replay-figures';
export { seedReplayOptions, type ReplayedCall, type ReplayOptions, type Resync, type SessionReplay } from './replay-types';

/** The profiles that consult the session's read record (`session.readsFirst`: Claude Code's writers). */
const readsFirst = (profile: ProfileId): boolean => getProfile(profile).session?.readsFirst === true;

/**
 * Runs a session's calls one at a time. `replaySession` runs them all; a what-if runs the calls
 * before the one it asks about and then its own variant on `overlay` and `tools`.
 */
export class SessionReplayer {
  readonly overlay: OverlayFs;
  /** The main agent's tools (read state, undo history); each subagent has its own (`toolsFor`). */
  tools: SessionTools = createSessionTools();
  readonly mount: string;
  /** Per touched workspace path: the display path it was last staged under, and the calls that staged it. */
  readonly touchedBy = new Map<string, { displayPath: string; calls: number[]; /** The workspace path the last stage used. */ name?: string }>();
  /** Which files the replay can vouch for at the current call. */
  readonly knowledge = new FileKnowledge();
  private readonly runOptions: RunOptions;
  /** Whether read-state bookkeeping is needed at all (only Claude Code's Edit and Write read it). */
  private readonly tracksReads: boolean;
  private readonly agents = new Map<string, SessionTools>();
  /** Per path as the calls name it: the last call that read or wrote it through Claude Code's tools. */
  private readonly lastRead = new Map<string, number>();
  private readonly marks: readonly SessionMark[];
  /** Files the replay seeded from a partial read during the session (seedPartialRead). */
  private readonly partialSeeds = new Set<string>();
  private nextMark = 0;

  constructor(
    base: WorkspaceFs,
    private readonly session: ParsedSession,
    private readonly options: ReplayOptions = {},
  ) {
    this.overlay = new OverlayFs(base, session.runtime?.windows === true);
    this.mount = options.mount ?? '/';
    const tempDir = session.runtime?.tempDir;
    this.runOptions = { mount: this.mount, ...(tempDir !== undefined && { tempDir }), ...(options.diffContext !== undefined && { diffContext: options.diffContext }), ...(options.maxFileBytes !== undefined && { maxFileBytes: options.maxFileBytes }) };
    this.tracksReads = session.calls.some((c) => c.profile !== null && readsFirst(c.profile));
    this.marks = session.marks ?? [];
    for (const p of options.unseenFiles ?? []) this.knowledge.markUnknown(p, { reason: 'never-shown', evidence: `the transcript never shows ${p} before a call edits it, so its content is unknown` });
    for (const p of options.partialFiles ?? []) {
      this.partialSeeds.add(p);
      this.knowledge.markUnknown(p, { reason: 'partly-shown', evidence: `the transcript shows only part of ${p}, so the rest of it is not known (a string there cannot be looked for, nor a check over the whole file run)` });
    }
  }

  /** The options a single run under this replay takes (mount, diff context, size limit). */
  get callOptions(): RunOptions {
    return this.runOptions;
  }

  /**
   * The tools of the agent that made a call, as the recording release ran its subagents: until
   * Claude Code 1.0.115 a subagent used the parent's record of files read; from 1.0.117 each
   * starts with an empty record of its own (subagentTools).
   */
  toolsFor(agent: string | undefined, version?: string): SessionTools {
    if (agent === undefined) return this.tools;
    let tools = this.agents.get(agent);
    if (tools === undefined) {
      tools = subagentTools(this.tools, version);
      this.agents.set(agent, tools);
    }
    return tools;
  }

  /**
   * Compactions before this call: Claude Code empties the agent's record of files read and, from
   * 1.0.11, reads its most recent files again (SessionReadState.compact, by the release's rules).
   */
  private async applyMarks(index: number, version: string | undefined): Promise<void> {
    while (this.nextMark < this.marks.length && this.marks[this.nextMark]!.beforeCall <= index) {
      const mark = this.marks[this.nextMark++]!;
      const tools = this.toolsFor(mark.agent, version);
      await tools.readState.compact(async (absPath) => {
        const r = resolveCallPath(absPath, this.mount);
        return r.ok ? this.viewOf(r.path) : null;
      }, releaseFor(version).readState);
    }
  }

  /** The profile a call runs under: its Claude Code release, or its agent's port of the text editor. */
  private profileFor(call: SessionCall & { profile: ProfileId }, tools: SessionTools) {
    const variant = textEditorVariantFor(this.session.format, call.version, {
      ...(this.session.runtime?.sweRexVersion !== undefined && { sweRexVersion: this.session.runtime.sweRexVersion }),
      ...(call.recordedAt !== undefined && { recordedAt: call.recordedAt }),
      ...(this.session.runtime?.openHandsSdk === true && { openHandsSdk: true }),
    });
    return tools.profile(call.profile, call.version, variant, call.recordedAt);
  }

  async step(call: SessionCall): Promise<ReplayedCall> {
    await this.applyMarks(call.index, call.version);
    for (const u of call.unvouched ?? []) for (const p of this.workspacePaths(u.paths)) this.knowledge.markUnknownIfKnown(p, { reason: u.reason, evidence: u.evidence });
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
      ...(call.version !== undefined && { version: call.version }),
      ...(call.agent !== undefined && { agent: call.agent }),
    };
    const tools = this.toolsFor(call.agent, call.version);
    if (this.tracksReads) tools.readState.rules = releaseFor(call.version).readState;
    if (call.kind !== 'edit') {
      const notes: string[] = [];
      const resynced: Resync[] = [];
      const { shownOtherwise, inPart } = call.kind === 'read' ? await this.afterRead(call, notes, resynced) : { shownOtherwise: null, inPart: false };
      if (this.tracksReads && call.toolName === 'Read') notes.push(...(await this.noteRead(call, paths, tools)));
      await afterShell({ overlay: this.overlay, knowledge: this.knowledge, format: this.session.format, workspacePaths: (ps, cwd) => this.workspacePaths(ps, cwd) }, call, notes);
      return { ...base, status: 'listed', outcome: null, verdict: null, notes, ...(resynced.length > 0 && { resynced }), ...(shownOtherwise !== null && { shownOtherwise }), ...(inPart && { shownInPart: true }) };
    }
    if (call.profile === null) return this.skip(call, base, paths);
    const notes: string[] = call.note !== undefined ? [call.note] : [];
    if (call.input === null) notes.push('The arguments could not be read, so the tool received none.');
    const notAnswer = notToolAnswer(call.result);
    const resynced = notAnswer === null ? await this.resyncOriginal(call, paths, notes, tools) : [];
    const started = performance.now();
    const readFix = notAnswer === null ? await this.syncReadRecord(call, tools, paths) : null;
    if (readFix !== null) notes.push(readFix);
    const outcome = await runProfile(this.profileFor({ ...call, profile: call.profile }, tools), this.overlay, call.input, call.cwd === undefined ? this.runOptions : { ...this.runOptions, cwd: call.cwd });
    const ms = performance.now() - started;
    const recordedOk = call.result === null || !call.result.isError;
    // The file stays as the recording tool left it: a call it refused, or never ran, changed nothing.
    if (outcome.ok && outcome.writes && notAnswer === null && recordedOk) notes.push(...(await this.lay(call.index, call.profile, outcome, tools)));
    if (recordedOk && notAnswer === null && readsFirst(call.profile) && paths[0] !== undefined) this.lastRead.set(paths[0], call.index);
    const partial = this.options.partialFiles;
    if ((partial !== undefined && partial.size > 0) || this.partialSeeds.size > 0) {
      for (const p of paths) {
        const [w] = this.workspacePaths([p]);
        if (w !== undefined && (partial?.has(w) === true || this.partialSeeds.has(w)) && this.knowledge.whyUnknown(w)?.reason === 'partly-shown') notes.push(`${p} was seeded from part of the file only: a string outside the part shown reads as not found, and one that occurs there too may read as unique.`);
      }
    }
    let verdict = judge(call.profile, outcome, call.result, { ...(call.via !== undefined && { via: call.via }), mount: this.mount });
    const flagged = agreedByFlag(outcome, verdict);
    if (flagged !== null) {
      verdict = flagged.verdict;
      notes.push(flagged.note);
    }
    const beyond = notAnswer === null ? changedBeyondTool(call) : null;
    const why = notAnswer !== null ? { reason: 'not-tool-answer' as const, evidence: `${NOT_ANSWER_WORDS[notAnswer.kind]}: "${notAnswer.evidence}"` } : verdict.verdict === 'differs' ? (this.unknownAmong(paths, call) ?? beyond ?? this.modifiedBehindBack(call, verdict, paths)) : undefined;
    if (why !== undefined) verdict = cannotJudge(verdict, why);
    this.afterEdit(call, outcome, paths, notAnswer !== null);
    // An answer resting on a file the transcript never showed (a write that overwrote it): what the tool wrote there (its line endings) is not known.
    if (verdict.cannotJudge?.reason === 'unchecked' && outcome.ok && outcome.writes) for (const p of this.workspacePaths(paths)) this.knowledge.markUnknown(p, { reason: 'unchecked', evidence: `call #${call.index} wrote it over a file the transcript never showed` });
    if (beyond !== null) resynced.push(...(await takeAnswered(this.overlay, this.knowledge, call, paths, this.workspacePaths(paths), beyond, notes)));
    return { ...base, status: 'ran', outcome, verdict, ...(verdict.ours.isError && { errorKind: errorKind(verdict.ours.text) }), notes, ms, ...(resynced.length > 0 && { resynced }) };
  }

  /** An edit call of a dialect the playground does not have: counted, not run, its files now unknown. */
  private skip(call: SessionCall, base: Omit<ReplayedCall, 'status' | 'outcome' | 'verdict' | 'notes'>, paths: string[]): ReplayedCall {
    const why = call.unsupported ?? `"${call.toolName}" has no profile in the playground yet, so the call is listed, not replayed`;
    if (call.result === null || !call.result.isError) {
      for (const p of this.workspacePaths(paths)) this.knowledge.markUnknown(p, { reason: 'no-dialect', evidence: `call #${call.index} (${call.toolName}) changed it and could not be replayed` });
    }
    const recorded = call.result === null ? null : { isError: call.result.isError, text: call.result.text };
    const verdict: VerdictReport = { verdict: 'cannot judge', compared: 'none', ours: { isError: false, text: '' }, recorded, cannotJudge: { reason: 'no-dialect', evidence: why } };
    return { ...base, status: 'skipped', outcome: null, verdict, notes: [why] };
  }

  private workspacePaths(paths: readonly string[], cwd?: string): string[] {
    const out: string[] = [];
    for (const named of paths) {
      const p = this.session.runtime?.windows === true ? slashesFromWindows(named) : named;
      const full = cwd !== undefined && !p.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(p) ? `${cwd.replace(/\/+$/, '')}/${p}` : p;
      const r = resolveCallPath(full.trim().normalize('NFC'), this.mount);
      if (r.ok && r.path !== '') out.push(r.path);
    }
    return out;
  }

  /** The first reason a path of the call (or one it leaves unvouched) is of unknown state; else the transcript's own, when it was altered. */
  private unknownAmong(paths: readonly string[], call: SessionCall): CannotJudge | undefined {
    // A file the call creates is named last: the state of one it changes is what decides its outcome.
    const created = new Set(createdBy(call));
    const ordered = [...paths.filter((p) => !created.has(p)), ...paths.filter((p) => created.has(p))];
    const why = this.workspacePaths([...ordered, ...(call.unvouched ?? []).flatMap((u) => u.paths)]).map((p) => this.knowledge.whyUnknown(p)).find((w) => w !== undefined);
    if (why !== undefined) return why;
    const altered = call.unvouched?.find((u) => u.reason === 'altered');
    return altered && { reason: 'altered', evidence: altered.evidence };
  }

  /**
   * The recording tool refused the call because the file changed since the agent read it, and
   * nothing the transcript shows changed it (a linter, a hook, the user, or only its mtime): the
   * replay cannot see that change, and the file's state is unknown from here on.
   */
  private modifiedBehindBack(call: SessionCall, verdict: VerdictReport, paths: readonly string[]): CannotJudge | undefined {
    const rec = call.result;
    if (rec === null || !rec.isError || errorKind(rec.text) !== 'modified-since-read' || (verdict.ours.isError && errorKind(verdict.ours.text) === 'modified-since-read')) return undefined;
    const why: CannotJudge = { reason: 'changed-outside', evidence: `the recording tool answered that the file changed after it was read, by something the transcript does not show (a linter, a hook, the user): "${rec.text.replace(/<\/?tool_use_error>/g, '').split('\n')[0]}"` };
    for (const p of this.workspacePaths(paths)) this.knowledge.markUnknown(p, why);
    return why;
  }

  /** Claude Code's record of files read as its answer shows it, before the call runs (read-sync.ts). Null: nothing changed. */
  private async syncReadRecord(call: SessionCall, tools: SessionTools, paths: readonly string[]): Promise<string | null> {
    const p = paths[0];
    if (!this.tracksReads || call.profile === null || !readsFirst(call.profile) || call.result === null || p === undefined) return null;
    const abs = resolveCallPath(p.trim().normalize('NFC'), this.mount);
    const view = abs.ok ? await this.viewOf(abs.path) : null;
    if (!abs.ok || view === null) return null;
    return syncReadRecord(tools.readState, { call, path: p, absPath: abs.absPath, view, lastRead: this.lastRead.get(p) });
  }

  /** Claude Code kept the file as its tool read it: take it when ours differs, and count it as read. */
  private async resyncOriginal(call: SessionCall, paths: string[], notes: string[], tools: SessionTools): Promise<Resync[]> {
    const original = recordedOriginal(call);
    const quoted = original === null ? quotedBefore(call) : null;
    const p = paths[0];
    if ((original === null && quoted === null) || p === undefined) return [];
    const [path] = this.workspacePaths([p]);
    if (path === undefined) return [];
    const seededInPart = this.knowledge.whyUnknown(path)?.reason === 'partly-shown';
    const firstSeen = this.options.unseenFiles?.has(path) === true;
    const r = quoted !== null ? await resyncTo(this.overlay, path, quoted.text, quoted.endKnown, firstSeen) : await resyncTo(this.overlay, path, original!, true, firstSeen);
    if (r.kind === 'unreadable') return [];
    this.knowledge.markKnown(path);
    if (this.tracksReads) {
      const abs = resolveCallPath(p.trim().normalize('NFC'), this.mount);
      const now = await this.viewOf(path);
      // A success Claude Code marked stale read an older file: read-sync.ts records it so.
      if (abs.ok && now !== null && !recordedStale(call)) tools.readState.record(abs.absPath, now);
    }
    if (r.kind === 'same') return [];
    if (quoted !== null) notes.push(quoteNote(p, r));
    else notes.push(originalNote(p, r, original!, seededInPart));
    return [{ path: p, from: quoted !== null ? 'quote' : 'originalFile', was: r.was, line: r.line }];
  }

  /**
   * A read that shows the file whole re-syncs it; one that shows part of it otherwise marks it
   * unknown. Answers where it showed the file otherwise than the replay's state, if it did, and
   * whether it showed only part of each file (`inPart`).
   */
  private async afterRead(call: SessionCall, notes: string[], resynced: Resync[]): Promise<{ shownOtherwise: ShownOtherwise | null; inPart: boolean }> {
    if (call.result === null || call.result.isError || notToolAnswer(call.result) !== null) return { shownOtherwise: null, inPart: false };
    const shownAll = shownByRead(call, this.session.format);
    const otherwise: (ShownOtherwise | null)[] = [];
    for (const { path: p, shown } of shownAll) otherwise.push(shown === null ? null : await this.afterShown(call, p, shown, notes, resynced));
    return { shownOtherwise: otherwise.find((o) => o !== null) ?? null, inPart: shownAll.length > 0 && shownAll.every(({ shown }) => shown?.kind === 'partial' || shown?.kind === 'tail') };
  }

  /** What one file a read showed tells the replay (afterRead). */
  private async afterShown(call: SessionCall, p: string, read: ReadShown, notes: string[], resynced: Resync[]): Promise<ShownOtherwise | null> {
    const [path] = this.workspacePaths([p]);
    const shown = path === undefined ? null : read.kind === 'tail' ? await tailAsLines(this.overlay, this.knowledge, path, read) : read;
    if (path === undefined || shown === null) return null;
    if (shown.kind === 'whole') {
      const r = await resyncTo(this.overlay, path, shown.text, true, this.options.unseenFiles?.has(path) === true);
      if (r.kind === 'unreadable') return null;
      this.knowledge.markKnown(path);
      if (r.kind !== 'resynced') return null;
      resynced.push({ path: p, from: 'read', was: r.was, line: r.line });
      notes.push(r.was === 'missing'
        ? `Re-synced: this read shows ${p}, which the replay's workspace did not have; later calls are judged on the text shown.`
        : `Re-synced: this read shows ${p} otherwise than the replay's state from line ${r.line}; later calls are judged on the text shown.`);
      return r.was === 'different' ? { path: p, line: r.line } : null;
    }
    // A file seeded from part of it holds placeholder lines where nothing was shown, and edits
    // move them: a partial read cannot tell a change from a placeholder there.
    const seeded = await seedPartialRead(this.overlay, this.knowledge, path, p, call.index, shown.lines);
    if (seeded !== null) this.partialSeeds.add(path);
    if (seeded !== null) notes.push(seeded);
    const known = this.knowledge.whyUnknown(path)?.reason;
    if (known === 'partly-shown' && seeded === null && this.partialSeeds.has(path)) {
      if (!(await fillFromRead(this.overlay, path, p, shown.lines, notes))) this.partialSeeds.delete(path);
      return null;
    }
    if (known === 'partly-shown' || known === 'never-shown') return null;
    const now = await this.viewOf(path);
    const line = now === null ? null : partialMismatch(now, shown.lines);
    if (now === null || line === null) return null;
    this.knowledge.markUnknown(path, { reason: 'changed-outside', evidence: `the read at call #${call.index} shows line ${line} of ${p} otherwise than the replay's state` });
    notes.push(`${p}: this read shows line ${line} otherwise than the replay's state, and only part of the file, so later calls on it cannot be judged until it is shown whole.`);
    return { path: p, line };
  }

  /** After an edit: which of its files the replay can still vouch for. */
  private afterEdit(call: SessionCall, outcome: RunOutcome, paths: string[], notAnswer: boolean): void {
    if (notAnswer) return;
    const recordedOk = call.result !== null && !call.result.isError;
    if (!outcome.ok && recordedOk) {
      for (const p of this.workspacePaths(paths)) this.knowledge.markUnknownIfKnown(p, { reason: 'diverged', evidence: `call #${call.index} (${call.toolName}) succeeded in the recording and failed here, so the file is no longer as the recording tool left it` });
    }
    if (outcome.ok && call.result?.isError !== true) {
      // A created file is known; so is every file a whole-file writer wrote (`session.writesWholeFiles`).
      // Not one the transcript shows existed (SessionCall.existed): the replay created what the tool appended to.
      const wholeFiles = call.profile !== null && getProfile(call.profile).session?.writesWholeFiles === true;
      const existed = new Set(this.workspacePaths(call.existed ?? []));
      for (const f of outcome.stage.files) if ((f.created && !existed.has(f.path)) || wholeFiles) this.knowledge.markKnown(f.path);
    }
  }

  /**
   * A successful call's stage becomes the workspace the next call sees. Answers a note for each
   * file the call changed that earlier calls changed under another name (SPEC 14).
   */
  private async lay(index: number, profile: ProfileId, outcome: Extract<RunOutcome, { ok: true }>, tools: SessionTools): Promise<string[]> {
    const keys = await this.overlay.applyStage(outcome.stage);
    const notes: string[] = [];
    for (const [k, f] of outcome.stage.files.entries()) {
      const seen = this.touchedBy.get(keys[k]!);
      if (seen === undefined) this.touchedBy.set(keys[k]!, { displayPath: f.displayPath, calls: [index], name: f.path });
      else {
        if (seen.name !== undefined && seen.name !== f.path && !f.deleted) {
          notes.push(`${f.displayPath} and ${seen.displayPath} are one file (a link or another name of it): this call changed the file call #${seen.calls[seen.calls.length - 1]} changed as ${seen.displayPath}, and the session's save writes it once, with every edit`);
        }
        seen.displayPath = f.displayPath;
        seen.name = f.path;
        if (seen.calls[seen.calls.length - 1] !== index) seen.calls.push(index);
      }
      // Claude Code's own tools count what they wrote as read; any other tool's write is, to
      // Claude Code, a change made behind its back (modified since read).
      if (!this.tracksReads || !readsFirst(profile)) continue;
      if (f.deleted) tools.readState.forget(f.absPath);
      else {
        const now = await this.viewOf(f.path);
        if (now !== null) tools.readState.record(f.absPath, now, 'write');
      }
    }
    return notes;
  }

  /** A `Read` the transcript shows succeeding: the file counts as read at its text now. */
  private async noteRead(call: SessionCall, paths: string[], tools: SessionTools): Promise<string[]> {
    if (paths[0] !== undefined) this.lastRead.set(paths[0], call.index);
    const p = paths[0];
    if (p === undefined || call.result?.isError === true || notToolAnswer(call.result) !== null) return [];
    const r = resolveCallPath(p.trim().normalize('NFC'), this.mount);
    if (!r.ok) return [`${p} is outside the mount ${this.mount}: the read is not recorded.`];
    const view = await this.viewOf(r.path);
    if (view === null && this.knowledge.whyUnknown(r.path)?.reason === 'never-shown') return [`The replay does not have the content of ${p} (the transcript never showed it whole): the read is not recorded.`];
    if (view === null) return [`${p} is not in the workspace: the read is not recorded.`];
    tools.readState.record(r.absPath, view);
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
  return replayResult(replayer, session, calls, options.diffContext);
}

/** The replay of every call stepped: verdicts a later read revises, the session's files and the figures. */
export function replayResult(replayer: SessionReplayer, session: ParsedSession, calls: ReplayedCall[], diffContext?: number): SessionReplay {
  reviseByLaterReads(calls, session.runtime?.windows === true);
  const files = sessionFiles(replayer.overlay, replayer.touchedBy, replayer.mount, diffContext);
  return { version: 1, format: session.format, mount: replayer.mount, calls, files, figures: figuresOf(calls, files), problems: session.problems };
}

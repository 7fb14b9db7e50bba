// What the page gets of a session: figures, one small row per call, and for the selected call the
// texts it compares. The parsed transcript, the replay's outcomes and every file's bytes stay in
// the worker (a 2,000-call session holds megabytes of them); texts the page shows are cut.

import type { EnvelopeKind } from '../engine/envelope';
import type { ProfileId } from '../engine/types';
import type { MountSuggestion } from '../sessions/mount';
import type { ReplayedCall, ReplayFigures, Resync } from '../sessions/replay';
import type { SeedEntry } from '../sessions/seed';
import type { SessionFileResult } from '../sessions/session-result';
import type { CallKind, ErrorSource, SessionFormat, SessionLocation, SessionProblem } from '../sessions/types';
import type { CannotJudge, CannotJudgeReason, ErrorKind, Verdict, VerdictReport } from '../sessions/verdict';
import type { RunView } from './protocol';

/** Where a transcript comes from: pasted text, a file the user picked or dropped, or a bundled sample. */
export type SessionSource = { kind: 'text'; text: string; name: string } | { kind: 'file'; file: Blob; name: string } | { kind: 'sample'; file: string };

/** Problems beyond this many are counted, not sent. */
export const SHOWN_PROBLEMS = 50;
/** Compared texts longer than this are cut (a Read's result can be a whole file). */
export const SHOWN_TEXT_CHARS = 20_000;

export interface SessionOpenView {
  name: string;
  format: SessionFormat | null;
  detection: string;
  calls: number;
  editCalls: number;
  problems: SessionProblem[];
  problemCount: number;
  /** The mount suggested against the open workspace; the page may override it. */
  mount: MountSuggestion;
  bytes: number;
}

export interface SessionCallRow {
  index: number;
  toolName: string;
  kind: CallKind;
  profile: ProfileId | null;
  /** The first path the call names, as it names it. */
  path: string | null;
  status: ReplayedCall['status'];
  /** Our outcome of an edit call: true when it succeeded; null for a listed call. */
  ok: boolean | null;
  errorKind: ErrorKind | null;
  verdict: Verdict | null;
  /** Why a `cannot judge` call cannot be judged. */
  cannotJudge: CannotJudgeReason | null;
  recordedError: boolean | null;
  /** The recording agent's release, when the transcript names it. */
  version: string | null;
  /** The subagent that made the call; null for the main agent. */
  agent: string | null;
  /** Files re-synced to the transcript's text at this call. */
  resynced: number;
}

export interface SessionFileRow {
  path: string;
  displayPath: string;
  status: SessionFileResult['status'];
  calls: number[];
}

export interface SessionSeedView {
  /** Files seeded whole, in part, and created by the session. */
  whole: number;
  partial: { displayPath: string; shownLines: { start: number; end: number }[] }[];
  created: number;
  unseen: { displayPath: string; firstCall: number }[];
  outside: string[];
}

export interface SessionReplayView {
  mount: string;
  seeded: boolean;
  seed: SessionSeedView | null;
  figures: ReplayFigures;
  rows: SessionCallRow[];
  files: SessionFileRow[];
}

export interface ComparedTextView {
  isError: boolean;
  text: string;
}

export interface VerdictView {
  verdict: Verdict;
  reason: 'outcome' | 'text' | null;
  compared: VerdictReport['compared'];
  ours: ComparedTextView;
  recorded: ComparedTextView | null;
  cannotJudge: CannotJudge | null;
}

export interface SessionCallView {
  row: SessionCallRow;
  callId: string | null;
  location: SessionLocation;
  paths: string[];
  /** The input as JSON, cut; `session/call-input` has it whole. */
  input: string;
  rawArguments: string | null;
  recorded: { isError: boolean; errorSource: ErrorSource; text: string } | null;
  verdict: VerdictView | null;
  notes: string[];
  resynced: Resync[];
  /** The call as the current run; null for a listed call (nothing ran). */
  run: RunView | null;
}

/** `input`: the call's input as converted for `profile` (what ran), as the composer shows it. */
export type WhatIfView = { ok: true; profile: ProfileId; input: string; verdict: VerdictView; run: RunView } | { ok: false; message: string };

export function cut(text: string, max = SHOWN_TEXT_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${(text.length - max).toLocaleString('en')} more characters]`;
}

export function callRow(c: ReplayedCall): SessionCallRow {
  return {
    index: c.index,
    toolName: c.toolName,
    kind: c.kind,
    profile: c.profile,
    path: c.paths[0] ?? null,
    status: c.status,
    ok: c.outcome === null ? null : c.errorKind === undefined,
    errorKind: c.errorKind ?? null,
    verdict: c.verdict?.verdict ?? null,
    cannotJudge: c.verdict?.cannotJudge?.reason ?? null,
    recordedError: c.recorded?.isError ?? null,
    version: c.version ?? null,
    agent: c.agent ?? null,
    resynced: c.resynced?.length ?? 0,
  };
}

export function verdictView(v: VerdictReport): VerdictView {
  const side = (t: { isError: boolean; text: string }): ComparedTextView => ({ isError: t.isError, text: cut(t.text) });
  return { verdict: v.verdict, reason: v.reason ?? null, compared: v.compared, ours: side(v.ours), recorded: v.recorded === null ? null : side(v.recorded), cannotJudge: v.cannotJudge ?? null };
}

export function fileRow(f: SessionFileResult): SessionFileRow {
  return { path: f.path, displayPath: f.displayPath, status: f.status, calls: f.calls };
}

export function seedView(entries: readonly SeedEntry[], unseen: { displayPath: string; firstCall: number }[], outside: string[]): SessionSeedView {
  return {
    whole: entries.filter((e) => e.how === 'whole').length,
    partial: entries.filter((e) => e.how === 'partial').map((e) => ({ displayPath: e.displayPath, shownLines: e.shownLines ?? [] })),
    created: entries.filter((e) => e.how === 'created').length,
    unseen: unseen.map((u) => ({ displayPath: u.displayPath, firstCall: u.firstCall })),
    outside,
  };
}

/** How the transcript wrapped the call, in the composer's words (the Result pane says "… → profile"). */
export function envelopeOf(format: SessionFormat | null, input: Record<string, unknown> | null, via: string | undefined): EnvelopeKind {
  switch (format) {
    case 'claude-code-jsonl':
    case 'anthropic-messages':
      return 'anthropic-tool-use';
    case 'openai-chat':
      return 'openai-tool-call';
    case 'mcp-jsonrpc':
      return 'mcp-tools-call';
    case 'openai-responses':
    case 'codex-rollout':
      if (input !== null && Object.hasOwn(input, 'operation')) return 'openai-apply-patch-call';
      if (via === undefined && input !== null && Object.keys(input).length === 1 && typeof input.input === 'string') return 'openai-custom-tool-call';
      return 'openai-function-call';
    default:
      return 'name-arguments';
  }
}

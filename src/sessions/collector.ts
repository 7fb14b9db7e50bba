// The one place a format module hands its findings to: calls in order, results matched to them
// by call id, and problems. Matching, the profile and kind of a call, and the end-of-transcript
// checks (calls left without a result, results that never met their call) live here, so every
// format reports them in the same words.

import { profileForTool } from '../engine/envelope';
import { getProfile } from '../engine/profiles/registry';
import type {
  CallKind,
  ErrorSource,
  ProblemCode,
  ProblemSeverity,
  SessionCall,
  SessionLocation,
  SessionMark,
  SessionProblem,
  SessionRuntime,
  Unvouched,
} from './types';
import type { ProfileId } from '../engine/types';
import { describeLocation, shown, type JsonObject } from './values';

/** Tools that only show a file's text; their results can seed a workspace later. */
const READ_TOOLS = new Set(['Read', 'read_file', 'read_text_file', 'view']);


/**
 * File-edit tools of the agents whose dialect the playground has no profile for yet: their calls
 * are edit calls all the same, counted and listed with why they are not replayed.
 */
const UNPROFILED_EDIT_TOOLS: ReadonlyMap<string, string> = new Map([
  ['NotebookEdit', "Claude Code's NotebookEdit edits Jupyter notebook cells, and the playground has no notebook dialect: listed, not replayed"],
]);

function kindOf(toolName: string, input: JsonObject | null, profile: ProfileId | null): CallKind {
  // A tool for reading and editing (the Anthropic text editor): its input decides (`readsOnly`).
  if (profile !== null && getProfile(profile).readsOnly?.(input) === true) return 'read';
  if (profile !== null) return 'edit';
  return READ_TOOLS.has(toolName) ? 'read' : 'other';
}

export interface NewCall {
  callId: string | null;
  toolName: string;
  input: JsonObject | null;
  rawArguments?: string;
  via?: string;
  location: SessionLocation;
  /**
   * An edit call the playground cannot replay, and why (its dialect has no profile yet): listed as
   * an `edit` with no profile, so it is counted, never dropped.
   */
  unsupported?: string;
  /** Files the replay cannot vouch for from this call on (SessionCall.unvouched). */
  unvouched?: Unvouched[];
  /** Files the transcript shows existed before the call (SessionCall.existed). */
  existed?: string[];
  /** The directory the call ran in, when the transcript says (SessionCall.cwd). */
  cwd?: string;
  /** The file a user's `@path` reference read (SessionCall.referenced): a read. */
  referenced?: string;
}

export interface NewResult {
  isError: boolean;
  text: string;
  errorSource: ErrorSource;
  details?: unknown;
}

/** What a format reader knows of the calls it is about to hand over (the line's agent, release and time). */
export interface CallContext {
  version?: string;
  agent?: string;
  /** The ISO timestamp of the line or event that makes the calls (SessionCall.recordedAt). */
  recordedAt?: string;
  /** The directory the agent was in when it made the calls (a Claude Code line's `cwd`), unless a call names its own. */
  cwd?: string;
}

/** A format whose tool names mean other profiles than the composer's (Claude Code's own `MultiEdit`). */
export type ProfileLookup = (toolName: string, input: unknown) => ProfileId | null;

interface Unknown {
  count: number;
  first: SessionLocation;
  what: string;
}

export class SessionCollector {
  private readonly calls: SessionCall[] = [];
  private readonly problems: SessionProblem[] = [];
  /** Calls still waiting for their result, by call id. */
  private readonly waiting = new Map<string, SessionCall>();
  /** The first call of each id, for the duplicate message. */
  private readonly byId = new Map<string, SessionCall>();
  /** Ids whose call already has its result: a second result is a duplicate, not an orphan. */
  private readonly answered = new Set<string>();
  /** Results that arrived before their call, kept until the call comes or the transcript ends. */
  private readonly early = new Map<string, { result: NewResult; location: SessionLocation }>();
  private readonly unknowns = new Map<string, Unknown>();
  private readonly marks: SessionMark[] = [];
  private context: CallContext = {};
  private runtimeSeen: SessionRuntime | undefined;
  private lookup: ProfileLookup = profileForTool;

  /**
   * `reuseAnsweredIds`: JSON-RPC ids only need to be unique among requests in flight, so an MCP
   * log may use id 1 again once its response came; elsewhere a repeated id is a duplicate call.
   */
  constructor(private readonly reuseAnsweredIds = false) {}

  /** The release and agent stamped on the calls that follow, until the next call of this. */
  setContext(context: CallContext): void {
    this.context = context;
  }

  /** What the transcript records of the runtime that delivered the tools' output (ParsedSession.runtime). */
  setRuntime(runtime: SessionRuntime): void {
    this.runtimeSeen = { ...this.runtimeSeen, ...runtime };
  }

  /** How tool names become profiles for the rest of the transcript. */
  setProfileLookup(lookup: ProfileLookup): void {
    this.lookup = lookup;
  }

  /** A compaction (or another mark) between the calls so far and the next one. */
  mark(kind: SessionMark['kind'], location: SessionLocation, agent?: string): void {
    this.marks.push({ kind, beforeCall: this.calls.length, ...(agent !== undefined && { agent }), location });
  }

  problem(code: ProblemCode, severity: ProblemSeverity, message: string, location: SessionLocation): void {
    this.problems.push({ code, severity, message, location });
  }

  /** An item of a type the format does not know: counted, and reported once per type at the end. */
  unknown(what: string, type: string, location: SessionLocation): void {
    const key = `${what}\u0000${type}`;
    const seen = this.unknowns.get(key);
    if (seen) seen.count++;
    else this.unknowns.set(key, { count: 1, first: location, what: `${what} ${shown(type)}` });
  }

  call(c: NewCall): SessionCall | null {
    const reused = c.callId !== null && this.reuseAnsweredIds && this.answered.has(c.callId) && !this.waiting.has(c.callId);
    if (reused) this.answered.delete(c.callId!);
    if (c.callId !== null && this.byId.has(c.callId) && !reused) {
      const first = this.byId.get(c.callId);
      if (first !== undefined && first.toolName === c.toolName && JSON.stringify(first.input) === JSON.stringify(c.input)) {
        this.copied('call', c.location);
        return null;
      }
      const where = first ? ` (first at ${describeLocation(first.location)})` : '';
      this.problem('duplicate-call-id', 'warning', `Call id ${shown(c.callId)} is used again by a "${c.toolName}" call${where}; this call is skipped.`, c.location);
      return null;
    }
    const found = c.unsupported !== undefined ? null : this.lookup(c.toolName, c.input ?? undefined);
    // A release older than every one the profile models (Gemini CLI before 0.28.0): listed, not replayed.
    const { version, recordedAt } = this.context;
    const unmodelled = found === null ? null : (getProfile(found).session?.unmodelled?.({ ...(version !== undefined && { version }), ...(recordedAt !== undefined && { recordedAt }) }) ?? null);
    if (unmodelled !== null) c = { ...c, unsupported: unmodelled };
    const looked = unmodelled !== null ? null : found;
    const unprofiled = looked === null && c.unsupported === undefined ? UNPROFILED_EDIT_TOOLS.get(c.toolName) : undefined;
    if (unprofiled !== undefined) c = { ...c, unsupported: unprofiled };
    const profile = looked;
    const call: SessionCall = {
      index: this.calls.length,
      callId: c.callId,
      toolName: c.toolName,
      input: c.input,
      ...(c.rawArguments !== undefined ? { rawArguments: c.rawArguments } : {}),
      ...(c.via !== undefined ? { via: c.via } : {}),
      profile,
      kind: c.unsupported !== undefined ? 'edit' : c.referenced !== undefined ? 'read' : kindOf(c.toolName, c.input, profile),
      location: c.location,
      result: null,
      ...(c.unsupported !== undefined && { unsupported: c.unsupported }),
      ...(c.unvouched !== undefined && { unvouched: c.unvouched }),
      ...(c.existed !== undefined && { existed: c.existed }),
      ...(c.referenced !== undefined && { referenced: c.referenced }),
      ...((c.cwd ?? this.context.cwd) !== undefined && { cwd: (c.cwd ?? this.context.cwd)! }),
      ...(this.context.version !== undefined && { version: this.context.version }),
      ...(this.context.agent !== undefined && { agent: this.context.agent }),
      ...(this.context.recordedAt !== undefined && { recordedAt: this.context.recordedAt }),
    };
    this.calls.push(call);
    if (c.callId === null) return call;
    this.byId.set(c.callId, call);
    const early = this.early.get(c.callId);
    if (early) {
      this.early.delete(c.callId);
      this.attach(call, early.result, early.location);
    } else {
      this.waiting.set(c.callId, call);
    }
    return call;
  }

  isWaiting(callId: string): boolean {
    return this.waiting.has(callId);
  }

  /** A call and its result in one item (Responses `mcp_call`): no id to match. */
  callWithResult(c: NewCall, result: NewResult | null, location: SessionLocation): void {
    const call = this.call(c);
    if (call === null || result === null) return;
    if (call.callId !== null) this.waiting.delete(call.callId);
    this.attach(call, result, location);
  }

  result(callId: string | null, result: NewResult, location: SessionLocation): void {
    if (callId === null) {
      this.problem('orphan-result', 'warning', 'A tool result has no call id, so it cannot be matched to its call; it is skipped.', location);
      return;
    }
    const call = this.waiting.get(callId);
    if (call) {
      this.waiting.delete(callId);
      this.attach(call, result, location);
    } else if (this.answered.has(callId) || this.early.has(callId)) {
      const kept = this.byId.get(callId)?.result ?? this.early.get(callId)?.result;
      if (kept !== undefined && kept !== null && kept.text === result.text && kept.isError === result.isError) return this.copied('result', location);
      this.problem('duplicate-result', 'warning', `A second result for call id ${shown(callId)}; the first one is kept.`, location);
    } else {
      this.early.set(callId, { result, location });
    }
  }

  private attach(call: SessionCall, result: NewResult, location: SessionLocation): void {
    if (call.callId !== null) this.answered.add(call.callId);
    // A failure the transcript does not flag, told by the tool's own text (`judging.failureText`).
    const byText = !result.isError && call.profile !== null && getProfile(call.profile).judging?.failureText?.(result.text) === true;
    call.result = {
      isError: result.isError || byText,
      text: result.text,
      errorSource: byText ? 'text' : result.errorSource,
      location,
      ...(result.details !== undefined ? { details: result.details } : {}),
    };
  }

  /** Calls and results that came again as they were (a resumed session copies its history into the file). */
  private copies: { calls: number; results: number; first: SessionLocation } | null = null;

  private copied(what: 'call' | 'result', location: SessionLocation): void {
    this.copies ??= { calls: 0, results: 0, first: location };
    if (what === 'call') this.copies.calls++;
    else this.copies.results++;
  }

  finish(): { calls: SessionCall[]; problems: SessionProblem[]; marks: SessionMark[]; runtime?: SessionRuntime } {
    if (this.copies !== null) {
      const { calls, results, first } = this.copies;
      const n = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
      const what = [calls > 0 ? n(calls, 'call') : null, results > 0 ? n(results, 'result') : null].filter((x) => x !== null).join(' and ');
      this.problem(calls > 0 ? 'duplicate-call-id' : 'duplicate-result', 'info', `${what} came again exactly as before (a resumed session copies its history into the file; first copy here): the copies are skipped.`, first);
    }
    for (const [id, { location }] of this.early) {
      this.problem('orphan-result', 'warning', `A result for call id ${shown(id)} has no matching call in the transcript.`, location);
    }
    for (const call of this.calls) {
      if (call.result !== null) continue;
      const why = call.toolName === 'aider_reply' ? 'aider wrote no note after it (an interrupted reply, or the session ended)' : call.callId === null ? 'it has no call id to match a result by' : 'the transcript holds no result for it';
      // Numbered as the timeline and the report number calls (#0 first).
      this.problem('missing-result', 'info', `Call #${call.index} ("${call.toolName}") has no recorded result: ${why}.`, call.location);
    }
    for (const u of this.unknowns.values()) {
      const times = u.count === 1 ? '' : ` (${u.count} times, first here)`;
      this.problem('unknown-type', 'info', `Unknown ${u.what}${times}: skipped.`, u.first);
    }
    return { calls: this.calls, problems: this.problems, marks: this.marks, ...(this.runtimeSeen !== undefined && { runtime: this.runtimeSeen }) };
  }
}

// The profiles as one session runs them: the tools that keep state between calls (a profile's
// `session` hook) get the session's state instead of a fresh one per call. Claude Code's `Edit`,
// `Write` and `MultiEdit` consult what the session's `Read` calls saw (read-before-edit,
// modified-since-read), each as the release that recorded the call ran it (releases.ts);
// Anthropic's text editor keeps one `undo_edit` history across the session. Every other profile
// is the registered one.
//
// The read record follows the rules of a release (ReadStateRules): how many files it keeps, what
// a compaction leaves of it, whether a subagent shares it. The replay applies them with
// `SessionReadState.compact` and `subagentTools`.

import { runProfile as runEngineProfile } from '../engine/run';
import type { ReadRecord, ReadState } from '../engine/profiles/claude-code/read-state';
import { REFERENCE_RELEASE, releaseFor, type ReadStateRules } from '../engine/profiles/claude-code/releases';
import { MemoryEditHistory, type EditHistory } from '../engine/profiles/anthropic/history';
import type { TextEditorVariant } from '../engine/profiles/anthropic/variants';
import type { Profile } from '../engine/profiles/profile';
import { getProfile } from '../engine/profiles/registry';
import type { ProfileId, RunOptions, RunOutcome } from '../engine/types';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { errorMessage } from '../engine/helpers';

interface Entry extends ReadRecord {
  /** When the record was last made or looked up (the order of an LRU cache). */
  used: number;
  /** When the record was last made. */
  recorded: number;
  /** When a Claude Code tool of this record last wrote the file (-1: not in this session, as far as the record knows). */
  written: number;
  /** UTF-8 bytes of the text (what the cache's size limit counts, at least 1). */
  bytes: number;
}

/** The UTF-8 length of a string, without encoding it. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Memory files Claude Code never restores after a compaction (its CLAUDE.md kinds; the plan file is not a workspace file). */
const MEMORY_FILE = /(^|\/)CLAUDE(\.local)?\.md$/;

/** roughTokenCountEstimation: 4 characters a token (2 for JSON). */
const roughTokens = (absPath: string, text: string): number => Math.ceil(text.length / (absPath.toLowerCase().endsWith('.json') ? 2 : 4));

/**
 * What an agent's reads saw, keyed by absolute path (a deleted file is forgotten). `rules` is the
 * release's (default: 2.1.88's): its capacity applies to every record made under it.
 */
export class SessionReadState implements ReadState {
  rules: ReadStateRules = REFERENCE_RELEASE.readState;
  private readonly records = new Map<string, Entry>();
  private clock = 0;
  private totalBytes = 0;

  constructor(records: ReadonlyMap<string, ReadRecord> = new Map()) {
    for (const [p, r] of records) this.put(p, { ...r, used: ++this.clock, recorded: this.clock, written: -1, bytes: Math.max(1, utf8Length(r.text)) });
  }

  /** The record of a file; looking it up makes it the most recently used, as Claude Code's LRU cache does. */
  lookup(absPath: string): ReadRecord | undefined {
    const e = this.records.get(absPath);
    if (e === undefined) return undefined;
    e.used = ++this.clock;
    return { text: e.text, ...(e.partialView === true && { partialView: true }), ...(e.modified === true && { modified: true }) };
  }

  /** A Read saw `text` (how `read`), or one of Claude Code's own tools wrote it (`write`: it counts as read). */
  record(absPath: string, text: string, how: 'read' | 'write' = 'read'): void {
    const before = this.records.get(absPath);
    const t = ++this.clock;
    const written = how === 'write' ? t : before !== undefined && before.text === text ? before.written : -1;
    const bytes = Math.max(1, utf8Length(text));
    // A text over the whole size limit is not kept at all (lru-cache refuses it), nor its older record.
    if (this.rules.capacityBytes !== null && bytes > this.rules.capacityBytes) return this.forget(absPath);
    this.put(absPath, { text, used: t, recorded: t, written, bytes });
    this.evict();
  }

  /**
   * Claude Code's record of the file is older than the file, though the replay does not know its
   * text (the tool's answer said so, `staleRecovered`): `text` is the file now, marked modified.
   */
  markModified(absPath: string, text: string): void {
    this.record(absPath, text);
    const e = this.records.get(absPath);
    if (e !== undefined) e.modified = true;
  }

  forget(absPath: string): void {
    const e = this.records.get(absPath);
    if (e === undefined) return;
    this.totalBytes -= e.bytes;
    this.records.delete(absPath);
  }

  private put(absPath: string, e: Entry): void {
    this.forget(absPath);
    this.records.set(absPath, e);
    this.totalBytes += e.bytes;
  }

  /** The files recorded, the most recently used first. */
  paths(): string[] {
    return [...this.records.entries()].sort((a, b) => b[1].used - a[1].used).map(([p]) => p);
  }

  /** A copy (a forked agent's clone of the parent's record). */
  clone(): SessionReadState {
    const copy = new SessionReadState();
    copy.rules = this.rules;
    copy.clock = this.clock;
    for (const [p, e] of this.records) copy.put(p, { ...e });
    return copy;
  }

  /**
   * A compaction under `rules`: the record is emptied; from 1.0.11 Claude Code then reads again
   * the `restoreFiles` most recent files (by the release's order; CLAUDE.md files excepted) and
   * those that still exist and fit `restoreMaxTokens` count as read, with their text now
   * (`current`: null for a file that is gone). Returns the paths restored.
   */
  async compact(current: (absPath: string) => Promise<string | null> | string | null, rules: ReadStateRules = this.rules): Promise<string[]> {
    const key = (e: Entry): [number, number] => (rules.restoreOrder === 'modified' ? [e.written, e.recorded] : [e.recorded, 0]);
    const recent = [...this.records.entries()]
      .filter(([p]) => !MEMORY_FILE.test(p))
      .sort((a, b) => {
        const [a1, a2] = key(a[1]);
        const [b1, b2] = key(b[1]);
        return b1 - a1 || b2 - a2;
      })
      .map(([p]) => p);
    this.records.clear();
    this.totalBytes = 0;
    if (rules.compaction === 'forget-all') return [];
    const restored: string[] = [];
    for (const p of recent.slice(0, rules.restoreFiles)) {
      const text = await current(p);
      if (text === null) continue;
      if (rules.restoreMaxTokens !== null && roughTokens(p, text) > rules.restoreMaxTokens) continue;
      this.record(p, text);
      restored.push(p);
    }
    return restored;
  }

  /** The least recently used records go past the capacity (entries, then bytes of text). */
  private evict(): void {
    const { capacity, capacityBytes } = this.rules;
    const over = () => (capacity !== null && this.records.size > capacity) || (capacityBytes !== null && this.totalBytes > capacityBytes);
    if (!over()) return;
    const oldestFirst = [...this.records.entries()].sort((a, b) => a[1].used - b[1].used);
    for (const [p] of oldestFirst) {
      if (!over()) break;
      this.forget(p);
    }
  }
}

export interface SessionTools {
  readState: SessionReadState;
  history: EditHistory;
  /**
   * The profile as this session runs it; Claude Code's `Edit`, `Write` and `claude_code_MultiEdit`
   * as the release `version` ran them (none: 2.1.88), all three on this `readState`; the text
   * editor as the agent's port `variant` (SWE-agent's, OpenHands'; none: the reference's); Gemini CLI's replace as
   * the release `version` names, else the one out on `recordedAt` (none: 0.55.0).
   */
  profile(id: ProfileId, version?: string, variant?: TextEditorVariant, recordedAt?: string): Profile;
}

export function createSessionTools(readState = new SessionReadState(), history: EditHistory = new MemoryEditHistory()): SessionTools {
  const built = new Map<string, Profile>();
  const state = { readState, history };
  const profile = (id: ProfileId, version?: string, variant?: TextEditorVariant, recordedAt?: string): Profile => {
    // A profile that keeps state between calls (`session`) is built on this session's, once per release.
    const session = getProfile(id).session;
    if (session === undefined) return getProfile(id);
    const { key, profile: make } = session.build(state, { ...(version !== undefined && { version }), ...(variant !== undefined && { variant }), ...(recordedAt !== undefined && { recordedAt }) });
    let p = built.get(key);
    if (p === undefined) {
      p = make();
      built.set(key, p);
    }
    return p;
  };
  return { readState, history, profile };
}

/**
 * The tools a subagent (a Task's sidechain) runs with under `version`: until 1.0.115 the parent's
 * own (they share one read record); from 1.0.117 a fresh, empty record of its own that the parent
 * never sees (`fork`: a copy of the parent's, as a forked agent starts). The undo history is the parent's.
 */
export function subagentTools(parent: SessionTools, version?: string, fork = false): SessionTools {
  const rules = releaseFor(version).readState;
  if (rules.subagents === 'share-parent') return parent;
  const state = fork ? parent.readState.clone() : new SessionReadState();
  state.rules = rules;
  return createSessionTools(state, parent.history);
}

/**
 * The engine's runProfile, for the session's own profile objects. A profile that throws is a
 * bug; the replay reports it as that call's error instead of stopping the session.
 */
export async function runProfile(p: Profile, fs: WorkspaceFs, input: unknown, options: RunOptions = {}): Promise<RunOutcome> {
  try {
    return await runEngineProfile(p, fs, input, options);
  } catch (error) {
    // One call's crash must not end the replay: it becomes that call's error.
    const message = errorMessage(error);
    return { ok: false, error: { code: 'INTERNAL', message: `The playground's ${p.id} profile failed on this input: ${message}` }, stage: { files: [] }, warnings: [] };
  }
}

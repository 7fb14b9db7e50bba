// One recorded run and the History's rules, pure: how big an entry is, which entries the bounds
// drop (the last 500 runs or 50 MB, oldest first), and what a search matches.

import type { ProfileId } from '../../engine/types';

export const HISTORY_VERSION = 1 as const;
export const HISTORY_LIMITS = { runs: 500, bytes: 50 * 1024 * 1024 };

export type HistoryKind = 'call' | 'suite' | 'session';

export interface HistoryEntry {
  version: typeof HISTORY_VERSION;
  /** IndexedDB's key, set once stored. */
  id?: number;
  at: number;
  kind: HistoryKind;
  /** The call's profile; a suite's declared profile; the session's most used one, or null. */
  profile: string | null;
  /** What ran, in a few words: the call's first path, the suite, the transcript's name. */
  title: string;
  /** The workspace it ran on (its name as the header shows it). */
  workspace: string;
  /** A composer call, whole: reopening puts it back into the composer, its Release pick too (absent: the newest). */
  call?: { profile: ProfileId; text: string; mount: string; diffContext: number; release?: string };
  /** A session: the transcript's name and a hash of its text, never the text. */
  transcript?: { name: string; hash: string };
  outcome: { ok: boolean; code?: string; counts?: Record<string, number>; summary: string };
  /** The files the run touched, with their hashes before it. */
  files: { path: string; hash: string }[];
}

/** An entry's size as stored, near enough for the 50 MB bound (UTF-16 of its JSON). */
export function entryBytes(entry: HistoryEntry): number {
  return JSON.stringify(entry).length * 2;
}

/**
 * The ids to drop so that at most `limits.runs` entries and `limits.bytes` remain, oldest first.
 * The newest entry always stays, even alone above the byte bound.
 */
export function overLimits(entries: readonly { id: number; at: number; bytes: number }[], limits = HISTORY_LIMITS): number[] {
  const newestFirst = [...entries].sort((a, b) => b.at - a.at || b.id - a.id);
  const drop: number[] = [];
  let bytes = 0;
  newestFirst.forEach((e, i) => {
    bytes += e.bytes;
    if (i > 0 && (i >= limits.runs || bytes > limits.bytes)) drop.push(e.id);
  });
  return drop;
}

export type OutcomeFilter = 'all' | 'ok' | 'failed';

/** Whether `entry` matches the search: every word in its files, profile, title or outcome. */
export function matchesSearch(entry: HistoryEntry, query: string, outcome: OutcomeFilter = 'all'): boolean {
  if (outcome === 'ok' && !entry.outcome.ok) return false;
  if (outcome === 'failed' && entry.outcome.ok) return false;
  const haystack = [entry.title, entry.profile ?? '', entry.kind, entry.outcome.summary, entry.outcome.code ?? '', entry.workspace, ...entry.files.map((f) => f.path)].join('\n').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '')
    .every((w) => haystack.includes(w));
}

/** A stored value that is a History entry of this version (others are skipped, never trusted). */
export function isHistoryEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<HistoryEntry>;
  return (
    v.version === HISTORY_VERSION &&
    typeof v.at === 'number' &&
    (v.kind === 'call' || v.kind === 'suite' || v.kind === 'session') &&
    typeof v.title === 'string' &&
    typeof v.outcome === 'object' &&
    v.outcome !== null &&
    typeof v.outcome.summary === 'string' &&
    Array.isArray(v.files)
  );
}

/**
 * The profile a History entry names: the tool that ran (an envelope's detected tool, say `Edit`),
 * not the composer's dropdown; the dropdown's only when nothing ran (the call did not parse).
 */
export function ranProfile<P extends string>(record: { profile: P; run: { call: { profile: P } } | null }): P {
  return record.run?.call.profile ?? record.profile;
}

/** The first workspace path a call names, for its title (calls name it `path` or `file_path`). */
export function callTitle(text: string, profile: string): string {
  const m = /"(?:file_path|path)"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text) ?? /\*\*\* (?:Update|Add|Delete) File: ([^\s\\"]+)/.exec(text);
  return m ? `${profile} ${m[1]}` : profile;
}

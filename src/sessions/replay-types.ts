// The shapes of a replay: its options, each replayed call with its verdict, and the whole
// session's result. Plain data, so a replay made in the worker crosses to the page whole.

import type { ProfileId, RunOptions, RunOutcome } from '../engine/types';
import type { ReplayFigures } from './replay-figures';
import type { TranscriptSeed } from './seed';
import type { SessionFileResult } from './session-result';
import type { CallKind, RecordedResult, SessionFormat, SessionLocation, SessionProblem } from './types';
import type { ErrorKind, VerdictReport } from './verdict';

export interface ReplayOptions extends Pick<RunOptions, 'diffContext' | 'maxFileBytes'> {
  /** Absolute path the workspace root stands for (mount.ts suggests one). Default `/`. */
  mount?: string;
  /** Workspace paths seeded only in part from the transcript: calls on them carry a note. */
  partialFiles?: ReadonlySet<string>;
  /** Workspace paths the transcript never showed before an edit named them (seeding from the transcript). */
  unseenFiles?: ReadonlySet<string>;
}

/** The replay options a transcript seed implies: the files it showed in part, and those it never showed. */
export function seedReplayOptions(seed: Pick<TranscriptSeed, 'entries' | 'unseen'>): Pick<ReplayOptions, 'partialFiles' | 'unseenFiles'> {
  return {
    partialFiles: new Set(seed.entries.filter((e) => e.how === 'partial').map((e) => e.path)),
    unseenFiles: new Set(seed.unseen.map((u) => u.path)),
  };
}

/** A file the replay set to what the transcript showed, before (or, for a read, at) this call. */
export interface Resync {
  /** The path as the call named it. */
  path: string;
  /**
   * What showed it: Claude Code's recorded `originalFile`, a read's whole text, or an edit's own
   * answer showing the file as saved after changes beyond the tool (Cline's user edits, formatting),
   * or a failed edit's answer quoting the file as the tool found it (Cline's replace_in_file).
   */
  from: 'originalFile' | 'read' | 'answer' | 'quote';
  /** The replay's file was missing, or differed first at `line`. */
  was: 'missing' | 'different';
  line: number;
}

/** Where a read showed its file otherwise than the replay's state: the path as the read named it, and the first line that differs. */
export interface ShownOtherwise {
  path: string;
  line: number;
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
  /**
   * `ran`: an edit call, replayed; `listed`: a read or another tool's call, not run; `skipped`: an
   * edit call the playground has no dialect for yet (its verdict says so).
   */
  status: 'ran' | 'listed' | 'skipped';
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
  /** The release of the agent that recorded the call, when the transcript names it. */
  version?: string;
  /** The subagent that made the call (absent: the main agent). */
  agent?: string;
  /** Files set to the transcript's text at this call. */
  resynced?: Resync[];
  /** A read that showed its file otherwise than the replay's state (reviseByLaterReads uses it). */
  shownOtherwise?: ShownOtherwise;
  /** A read that showed only part of each file it showed (a search's lines, a window): it vouches for no line it did not show. */
  shownInPart?: true;
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

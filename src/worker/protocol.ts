// Messages between the page and the engine worker. Plain data only (structured clone): the UI
// never holds a Stage, it asks the worker for the view it needs (a file's stage content, a plan).

import type { ProfileReleases } from '../engine/releases';
import type { CommitOutcome, CommitPlanEntry } from '../engine/commit';
import type { EnvelopeKind } from '../engine/envelope';
import type { ToolFormat } from '../engine/tool-definitions';
import type { RangeGroups } from '../engine/line-ranges';
import type { LineRange, ProfileId, ToolError } from '../engine/types';
import type { SessionFormat } from '../sessions/types';
import type { CaseReport, SuiteReport } from '../contracts/runner';
import type { DirectoryEntry } from '../workspace/handle-fs';
import type { DiffExcerpt } from './diff-excerpt';
import type { SessionCallView, SessionOpenView, SessionReplayView, SessionSource, WhatIfView } from './session-views';
import type { FileHash, ShareEncoded, SharePreviewResult, SharedRunView, ShareTarget } from './share-views';

/** Where the worker's workspace is. */
export type WorkspaceSource =
  | { kind: 'sandbox' }
  | { kind: 'folder'; handle: FileSystemDirectoryHandle }
  /** An opened share link's own folder in OPFS (`links/<id>`), written by `share/materialize`. */
  | { kind: 'link'; id: string }
  | { kind: 'case'; suite: unknown; caseId: string };

export interface StepView {
  editIndex: number;
  strategy: string;
  lineRanges: LineRange[];
  replacements: number;
  /** The stepper's name for the step when "Edit {editIndex}" would mislead (apply_patch hunks). */
  label?: string;
  /** The tool's own rewrite of bytes no edit asked for (expandtabs, universal newlines). */
  rewrite?: boolean;
}

/**
 * One staged file as the UI lists it. Texts, bytes and the diff stay in the worker: the views ask
 * for what they show (`file/diff`, `file/unified`, `stage/step`), so a 5 MB file costs the page
 * what is on screen, not the file.
 */
export interface FileView {
  path: string;
  displayPath: string;
  absPath: string;
  created: boolean;
  /** The call deletes the file (apply_patch `*** Delete File`, a move's source). */
  deleted: boolean;
  /** A move's destination: the path it came from (its diff reads from there). */
  movedFrom: string | null;
  /**
   * The tool writes the whole file from its text (SPEC 11.2) and that changes bytes outside the
   * edited lines (line endings, BOM): the diff's "Whole file rewritten" (rewritesOutsideEdits).
   */
  wholeWrite: boolean;
  eol: '\n' | '\r\n';
  bom: boolean;
  /** Lines of the original (0 for a created file) and of the final content. */
  lines: { original: number; final: number };
  steps: StepView[];
}

/** The texts of one staged file (LF view), for what needs them whole ("Save as case"). */
export interface FileTexts {
  originalText: string;
  finalText: string;
  diff: string;
}

/** `+` and `-` lines of a file's cumulative diff. */
export interface DiffStat {
  added: number;
  removed: number;
}

/**
 * What the Diff view shows of one file: both texts, or a page of the excerpt of a large file, and
 * the diff's stat. Asked for by the view: a run computes no diff the page has not asked for.
 */
export type DiffView = ({ kind: 'whole'; original: string; modified: string } | ({ kind: 'excerpt' } & DiffExcerpt)) & { stat: DiffStat };

/** The whole of a run that the page gets cut or counted: every file's texts, the result and events uncut. */
export interface RunDetails {
  files: FileTexts[];
  result?: unknown;
  events: { acp: unknown[]; legacy: unknown[] };
}

export interface RunView {
  runId: number;
  /** `label`: what the run is when no call was pasted (a session's final state, a what-if). */
  call: { kind: EnvelopeKind; toolName: string | null; profile: ProfileId; label?: string };
  ok: boolean;
  /** The tool's result, its strings over 2,000 characters cut (a diff); `run/copy` has it whole. */
  result?: unknown;
  error?: ToolError;
  warnings: string[];
  /** The tool would write this stage (false for errors, dry runs, failed atomic batches). */
  writes: boolean;
  files: FileView[];
  plan: CommitPlanEntry[];
  /** The line ranges the result reports, by edit (the first 50 of them, all counted: kept-runs.ts); absent: none. */
  lineRanges?: RangeGroups;
  /** ACP and seed-shape notifications, long strings cut as in `result`. */
  events: { acp: unknown[]; legacy: unknown[] };
  ms: number;
}

/** Text to copy, built in the worker from the uncut run. */
export type CopyWhat =
  | { what: 'result' }
  | { what: 'events'; shape: 'acp' | 'legacy' }
  | { what: 'event'; shape: 'acp' | 'legacy'; index: number }
  | { what: 'diff'; file: number };


/**
 * A stretch of one stage's content (LF view): the whole content of a small file, else the lines
 * from just above its first highlight on, so stepping a 5 MB file sends kilobytes, not the file.
 */
export interface StageWindow {
  text: string;
  /** 0-based line of the whole content at which `text` starts. */
  firstLine: number;
  /** Lines of the whole content (a content ending in `\n` has a last, empty line). */
  totalLines: number;
  /** Highlighted spans inside `text` (offsets in `text`). */
  spans: { start: number; end: number }[];
  /** Highlighted spans outside `text`. */
  outside: number;
}

/** Content before and after one step: what that step matched (in `before`) and wrote (in `after`). */
export interface StepContent {
  before: StageWindow;
  after: StageWindow;
}

export type FileContent =
  | { kind: 'text'; text: string; eol: '\n' | '\r\n'; bom: boolean; size: number }
  | { kind: 'binary'; size: number }
  | { kind: 'too-large'; size: number }
  | { kind: 'missing' }
  | { kind: 'directory' }
  | { kind: 'denied'; message: string };

export interface SuiteSummary {
  name: string;
  builtin: boolean;
  default: boolean;
  suite: string;
  profile: string;
  cases: { id: string; title: string }[];
}

/** Whether the composer's text can run: JSON, envelope and input schema, with a position. */
export type CallCheck =
  | {
      ok: true;
      call: { kind: EnvelopeKind; toolName: string | null; profile: ProfileId };
      /** What to know before running (a misspelt field and the known one it resembles); Run is not blocked. */
      notes?: string[];
      /** The text holds several tool calls: their labels, and which one `call` is (the payload's `pick`, default 0). */
      calls?: string[];
      picked?: number;
    }
  | {
      ok: false;
      stage: 'json' | 'envelope' | 'input';
      message: string;
      /**
       * 1-based position of a JSON syntax error; for an input error, where the offending field (or
       * the object lacking it) starts in the text, and `endLine`/`endColumn` where it ends.
       */
      line?: number;
      column?: number;
      endLine?: number;
      endColumn?: number;
      /** Path of the offending field inside the tool input, for an input error. */
      path?: (string | number)[];
      /** Profile detected before the input failed its schema. */
      profile?: ProfileId;
    };

/** A built-in case offered as an example call in the composer. */
export interface CallExample {
  suite: string;
  caseId: string;
  title: string;
  profile: ProfileId;
  /** The case's call, pretty-printed JSON (bare input or envelope as the case wrote it). */
  text: string;
}

/** A workspace just opened: its name, how many files it holds (up to 10,000) and its root's listing. */
export interface OpenedWorkspace {
  name: string;
  files: number;
  root: DirectoryEntry[];
}

/** Request type → [payload, answer]. */
export interface WorkerApi {
  /**
   * `root` is the workspace's root folder as `workspace/list` answers it, listed by the open:
   * the page's tree shows it without asking again (one round trip less before the first screen).
   */
  'workspace/open': [{ source: WorkspaceSource; reset?: boolean }, OpenedWorkspace];
  'workspace/list': [{ path: string }, DirectoryEntry[]];
  'workspace/read': [{ path: string }, FileContent];
  /** Copy files (an imported folder) into the sandbox; answers what could not be written. */
  'workspace/import': [{ files: { path: string; bytes: Uint8Array }[] }, { written: number; failed: { path: string; message: string }[] }];
  /** The exact bytes of workspace files (downloads); `null` for a file that is gone. */
  'workspace/export': [{ paths: string[] }, { path: string; bytes: Uint8Array | null }[]];
  /** `pick`: which call runs when the text holds several (0-based; default 0). */
  'call/check': [{ text: string; profile: ProfileId | null; pick?: number }, CallCheck];
  /** `release`: RunOptions.release (a Claude Code version, a text-editor variant); absent: the newest. */
  run: [{ text: string; profile: ProfileId | null; mount: string; diffContext: number; release?: string; pick?: number }, RunView];
  'stage/step': [{ runId: number; file: number; step: number }, StepContent];
  /** A file's diff for the Diff view: whole texts, or one page of the excerpt (the page holding `line` when given). */
  'file/diff': [{ runId: number; file: number; page?: number; line?: { side: 'original' | 'modified'; line: number } }, DiffView];
  /** The first `maxLines` lines of a file's unified diff, and its line count. */
  'file/unified': [{ runId: number; file: number; maxLines: number }, { text: string; lines: number }];
  'run/copy': [{ runId: number } & CopyWhat, string];
  'run/details': [{ runId: number }, RunDetails];
  commit: [{ runId: number }, CommitOutcome];
  'suites/list': [Record<string, never>, SuiteSummary[]];
  'suites/examples': [Record<string, never>, CallExample[]];
  'suites/run': [{ suite: unknown; caseId?: string }, SuiteReport];
  /** One case in a fresh OPFS folder of its own, committed there (the browser contract runner; the open workspace is untouched). */
  'contracts/run-in-opfs': [{ suite: unknown; caseId: string }, CaseReport];
  /** Validate a parsed suite (`json`) or a suite file's text (`text`: JSON syntax errors get a line and column). */
  'suites/validate': [
    { json?: unknown; text?: string },
    { ok: true; summary: SuiteSummary } | { ok: false; errors: string[]; issues: { path: string; message: string }[] },
  ];
  /** A built-in suite as JSON (what `edit-playground test FILE` reads), for export. */
  'suites/get': [{ name: string }, unknown];
  tools: [{ format: ToolFormat }, unknown[]];
  /**
   * The composer editor's hints: per tool name, the JSON Schema of the inputs a call by that name
   * may carry; and the forms of call text that are no JSON (RegExp sources), shown as plain text.
   */
  'tools/inputs': [Record<string, never>, { inputs: Record<string, Record<string, unknown>>; plainTextForms: string[] }];
  /** The releases each profile with several can run as (the composer's Release picker). */
  releases: [Record<string, never>, Partial<Record<ProfileId, ProfileReleases>>];
  /** Read a transcript (streamed through the parser, with progress); `source: null` reads the open one again; `format` skips detection. */
  'session/open': [{ source: SessionSource | null; format?: SessionFormat }, SessionOpenView];
  /** Replay the open transcript against the workspace, or against files seeded from the transcript. `mount: null` takes the suggested one. */
  'session/replay': [{ mount: string | null; seed: boolean; diffContext: number }, SessionReplayView];
  /** Make call `index` the current run (its result, diff, stages, events), with what the transcript recorded. */
  'session/select': [{ index: number }, SessionCallView];
  /** Call `index` re-run under `profile` on the state the calls before it left; the current run. */
  'session/what-if': [{ index: number; profile: ProfileId }, WhatIfView];
  /** The session's final state as the current run: every touched file, one commit (all files or none). */
  'session/final': [Record<string, never>, RunView];
  /** Call `index`'s input whole, for the composer. */
  'session/call-input': [{ index: number }, { profile: ProfileId; text: string }];
  /** A run (or the replayed session) as a share link, or as a bundle when too long for one. */
  'share/encode': [ShareTarget, ShareEncoded];
  /** What a link fragment or bundle text holds (kept in the worker until opened); writes nothing. */
  'share/decode': [{ fragment: string } | { bundle: string; name?: string }, SharePreviewResult];
  /** Write a decoded link's files into `links/<id>` (emptied first); answers its run. */
  'share/materialize': [{ id: string }, SharedRunView];
  /** The hashes of the files a composer run touched, as they were before it (History). */
  'run/touched': [{ runId: number }, FileHash[]];
  /** The workspace files' hashes now; `null` for a file that is gone. */
  'workspace/hashes': [{ paths: string[] }, { path: string; hash: string | null }[]];
  /** The replayed session's transcript name and hash and the files it used, for History; null before a replay. */
  'session/digest': [Record<string, never>, { name: string; hash: string; files: FileHash[] } | null];
  /**
   * The page has drawn its first screen: the worker's entry loads its request handlers now and
   * answers the catalogues it held back (first-screen.ts). Answered by the entry itself.
   */
  'page/first-screen': [Record<string, never>, null];
}

export type RequestType = keyof WorkerApi;

/** The requests the handlers answer (worker-requests.ts): all but the entry's own. */
export type HandledRequest = Exclude<RequestType, 'page/first-screen'>;

export interface WorkerRequest<T extends RequestType = RequestType> {
  id: number;
  type: T;
  payload: WorkerApi[T][0];
}

export type WorkerMessage =
  | { id: number; kind: 'result'; value: unknown }
  | { id: number; kind: 'error'; error: { code: string; message: string } }
  | { id: number; kind: 'progress'; done: number; total: number; label: string };

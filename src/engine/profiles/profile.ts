// What every profile is: a tool dialect with a name, a description, a zod input schema and a run,
// and the hooks by which the host asks it what only it knows (docs/profiles/README.md).

import { z } from 'zod';
import type { CommitOutcome } from '../commit';
import type { EnvelopeKind } from '../envelopes/types';
import type { ProfileReleases } from '../releases';
import type { LineRange, ProfileId, RunOutcome, Stage, StartingRole, ToolError } from '../types';
import type { WorkspaceFs } from '../workspace-fs';
import type { EditHistory } from './anthropic/history';
import type { TextEditorVariant } from './anthropic/variants';
import type { ReadState } from './claude-code/read-state';
import type { ProfileSuite } from './case-data';

export type { CaseDiff, CaseError, CaseGiven, CaseTextMatcher, CaseThen, ContractCaseData, JsonValue, ProfileSuite } from './case-data';

export interface ProfileContext {
  fs: WorkspaceFs;
  mount: string;
  diffContext: number;
  maxFileBytes: number;
  /** Report that `done` of `total` edits are staged (RunOptions.onProgress; a no-op when absent). */
  progress: (done: number, total: number) => void;
  /** RunOptions.release: the release a profile built without one runs as (absent: its newest). */
  release?: string;
  /** RunOptions.cwd: the directory relative paths resolve against (absent: the mount). */
  cwd?: string;
  /** RunOptions.tempDir: Gemini CLI's project temporary directory (absent: a stand-in). */
  tempDir?: string;
}

/** What the composer's pre-run check answers (run.ts `checkInput`). */
export type InputCheck = { ok: true } | { ok: false; message: string; path: (string | number)[] };

/** The commit of a stage failed (commit.ts). */
export type CommitFailure = Extract<CommitOutcome, { ok: false }>;

/** A string-replacement call in no tool's shape: one file, a list of edits (what-if). */
export interface FindReplace {
  path: string;
  edits: { old: string; new: string; replaceAll: boolean }[];
}

export type Converted = { ok: true; input: Record<string, unknown> } | NotPlain;

/** Why a call, or a find/replace, cannot be converted (what-if says it after the call's name). */
export interface NotPlain {
  ok: false;
  message: string;
}

/**
 * What a recorded answer shows of its file: all of it, or some lines at their numbers (1-based).
 * `end`: a part that ran out of lines shows where the file ends (its last line, and whether a
 * line break ends it), so parts that together hold every line up to it are the whole file.
 */
export type Shown = { kind: 'whole'; text: string } | { kind: 'partial'; lines: Map<number, string>; end?: FileEnd };

/** Where a file ends: its last line's number, and whether a line break ends that line. */
export interface FileEnd {
  line: number;
  finalNewline: boolean;
}

/**
 * A file as an answer quotes it: `endKnown` false when the quote cannot show whether the file
 * ends with a line break (numbered lines), so the replay keeps its own file's ending.
 */
export interface QuotedFile {
  text: string;
  endKnown: boolean;
}

/** Line ranges a result reports for one edit; placed on the step of `editIndex` unless `fileIndex`/`step` say where. */
export interface ReportedRanges {
  editIndex: number;
  ranges: LineRange[];
  /** Absent: `Edit {editIndex}`. */
  label?: string;
  fileIndex?: number;
  step?: number;
}

/** The state a session keeps between calls, for the profiles that consult it (session-tools.ts). */
export interface SessionState {
  /** What the session's reads saw (Claude Code's read-before-write record). */
  readState: ReadState;
  /** The session's undo history (the text editor's `undo_edit`). */
  history: EditHistory;
}

/** The release a session call was recorded with (transcripts name one or the other). */
export interface SessionRelease {
  /** The agent's version (Claude Code's). */
  version?: string;
  /** The agent's port of the tool (the text editor's: SWE-agent's, OpenHands'). */
  variant?: TextEditorVariant;
  /** When the call was made (SessionCall.recordedAt), for a transcript that names no version. */
  recordedAt?: string;
}

/** How a transcript's recorded answer is compared with ours (sessions/verdict.ts). */
export interface Judging {
  /** The result is a JSON object: success or failure is compared, and a failure's message. */
  jsonResult?: boolean;
  /**
   * Whether a recorded answer's text (a success's output, or an error's message, as the outcomes
   * agree) is ours, where the tool's own text varies in ways a replay cannot reproduce (an order
   * the tool does not fix, the recording machine's path separators). Absent: the texts are
   * compared as they are (line endings and trailing newlines aside).
   */
  sameOutput?(ours: string, recorded: string): boolean;
  /**
   * Whether a recorded answer the transcript does not flag as an error is one of the tool's
   * failures, told by its text (Roo Code's tool_result carries no is_error for a tool's own
   * failure). Absent: the transcript's flag or text rules decide.
   */
  failureText?(recorded: string): boolean;
  /**
   * Whether a recorded success says that something besides the tool changed the file with this
   * call (the user edited the change before it was saved, the editor formatted it on save): why,
   * or null. The replay then cannot judge the answer, and takes the file as `shows` gives it from
   * the answer (else the file is unknown from there on). Absent: an answer is the tool's alone.
   */
  changedBeyondTool?(recorded: string): { reason: 'user-modified' | 'changed-outside'; evidence: string } | null;
  /**
   * Evidence, in words, that a recorded answer (compared with `ours`, both as the model read them)
   * rests on a check this profile does not perform (SWE-agent's flake8 F821), or null. A call
   * whose answers differ then cannot be judged. Absent: every answer is this profile's to judge.
   */
  unreproduced?(recorded: string, ours: string): string | null;
}

/**
 * A tool dialect. The host (run, events, tool definitions, envelopes, sessions, the worker) calls
 * these fields and hooks and never names a profile id: every hook is optional, and its absence
 * is the behaviour every plain dialect shares (said on each). Hooks other than `run` are read from
 * the registered profile (registry.ts); a profile a session builds (`session.build`) need only run.
 */
export interface Profile {
  id: ProfileId;
  /** Where it comes from: `Seed documents`, or the vendor whose tool it emulates (the picker's groups). */
  origin: string;
  /** What it is in a few words (the catalogue's, the picker's tooltip); every registered profile has one. */
  title?: string;
  /**
   * The page's starting choices this profile is (types.ts `StartingRole`; registry.test checks one
   * profile each). Changing one changes what old share links mean (share/defaults.ts).
   */
  startsAs?: readonly StartingRole[];
  /**
   * A call to start from: the composer's starting text (as indented JSON), a valid input the tool
   * definitions are tested with. Absent: the composer starts from `{}`. Changing one changes what
   * old share links mean (they keep only a text that differs from it).
   */
  example?: Record<string, unknown>;
  /**
   * Its contract cases as plain data in the suite format (SPEC 7, src/contracts/suite-schema.ts):
   * the contracts layer reads them through the registry as the built-in suite named after the id.
   * Absent: no built-in suite.
   */
  suite?: ProfileSuite;
  /** Tool name as a model calls it. */
  toolName: string;
  description: string;
  /** Input schema; the tool definitions' JSON Schema is generated from it (never written twice). */
  schema: z.ZodType;
  /**
   * The tool refuses fields it does not know (its own error names them), so the run adds no
   * "ignores a field" warning. Absent: the tool ignores them, and the warning says so.
   */
  rejectsUnknownFields?: boolean;
  /** Top-level fields the tool reads although its schema does not declare them (no warning for them). */
  undeclaredFields?: readonly string[];
  run(input: unknown, ctx: ProfileContext): Promise<RunOutcome>;

  // -- Calling it ------------------------------------------------------------------------------

  /**
   * Whether a call of the tool named `toolName` with `input` is this profile's (envelopes,
   * transcripts). Asked in registry order; the first profile that claims a call runs it.
   * Absent: the name is the profile's id.
   */
  claimsCall?(toolName: string, input: unknown): boolean;
  /**
   * Tool names besides its listed one by which a call may select it, its input's shape deciding
   * (`claimsCall`): the batch answers to `MultiEdit`. The composer's hints for such a name cover
   * every profile that answers to it. Absent: none.
   */
  otherToolNames?: readonly string[];
  /**
   * The names an agent's transcripts give this tool where they differ from the generic reading,
   * by agent (`claude-code`): asked before `claimsCall` when a transcript reader names its agent.
   */
  agentToolNames?: Readonly<Record<string, readonly string[]>>;
  /** The call only reads (the text editor's `view`): a transcript lists it as a read. Absent: it edits. */
  readsOnly?(input: unknown): boolean;
  /**
   * The input as free-form text (an OpenAI custom tool, a pasted patch): the field the text fills,
   * and the form by which bare text (no JSON) is recognised as a call of this tool, with the
   * envelope kind it is reported as. Absent: the tool takes JSON only.
   */
  freeform?: { field: string; bareText?: { pattern: RegExp; kind: EnvelopeKind } };
  /**
   * The tool is also a program an agent runs through its shell (Codex's `apply_patch`): its command
   * names. A transcript reader lists such a command as a call of this tool; its recorded answer is
   * the program's output in the agent's exec wrapper, and a shell-run failure compares as the
   * program printed it. Absent: a tool only.
   */
  program?: { names: readonly string[] };
  /** The composer's pre-run check (SPEC 3). Absent: the schema's, first issue's path. */
  checkInput?(input: unknown): InputCheck;
  /**
   * How a vendor's API declares the tool instead of a JSON-Schema function: Anthropic's text
   * editor by versioned type, Codex's patch tool as the Responses API's built-in. Absent: a function.
   */
  builtinDefinition?: { anthropic?: { type: string; name: string }; openaiResponses?: { type: 'apply_patch' } };
  /** The releases the profile can run as (RunOptions.release). Absent: one behaviour. */
  releases?: ProfileReleases & {
    /** Whether `release` is one of this profile's kind (any version for a versioned tool). */
    accepts(release: string): boolean;
  };

  // -- Its outcome -----------------------------------------------------------------------------

  /**
   * The outcome when the commit of a successful run's stage failed (`run.mount`: the run's mount,
   * normalised). Absent: the commit's error becomes the tool's error (SPEC 3), the stage kept for
   * display.
   */
  commitFailed?(outcome: Extract<RunOutcome, { ok: true }>, commit: CommitFailure, run: { mount: string }): RunOutcome;
  /** The ACP event's title (events.ts). Absent: `Edit {path}` with an edit count. */
  acpTitle?(input: Record<string, unknown>): string;
  /**
   * The line ranges its result reports (the result panel's links). Absent: each step's matched
   * lines, less the tool's own rewrites (the reference dialects answer in text).
   */
  lineRanges?(result: Record<string, unknown>, stage: Stage): ReportedRanges[];

  // -- In a transcript ------------------------------------------------------------------------

  /**
   * The paths a call names, as it names them (a session infers its mount, seeds and lists files by
   * them). Absent: the path keys every JSON dialect uses (`file_path`, `path`, `filePath`,
   * `absolute_path`, per edit and per operation, and a patch's file headers).
   */
  paths?(input: Record<string, unknown>): readonly string[];
  /**
   * The paths a call creates, as the input names them (a session seeds them absent). `'named'`:
   * every path the call names. Absent: none. `recorded`: the call's answer in the transcript, when
   * it has one (an answer that says the file was there means it was not created).
   */
  createdPaths?(input: Record<string, unknown>, recorded?: { isError: boolean; text: string }): readonly string[] | 'named';
  /** What a successful call's recorded answer shows of its file (a view). Absent: nothing. */
  shows?(input: unknown, recordedText: string): Shown | null;
  /**
   * The file as the tool found it before this call, where the recorded answer quotes it whole
   * (Cline's failed replace_in_file quotes the file it reverted to), or null. The replay re-syncs
   * the file to it before running the call, as to Claude Code's `originalFile`. Absent: no
   * answer quotes it.
   */
  quotesBefore?(input: unknown, recorded: { isError: boolean; text: string }): QuotedFile | null;
  /**
   * The change the call makes as a plain find/replace (what-if) on `path`, the first of its
   * `paths`; `fileText` is that file before the call (null: unknown or absent), for a dialect
   * that names lines rather than text. Null when the call is no change of text; `NotPlain` when
   * it is one that cannot be read here (the message says why). Absent: never one.
   */
  toFindReplace?(input: Record<string, unknown>, path: string, fileText: string | null): FindReplace | NotPlain | null;
  /**
   * A plain find/replace in this profile's shape; `fileText` is the file before the call (null:
   * unknown). Absent: the call cannot be converted to this profile.
   */
  fromFindReplace?(plain: FindReplace, fileText: string | null): Converted;
  /** How the recorded answer compares with ours. Absent: the answer's text (an `{output}` result's). */
  judging?: Judging;
  /**
   * A profile that keeps state between a session's calls. Absent: the registered profile runs
   * every call afresh.
   */
  session?: {
    /** The profile on the session's state, as `release` ran it; `key` caches it (same key, same profile). */
    build(state: SessionState, release: SessionRelease): { key: string; profile: () => Profile };
    /** Why a call of `release` cannot be replayed (a release older than every one modelled), or null. */
    unmodelled?(release: SessionRelease): string | null;
    /**
     * It consults the read record: what it writes counts as read, and the replay sets the record
     * as a recorded answer shows it was (read-before-write, modified-since-read).
     */
    readsFirst?: boolean;
    /** It writes whole files: after it succeeds the replay knows every file it staged. */
    writesWholeFiles?: boolean;
  };
}

export const EMPTY_STAGE: Stage = { files: [] };

export function fail(error: ToolError, stage: Stage = EMPTY_STAGE, warnings: string[] = []): RunOutcome {
  return { ok: false, error, stage, warnings };
}

export function succeed(result: unknown, stage: Stage, warnings: string[] = [], writes = true): RunOutcome {
  return { ok: true, result, stage, warnings, writes };
}

/** A zod error as one line that names each offending field: `edits[1].old_string: expected string, received undefined`. */
export function zodDetail(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.reduce<string>((acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : acc ? `${acc}.${String(seg)}` : String(seg)), '');
      const missing = issue.code === 'invalid_type' && / received undefined$/.test(issue.message);
      const message = missing ? `missing (expected ${String((issue as { expected?: unknown }).expected)})` : issue.message.replace(/^Invalid input: /, '');
      return `${path || 'input'}: ${message}`;
    })
    .join('; ');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A string an edit matches or writes. JSON can carry lone UTF-16 surrogates (`"\ud800"`), which
 * have no UTF-8 form: writing one would be lossy, and matching one could split a character.
 */
export function editString(): z.ZodString {
  return z.string().refine((s) => !LONE_SURROGATE.test(s), 'contains a lone UTF-16 surrogate, which is not valid Unicode text');
}

/** Whether `s` passes editString()'s check (no lone UTF-16 surrogate), without zod. */
export function isEditString(s: unknown): s is string {
  return typeof s === 'string' && !LONE_SURROGATE.test(s);
}

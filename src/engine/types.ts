// Shared vocabulary of the engine: profiles, calls, stages, outcomes.
// Everything here is plain data so it can cross the worker boundary with structuredClone.

import type { PROFILES } from './profiles/registry';

/**
 * The built-in tool dialects: the keys of the profile registry (src/engine/profiles/registry.ts).
 * A type only (`import type`): nothing here loads the engine's code.
 */
export type ProfileId = keyof typeof PROFILES & string;

/** Where a profile comes from: the seed documents, or the vendor whose tool it emulates. */
export type ProfileOrigin = string;

/**
 * One line of the profile catalogue (registry.ts `PROFILE_CATALOGUE`, derived from the registered
 * profiles): what the page needs to list a profile and start a call of it. Plain data: the worker
 * sends it to the page at boot, so the page never loads the engine's code.
 */
export interface CatalogueEntry {
  id: ProfileId;
  origin: ProfileOrigin;
  title: string;
  toolName: string;
  /** The composer's starting text for it: its example call as indented JSON, or `{}`. */
  example: string;
  /** The page's starting choices it is (Profile.startsAs). */
  startsAs?: readonly StartingRole[];
}

/**
 * A starting choice of the page that a profile can be: `composer`, the profile a fresh page's
 * composer starts with; `whatIf`, the one a session's What if starts at; `emptySession`, the label
 * of a session's final state when none of its edit calls ran. Exactly one profile is each.
 */
export type StartingRole = 'composer' | 'whatIf' | 'emptySession';

/** The origins in the order a picker groups them: first appearance in the catalogue. */
export function catalogueOrigins(catalogue: readonly CatalogueEntry[]): ProfileOrigin[] {
  return [...new Set(catalogue.map((e) => e.origin))];
}

/** A tool error exactly as the profile's contract returns it. */
export interface ToolError {
  code: number | string;
  message: string;
}

/** 1-based, inclusive line range (SPEC 2.6). */
export interface LineRange {
  start: number;
  end: number;
}

/** Options every run takes. */
export interface RunOptions {
  /** Absolute path the workspace root stands for in calls (SPEC 1). Default `/`. */
  mount?: string;
  /**
   * The absolute directory the call ran in, where it differs from the mount (a Codex call's
   * working directory below a wider mount): a profile that takes relative paths resolves them
   * against it. Default: the mount.
   */
  cwd?: string;
  /**
   * Gemini CLI's project temporary directory (`~/.gemini/tmp/<project>`), where a session names
   * it: the one folder outside its workspace that its file tools write to (Plan Mode's plans).
   * Default: a stand-in the messages name.
   */
  tempDir?: string;
  /** Unified diff context lines, 0 to 20 (SPEC 2.7). Default 3. */
  diffContext?: number;
  /** Per-file size limit in bytes. Default 50 MiB (SPEC 2.1). */
  maxFileBytes?: number;
  /**
   * Called as edits are staged: `done` of `total` edits so far (total = the call's edits). Called
   * once per edit, synchronously; a caller that reports progress elsewhere should throttle.
   */
  onProgress?: (progress: RunProgress) => void;
  /**
   * The release of a dialect that has several (issue 15). A Claude Code version such as "1.0.51"
   * for `Edit`, `Write` and `claude_code_MultiEdit` (the newest known release not newer than it
   * runs; MultiEdit after 1.x runs as the last release that had it), or a text-editor variant
   * such as "swe-agent" or "openhands-aci@0.2.10" for `str_replace_based_edit_tool` and
   * `str_replace_editor` (variants.ts). Absent: the newest (Claude Code 2.1.88, the text editor
   * of anthropic-quickstarts). A profile built with a release of its own ignores this; a value
   * that is not one of the profile's kind is ignored too (`releaseProblem` in run.ts says so).
   */
  release?: string;
}

/** How far a run is: edits staged so far out of the call's edits. */
export interface RunProgress {
  done: number;
  total: number;
}

/** One replacement an edit made, in the coordinates of the content it was applied to (LF view). */
export interface Replacement {
  /** Offset of the matched text in the content before this edit. */
  start: number;
  /** End offset (exclusive) of the matched text in the content before this edit. */
  end: number;
  /** Text written in its place (LF view). */
  text: string;
}

/** What one edit did to one file: the stepper shows these one at a time. */
export interface StageStep {
  /** Index of the edit in the call (0-based); for MultiEditBatch, the entry index. */
  editIndex: number;
  /** Replacements made, left to right, non-overlapping, in before-content coordinates. */
  replacements: Replacement[];
  /** Line ranges of the matched text in the before-content, one per replacement. */
  lineRanges: LineRange[];
  /**
   * Name of the matching strategy (multiedit's strategies, apply_patch's fuzz level), else `exact`.
   * A step that is no edit of the call but a rewrite the reference tool makes on its own (Python's
   * `expandtabs()`, universal newlines) names that rewrite here and sets `rewrite`.
   */
  strategy: string;
  /** The step is the reference tool's own rewrite of bytes no edit asked for (a warning names it). */
  rewrite?: boolean;
  /** What the stepper calls this step when "Edit {editIndex}" would mislead (`Hunk 2 of src/a.rs`). */
  label?: string;
}

/**
 * A span of the content that differs from the original: original view span [oStart, oEnd)
 * became [cStart, cEnd) of the staged content. Regions are sorted, disjoint and never touch
 * (touching ones are merged), and the text between them is unchanged.
 */
export interface ChangeRegion {
  oStart: number;
  oEnd: number;
  cStart: number;
  cEnd: number;
}

/** Line-ending and BOM facts of a decoded file, needed to write it back byte-exactly. */
export interface TextShape {
  bom: boolean;
  /** Ending given to inserted line breaks: the file's dominant one (SPEC 2.2). */
  eol: '\n' | '\r\n';
}

/** The staged result of one file: original bytes, every step, the final content. */
export interface FileStage {
  /** Workspace-relative path (`src/a.ts`), the key for the filesystem. */
  path: string;
  /** The path as the call named it after normalisation, used in diff headers and results. */
  displayPath: string;
  /** Absolute path in the call's terms (mount joined), used where a protocol needs an absolute path (ACP). */
  absPath: string;
  /** Bytes the stage was computed from; `null` when the file did not exist. */
  originalBytes: Uint8Array | null;
  /** Original content, LF view. Empty for a created file. */
  originalText: string;
  /** Final content, LF view. */
  finalText: string;
  /**
   * View offsets of the original's CRLF line breaks (empty for a created file): with `shape`,
   * what `finalBytesOf` needs to give back untouched endings byte for byte. The bytes themselves
   * are encoded when they are written, so a run does not hold a second copy of a large file.
   */
  originalCrlfAt: number[];
  shape: TextShape;
  created: boolean;
  steps: StageStep[];
  /** Where the final content differs from the original (the diff is built from these). */
  regions: ChangeRegion[];
  /** Cumulative unified diff, original to final (SPEC 2.7). */
  diff: string;
  /** The commit removes the file (apply_patch `*** Delete File`, the source of a move); `finalText` is ''. */
  deleted?: boolean;
  /**
   * The reference tool writes the whole file from its text (Python's `write_text`, codex's join of
   * lines), so the commit writes `finalText` encoded with `shape` in full instead of splicing the
   * change regions into the original bytes. Endings no edit touched may change: a warning says so.
   */
  wholeWrite?: boolean;
  /**
   * A move's destination (apply_patch `*** Move to`): the display path it came from. Then
   * `originalText` is the source's text (the diff reads source to destination), `originalBytes`
   * are the destination's bytes before the call (`null` when it did not exist), and the commit
   * writes `finalText` whole.
   */
  movedFrom?: string;
}

/** The in-memory result of a call (SPEC 1 "stage"). Running never writes. */
export interface Stage {
  files: FileStage[];
  /**
   * Each file saves on its own (MultiEditBatch with `atomic: false`): a failed write leaves the
   * files already written as they are, and the others are still tried (SPEC 14).
   */
  independent?: boolean;
}

/** Outcome of running a call: the tool's result or its error, plus the stage behind it. */
export type RunOutcome =
  | {
      ok: true;
      result: unknown;
      stage: Stage;
      warnings: string[];
      /** Whether the tool would write this stage (false for a dry run or a failed atomic batch). */
      writes: boolean;
    }
  | { ok: false; error: ToolError; stage: Stage; warnings: string[] };

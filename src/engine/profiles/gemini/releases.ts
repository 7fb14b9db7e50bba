// The releases of Gemini CLI whose `replace` answers differently (issue 19: version drift is a
// release of the dialect, not a silent mismatch). 0.55.0 is the pinned reference (commit 5411f11);
// 0.55.0 to 0.61.0 were found by diffing packages/core/dist/src/tools/edit.js of the published
// @google/gemini-cli-core releases: npm has no 0.56 or 0.57, and 0.58.0 changed two texts the
// model reads; 0.59.0 to 0.61.0 change nothing a call reaches (docs/conformance.md, "version
// drift"). 0.58.0 also answers a blank old_string early inside the model-based repair, which is
// not reproduced.
//
// 0.31.0 to 0.54.x: the published 0.31.0, 0.32.1, 0.33.0/0.33.2, 0.34.0, 0.35.0/0.35.3, 0.36.0,
// 0.40.0, 0.44.1, 0.45.0, 0.50.0, 0.52.0 and 0.55.0 packages diffed one after the other
// (dist/src/tools/edit.js, utils/pathCorrector.js, utils/paths.js, utils/workspaceContext.js,
// config/config.js), and each change placed at its release tag in google-gemini/gemini-cli:
// - 0.34.0 (a220874281): a relative file_path the path correction cannot find is taken under the
//   root; before, the call was refused with the correction's error, and the texts named the path
//   it found (validateToolParamValues replaced params.file_path), not the path as given.
// - 0.44.0 (6fee663ddc): the flexible strategy keeps the matched window's last line break and
//   steps one past its block; before, the line after a match was joined onto it and the scan went
//   new_string's line count past the block. Also 0.44.0 (d7384c446f): validatePath (`Invalid path`).
// - 0.51.0 (ae0a3aa7b9, b5fc06ee33): the refused `.git`/`.env`/`node_modules` segments, NUL removal
//   and the `@` file reference. 0.52.0 (a8b115caa1): no model-based repair for .json files.
// 0.35 (JIT context, which the reference has too), 0.36 and 0.40 (plan mode, diff stats) change
// nothing a call reaches here. 0.51.x runs as the reference (its one difference is the repair
// note for .json files).
//
// Before 0.31.0 the tool was another one in most of what a call reaches; read from the source at
// the release tags (google-gemini/gemini-cli v0.28.0, v0.29.0, v0.30.0, v0.31.0:
// packages/core/src/tools/edit.ts, config/config.ts): `expected_replacements` (a number, minimum
// 1, the count that must be found) where 0.31 has `allow_multiple`; no "Here is the updated
// code:" in the success text (5d98ed58); no fuzzy strategy; the flexible and regex strategies of
// before applyIndentation (see legacy-strategies.ts); no omission-placeholder check (faa1ec30);
// no `Invalid path` checks and no refused `.git`/`.env`/`node_modules` segments; a failed match
// of a .json file could be repaired too. 0.29.0 changed only the indentation a flexible or regex
// match takes (8cbe8513: `^(\s*)` became `^([ \t]*)`); 0.30.x changed nothing a call reaches.

export interface GeminiRelease {
  version: string;
  /** The "0 occurrences" error: the 0.55.0 text, or the read-window hint of 0.58.0. */
  noOccurrence: 'failed-to-edit' | 'exact-match-hint';
  /** Who the success text says changed `new_string` (`modified_by_user`). */
  modifiedBy: 'User modified' | 'The confirmation step modified';
  /**
   * How many occurrences a call may replace: `allow_multiple` (0.31 on: one, or any number with
   * it true) or `expected_replacements` (before: exactly that many, default 1), with its strategies
   * (legacy-strategies.ts), its mismatch text, and no "Here is the updated code:" in the success
   * text, no omission-placeholder check, no path checks beyond the workspace.
   */
  count: 'allow_multiple' | 'expected_replacements';
  /** The indentation a flexible or regex match keeps: `[ \t]*` (0.29 on), or `\s*` (0.28, which can take line breaks). */
  indent: 'blanks' | 'whitespace';
  /**
   * A relative file_path the path correction does not find: refused with its error, the texts then
   * naming the path it found (`must-exist`, before 0.34), or taken under the root (`under-root`).
   */
  relative: 'must-exist' | 'under-root';
  /** The flexible strategy keeps the window's last line break (0.44 on; see `calculate`). */
  flexibleBreak: boolean;
  /** validatePath's `Invalid path` checks (0.44 on). */
  validatePath: boolean;
  /** 0.51 on: the refused segments, NUL removal, the `@` file reference, no repair of .json files. */
  guarded: boolean;
  /** The versions this release stands for, for the picker (absent: this version up to the next release). */
  covers?: string;
  /** The first version after this one that it does not stand for (runs as the reference). */
  until?: string;
}

const BEFORE_031 = { noOccurrence: 'failed-to-edit', modifiedBy: 'User modified', count: 'expected_replacements', relative: 'must-exist', flexibleBreak: false, validatePath: false, guarded: false } as const;
const FROM_031 = { noOccurrence: 'failed-to-edit', modifiedBy: 'User modified', count: 'allow_multiple', indent: 'blanks' } as const;
const CURRENT_PATHS = { relative: 'under-root', flexibleBreak: true, validatePath: true, guarded: true } as const;

/** Oldest first. */
export const GEMINI_RELEASES: readonly GeminiRelease[] = [
  { version: '0.28.0', ...BEFORE_031, indent: 'whitespace', covers: '0.28.0 to 0.28.x' },
  { version: '0.29.0', ...BEFORE_031, indent: 'blanks', covers: '0.29.0 to 0.30.x' },
  { version: '0.31.0', ...FROM_031, relative: 'must-exist', flexibleBreak: false, validatePath: false, guarded: false, covers: '0.31.0 to 0.33.x' },
  { version: '0.34.0', ...FROM_031, relative: 'under-root', flexibleBreak: false, validatePath: false, guarded: false, covers: '0.34.0 to 0.43.x' },
  { version: '0.44.0', ...FROM_031, relative: 'under-root', flexibleBreak: true, validatePath: true, guarded: false, covers: '0.44.0 to 0.50.x', until: '0.51.0' },
  { version: '0.55.0', ...FROM_031, ...CURRENT_PATHS },
  { version: '0.58.0', ...FROM_031, ...CURRENT_PATHS, noOccurrence: 'exact-match-hint', modifiedBy: 'The confirmation step modified' },
];

/** The pinned reference: what a call runs as when no release is asked for. */
export const GEMINI_REFERENCE_RELEASE = GEMINI_RELEASES.find((r) => r.version === '0.55.0')!;

/**
 * `0.58.0`, `0.61.0` → the nearest known release not newer; a version older than every release
 * → the oldest (a session's call of one is not replayed: geminiUnmodelled);
 * 0.51.0 to 0.54.x → the reference (0.44.0 holds until 0.51.0); null for what is no X.Y.Z version.
 */
export function geminiRelease(version: string | undefined): GeminiRelease | null {
  if (version === undefined) return GEMINI_REFERENCE_RELEASE;
  const want = parse(version);
  if (want === null) return null;
  let best: GeminiRelease = GEMINI_RELEASES[0]!;
  for (const r of GEMINI_RELEASES) if (compare(parse(r.version)!, want) <= 0) best = r;
  if (best.until !== undefined && compare(parse(best.until)!, want) <= 0) return GEMINI_REFERENCE_RELEASE;
  return best;
}

/**
 * When each release came out (UTC day): the "Announcements: vX.Y.Z - <date>" headings of
 * docs/changelogs/index.md in google-gemini/gemini-cli (at 5411f113), which agree with the dates
 * of the release commits the tags point at (v0.28.0 2026-02-10, v0.29.0 2026-02-17, v0.31.0
 * 2026-02-27, v0.34.0 2026-03-17, v0.44.0 2026-05-27; v0.51.0 2026-07-16, a tag the changelog
 * does not announce). 0.58.0 is after the mirror's last tag (v0.56.0): its day is the one after
 * the npm registry's publication time (2026-09-04T15:21Z), since a session's day has no hour. The registry's times are not publication days
 * (0.30.0 shows 2026-09-22), but none of the 68 releases that have a tag is timed before its tag
 * commit, so a registry time is an upper bound, the safe side: a date never picks a release before
 * it was out, and a session between 0.58.0's real day and this one runs as 0.55.0.
 */
export const GEMINI_PUBLISHED: readonly (readonly [date: string, release: GeminiRelease])[] = [
  ['2026-02-10', GEMINI_RELEASES[0]!],
  ['2026-02-17', GEMINI_RELEASES[1]!],
  ['2026-02-27', GEMINI_RELEASES[2]!],
  ['2026-03-17', GEMINI_RELEASES[3]!],
  ['2026-05-27', GEMINI_RELEASES[4]!],
  ['2026-07-16', GEMINI_REFERENCE_RELEASE],
  ['2026-09-05', GEMINI_RELEASES[6]!],
];

/**
 * Why a session's call cannot be replayed as the release its transcript names (`version`) or
 * was made on (`recordedAt`), or null: one older than 0.28.0, the oldest release read from its
 * source here. Before it the tools answered otherwise in what calls reach: 0.28.0 keeps line
 * endings as the file had them (695785c69d); 0.27.0 reworded replace's error texts (a1233e7e5c);
 * and before 0.24.0 `replace` was another tool (f3625aab13 merged SmartEditTool into it): exact
 * matches with `expected_replacements`, no `instruction`, and a model that rewrote old_string.
 * Run as 0.28.0 such a call would differ because of the playground, so it is listed, not replayed.
 */
export function geminiUnmodelled(version: string | undefined, recordedAt: string | undefined): string | null {
  const oldest = GEMINI_RELEASES[0]!;
  const want = version === undefined ? null : parse(version);
  const day = /^\d{4}-\d{2}-\d{2}/.exec(recordedAt ?? '')?.[0];
  const older = want !== null ? compare(want, parse(oldest.version)!) < 0 : version === undefined && day !== undefined && day < GEMINI_PUBLISHED[0]![0];
  if (!older) return null;
  const which = want !== null ? `Gemini CLI ${version}` : `The Gemini CLI of ${day} (the session's date)`;
  return `${which} is older than ${oldest.version}, the oldest release the playground models, and its tools answered otherwise (before 0.24.0 replace was another tool, without \`instruction\`): the call is listed, not replayed`;
}

/**
 * The release a session dated `isoDate` (`2026-02-17`, or an ISO timestamp) ran, for a transcript
 * that names no version: the newest release out on that day (a session cannot run a release
 * published after it), 0.28.0 for an earlier day; null without a date.
 */
export function geminiReleaseOn(isoDate: string | undefined): GeminiRelease | null {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(isoDate ?? '')?.[0];
  if (day === undefined) return null;
  let found = GEMINI_RELEASES[0]!;
  for (const [date, release] of GEMINI_PUBLISHED) if (date <= day) found = release;
  return found;
}

/** What a picker shows: `0.58.0 and later`, `0.55.0 (the reference)`, `0.29.0 (0.29.0 to 0.30.x)`. */
export function geminiReleaseLabel(r: GeminiRelease): string {
  if (r === GEMINI_RELEASES[GEMINI_RELEASES.length - 1]) return `${r.version} and later`;
  if (r.covers !== undefined) return `${r.version} (${r.covers})`;
  return `${r.version}${r === GEMINI_REFERENCE_RELEASE ? ' (the reference)' : ''}`;
}

function parse(v: string): [number, number, number] | null {
  const m = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:[-+].*)?$/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

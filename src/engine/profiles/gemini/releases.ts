// The releases of Gemini CLI whose `replace` answers differently (issue 19: version drift is a
// release of the dialect, not a silent mismatch). 0.55.0 is the pinned reference (commit 5411f11);
// 0.55.0 to 0.61.0 were found by diffing packages/core/dist/src/tools/edit.js of the published
// @google/gemini-cli-core releases: npm has no 0.56 or 0.57, and 0.58.0 changed two texts the
// model reads; 0.59.0 to 0.61.0 change nothing a call reaches (docs/conformance.md, "version
// drift"). 0.58.0 also answers a blank old_string early inside the model-based repair, which is
// not reproduced.
//
// Before 0.31.0 the tool was another one in most of what a call reaches; read from the source at
// the release tags (google-gemini/gemini-cli v0.28.0, v0.29.0, v0.30.0, v0.31.0:
// packages/core/src/tools/edit.ts, config/config.ts): `expected_replacements` (a number, minimum
// 1, the count that must be found) where 0.31 has `allow_multiple`; no "Here is the updated
// code:" in the success text (5d98ed58); no fuzzy strategy; the flexible and regex strategies of
// before applyIndentation (see legacy-strategies.ts); no omission-placeholder check (faa1ec30);
// no `Invalid path` checks and no refused `.git`/`.env`/`node_modules` segments (both came after
// 0.31, d7384c44 and ae0a3aa7); a failed match of a .json file could be repaired too (a8b115ca
// came later). 0.29.0 changed only the indentation a flexible or regex match takes (8cbe8513:
// `^(\s*)` became `^([ \t]*)`); 0.30.x changed nothing a call reaches. 0.31.0 to 0.54.x are not
// modelled: they run as the reference.

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
  /** The versions this release stands for, for the picker (absent: this version up to the next release). */
  covers?: string;
  /** The first version after this one that it does not stand for (runs as the reference). */
  until?: string;
}

/** Oldest first. */
export const GEMINI_RELEASES: readonly GeminiRelease[] = [
  { version: '0.28.0', noOccurrence: 'failed-to-edit', modifiedBy: 'User modified', count: 'expected_replacements', indent: 'whitespace', covers: '0.28.x and earlier' },
  { version: '0.29.0', noOccurrence: 'failed-to-edit', modifiedBy: 'User modified', count: 'expected_replacements', indent: 'blanks', covers: '0.29.0 to 0.30.x', until: '0.31.0' },
  { version: '0.55.0', noOccurrence: 'failed-to-edit', modifiedBy: 'User modified', count: 'allow_multiple', indent: 'blanks' },
  { version: '0.58.0', noOccurrence: 'exact-match-hint', modifiedBy: 'The confirmation step modified', count: 'allow_multiple', indent: 'blanks' },
];

/** The pinned reference: what a call runs as when no release is asked for. */
export const GEMINI_REFERENCE_RELEASE = GEMINI_RELEASES.find((r) => r.version === '0.55.0')!;

/**
 * `0.58.0`, `0.61.0` → the nearest known release not newer; a version older than every release
 * → the oldest (0.27 and before are not modelled: 0.28.0 is nearest in what a call reaches);
 * 0.31.0 to 0.54.x → the reference; null for what is no X.Y.Z version.
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
 * of the release commits the tags point at (v0.28.0 2026-02-10 21:53, v0.29.0 2026-02-17 23:59,
 * v0.31.0 2026-02-27 23:06 UTC). `npm view @google/gemini-cli-core time` was asked too, but the
 * registry answered here with times that contradict the version order (0.30.0 after 0.55.0), so
 * they are not used. From 0.31.0 a date picks the reference: 0.31 to 0.54 are not modelled, and
 * 0.58.0's date is not established here (the mirror ends in August 2026), so no date picks it.
 */
export const GEMINI_PUBLISHED: readonly (readonly [date: string, release: GeminiRelease])[] = [
  ['2026-02-10', GEMINI_RELEASES[0]!],
  ['2026-02-17', GEMINI_RELEASES[1]!],
  ['2026-02-27', GEMINI_REFERENCE_RELEASE],
];

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

// The Codex releases apply_patch's answers differ by. A session's calls run as the release that
// recorded them (the rollout's `cli_version`; a rollout without one, by its date); a call with
// neither, and the playground, run as the newest.
//
// - 0.148.0: a patch with two operations on one path (`*** Delete File: a` then `*** Add File: a`,
//   two `*** Update File: a`, an alias such as `./a`) is rejected before any other check, with
//   `invalid patch: multiple operations target <abs path>` (openai/codex#37867, commit a1c88e865d,
//   "Reject duplicate resolved paths in apply_patch", first in rust-v0.148.0). Before it, Codex
//   verified each operation against the files as found and applied them in order, so Delete then
//   Add of one path replaced the file and answered `A a` then `D a` (the summary lists added, then
//   modified, then deleted): a 0.105.0 rollout shows it.
// - Before 2025-09-09 (Codex's first Rust releases, whose rollouts have no `cli_version`): a chunk
//   not found was `Failed to find expected lines ["a", "b"] in /abs/path`, the lines as a Rust
//   `Vec` in Debug form (openai/codex#3374, merged 2025-09-09, made it `… in /abs/path:\na\nb`),
//   and the core answered a patch that failed verification with `error: ` before the error
//   (codex-rs/core/src/codex.rs, `MaybeApplyPatchVerified::CorrectnessError`: `format!("error:
//   {parse_error:#}")`), both for `["apply_patch", patch]` through `shell` and for the apply_patch
//   function tool, which ran as that command. Which release first had #3374 is not established
//   here, so no Codex version picks these texts. A rollout of the legacy layout (a bare
//   `{ id, timestamp, instructions }` header, `record_type: state` lines, no `cli_version`) runs
//   as `before-3374` whatever its date: 19 such rollouts from 4 repositories, dated 2025-08-28 to
//   2025-09-24, answered 38 misses in the older texts and none in the newer (doubleeezin-ctrl/
//   Interminal's of 2025-09-11, Elektriker-Edgar/PV-Projekt's of 2025-09-24: people ran the
//   release they had installed). Another call with no version runs as the release of its date.
// - On Windows, where a message names a file: 0.117-0.118 joined the session's directory and the
//   path as the patch wrote it (`C:\\work\\src/a.ts`, LAF-US/IDAHO-VAULT's rollouts); from 0.137
//   every separator is `\\` (`C:\\work\\src\\a.ts`, and `c:/w/a.ts` written is `c:\\w\\a.ts`: 172
//   failures in doudouqie66/CommonTools' rollouts, 0.137-0.146). No rollout between them was
//   found; from 0.119 on counts as the later form.

export interface ApplyPatchRules {
  /** Two operations on one path are rejected (from 0.148.0). */
  oneOperationPerPath: boolean;
  /** The lines a chunk misses are named as a Rust list on one line (before openai/codex#3374). */
  listedNotFound: boolean;
  /** What precedes a verification failure in the answer. */
  verifyPrefix: string;
  /** On Windows, a path a message names has `\\` for every separator (from 0.119; see above). */
  windowsBackslashes: boolean;
}

const VERIFY = 'apply_patch verification failed: ';
export const NEWEST_RULES: ApplyPatchRules = { oneOperationPerPath: true, listedNotFound: false, verifyPrefix: VERIFY, windowsBackslashes: true };
const BEFORE_0_148: ApplyPatchRules = { ...NEWEST_RULES, oneOperationPerPath: false };
const BEFORE_0_119: ApplyPatchRules = { ...BEFORE_0_148, windowsBackslashes: false };
const BEFORE_3374: ApplyPatchRules = { oneOperationPerPath: false, listedNotFound: true, verifyPrefix: 'error: ', windowsBackslashes: false };

/** The day openai/codex#3374 was merged: a version-less rollout dated before it ran the older texts. */
export const PR_3374_MERGED = '2025-09-09';

/** The release value (`--release`, a case's `release`) that stands for the releases before #3374. */
export const BEFORE_3374_RELEASE = 'before-3374';

const VERSION = /^\s*v?(\d+)\.(\d+)\.(\d+)/;

/** Whether `release` is an apply_patch release: a Codex version, or `before-3374`. */
export function isApplyPatchRelease(release: string): boolean {
  return release === BEFORE_3374_RELEASE || VERSION.test(release);
}

/**
 * The rules of the Codex release `version` (`0.105.0`, `0.65.0-alpha.11`, `before-3374`); with no
 * version, of the release out on `recordedAt` (an ISO time; before 2025-09-09: before #3374).
 * Absent or unreadable: the newest.
 */
export function applyPatchRulesFor(version: string | undefined, recordedAt?: string): ApplyPatchRules {
  if (version === BEFORE_3374_RELEASE) return BEFORE_3374;
  const m = version === undefined ? null : VERSION.exec(version);
  if (m === null) {
    const day = version === undefined && recordedAt !== undefined ? /^\d{4}-\d{2}-\d{2}/.exec(recordedAt)?.[0] : undefined;
    return day !== undefined && day < PR_3374_MERGED ? BEFORE_3374 : NEWEST_RULES;
  }
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 0 || minor >= 148 ? NEWEST_RULES : minor >= 119 ? BEFORE_0_148 : BEFORE_0_119;
}

/** The key a session caches the profile built on `rules` by. */
export function rulesKey(rules: ApplyPatchRules): string {
  return rules.listedNotFound ? BEFORE_3374_RELEASE : rules.oneOperationPerPath ? 'one-operation-per-path' : rules.windowsBackslashes ? 'before-0.148' : 'before-0.119';
}

// The Codex releases apply_patch's answers differ by. A session's calls run as the release that
// recorded them (the rollout's `cli_version`); a call without one, and the playground, run as the
// newest.
//
// - 0.148.0: a patch with two operations on one path (`*** Delete File: a` then `*** Add File: a`,
//   two `*** Update File: a`, an alias such as `./a`) is rejected before any other check, with
//   `invalid patch: multiple operations target <abs path>` (openai/codex#37867, commit a1c88e865d,
//   "Reject duplicate resolved paths in apply_patch", first in rust-v0.148.0). Before it, Codex
//   verified each operation against the files as found and applied them in order, so Delete then
//   Add of one path replaced the file and answered `A a` then `D a` (the summary lists added, then
//   modified, then deleted): a 0.105.0 rollout shows it.

export interface ApplyPatchRules {
  /** Two operations on one path are rejected (from 0.148.0). */
  oneOperationPerPath: boolean;
}

export const NEWEST_RULES: ApplyPatchRules = { oneOperationPerPath: true };
const BEFORE_0_148: ApplyPatchRules = { oneOperationPerPath: false };

/** The rules of the Codex release `version` (`0.105.0`, `0.65.0-alpha.11`); absent or unreadable: the newest. */
export function applyPatchRulesFor(version: string | undefined): ApplyPatchRules {
  const m = version === undefined ? null : /^\s*v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (m === null) return NEWEST_RULES;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 0 || minor >= 148 ? NEWEST_RULES : BEFORE_0_148;
}

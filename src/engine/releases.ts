// The releases a profile can run as (RunOptions.release): pure data for the composer's Release
// picker, the CLI's --release check and the worker, from each profile's `releases` (Claude Code's
// tools are keyed by version, claude-code/dialect.ts; the text editor by whose port answers,
// anthropic/dialect.ts; Gemini CLI's replace by version, gemini/replace.ts; SWE-agent's windowed
// commands by commit, swe-agent-windowed/releases.ts).

import { getProfile, PROFILE_IDS } from './profiles/registry';
import type { ProfileId } from './types';

export interface ReleaseChoice {
  /** What RunOptions.release takes. */
  value: string;
  /** What a picker shows. */
  label: string;
}

export interface ProfileReleases {
  /** What a run with no release runs as. */
  default: string;
  choices: ReleaseChoice[];
  /** What the values are, for messages: `a Claude Code version` or `a text-editor variant`. */
  kind: string;
}

/** The releases `profile` can run as, or null for a profile with one behaviour (its `releases`). */
export function profileReleases(profile: ProfileId): ProfileReleases | null {
  const releases = getProfile(profile).releases;
  return releases === undefined ? null : { default: releases.default, kind: releases.kind, choices: releases.choices };
}

/**
 * Why `release` cannot be `profile`'s, or null when it can (any version for Claude Code's tools).
 * `named` is what the user gave it as: the CLI's `--release`, a suite's `release`.
 */
export function releaseProblem(profile: ProfileId, release: string, named = '--release'): string | null {
  const releases = getProfile(profile).releases;
  if (releases === undefined) return `${profile} has one release; ${named} applies to ${PROFILE_IDS.filter((id) => getProfile(id).releases !== undefined).join(', ')}`;
  return releases.accepts(release) ? null : `${JSON.stringify(release)} is not ${releases.kind}`;
}

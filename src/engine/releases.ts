// The releases a profile can run as (RunOptions.release): pure data for the composer's Release
// picker, the CLI's --release check and the worker. Claude Code's tools are keyed by version
// (releases.ts), the text editor by whose port answers (variants.ts).

import { LAST_MULTIEDIT_RELEASE, parseVersion, REFERENCE_RELEASE, RELEASES, releaseRangeLabel } from './profiles/claude-code/releases';
import { DEFAULT_TEXT_EDITOR_VARIANT, isTextEditorVariant, OPENHANDS_ACI_RELEASES } from './profiles/anthropic/variants';
import { GEMINI_RELEASES, GEMINI_REFERENCE_RELEASE, geminiRelease, geminiReleaseLabel } from './profiles/gemini/releases';
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

const claudeCode = (multiEdit: boolean): ProfileReleases => ({
  default: multiEdit ? LAST_MULTIEDIT_RELEASE.version : REFERENCE_RELEASE.version,
  kind: 'a Claude Code version (such as 1.0.51)',
  choices: RELEASES.filter((r) => !multiEdit || r.multiEdit)
    .map((r) => ({ value: r.version, label: multiEdit && r === LAST_MULTIEDIT_RELEASE ? `${r.version} and later` : releaseRangeLabel(r) }))
    .reverse(),
});

const TEXT_EDITOR: ProfileReleases = {
  default: DEFAULT_TEXT_EDITOR_VARIANT,
  kind: 'a text-editor variant (anthropic-quickstarts, swe-agent, swe-agent/swe-rex-1.3, openhands-aci or openhands-aci@X.Y.Z)',
  choices: [
    { value: 'anthropic-quickstarts', label: 'anthropic-quickstarts (the demo)' },
    { value: 'swe-agent', label: 'SWE-agent 1.x (SWE-ReX up to 1.2)' },
    { value: 'swe-agent/swe-rex-1.3', label: 'SWE-agent 1.x (SWE-ReX 1.3 and later)' },
    ...[...OPENHANDS_ACI_RELEASES].reverse().map((r) => ({ value: `openhands-aci@${r}`, label: `OpenHands (openhands-aci ${r})` })),
  ],
};

const GEMINI: ProfileReleases = {
  default: GEMINI_REFERENCE_RELEASE.version,
  kind: 'a Gemini CLI version (such as 0.58.0)',
  choices: [...GEMINI_RELEASES].reverse().map((r) => ({ value: r.version, label: geminiReleaseLabel(r) })),
};

/** The releases `profile` can run as, or null for a profile with one behaviour. */
export function profileReleases(profile: ProfileId): ProfileReleases | null {
  if (profile === 'Edit' || profile === 'Write') return claudeCode(false);
  if (profile === 'claude_code_MultiEdit') return claudeCode(true);
  if (profile === 'str_replace_based_edit_tool' || profile === 'str_replace_editor') return TEXT_EDITOR;
  if (profile === 'replace') return GEMINI;
  return null;
}

/** Why `release` cannot be `profile`'s, or null when it can (any version for Claude Code's tools). */
export function releaseProblem(profile: ProfileId, release: string): string | null {
  const releases = profileReleases(profile);
  if (releases === null) return `${profile} has one release; --release applies to Claude Code's Edit, Write and MultiEdit, the text editor and Gemini CLI's replace`;
  const ok = releases === GEMINI ? geminiRelease(release) !== null : releases.kind.startsWith('a Claude Code') ? parseVersion(release) !== null : isTextEditorVariant(release);
  return ok ? null : `${JSON.stringify(release)} is not ${releases.kind}`;
}

// The releases of SWE-agent's windowed commands whose answers differ (version drift is a release of
// the dialect, not a silent mismatch). Found with `git log` on config/commands/edit_linting.sh of
// SWE-agent/SWE-agent (MIT): 5b143857 (2024-04-02, the reference) refuses a linted edit with
// "Please understand the fixes and retry your edit commmand."; c786b9a9 (2024-04-24, with
// 762a9639 for the cursor variant) changed that first line to "Please read this error message
// carefully and then retry editing the file.", the text SWE-agent still prints at 3ea751c0.
// 2902f525 (2024-06-19) later set aside the errors a file had before the edit: not modelled
// (swe_agent_windowed.md, "Not done").
//
// A trajectory names its SWE-agent only from 1.0 on (`info.swe_agent_version`, 15a72a2a,
// 2024-10-29): a 0.x trajectory records neither version nor commit, so a session replays it with
// the release unknown (`releaseForVersion` → null) and the replay takes either release's first line.

export interface WindowedRelease {
  /** The commit that made this release's texts (what RunOptions.release takes). */
  commit: string;
  date: string;
  /** The first line of `edit`'s lint refusal. */
  lintHeader: string;
}

/** Oldest first. */
export const WINDOWED_RELEASES: readonly WindowedRelease[] = [
  { commit: '5b143857', date: '2024-04-02', lintHeader: 'Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit commmand.' },
  { commit: 'c786b9a9', date: '2024-04-24', lintHeader: 'Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then retry editing the file.' },
];

/** The pinned reference: what a call runs as when no release is asked for. */
export const WINDOWED_REFERENCE = WINDOWED_RELEASES[0]!;

/** A release by its commit (7 or more hex digits of it); null for what names none. */
export function windowedRelease(value: string | undefined): WindowedRelease | null {
  if (value === undefined) return WINDOWED_REFERENCE;
  const v = value.trim().toLowerCase();
  if (!/^[0-9a-f]{7,40}$/.test(v)) return null;
  return WINDOWED_RELEASES.find((r) => v.startsWith(r.commit)) ?? null;
}

/** What a picker shows: `5b143857 (2024-04-02, the reference)`, `c786b9a9 (2024-04-24) and later`. */
export function windowedReleaseLabel(r: WindowedRelease): string {
  if (r === WINDOWED_RELEASES[WINDOWED_RELEASES.length - 1]) return `${r.commit} (${r.date}) and later`;
  return `${r.commit} (${r.date}${r === WINDOWED_REFERENCE ? ', the reference' : ''})`;
}

/**
 * The release a recorded SWE-agent version decides, or null when it decides none: 0.0.1 (to
 * 2024-04-15) is 5b143857's; 0.2.0 (2024-04-15 to 05-28) spans both; 0.5.0 and later, 1.x
 * included (whose windowed tools print the same line), are c786b9a9's. A trajectory without a
 * version (every 0.x one) decides none.
 */
export function releaseForVersion(version: string | undefined): WindowedRelease | null {
  const m = version === undefined ? null : /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (m === null) return null;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (major === 0 && minor < 2) return WINDOWED_RELEASES[0]!;
  if (major === 0 && minor === 2 && patch === 0) return null;
  return WINDOWED_RELEASES[1]!;
}

/**
 * The same answer as `other` gave it: a lint refusal with `other`'s first line (the releases differ
 * only there); null when it is no lint refusal or reads the same.
 */
export function answerAs(output: string, from: WindowedRelease, other: WindowedRelease): string | null {
  if (!output.startsWith(`${from.lintHeader}\n`) || from.lintHeader === other.lintHeader) return null;
  return other.lintHeader + output.slice(from.lintHeader.length);
}

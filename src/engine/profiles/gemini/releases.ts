// The releases of Gemini CLI whose `replace` answers differently (issue 19: version drift is a
// release of the dialect, not a silent mismatch). Found by diffing packages/core/dist/src/tools/
// edit.js of the published @google/gemini-cli-core releases: 0.55.0 is the pinned reference
// (commit 5411f11); npm has no 0.56 or 0.57, and 0.58.0 changed two texts the model reads. 0.59.0
// to 0.61.0 change nothing a call reaches (docs/conformance.md, "version drift"). 0.58.0 also
// answers a blank old_string early inside the model-based repair, which is not reproduced.

export interface GeminiRelease {
  version: string;
  /** The "0 occurrences" error: the 0.55.0 text, or the read-window hint of 0.58.0. */
  noOccurrence: 'failed-to-edit' | 'exact-match-hint';
  /** Who the success text says changed `new_string` (`modified_by_user`). */
  modifiedBy: 'User modified' | 'The confirmation step modified';
}

/** Oldest first. */
export const GEMINI_RELEASES: readonly GeminiRelease[] = [
  { version: '0.55.0', noOccurrence: 'failed-to-edit', modifiedBy: 'User modified' },
  { version: '0.58.0', noOccurrence: 'exact-match-hint', modifiedBy: 'The confirmation step modified' },
];

/** The pinned reference: what a call runs as when no release is asked for. */
export const GEMINI_REFERENCE_RELEASE = GEMINI_RELEASES[0]!;

/** `0.58.0`, `0.61.0` → the nearest known release not newer; null for what is no X.Y.Z version. */
export function geminiRelease(version: string | undefined): GeminiRelease | null {
  if (version === undefined) return GEMINI_REFERENCE_RELEASE;
  const want = parse(version);
  if (want === null) return null;
  let best: GeminiRelease = GEMINI_REFERENCE_RELEASE;
  for (const r of GEMINI_RELEASES) if (compare(parse(r.version)!, want) <= 0) best = r;
  return best;
}

/** What a picker shows: `0.58.0 and later`, `0.55.0 (the reference)`. */
export function geminiReleaseLabel(r: GeminiRelease): string {
  if (r === GEMINI_RELEASES[GEMINI_RELEASES.length - 1]) return `${r.version} and later`;
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

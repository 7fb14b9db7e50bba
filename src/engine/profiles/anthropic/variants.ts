// Which port of Anthropic's text editor answered a `str_replace_editor` call. Three agents ship
// a tool of that name, each its own port of anthropic-quickstarts' `edit.py`, and their texts
// differ (src/engine/profiles/anthropic/str_replace_editor.md, "Variants"):
// - `anthropic-quickstarts`: the computer-use demo itself (the default, `runTextEditor`).
// - `swe-agent`: SWE-agent 1.x, `tools/edit_anthropic/bin/str_replace_editor`, run as a command in
//   a shell that SWE-ReX drives through a pty. The tool's texts are the same in every 1.x release
//   (1.0.0 to 1.1.0 and after); what the model reads depends on SWE-ReX: up to 1.2.x the pty's CRLF
//   line endings stay and the output is stripped (`swe-agent`), from 1.3.0 on CRLF is turned back
//   into LF and nothing is stripped (`swe-agent/swe-rex-1.3`).
// - `openhands-aci@X`: OpenHands' `OHEditor` from the openhands-aci package, release X. OpenHands
//   pins one release per version of its own (`OPENHANDS_ACI_PINS`); `openhands-aci` alone is the
//   newest release.

/** Every openhands-aci release, oldest first. */
export const OPENHANDS_ACI_RELEASES = [
  '0.1.0', '0.1.1', '0.1.2', '0.1.3', '0.1.4', '0.1.5', '0.1.6', '0.1.7', '0.1.8', '0.1.9',
  '0.2.0', '0.2.1', '0.2.2', '0.2.3', '0.2.4', '0.2.5', '0.2.6', '0.2.7', '0.2.8', '0.2.9',
  '0.2.10', '0.2.11', '0.2.12', '0.2.13', '0.2.14', '0.2.15', '0.3.0', '0.3.1', '0.3.2',
] as const;

export type OpenHandsAciRelease = (typeof OPENHANDS_ACI_RELEASES)[number];

export const NEWEST_OPENHANDS_ACI: OpenHandsAciRelease = '0.3.2';

export type TextEditorVariant =
  | 'anthropic-quickstarts'
  | 'swe-agent'
  | 'swe-agent/swe-rex-1.3'
  | 'openhands-aci'
  | `openhands-aci@${OpenHandsAciRelease}`
  | 'openhands-sdk';

export const DEFAULT_TEXT_EDITOR_VARIANT: TextEditorVariant = 'anthropic-quickstarts';

/** What a variant is, decoded. */
export type VariantSpec =
  | { port: 'anthropic-quickstarts' }
  | { port: 'swe-agent'; delivery: 'pty-stripped' | 'lf' }
  | { port: 'openhands-aci'; release: OpenHandsAciRelease; delivery?: OpenHandsDelivery };

/**
 * How OpenHands hands the editor's failure to the model: its runtime as `ERROR:\n` and the
 * message (the event trajectories), the agent SDK's file_editor as the message alone, flagged an
 * error (openhands-sdk.ts in the sessions).
 */
export type OpenHandsDelivery = 'runtime' | 'sdk';

export function variantSpec(variant: TextEditorVariant): VariantSpec {
  if (variant === 'anthropic-quickstarts') return { port: 'anthropic-quickstarts' };
  if (variant === 'swe-agent') return { port: 'swe-agent', delivery: 'pty-stripped' };
  if (variant === 'swe-agent/swe-rex-1.3') return { port: 'swe-agent', delivery: 'lf' };
  if (variant === 'openhands-aci') return { port: 'openhands-aci', release: NEWEST_OPENHANDS_ACI };
  if (variant === 'openhands-sdk') return { port: 'openhands-aci', release: NEWEST_OPENHANDS_ACI, delivery: 'sdk' };
  return { port: 'openhands-aci', release: variant.slice('openhands-aci@'.length) as OpenHandsAciRelease };
}

export function isTextEditorVariant(v: unknown): v is TextEditorVariant {
  if (v === 'anthropic-quickstarts' || v === 'swe-agent' || v === 'swe-agent/swe-rex-1.3' || v === 'openhands-aci' || v === 'openhands-sdk') return true;
  return typeof v === 'string' && v.startsWith('openhands-aci@') && (OPENHANDS_ACI_RELEASES as readonly string[]).includes(v.slice('openhands-aci@'.length));
}

/**
 * The openhands-aci release each OpenHands release installs (its poetry.lock, All-Hands-AI/OpenHands
 * tags 0.13.1 to 0.62.0): the first OpenHands release of each pin. Before 0.13.1 OpenHands had
 * no openhands-aci (its editor was an LLM-based `edit` action, another dialect).
 */
export const OPENHANDS_ACI_PINS: readonly (readonly [openhands: string, aci: OpenHandsAciRelease, released: string])[] = [
  ['0.13.1', '0.1.0', '2024-11-12'],
  ['0.14.1', '0.1.1', '2024-11-19'],
  ['0.15.1', '0.1.2', '2024-12-06'],
  ['0.17.0', '0.1.4', '2024-12-24'],
  ['0.18.0', '0.1.5', '2025-01-01'],
  ['0.19.0', '0.1.6', '2025-01-07'],
  ['0.20.0', '0.1.8', '2025-01-13'],
  ['0.22.0', '0.1.9', '2025-01-29'],
  ['0.23.0', '0.2.0', '2025-02-04'],
  ['0.24.0', '0.2.1', '2025-02-12'],
  ['0.25.0', '0.2.5', '2025-02-19'],
  ['0.29.0', '0.2.6', '2025-03-18'],
  ['0.30.0', '0.2.7', '2025-03-25'],
  ['0.32.0', '0.2.8', '2025-04-09'],
  ['0.33.0', '0.2.10', '2025-04-17'],
  ['0.36.0', '0.2.11', '2025-05-01'],
  ['0.36.1', '0.2.12', '2025-05-05'],
  ['0.39.0', '0.2.13', '2025-05-16'],
  ['0.40.0', '0.2.14', '2025-05-28'],
  ['0.41.0', '0.3.0', '2025-06-04'],
  ['0.49.0', '0.3.1', '2025-07-15'],
  ['0.55.0', '0.3.2', '2025-09-02'],
];

/** The pin of the newest OpenHands release out on `isoDate` (the release a user then ran, presumably). */
export function openHandsAciOn(isoDate: string | undefined): OpenHandsAciRelease | null {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(isoDate ?? '')?.[0];
  if (day === undefined) return null;
  let found: OpenHandsAciRelease | null = null;
  for (const [, aci, released] of OPENHANDS_ACI_PINS) if (released <= day) found = aci;
  return found;
}

/** `1.2.10` as [1, 2, 10]; null when it does not start with a dotted number. */
export function parseVersion(v: string | undefined): number[] | null {
  const m = /^v?(\d+(?:\.\d+)*)/.exec((v ?? '').trim());
  return m ? m[1]!.split('.').map(Number) : null;
}

export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The openhands-aci release an OpenHands release ran, or null before 0.13.1 or for no version. */
export function openHandsAciFor(openHandsVersion: string | undefined): OpenHandsAciRelease | null {
  const v = parseVersion(openHandsVersion);
  if (v === null) return null;
  let found: OpenHandsAciRelease | null = null;
  for (const [oh, aci] of OPENHANDS_ACI_PINS) if (compareVersions(v, parseVersion(oh)!) >= 0) found = aci;
  return found;
}

export interface VariantHints {
  /** SWE-agent: the trajectory's `info.swe_rex_version`, which decides how the output was delivered. */
  sweRexVersion?: string;
  /** OpenHands without a recorded version: when the session ran (an event's ISO `timestamp`). */
  recordedAt?: string;
  /** OpenHands: the conversation is the agent SDK's (its file_editor), not an event trajectory. */
  openHandsSdk?: boolean;
}

/**
 * The variant that answered a session's `str_replace_editor` calls, from the session format and
 * the agent release the transcript records (`SessionCall.version`):
 * - `swe-agent`: every 1.x release has the same tool texts. With `hints.sweRexVersion` 1.3.0 or
 *   later, `swe-agent/swe-rex-1.3`; otherwise (older or unknown SWE-ReX) `swe-agent`.
 * - `openhands`: the agent SDK's conversations (`hints.openHandsSdk`) `openhands-sdk`; else the
 *   openhands-aci release that OpenHands release pinned (`openhands-aci@X`);
 *   without a version, the pin of the newest OpenHands release out on `hints.recordedAt`; with
 *   neither, `openhands-aci` (the newest release).
 * - any other format (or none): `anthropic-quickstarts`.
 */
export function textEditorVariantFor(format: string | null, version: string | undefined, hints: VariantHints = {}): TextEditorVariant {
  if (format === 'swe-agent') {
    const rex = parseVersion(hints.sweRexVersion);
    return rex !== null && compareVersions(rex, [1, 3, 0]) >= 0 ? 'swe-agent/swe-rex-1.3' : 'swe-agent';
  }
  if (format === 'openhands' && hints.openHandsSdk === true) return 'openhands-sdk';
  if (format === 'openhands') {
    const aci = openHandsAciFor(version) ?? (parseVersion(version) === null ? openHandsAciOn(hints.recordedAt) : null);
    return aci === null ? 'openhands-aci' : `openhands-aci@${aci}`;
  }
  return 'anthropic-quickstarts';
}

/** The release as a comparable tuple (for `at least` checks in the openhands-aci port). */
export function aciAtLeast(release: OpenHandsAciRelease, min: string): boolean {
  return compareVersions(parseVersion(release)!, parseVersion(min)!) >= 0;
}

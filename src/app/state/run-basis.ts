// What the run on screen came from (issue 17, items 2 and 3): the call as the composer held it
// (profile, text, the picked tool call, mount, release) and the workspace it ran on. Whenever the
// composer or the workspace no longer match it, every view of that run is out of date at once:
// the same sentence shows in Result, Diff, Stages, Events and "Save as case", and Save and Share
// say so instead of writing or sharing the older run. Computed, never latched: undoing the edit
// makes the run current again, since the composer holds the call that ran.

import type { ProfileId } from '../../engine/types';
import type { WorkspaceSource } from '../../worker/protocol';

/** A call as the composer holds it: what a run is compared against. */
export interface BasisCall {
  profile: ProfileId;
  text: string;
  pick: number;
  mount: string;
  /** The Release picker's value for the profile; absent: the newest. */
  release?: string;
}

export interface RunBasis {
  /** Who put the run on screen: a composer run, or the open session (a call, a what-if, its final state). */
  origin: 'composer' | 'session';
  /** The call the composer showed for it; null for a session's final state (no one call). */
  call: BasisCall | null;
  /** The workspace it ran on (the store's source object: a new open is a new object). */
  workspace: WorkspaceSource | null;
  /** A session call's index in the transcript (a call or what-if); Share opens the session there. */
  sessionCall?: number;
}

/** What of the composer a run is compared against. */
export interface ComposerView {
  profile: ProfileId;
  texts: Record<ProfileId, string>;
  pick: number;
  mount: string;
  releases: Partial<Record<ProfileId, string>>;
}

/** The call the composer `c` holds. */
export function composerCall(c: ComposerView): BasisCall {
  const release = c.releases[c.profile];
  return { profile: c.profile, text: c.texts[c.profile], pick: c.pick, mount: c.mount, ...(release !== undefined && { release }) };
}

/**
 * Why the run from `basis` no longer matches the screen, as the middle of "Out of date: … since
 * this run", or null while it matches. The first difference is named, the workspace first: a
 * new workspace makes every other difference moot.
 */
export function staleReason(basis: RunBasis | null, composer: ComposerView, workspace: WorkspaceSource | null): string | null {
  if (basis === null) return null;
  if (basis.workspace !== workspace) return 'another workspace was opened';
  if (basis.call === null) return null;
  const now = composerCall(composer);
  if (now.profile !== basis.call.profile) return 'the profile changed';
  if (now.text !== basis.call.text || now.pick !== basis.call.pick) return 'the call changed';
  if (now.release !== basis.call.release) return 'the release changed';
  if (now.mount !== basis.call.mount) return 'the mount changed';
  return null;
}

/** The whole sentence, as every view shows it. */
export function staleSentence(reason: string, modLabel: string): string {
  return `Out of date: ${reason} since this run. Run again (${modLabel}+Enter)`;
}

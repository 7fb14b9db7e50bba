// The composer's defaults: the profile, call texts, mount and diff context a fresh page starts
// with, and the profiles a session's views start at. Each profile says which starting choice it
// is (`Profile.startsAs`) and gives its example call; this module reads both from the catalogue. Pure data, here rather than in the composer's store, because share links keep only what
// differs from them and the CLI, the worker and the tests read them without pulling in zustand
// or the worker client. Changing one changes what every old link means: don't, without a new
// share version.

import { DEFAULT_DIFF_CONTEXT } from '../engine/diff';
import type { CatalogueEntry, ProfileId, StartingRole } from '../engine/types';

export const DEFAULT_MOUNT = '/';
export { DEFAULT_DIFF_CONTEXT };

/**
 * The composer's starting text per profile, from the catalogue (each profile's example call:
 * `CatalogueEntry.example`). The page gets the catalogue from the worker; the worker, the CLI and
 * the tests from the registry (`PROFILE_CATALOGUE`).
 */
export function defaultTexts(catalogue: readonly CatalogueEntry[]): Readonly<Record<ProfileId, string>> {
  return Object.fromEntries(catalogue.map((e) => [e.id, e.example])) as Record<ProfileId, string>;
}

/** The profile that is the page's starting choice `role` (the catalogue has exactly one). */
export function startingProfile(catalogue: readonly CatalogueEntry[], role: StartingRole): ProfileId {
  const named = catalogue.filter((e) => e.startsAs?.includes(role) === true);
  if (named.length !== 1) throw new Error(`edit-playground: ${named.length} profiles start as ${role}; exactly one must (Profile.startsAs)`);
  return named[0]!.id;
}

// The composer's defaults: the profile, call texts, mount and diff context a fresh page starts
// with, and the profiles a session's views start at. The profiles named here are the page's
// choices (the one place outside the profiles that names them, allowed by profile-ids.test.ts);
// the call texts are the profiles' own examples. Pure data, here rather than in the composer's store, because share links keep only what
// differs from them and the CLI, the worker and the tests read them without pulling in zustand
// or the worker client. Changing one changes what every old link means: don't, without a new
// share version.

import { DEFAULT_DIFF_CONTEXT } from '../engine/diff';
import type { CatalogueEntry, ProfileId } from '../engine/types';

/** The profile a fresh page's composer starts with. */
export const DEFAULT_PROFILE: ProfileId = 'multi_edit_text_file';
/** The profile a session's what-if starts at. */
export const DEFAULT_WHAT_IF_PROFILE: ProfileId = 'multiedit';
/** What a session's final state is labelled when none of its calls ran. */
export const NO_EDIT_PROFILE: ProfileId = 'Write';
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

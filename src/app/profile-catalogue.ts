// The profiles as the page knows them: the catalogue the worker sends before the page renders
// (`profiles/catalogue`, registry.ts `PROFILE_CATALOGUE`). The page never imports the registry:
// that would put every profile's code in the page's chunk, and the engine runs in the worker.
// main.tsx asks for it, sets it here, then loads the page, so every module of the page may read it
// when it is evaluated.

import type { CatalogueEntry, ProfileId, ProfileOrigin } from '../engine/types';
import { catalogueOrigins } from '../engine/types';
import { defaultTexts } from '../share/defaults';

let entries: readonly CatalogueEntry[] | null = null;

export function setProfileCatalogue(catalogue: readonly CatalogueEntry[]): void {
  entries = catalogue;
}

/** The catalogue; reading it before main.tsx set it is a bug of the page's boot order. */
export function profileCatalogue(): readonly CatalogueEntry[] {
  if (entries === null) throw new Error('edit-playground: the profile catalogue is read before the worker sent it (main.tsx loads the page after it)');
  return entries;
}

/** Every profile id, in the registry's order. */
export const profileIds = (): ProfileId[] => profileCatalogue().map((e) => e.id);

/** The origins in the picker's order. */
export const profileOrigins = (): ProfileOrigin[] => catalogueOrigins(profileCatalogue());

/** The composer's starting text per profile (each profile's example call). */
export const startingTexts = (): Readonly<Record<ProfileId, string>> => defaultTexts(profileCatalogue());

// The profiles as the page knows them: the registry's PROFILE_CATALOGUE, made into a small data
// module when the app is built (`virtual:profile-catalogue`, src/build/profile-catalogue-plugin.ts).
// The page never imports the registry: that would put every profile's code in the page's chunk,
// and the engine runs in the worker. Static data, so the first paint waits for nothing.

import catalogue from 'virtual:profile-catalogue';
import type { CatalogueEntry, ProfileId, ProfileOrigin } from '../engine/types';
import { catalogueOrigins } from '../engine/types';
import { defaultTexts } from '../share/defaults';

/** The catalogue, in the registry's order. */
export function profileCatalogue(): readonly CatalogueEntry[] {
  return catalogue;
}

/** Every profile id, in the registry's order. */
export const profileIds = (): ProfileId[] => catalogue.map((e) => e.id);

/** The origins in the picker's order. */
export const profileOrigins = (): ProfileOrigin[] => catalogueOrigins(catalogue);

/** The composer's starting text per profile (each profile's example call). */
export const startingTexts = (): Readonly<Record<ProfileId, string>> => defaultTexts(catalogue);

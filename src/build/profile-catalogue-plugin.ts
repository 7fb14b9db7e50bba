// The page's profile catalogue as a build-time module: `virtual:profile-catalogue` is the
// registry's PROFILE_CATALOGUE (plain data), evaluated in Node when Vite (or Vitest) first loads
// the module, so the page imports a few KB of JSON instead of the engine and its first paint
// waits for no worker answer. Adding a dialect stays its folder and one registry line: nothing is
// generated into the tree. The registry is imported through Vite's module runner (the config does
// not import the engine), and its files are watched, so the dev server reloads the module when a
// profile changes.

import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { CatalogueEntry } from '../engine/types';

export const PROFILE_CATALOGUE_MODULE = 'virtual:profile-catalogue';
const RESOLVED = `\0${PROFILE_CATALOGUE_MODULE}`;
const REGISTRY = fileURLToPath(new URL('../engine/profiles/registry.ts', import.meta.url));

/** The registry's catalogue, evaluated in Node, with the files it was read from. */
export async function loadProfileCatalogue(): Promise<{ catalogue: readonly CatalogueEntry[]; files: string[] }> {
  const { module, dependencies } = await runnerImport<{ PROFILE_CATALOGUE: readonly CatalogueEntry[] }>(REGISTRY, { configFile: false, logLevel: 'silent' });
  return { catalogue: module.PROFILE_CATALOGUE, files: dependencies };
}

/** The module's source: the catalogue as a JSON string literal (JSON.parse is the fastest way to load data). */
export function profileCatalogueSource(catalogue: readonly CatalogueEntry[]): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(catalogue))});\n`;
}

export function profileCataloguePlugin(): Plugin {
  return {
    name: 'edit-playground:profile-catalogue',
    resolveId: (id) => (id === PROFILE_CATALOGUE_MODULE ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const { catalogue, files } = await loadProfileCatalogue();
      for (const file of files) this.addWatchFile(file);
      return profileCatalogueSource(catalogue);
    },
  };
}

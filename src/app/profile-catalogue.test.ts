import { describe, expect, it } from 'vitest';
import { PROFILE_CATALOGUE } from '../engine/profiles/registry';
import { loadProfileCatalogue, profileCatalogueSource } from '../build/profile-catalogue-plugin';
import { profileCatalogue, profileIds, profileOrigins, startingTexts } from './profile-catalogue';

describe("the page's profile catalogue (made at build time from the registry)", () => {
  it('is the registry PROFILE_CATALOGUE, entry for entry, as the page imports it', () => {
    expect(profileCatalogue()).toEqual(PROFILE_CATALOGUE);
    expect(profileIds()).toEqual(PROFILE_CATALOGUE.map((e) => e.id));
    expect(profileOrigins()).toEqual([...new Set(PROFILE_CATALOGUE.map((e) => e.origin))]);
    expect(startingTexts().multi_edit_text_file).toBe(PROFILE_CATALOGUE.find((e) => e.id === 'multi_edit_text_file')!.example);
  });

  it("the module's source evaluates to the same data (what the build emits)", async () => {
    const { catalogue, files } = await loadProfileCatalogue();
    expect(files.some((f) => f.endsWith('/profiles/gemini/replace.ts'))).toBe(true);
    const source = profileCatalogueSource(catalogue);
    expect(source.startsWith('export default JSON.parse(')).toBe(true);
    const module = (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`)) as { default: unknown };
    expect(module.default).toEqual(PROFILE_CATALOGUE);
  });
});

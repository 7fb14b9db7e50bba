import { describe, expect, it } from 'vitest';
import { PROFILE_CATALOGUE } from '../engine/profiles/registry';
import { startingProfile } from './defaults';

describe("the page's starting profiles", () => {
  it('are read from the catalogue, as each profile names its role', () => {
    expect(startingProfile(PROFILE_CATALOGUE, 'composer')).toBe('multi_edit_text_file');
    expect(startingProfile(PROFILE_CATALOGUE, 'whatIf')).toBe('multiedit');
    expect(startingProfile(PROFILE_CATALOGUE, 'emptySession')).toBe('Write');
  });

  it('refuse a catalogue where no profile, or two, take a role', () => {
    const none = PROFILE_CATALOGUE.map((e) => ({ ...e, startsAs: [] }));
    expect(() => startingProfile(none, 'composer')).toThrow('edit-playground: 0 profiles start as composer; exactly one must (Profile.startsAs)');
    const two = PROFILE_CATALOGUE.map((e) => ({ ...e, startsAs: ['whatIf' as const] }));
    expect(() => startingProfile(two, 'whatIf')).toThrow(`edit-playground: ${PROFILE_CATALOGUE.length} profiles start as whatIf; exactly one must (Profile.startsAs)`);
  });
});

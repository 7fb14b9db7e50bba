// The registry is the one table of profiles: the page's catalogue (types.ts, pure data) must say
// the same, and `ProfileId` is its keys.

import { describe, expect, it } from 'vitest';
import { PROFILE_IDS, PROFILE_ORIGIN, PROFILE_ORIGINS, type ProfileId } from '../types';
import { getProfile, PROFILES, REGISTERED_IDS } from './registry';

describe('the profile registry', () => {
  it('is what the catalogue lists: the same ids in the same order, each with its own origin', () => {
    expect(PROFILE_IDS).toEqual(Object.keys(PROFILES));
    expect(REGISTERED_IDS).toEqual(PROFILE_IDS);
    for (const id of PROFILE_IDS) {
      expect(getProfile(id).id).toBe(id);
      expect(PROFILE_ORIGIN[id]).toBe(getProfile(id).origin);
    }
  });

  it('groups the origins in the order they first appear', () => {
    expect(PROFILE_ORIGINS).toEqual(['Seed documents', 'Anthropic', 'OpenAI', 'Claude Code', 'Gemini CLI', 'aider', 'Cline', 'Roo Code']);
  });

  it('types ProfileId as the registry keys, not any string', () => {
    const known: ProfileId = 'multiedit';
    // @ts-expect-error: no profile is registered under this id.
    const unknown: ProfileId = 'not_a_profile';
    expect([known, unknown]).toEqual(['multiedit', 'not_a_profile']);
  });
});

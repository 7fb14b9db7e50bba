// The registry is the one table of profiles: `ProfileId` is its keys, and the catalogue the page
// lists (ids, origins, titles, starting texts) is derived from it. The docs index
// (docs/profiles/README.md) lists the same profiles under the same origins, in the same order: it
// is the hand-written side these tests hold the registry to, so a new dialect's line there is
// checked against its profile.

import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogueOrigins, type ProfileId } from '../types';
import { getProfile, PROFILE_CATALOGUE, PROFILE_IDS, PROFILES, REGISTERED_IDS } from './registry';

const README = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'docs', 'profiles', 'README.md');

/** The index table's rows: each profile id under the origin row (`| **Origin** |`) above it. */
function docsIndex(): { id: string; origin: string; toolName: string }[] {
  const rows: { id: string; origin: string; toolName: string }[] = [];
  let origin = '';
  for (const line of readFileSync(README, 'utf8').split('\n')) {
    const group = /^\| \*\*(.+?)\*\* \|/.exec(line);
    if (group) origin = group[1]!;
    const row = /^\| \[`([^`]+)`\]\([^)]*\) \| `([^`]+)`/.exec(line);
    if (row) rows.push({ id: row[1]!, origin, toolName: row[2]! });
  }
  return rows;
}

describe('the profile registry', () => {
  it('holds each profile under its own id', () => {
    expect(REGISTERED_IDS).toEqual(Object.keys(PROFILES));
    expect(PROFILE_IDS).toEqual(REGISTERED_IDS);
    for (const id of PROFILE_IDS) expect(getProfile(id).id).toBe(id);
  });

  it('is what the docs index lists: the same ids in the same order, each under its origin, with its tool name', () => {
    const index = docsIndex();
    expect(index.length).toBeGreaterThan(0);
    expect(PROFILE_IDS.map((id) => ({ id, origin: getProfile(id).origin, toolName: getProfile(id).toolName }))).toEqual(index);
  });

  it('derives the catalogue from the profiles: origin, title, tool name and starting text', () => {
    expect(PROFILE_CATALOGUE.map((e) => e.id)).toEqual(PROFILE_IDS);
    for (const e of PROFILE_CATALOGUE) {
      const p = getProfile(e.id);
      expect(p.title, e.id).toMatch(/\S/);
      expect(e).toEqual({ id: e.id, origin: p.origin, title: p.title, toolName: p.toolName, example: p.example === undefined ? '{}' : JSON.stringify(p.example, null, 2), ...(p.startsAs && { startsAs: p.startsAs }) });
    }
  });

  it("names each of the page's starting choices by exactly one profile, the ones old share links assume", () => {
    const roles = PROFILE_CATALOGUE.flatMap((e) => (e.startsAs ?? []).map((role) => [role, e.id]));
    expect(roles).toEqual([
      ['composer', 'multi_edit_text_file'],
      ['whatIf', 'multiedit'],
      ['emptySession', 'Write'],
    ]);
  });

  it('groups the origins in the order they first appear', () => {
    expect(catalogueOrigins(PROFILE_CATALOGUE)).toEqual([...new Set(docsIndex().map((r) => r.origin))]);
    expect(catalogueOrigins([{ ...PROFILE_CATALOGUE[0]!, origin: 'B' }, { ...PROFILE_CATALOGUE[1]!, origin: 'A' }, { ...PROFILE_CATALOGUE[2]!, origin: 'B' }])).toEqual(['B', 'A']);
  });

  it('types ProfileId as the registry keys, not any string', () => {
    const known: ProfileId = 'multiedit';
    // @ts-expect-error: no profile is registered under this id.
    const unknown: ProfileId = 'not_a_profile';
    expect([known, unknown]).toEqual(['multiedit', 'not_a_profile']);
  });
});

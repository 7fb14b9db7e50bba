// Runs the aider profile's contract cases the way the contract runner runs a suite: a fresh
// in-memory workspace from `given`, the call, the commit when the tool would write, then every
// check of `then`, on the profile object itself (`edit-playground test` runs them through the contract runner).

import { describe, expect, it } from 'vitest';
import { commitStage } from '../../commit';
import { runProfile } from '../../run';
import { MemoryFs } from '../../../workspace/memory-fs';
import type { Profile } from '../profile';
import { aider } from './aider';
import { AIDER_CASES } from './cases';
import { R, type AiderCase } from './case-kit';
import { AIDER_SUITE } from './suite';

const decoder = new TextDecoder();

async function run(c: AiderCase) {
  const given = Object.fromEntries(Object.entries(c.given?.files ?? {}).map(([p, t]) => [p.slice(R.length + 1), t]));
  const fs = new MemoryFs(given);
  const outcome = await runProfile(aider as unknown as Profile, fs, c.when, { mount: R });
  if (outcome.ok && outcome.writes) {
    const commit = await commitStage(fs, outcome.stage);
    expect(commit.ok).toBe(true);
  }
  const files = new Map([...fs.files].map(([p, b]) => [`${R}/${p}`, decoder.decode(b)]));
  return { outcome, files, given };
}

describe('aider contract cases', () => {
  it("form aider_edit's suite (the registry names it after the profile), mounted at /repo", () => {
    expect(aider.suite).toBe(AIDER_SUITE);
    expect(Object.keys(AIDER_SUITE)).toEqual(['description', 'mount', 'cases']);
    expect(AIDER_SUITE.mount).toBe('/repo');
    expect(AIDER_SUITE.cases).toHaveLength(65);
  });

  it('have unique ids and cite a reference test', () => {
    const ids = AIDER_CASES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of AIDER_CASES) expect(c.source.document).toMatch(/^Aider-AI\/aider@5dc9490b (tests\/basic\/test_\w+|aider\/coders\/\w+)\.py$|^src\/engine\/profiles\/aider\/aider_edit\.md$/);
  });

  for (const c of AIDER_CASES) {
    it(`${c.id}: ${c.title}`, async () => {
      const { outcome, files, given } = await run(c);
      if (c.then.error !== undefined) {
        expect(outcome.ok ? outcome.result : outcome.error).toEqual(c.then.error);
        // A failed call changes nothing.
        expect(Object.fromEntries([...files].map(([p, t]) => [p.slice(R.length + 1), t]))).toEqual(given);
      } else {
        expect(outcome.ok ? outcome.result : outcome.error).toEqual(c.then.result);
      }
      for (const [path, text] of Object.entries(c.then.files ?? {})) expect([path, files.get(path) ?? null]).toEqual([path, text]);
      if (c.then.warnings !== undefined) expect(outcome.warnings).toEqual(c.then.warnings);
    });
  }
});
